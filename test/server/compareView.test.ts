// fs/compareView over the protocol against the real server: OLD sent once per session, NEW the open
// document's current version (the view follows its edits), the marks where they belong, and bad
// input (OLD not JSON, an unknown session, a closed document) answered in words, never thrown.

import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { CompareReleaseNotification, CompareViewRequest, type CompareViewResult } from "../../protocol/lsp";
import { decodePreviewWire } from "../../shared/src/render/previewWire";
import { readText, upstreamRoot } from "../support/paths";
import { serveThisFile, type ServerUnderTest } from "./harness";

const oldText = readText(join(upstreamRoot, "examples", "manufacturing-group.json"));
const uri = "file:///compare/manufacturing-group.json";
let server: ServerUnderTest;

serveThisFile(async (started) => {
  server = started;
  await server.open(uri, oldText.replace('"at-2025": "400"', '"at-2025": "410"'));
});

function view(params: { session: string; oldText?: string; uri?: string }): Promise<CompareViewResult | null> {
  return server.connection.sendRequest(CompareViewRequest, { uri, oldName: "HEAD", newName: "manufacturing-group.json", ...params });
}

test("a changed cell and its subtotal, then the view of the next version without sending OLD again", async () => {
  const first = await view({ session: "s1", oldText });
  assert.ok(first?.wire !== undefined && first.marks !== undefined, JSON.stringify(first?.problem));
  assert.equal(first.title, "HEAD → manufacturing-group.json");
  assert.equal(first.version, 1);
  const model = decodePreviewWire(JSON.parse(first.wire));
  assert.ok(model);
  const cash = first.marks.cells.find((cell) => cell.value !== undefined);
  assert.ok(cash);
  assert.equal(model.statements[cash.statement]?.rows[cash.row]?.id, "cash");
  assert.deepEqual(cash.value?.old, { kind: "value", value: "400" });
  assert.equal(cash.value?.difference, "10");
  assert.ok(first.marks.counts.values === 1 && first.marks.counts.total >= 1);
  assert.match(first.summary ?? "", /^\d+ changes?: 1 value changed/);

  // The edit that restores the value: the same session, no OLD text, no changes.
  const text = oldText.replace('"at-2025": "400"', '"at-2025": "410"');
  const offset = text.indexOf('"410"') + 1;
  const before = text.slice(0, offset).split("\n");
  const start = { line: before.length - 1, character: (before.at(-1) as string).length };
  await server.change(uri, 2, [{ range: { start, end: { line: start.line, character: start.character + 3 } }, text: "400" }]);
  const second = await view({ session: "s1" });
  assert.equal(second?.version, 2);
  assert.equal(second?.marks?.counts.total, 0);
  assert.equal(second?.summary, "No changes in meaning.");
});

test("bad input is answered in words: OLD not JSON, an unknown or released session, a document not open", async () => {
  const broken = await view({ session: "s2", oldText: "{ not json" });
  assert.equal(broken?.wire, undefined);
  assert.match(broken?.problem ?? "", /^The old version is not valid JSON \(line 1\)\.$/);
  const unknown = await view({ session: "never-sent" });
  assert.match(unknown?.problem ?? "", /no longer available/);
  assert.ok((await view({ session: "s3", oldText }))?.wire);
  await server.connection.sendNotification(CompareReleaseNotification, { session: "s3" });
  assert.match((await view({ session: "s3" }))?.problem ?? "", /no longer available/);
  assert.equal(await view({ session: "s4", oldText, uri: "file:///compare/not-open.json" }), null);
  // Not an FS document on the OLD side: compared as far as it can be read, and said so.
  const notFs = await view({ session: "s5", oldText: "[1, 2, 3]" });
  assert.ok(notFs?.marks?.lines.some((line) => /does not conform/.test(line)));
});
