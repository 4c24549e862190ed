// FS detection on the extension host reads only the top-level members (client/src/detectText.ts).
// It must decide exactly as the shape rule on the parsed value does (shared/src/detect.ts), and
// decide a large document from its head.

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { parse } from "jsonc-parser";
import { isFsDocumentStart, isFsDocumentText } from "../../client/src/detectText";
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

test("the start of a text decides only what the whole text would, and a large FS document is decided by its start", () => {
  const texts = [...jsonFiles(upstreamRoot).map((file) => readFileSync(file, "utf8")), '{"name": "x", "items": [1, 2, 3]}', "[1, 2]", '{"statements": [], "units": ['];
  for (const text of texts) {
    const whole = isFsDocumentText(text);
    assert.equal(isFsDocumentStart(text, true), whole);
    for (let length = 0; length < text.length; length += Math.max(1, Math.floor(text.length / 97))) {
      const verdict = isFsDocumentStart(text.slice(0, length), false);
      if (verdict !== undefined) assert.equal(verdict, whole, `the first ${length} characters of ${text.slice(0, 60)}`);
    }
  }
  // A statement of 10,000 items: its first 64 KiB hold the characteristic members.
  const items = Array.from({ length: 10_000 }, (_, index) => ({ id: `i${index}`, label: `Item ${index}`, unit: "u", values: { p: "1" } }));
  const large = JSON.stringify({ formatVersion: "0.2", entity: { name: "E" }, scope: { label: "S" }, units: [], periods: [], statements: [{ id: "s", items }] }, null, 2);
  assert.ok(large.length > 1_000_000);
  assert.equal(isFsDocumentStart(large.slice(0, 64 * 1024), false), true);
  // Other JSON whose top level goes on past its start is left undecided (the caller reads it whole).
  const other = JSON.stringify({ name: "lock", packages: Object.fromEntries(items.map((item) => [item.id, item])) });
  assert.equal(isFsDocumentStart(other.slice(0, 64 * 1024), false), undefined);
  assert.equal(isFsDocumentText(other), false);
});
