// Is this JSON document an FS document? One rule for the extension and the language server, in
// three ways (any one suffices):
// - its name ends in ".fs.json";
// - its path matches one of the user's `fs.files` glob patterns;
// - its shape: the FS $schema, or `statements` with at least one other characteristic top-level
//   member, or any three characteristic members (see CHARACTERISTIC_MEMBERS). package.json,
//   tsconfig.json, GeoJSON and OpenAPI documents name none or one of them.
// The shape test runs on every JSON file the user opens, so a text search (mightBeFsDocument)
// rules out almost all other JSON for free, and only a candidate is parsed and confirmed at its
// top level (isFsDocumentValue). Once recognised, a document stays one while it is open (the
// callers keep that state), so deleting a member never hides its diagnostics.

import { minimatch } from "minimatch";
import { isRecord, stringMember } from "./json/read";
import { DOCUMENT_SCHEMA_URI } from "./types";

const SCHEMA_PREFIX = "https://cpaikr.github.io/fs/schema/";
export const FS_FILE_SUFFIX = ".fs.json";

/** The top-level members that mark an FS document (contract 2.2). */
export const CHARACTERISTIC_MEMBERS: readonly string[] = ["formatVersion", "entity", "scope", "units", "periods", "statements", "validationSnapshot"];

function isShape(has: (name: string) => boolean): boolean {
  let count = 0;
  for (const name of CHARACTERISTIC_MEMBERS) if (has(name)) count++;
  return count >= 3 || (count >= 2 && has("statements"));
}

/** A cheap text search: false means the text cannot be an FS document by its shape. */
export function mightBeFsDocument(text: string): boolean {
  if (typeof text !== "string") return false;
  return text.includes(SCHEMA_PREFIX) || isShape((name) => text.includes(`"${name}"`));
}

/** The confirmation on a parsed value: an object of the FS shape, or naming the FS schema. */
export function isFsDocumentValue(value: unknown): boolean {
  if (!isRecord(value)) return false;
  const schema = stringMember(value, "$schema");
  if (schema !== undefined && (schema === DOCUMENT_SCHEMA_URI || schema.startsWith(SCHEMA_PREFIX))) return true;
  return isShape((name) => Object.hasOwn(value, name));
}

/** The path part of a document URI (or a plain path), decoded, with "/" separators. */
function pathOf(uriOrPath: string): string {
  const match = /^[A-Za-z][A-Za-z0-9+.-]*:(?:\/\/[^/]*)?(\/[^?#]*)?/.exec(uriOrPath);
  const path = match === null ? uriOrPath : (match[1] ?? "");
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Named `*.fs.json` (any case). */
export function hasFsFileName(uriOrPath: string): boolean {
  return pathOf(uriOrPath).toLowerCase().endsWith(FS_FILE_SUFFIX);
}

/**
 * Does the document's path match one of the `fs.files` glob patterns? As in VS Code's
 * files.associations: a pattern without "/" matches the file name; one with "/" matches the whole
 * path, and is anchored anywhere (a leading "**\/" is implied) unless it starts with "/".
 */
export function matchesFilePatterns(uriOrPath: string, patterns: readonly string[]): boolean {
  if (patterns.length === 0) return false;
  const path = pathOf(uriOrPath);
  const name = path.slice(path.lastIndexOf("/") + 1);
  return patterns.some((pattern) => {
    if (typeof pattern !== "string" || pattern.trim() === "") return false;
    if (!pattern.includes("/")) return minimatch(name, pattern, { dot: true, nocase: true });
    const anchored = pattern.startsWith("/") || pattern.startsWith("**") ? pattern : `**/${pattern}`;
    return minimatch(path, anchored, { dot: true, nocase: true });
  });
}

/** Recognised by its name or the user's patterns, whatever its text. */
export function isFsDocumentByName(uriOrPath: string, patterns: readonly string[]): boolean {
  return hasFsFileName(uriOrPath) || matchesFilePatterns(uriOrPath, patterns);
}
