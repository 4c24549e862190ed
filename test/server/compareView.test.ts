// fs/compareView over the protocol against the real server: OLD sent once per session, NEW the open
// document's current version (the view follows its edits), the marks where they belong, and bad
// input (OLD not JSON, an unknown session, a closed document) answered in words, never thrown.

import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { CompareReleaseNotification, CompareViewRequest, RangeOfRequest, type CompareViewResult } from "../../protocol/lsp";
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

function view(params: { session: string; oldText?: string; uri?: string; baseVersion?: number }): Promise<CompareViewResult | null> {
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

  // The page holds the view of version 2: after the next edit, the answer is a patch from it.
  await server.change(uri, 3, [{ range: { start, end: { line: start.line, character: start.character + 3 } }, text: "420" }]);
  const third = await view({ session: "s1", baseVersion: 2 });
  assert.equal(third?.version, 3);
  assert.equal(third?.wire, undefined);
  assert.equal(third?.patch?.baseVersion, 2);
  assert.ok(third.patch.ops.length > 0 && third.patch.ops.every((op) => op.op === "cells"), JSON.stringify(third.patch.ops));
  assert.equal(third.marks?.counts.values, 1);
  // A page that names a view the server did not send it gets the whole view.
  assert.ok((await view({ session: "s1", baseVersion: 2 }))?.wire);
});

test("bad input is answered in words: OLD not JSON, an unknown or released session, a document not open", async () => {
  const broken = await view({ session: "s2", oldText: "{ not json" });
  assert.equal(broken?.wire, undefined);
  assert.match(broken?.problem ?? "", /^The old version is not valid JSON \(line 1\)\.$/);
  const unknown = await view({ session: "never-sent" });
  assert.match(unknown?.problem ?? "", /no longer available/);
  assert.equal(unknown?.needsOld, true, "the client is asked for OLD (a restarted server has none)");
  assert.ok((await view({ session: "s3", oldText }))?.wire);
  await server.connection.sendNotification(CompareReleaseNotification, { session: "s3" });
  assert.match((await view({ session: "s3" }))?.problem ?? "", /no longer available/);
  assert.equal(await view({ session: "s4", oldText, uri: "file:///compare/not-open.json" }), null);
  // Not an FS document on the OLD side: compared as far as it can be read, and said so.
  const notFs = await view({ session: "s5", oldText: "[1, 2, 3]" });
  assert.ok(notFs?.marks?.lines.some((line) => /does not conform/.test(line)));
});

test("NEW the server does not hold open (the index in a staged-versus-HEAD diff): compared from the text sent, kept per session, revealed, released", async () => {
  const indexUri = 'git:/compare/manufacturing-group.json?{"path":"/compare/manufacturing-group.json","ref":""}';
  const staged = oldText.replace('"at-2025": "400"', '"at-2025": "430"');
  const sendView = (params: Record<string, unknown>) =>
    server.connection.sendRequest(CompareViewRequest, {
      uri: indexUri,
      oldName: "HEAD",
      newName: "manufacturing-group.json",
      ...params,
    } as never) as Promise<CompareViewResult | null>;
  // Without its text the server knows no such document.
  assert.equal(await sendView({ session: "n1", oldText }), null);
  const first = await sendView({ session: "n2", oldText, newSide: { text: staged, version: 7 } });
  assert.ok(first?.wire !== undefined && first.marks !== undefined, JSON.stringify(first?.problem));
  assert.equal(first.version, 7);
  const cash = first.marks.cells.find((cell) => cell.value !== undefined);
  assert.equal(cash?.value?.difference, "30");
  // The next request of the same version sends nothing and gets the same view.
  const again = await sendView({ session: "n2" });
  assert.equal(again?.version, 7);
  assert.equal(again?.marks?.counts.values, 1);
  // A click reveals its source: fs/rangeOf answers for the side the view holds, at its version only.
  const range = await server.connection.sendRequest(RangeOfRequest, { uri: indexUri, version: 7, pointer: pointerOfCash(first) });
  assert.ok(range !== null && staged.slice(range.offset, range.offset + range.length) === '"430"', JSON.stringify(range));
  assert.equal(await server.connection.sendRequest(RangeOfRequest, { uri: indexUri, version: 6, pointer: pointerOfCash(first) }), null);
  // A new version of the side (the index changed): compared again.
  const restaged = await sendView({ session: "n2", newSide: { text: oldText, version: 8 } });
  assert.equal(restaged?.version, 8);
  assert.equal(restaged?.marks?.counts.total, 0);
  // Text that parses and is not an FS document is not compared; malformed sides are ignored.
  assert.equal(await sendView({ session: "n3", oldText, newSide: { text: '{"a": 1}', version: 1 } }), null);
  assert.equal(await sendView({ session: "n4", oldText, newSide: { text: staged, version: "7" } }), null);
  await server.connection.sendNotification(CompareReleaseNotification, { session: "n2" });
  assert.equal(await sendView({ session: "n2" }), null);
  assert.equal(await server.connection.sendRequest(RangeOfRequest, { uri: indexUri, version: 8, pointer: "" }), null);
});

/** The JSON Pointer of the changed cell's value in NEW (the view's model names it). */
function pointerOfCash(result: CompareViewResult): string {
  const model = decodePreviewWire(JSON.parse(result.wire ?? "null"));
  const cell = result.marks?.cells.find((candidate) => candidate.value !== undefined);
  const pointer = cell === undefined ? undefined : model?.statements[cell.statement]?.rows[cell.row]?.cells[cell.column]?.pointer;
  assert.ok(pointer !== undefined);
  return pointer;
}
