// FS detection on the extension host reads only the top-level members (client/src/detectText.ts).
// It must decide exactly as the shape rule on the parsed value does (shared/src/detect.ts), and
// decide a large document from its head.

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { parse } from "jsonc-parser";
import { isFsDocumentText } from "../../client/src/detectText";
import { isFsDocumentValue, mightBeFsDocument } from "../../shared/src/detect";
import { upstreamRoot } from "../support/paths";

const oracle = (text: string) => mightBeFsDocument(text) && isFsDocumentValue(parse(text, [], { allowTrailingComma: true, disallowComments: false }));

function jsonFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? jsonFiles(join(dir, entry.name)) : entry.name.endsWith(".json") ? [join(dir, entry.name)] : [],
  );
}

test("every upstream example and fixture is judged as a full parse judges it", () => {
  const files = jsonFiles(upstreamRoot);
  assert.ok(files.length > 20, `only ${files.length} files under ${upstreamRoot}`);
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    assert.equal(isFsDocumentText(text), oracle(text), file);
  }
});

const SCHEMA = "https://cpaikr.github.io/fs/schema/0.2/fs-document.schema.json";

test("members nested below the top level do not count; strings and comments holding braces do not confuse it", () => {
  const cases = [
    '{"data": {"formatVersion": "0.2", "entity": {}, "statements": []}}',
    '{"name": "x", "note": "} {\\"statements\\": [", "units": [], "periods": []}',
    '// "statements"\n{"statements": [], /* } */ "units": []}',
    '{"statements": [{"entity": 1, "units": 2}], "periods": []}',
    '[{"formatVersion": "0.2", "entity": {}, "statements": []}]',
    `{"$schema": "${SCHEMA}"}`,
    '{"$schema": "https://json.schemastore.org/package", "name": "statements", "entity": 1}',
    '{"__proto__": {}, "statements": [], "entity": {}}',
    '{"statements": [], "entity": {',
    '{"formatVersion" "0.2", "entity": {}, "scope": {}, "units": []}',
    '{"periods": [], "units": [], "scope": {}}',
    '{"periods": [], "units": []}',
    "",
    "null",
  ];
  for (const text of cases) assert.equal(isFsDocumentText(text), oracle(text), text);
});

test("an FS document is recognised from its head, whatever follows", () => {
  const head = `{"$schema": "${SCHEMA}", "formatVersion": "0.2", "entity": {"id": "e"},`;
  // A tail no parser would accept: only a reader that stops at the head can say yes.
  const text = `${head}${"\u0000 ]]] not json ".repeat(100_000)}`;
  assert.equal(isFsDocumentText(text), true);
});
