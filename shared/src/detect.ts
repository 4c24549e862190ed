// Is this JSON text an FS document? Decided cheaply, because the server sees every JSON file the
// user opens: a text search rules out almost all other JSON for free, and only a text that names
// both top-level members (or the FS schema) is parsed and confirmed at its top level.

import { DOCUMENT_SCHEMA_URI } from "./types";

const SCHEMA_PREFIX = "https://cpaikr.github.io/fs/schema/";

export function mightBeFsDocument(text: string): boolean {
  return (text.includes('"formatVersion"') && text.includes('"statements"')) || text.includes(SCHEMA_PREFIX);
}

/** The confirmation on a parsed value: an object naming formatVersion and statements, or the FS schema. */
export function isFsDocumentValue(value: unknown): boolean {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  if (Object.hasOwn(record, "formatVersion") && Object.hasOwn(record, "statements")) return true;
  return typeof record.$schema === "string" && (record.$schema === DOCUMENT_SCHEMA_URI || record.$schema.startsWith(SCHEMA_PREFIX));
}
