// Value edits over the protocol and in the store: a digit typed into a value cell is analysed from
// the previous version (shared/src/incremental/valueEdit.ts) and gives exactly the diagnostics and
// preview model of a full analysis; publications never go back in version; a value edit's
// preview patch goes out before its diagnostics; the store keeps one version of a document, not a
// chain of them.

import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { TextDocument } from "vscode-languageserver-textdocument";
import { DidChangeTextDocumentNotification } from "vscode-languageserver-protocol/node";
import { PointerAtRequest, PreviewModelRequest, type PreviewModelResult } from "../../protocol/lsp";
import { decodePreviewWire } from "../../shared/src/render/previewWire";
import { applyPreviewPatch } from "../../shared/src/render/previewPatch";
import { DocumentStore, VALUE_EDIT_DELAY } from "../../server/src/documents";
import type { DocumentAnalysis } from "../../server/src/analysis";
import { readText, upstreamRoot } from "../support/paths";
import { serveThisFile, type ServerUnderTest } from "./harness";

const text = readText(join(upstreamRoot, "examples", "manufacturing-group.json"));
let server: ServerUnderTest;
serveThisFile((started) => {
  server = started;
});

/** The range of the digits of the first `"at-2025": "400"` cell's value (inside its quotes). */
function digitsOf(source: string, cell: string): { start: { line: number; character: number }; end: { line: number; character: number } } {
  const at = source.indexOf(cell);
  assert.ok(at >= 0);
  const document = TextDocument.create("file:///x.json", "json", 0, source);
  const content = at + cell.lastIndexOf('"', cell.length - 2) + 1;
  return { start: document.positionAt(content), end: document.positionAt(at + cell.length - 1) };
}

test("a digit typed into a value gives the diagnostics and preview of a full analysis, and a patch of cells only", async () => {
  const uri = "file:///value-edits/typed.json";
  await server.open(uri, text);
  const first = (await server.connection.sendRequest(PreviewModelRequest, { uri })) as PreviewModelResult;
  const firstModel = first.wire === undefined ? undefined : decodePreviewWire(JSON.parse(first.wire));
  assert.ok(firstModel);
  const range = digitsOf(text, '"at-2025": "400"');
  const pushed = server.previewUpdate(uri, (update) => update.version === 2);
  const published = await server.change(uri, 2, [{ range, text: "410" }]);
  const edited = text.replace('"at-2025": "400"', '"at-2025": "410"');

  const full = await server.open("file:///value-edits/full.json", edited);
  // The same diagnostics, related locations included (which name their document).
  assert.deepEqual(published.diagnostics, JSON.parse(JSON.stringify(full.diagnostics).replaceAll("file:///value-edits/full.json", uri)));
  assert.ok(published.diagnostics.length > 0, "the edit makes a subtotal inconsistent");

  const second = await pushed;
  assert.ok(second.patch);
  assert.ok(
    second.patch.ops.every((op) => op.op === "cells"),
    JSON.stringify(second.patch.ops),
  );
  const pointers = second.patch.ops.flatMap((op) => (op.op === "cells" ? op.cells.map(({ cell }) => cell.pointer) : []));
  assert.deepEqual(pointers.sort(), ["/statements/0/items/0/values/at-2025", "/statements/0/items/2/values/at-2025"]);
  const patched = structuredClone(firstModel);
  assert.ok(applyPreviewPatch(patched, second.patch.ops));
  const whole = (await server.connection.sendRequest(PreviewModelRequest, { uri: "file:///value-edits/full.json" })) as PreviewModelResult;
  assert.deepEqual(patched, whole.wire === undefined ? undefined : decodePreviewWire(JSON.parse(whole.wire)));
});

test("publications follow the versions: a later version's diagnostics are never followed by an earlier one's", async () => {
  const uri = "file:///value-edits/burst.json";
  await server.open(uri, text);
  const before = server.published.length;
  let source = text;
  const changes: { version: number; change: { range: ReturnType<typeof digitsOf>; text: string } }[] = [];
  // Value edits (fast), a broken text and a structural edit (full analyses), interleaved, unawaited.
  const steps: [string, string][] = [
    ['"at-2025": "400"', "401"],
    ['"at-2025": "401"', "4012"],
    ['"at-2025": "4012"', "x"],
    ['"at-2025": "x"', "7"],
  ];
  steps.forEach(([cell, replacement], index) => {
    const range = digitsOf(source, cell);
    changes.push({ version: index + 2, change: { range, text: replacement } });
    source = source.replace(cell, `"at-2025": "${replacement}"`);
  });
  changes.push({ version: 6, change: { range: digitsOf(source, '"at-2025": "7"'), text: '7", "extra": "1' } });
  const last = server.diagnostics(uri, (params) => params.version === 6);
  for (const { version, change } of changes) server.connection.sendNotification("textDocument/didChange", { textDocument: { uri, version }, contentChanges: [change] });
  await last;
  const versions = server.published
    .slice(before)
    .filter((params) => params.uri === uri)
    .map((params) => params.version as number);
  assert.equal(versions.at(-1), 6);
  assert.deepEqual(
    versions,
    [...versions].sort((a, b) => a - b),
  );
  assert.equal(new Set(versions).size, versions.length);
});

