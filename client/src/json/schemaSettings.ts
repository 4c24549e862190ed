// The `json.schemas` entries that register the FS schema URLs for VS Code's JSON (see schemaUrls.ts);
// pure, so that the rules are tested without an editor.

import { applyEdits, findNodeAtLocation, getNodeValue, modify, parseTree, type ParseError } from "jsonc-parser";

/** The `$schema` URLs FS documents use: the published 0.2 URL, its http:// form and the superseded 0.1 one. */
export const FS_SCHEMA_URLS: readonly string[] = [
  "https://cpaikr.github.io/fs/schema/0.2/fs-document.schema.json",
  "http://cpaikr.github.io/fs/schema/0.2/fs-document.schema.json",
  "https://cpaikr.github.io/fs/schema/0.1/fs-document.schema.json",
];

export const EDITOR_SCHEMA_COMMENT = "Registered by FS Documents so that VS Code's JSON needs no download; the FS language server checks FS documents.";

interface SchemaEntry {
  url?: unknown;
  schema?: unknown;
  [key: string]: unknown;
}

function ourEntry(url: string): SchemaEntry {
  return { url, schema: { $comment: EDITOR_SCHEMA_COMMENT } };
}

function isOurs(entry: unknown): boolean {
  if (typeof entry !== "object" || entry === null) return false;
  const { url, schema, ...rest } = entry as SchemaEntry;
  return (
    typeof url === "string" &&
    FS_SCHEMA_URLS.includes(url) &&
    Object.keys(rest).length === 0 &&
    typeof schema === "object" &&
    schema !== null &&
    (schema as { $comment?: unknown }).$comment === EDITOR_SCHEMA_COMMENT &&
    Object.keys(schema).length === 1
  );
}

/** The user's `json.schemas` with our entries added (wanted) or removed (not wanted); undefined when nothing changes. */
export function updatedSchemaSettings(current: readonly unknown[], wanted: boolean): unknown[] | undefined {
  const others = current.filter((entry) => !isOurs(entry));
  const taken = new Set(
    others.flatMap((entry) => (typeof entry === "object" && entry !== null && typeof (entry as SchemaEntry).url === "string" ? [(entry as SchemaEntry).url as string] : [])),
  );
  const next = wanted ? [...others, ...FS_SCHEMA_URLS.filter((url) => !taken.has(url)).map(ourEntry)] : others;
  const same = next.length === current.length && next.every((entry, index) => JSON.stringify(entry) === JSON.stringify(current[index]));
  return same ? undefined : next;
}

/** The JSON language service's code for a schema it could not load (vscode-json-languageservice ErrorCode.SchemaResolveError). */
const SCHEMA_RESOLVE_ERROR = 0x300;

/**
 * True when a diagnostic is VS Code's JSON failing to load one of the FS schema URLs: the false
 * "Unable to load schema" offline or behind a proxy. Its message is localized; the URL in it is not.
 */
export function isFsSchemaLoadFailure(diagnostic: { code?: unknown; message: string }): boolean {
  const code = typeof diagnostic.code === "object" && diagnostic.code !== null ? (diagnostic.code as { value?: unknown }).value : diagnostic.code;
  return (code === SCHEMA_RESOLVE_ERROR || code === String(SCHEMA_RESOLVE_ERROR)) && FS_SCHEMA_URLS.some((url) => diagnostic.message.includes(url));
}

/**
 * A settings file's text (JSON with comments) without our `json.schemas` entries, everything else
 * as it was; undefined when it has none, or when the text is not an object of settings. For the
 * uninstall hook, which has no settings API.
 */
export function settingsTextWithoutOurEntries(text: string): string | undefined {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true });
  if (root?.type !== "object" || errors.length > 0) return undefined;
  const schemas = findNodeAtLocation(root, ["json.schemas"]);
  if (schemas?.type !== "array" || schemas.children === undefined) return undefined;
  const current = getNodeValue(schemas) as unknown[];
  const next = updatedSchemaSettings(current, false);
  if (next === undefined) return undefined;
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const options = { formattingOptions: { insertSpaces: !/^\t/m.test(text), tabSize: 2, eol } };
  // Removed one at a time from the end, so that the user's entries keep their text and comments.
  let result = text;
  if (next.length === 0) return applyEdits(result, modify(result, ["json.schemas"], undefined, options));
  for (let index = current.length - 1; index >= 0; index--) {
    if (updatedSchemaSettings([current[index]], false)?.length === 0) result = applyEdits(result, modify(result, ["json.schemas", index], undefined, options));
  }
  return result;
}
