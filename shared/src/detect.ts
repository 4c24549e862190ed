// Is this JSON text an FS document? Decided cheaply, because the server sees every JSON file the
// user opens: a text search rules out almost all other JSON for free, and only a text that names
// both top-level members (or the FS schema) is parsed and confirmed at its top level.

import { isRecord, stringMember } from "./json/read";
import { DOCUMENT_SCHEMA_URI } from "./types";

const SCHEMA_PREFIX = "https://cpaikr.github.io/fs/schema/";

export function mightBeFsDocument(text: string): boolean {
  return (text.includes('"formatVersion"') && text.includes('"statements"')) || text.includes(SCHEMA_PREFIX);
}

/** The confirmation on a parsed value: an object naming formatVersion and statements, or the FS schema. */
export function isFsDocumentValue(value: unknown): boolean {
  if (!isRecord(value)) return false;
  if (Object.hasOwn(value, "formatVersion") && Object.hasOwn(value, "statements")) return true;
  const schema = stringMember(value, "$schema");
  return schema !== undefined && (schema === DOCUMENT_SCHEMA_URI || schema.startsWith(SCHEMA_PREFIX));
}