test("the store keeps one version of a document: earlier versions are collectable after value edits", async () => {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  const store = new DocumentStore({ delay: () => 0, enabled: () => true, patternsFor: () => [], previewAhead: () => true });
  const uri = "file:///value-edits/store.fs.json";
  const published: DocumentAnalysis[] = [];
  store.onAnalyzed((analysis) => published.push(analysis));
  store.open(uri, "json", 1, text);
  const firstVersion = ((): WeakRef<object> => {
    const parsed = store.get(uri)?.parsed;
    assert.ok(parsed);
    return new WeakRef(parsed);
  })();
  let source = text;
  for (const [version, digits] of [
    [2, "401"],
    [3, "402"],
    [4, "403"],
  ] as const) {
    const range = digitsOf(source, `"at-2025": "${String(Number(digits) - 1).replace("399", "400")}"`);
    const previous = store.get(uri)?.parsed?.value as { units: unknown } | undefined;
    store.change(uri, version, [{ range, text: digits }]);
    source = TextDocument.applyEdits(TextDocument.create(uri, "json", 0, source), [{ range, newText: digits }]);
    const current = store.get(uri);
    assert.equal(current?.version, version);
    assert.equal(current.parsed?.text, source);
    assert.equal(current.lastGood, current.parsed);
    // Analysed from the previous version: what the edit did not touch is the previous value's own.
    assert.equal((current.parsed?.value as { units: unknown }).units, previous?.units);
  }
  published.length = 0;
  await new Promise((resolve) => setTimeout(resolve, 5));
  gc();
  assert.equal(firstVersion.deref(), undefined, "version 1's parse is no longer held");
  store.close(uri);
});

/**
 * Opens `uri` with its preview model asked for, replaces the first `"at-2025": "400"` cell's digits
 * with `digits` (version 2), asks for a pointer at once as the editor does after a key when `ask`,
 * and gives the order in which the server's answers for version 2 arrived.
 */
async function orderAfterEdit(uri: string, digits: string, ask: boolean): Promise<string[]> {
  await server.open(uri, text);
  await server.connection.sendRequest(PreviewModelRequest, { uri });
  const order: string[] = [];
  const published = server.diagnostics(uri, (params) => params.version === 2).then(() => order.push("diagnostics"));
  const pushed = server.previewUpdate(uri, (update) => update.version === 2).then(() => order.push("preview update"));
  const range = digitsOf(text, '"at-2025": "400"');
  void server.connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version: 2 }, contentChanges: [{ range, text: digits }] });
  const answered = ask ? server.connection.sendRequest(PointerAtRequest, { uri, version: 2, offset: 0 }).then(() => order.push("answers")) : undefined;
  await Promise.all([published, pushed, answered]);
  return order;
}

test("a value edit's preview update goes out first, then its diagnostics, then the answers to the requests that follow it", async () => {
  // The patch is ready with the analysis; the diagnostics of every problem take longer to build, write and read.
  assert.deepEqual(await orderAfterEdit("file:///value-edits/leading.json", "410", true), ["preview update", "diagnostics", "answers"]);
});

test("an edit that is not a value edit publishes its diagnostics before the preview's update", async () => {
  // A letter in a value is no value edit: the text is analysed whole, and the problems come first.
  assert.deepEqual(await orderAfterEdit("file:///value-edits/structural.json", "4x0", false), ["diagnostics", "preview update"]);
});

test("in the store, a value edit's other listeners wait until what its leaders sent is written, and skip a version replaced meanwhile", async () => {
  const store = new DocumentStore({ delay: () => 200, enabled: () => true, patternsFor: () => [], previewAhead: () => false });
  const uri = "file:///value-edits/leaders.fs.json";
  const calls: string[] = [];
  const written: (() => void)[] = [];
  store.onAnalyzed((analysis) => calls.push(`diagnostics ${analysis.version}`));
  store.onAnalyzed(
    (analysis) => {
      calls.push(`patch ${analysis.version}`);
      return new Promise<void>((resolve) => written.push(resolve));
    },
    { firstOnValueEdits: true },
  );
  store.open(uri, "json", 1, text);
  // An open is no value edit: in the order the listeners were added, each at once.
  assert.deepEqual(calls, ["diagnostics 1", "patch 1"]);
  for (const resolve of written.splice(0)) resolve();
  calls.length = 0;
  const range = digitsOf(text, '"at-2025": "400"');
  store.change(uri, 2, [{ range, text: "401" }]);
  assert.deepEqual(calls, ["patch 2"], "the diagnostics wait for the patch to be written");
  written.shift()!();
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.deepEqual(calls, ["patch 2", "diagnostics 2"]);
  // Once the burst is over (VALUE_EDIT_DELAY), another value edit; replaced by a full analysis before its patch is written.
  await new Promise((resolve) => setTimeout(resolve, VALUE_EDIT_DELAY + 10));
  calls.length = 0;
  const edited = text.replace('"at-2025": "400"', '"at-2025": "401"');
  store.change(uri, 3, [{ range: digitsOf(edited, '"at-2025": "401"'), text: "402" }]);
  store.change(uri, 4, [{ range: digitsOf(edited, '"at-2025": "401"'), text: "x" }]);
  assert.equal(store.get(uri)?.version, 4, "version 4 analysed whole (and published)");
  for (const resolve of written.splice(0)) resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.deepEqual(calls, ["patch 3", "diagnostics 4", "patch 4"], "version 3's diagnostics never follow version 4's");
  store.close(uri);
});
