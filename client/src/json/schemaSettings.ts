// The `json.schemas` entries that register the FS schema URLs for VS Code's JSON (see schemaUrls.ts);
// pure, so that the rules are tested without an editor.

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
