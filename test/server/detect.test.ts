// Which JSON documents are FS documents (shared/src/detect.ts), in both directions: FS documents
// by shape, name and pattern, and real-world JSON that must get nothing.

import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { isFsDocumentByName, isFsDocumentValue, matchesFilePatterns, mightBeFsDocument } from "../../shared/src/detect";
import { readText, upstreamRoot } from "../support/paths";
import { NOT_FS } from "./samples";
import { createService } from "./service";

const manufacturing = readText(join(upstreamRoot, "examples", "manufacturing-group.json"));

test("real-world JSON is not an FS document", () => {
  for (const [name, text] of Object.entries(NOT_FS)) {
    const value = name === "tsconfig.json" ? undefined : JSON.parse(text);
    if (value !== undefined) assert.equal(isFsDocumentValue(value), false, name);
    assert.equal(isFsDocumentByName(`file:///work/${name}`, []), false, name);
  }
});

test("an FS document is recognised by its shape, with or without formatVersion", () => {
  const document = JSON.parse(manufacturing) as Record<string, unknown>;
  assert.equal(isFsDocumentValue(document), true);
  const { formatVersion: _version, ...withoutVersion } = document;
  assert.equal(isFsDocumentValue(withoutVersion), true);
  assert.equal(mightBeFsDocument(JSON.stringify(withoutVersion)), true);
  assert.equal(isFsDocumentValue({ statements: [], units: [] }), true, "statements and one more member");
  assert.equal(isFsDocumentValue({ entity: {}, units: [], periods: [] }), true, "any three members");
  assert.equal(isFsDocumentValue({ statements: [] }), false, "one member is not a shape");
  assert.equal(isFsDocumentValue({ entity: {}, scope: {} }), false, "two members without statements");
  assert.equal(isFsDocumentValue({ $schema: "https://cpaikr.github.io/fs/schema/0.2/fs-document.schema.json" }), true);
  assert.equal(isFsDocumentValue([{ statements: [], units: [] }]), false, "the top level must be an object");
  assert.equal(mightBeFsDocument(null as unknown as string), false, "a non-string is no text");
});

test("names and fs.files patterns recognise a document whatever its content", () => {
  assert.equal(isFsDocumentByName("file:///a/b/report.fs.json", []), true);
  assert.equal(isFsDocumentByName("file:///a/b/REPORT.FS.JSON", []), true);
  assert.equal(isFsDocumentByName("file:///a/b/report.json", []), false);
  assert.equal(isFsDocumentByName("file:///a/b/report%20q1.fs.json", []), true, "percent-encoded names are decoded");
  assert.equal(matchesFilePatterns("file:///repo/statements/2025.json", ["**/statements/*.json"]), true);
  assert.equal(matchesFilePatterns("file:///repo/statements/2025.json", ["statements/*.json"]), true, "a relative pattern matches anywhere");
  assert.equal(matchesFilePatterns("file:///repo/other/2025.json", ["statements/*.json"]), false);
  assert.equal(matchesFilePatterns("file:///repo/deep/fs-2025.json", ["fs-*.json"]), true, "a pattern without / matches the name");
  assert.equal(matchesFilePatterns("file:///repo/fs-2025.json/x.json", ["fs-*.json"]), false);
  assert.equal(matchesFilePatterns("file:///repo/a.json", ["/repo/*.json"]), true, "an absolute pattern is anchored");
  assert.equal(matchesFilePatterns("file:///other/repo/a.json", ["/repo/*.json"]), false);
  assert.equal(matchesFilePatterns("file:///repo/a.json", ["", "  "]), false, "blank patterns match nothing");
});

test("the server publishes nothing for real-world JSON", () => {
  const service = createService();
  for (const [name, text] of Object.entries(NOT_FS)) {
    assert.equal(service.openAny(`file:///work/${name}`, text), undefined, name);
  }
  assert.deepEqual(service.published, []);
});

test("the server recognises *.fs.json and fs.files documents whatever their content", () => {
  const service = createService({ files: ["**/ledgers/*.json"] });
  const named = service.open("file:///work/empty.fs.json", "{}");
  assert.ok(
    named.diagnostics.some((diagnostic) => diagnostic.code === "required-property"),
    "an empty FS document lacks its members",
  );
  const patterned = service.open("file:///work/ledgers/2025.json", '{ "name": "x" }');
  assert.ok(patterned.diagnostics.some((diagnostic) => diagnostic.code === "unknown-property"));
  const broken = service.open("file:///work/ledgers/broken.json", "{ ");
  assert.ok(broken.diagnostics.every((diagnostic) => diagnostic.code === "invalid-json") && broken.diagnostics.length > 0);
  assert.equal(service.openAny("file:///work/elsewhere/2025.json", '{ "name": "x" }'), undefined, "outside the pattern");
});

test("a recognised document stays one while open: deleting formatVersion reports it as required", () => {
  const service = createService();
  const uri = "file:///work/report.json";
  const opened = service.open(uri, manufacturing);
  assert.ok(opened.diagnostics.length > 0);
  const withoutVersion = manufacturing.replace(/"formatVersion": "0\.2",\s*/, "");
  assert.notEqual(withoutVersion, manufacturing);
  const changed = service.change(uri, 2, [{ text: withoutVersion }]);
  assert.ok(
    changed.diagnostics.some((diagnostic) => diagnostic.code === "required-property" && String(diagnostic.message).includes("formatVersion")),
    JSON.stringify(changed.diagnostics.map((d) => d.message)),
  );
  // Even text with no FS member left stays an FS document until it is closed.
  const emptied = service.change(uri, 3, [{ text: "{}" }]);
  assert.ok(emptied.diagnostics.some((diagnostic) => diagnostic.code === "required-property"));
  service.close(uri);
  assert.equal(service.openAny(uri, "{}"), undefined, "after closing, {} is no FS document");
});

test("a document opened without formatVersion is recognised by its shape", () => {
  const service = createService();
  const withoutVersion = manufacturing.replace(/"formatVersion": "0\.2",\s*/, "");
  const opened = service.open("file:///work/no-version.json", withoutVersion);
  assert.ok(opened.diagnostics.some((diagnostic) => diagnostic.code === "required-property"));
});
