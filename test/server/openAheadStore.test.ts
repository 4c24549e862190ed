// A file analysed ahead of its opening (DocumentStore.prepare, fs/openAhead) is taken over by the
// didOpen that brings the same text at version 1, with what was built from it; any other didOpen
// analyses its own text. What was prepared is kept for OPEN_AHEAD.keptMs, then dropped, and what
// was published of it (its diagnostics, before the didOpen) is withdrawn when nothing replaces it.

import { mock, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { OPEN_AHEAD } from "../../protocol/lsp";
import type { DocumentAnalysis } from "../../server/src/analysis";
import { DocumentStore } from "../../server/src/documents";
import { fixturesRoot, readText } from "../support/paths";

const text = readText(join(fixturesRoot, "examples", "northwind-group.json"));
const uri = "file:///ahead/statements.json";

function storeUnderTest(): { store: DocumentStore; published: DocumentAnalysis[]; prepared: DocumentAnalysis[]; withdrawn: string[] } {
  const store = new DocumentStore({ delay: () => 0, enabled: () => true, patternsFor: () => [], previewAhead: () => true });
  const published: DocumentAnalysis[] = [];
  const prepared: DocumentAnalysis[] = [];
  const withdrawn: string[] = [];
  store.onAnalyzed((analysis) => published.push(analysis));
  store.onPrepared((analysis) => prepared.push(analysis));
  store.onForgotten((forgotten) => withdrawn.push(forgotten));
  return { store, published, prepared, withdrawn };
}

/** The text with its first value of `from` replaced by `to` (a value edit a user might make on disk or in the editor). */
function edited(from: string, to: string): string {
  const at = text.indexOf(`"${from}"`);
  assert.ok(at > 0, `the fixture has a value ${from}`);
  return text.slice(0, at) + `"${to}"` + text.slice(at + from.length + 2);
}

test("a didOpen with the prepared text at version 1 publishes the prepared analysis itself, diagnostics and outline built", () => {
  const { store, published, prepared } = storeUnderTest();
  const ahead = store.prepare(uri, text);
  assert.ok(ahead?.parsed, "an FS document is prepared");
  assert.deepEqual(prepared, [ahead], "the listeners built from it once");
  assert.equal(published.length, 0, "nothing is published before the document opens");
  assert.equal(store.isOpen(uri), false);
  store.open(uri, "json", 1, text);
  assert.deepEqual(published, [ahead]);
  assert.equal(store.get(uri), ahead);
  assert.equal(store.get(uri)?.document.getText(), text);
});

test("a didOpen with other text, another version or another language analyses its own text", () => {
  const other = edited(readFirstValue(), "123456");
  for (const [version, languageId, opened] of [
    [1, "json", other],
    [2, "json", text],
    [1, "jsonc", text],
  ] as const) {
    const { store, published, withdrawn } = storeUnderTest();
    const ahead = store.prepare(uri, text);
    assert.ok(ahead);
    store.open(uri, languageId, version, opened);
    assert.deepEqual(withdrawn, [], "what was published ahead is replaced by this analysis's publication");
    assert.equal(published.length, 1);
    const analysis = published[0]!;
    assert.notEqual(analysis, ahead);
    assert.equal(analysis.text, opened);
    assert.equal(analysis.version, version);
    assert.equal(analysis.document.languageId, languageId);
  }
});

test("a didOpen whose text is no FS document withdraws what was published ahead", () => {
  const { store, published, withdrawn } = storeUnderTest();
  store.prepare(uri, text);
  store.open(uri, "json", 1, JSON.stringify({ name: "now something else" }));
  assert.deepEqual(published, []);
  assert.deepEqual(withdrawn, [uri]);
});

test("a file prepared again that is no FS document any more withdraws what was published of it", () => {
  const { store, withdrawn } = storeUnderTest();
  store.prepare(uri, text);
  assert.equal(store.prepare(uri, JSON.stringify({ name: "something else" })), undefined);
  assert.deepEqual(withdrawn, [uri]);
});

test("turning the extension off or on withdraws what was prepared", () => {
  let enabled = true;
  const store = new DocumentStore({ delay: () => 0, enabled: () => enabled, patternsFor: () => [], previewAhead: () => true });
  const withdrawn: string[] = [];
  store.onForgotten((forgotten) => withdrawn.push(forgotten));
  store.prepare(uri, text);
  enabled = false;
  store.refresh();
  assert.deepEqual(withdrawn, [uri]);
});

test("what was prepared is taken once: reopening after a close analyses again", () => {
  const { store, published } = storeUnderTest();
  const ahead = store.prepare(uri, text);
  store.open(uri, "json", 1, text);
  store.close(uri);
  store.open(uri, "json", 1, text);
  assert.equal(published.length, 2);
  assert.equal(published[0], ahead);
  assert.notEqual(published[1], ahead);
});

test("nothing is prepared for JSON that is not an FS document, for an open document, or while the extension is disabled", () => {
  const { store, prepared } = storeUnderTest();
  assert.equal(store.prepare("file:///ahead/other.json", JSON.stringify({ statements: "not these", rows: [1, 2, 3] })), undefined);
  store.open(uri, "json", 1, text);
  assert.equal(store.prepare(uri, text), undefined);
  const disabled = new DocumentStore({ delay: () => 0, enabled: () => false, patternsFor: () => [], previewAhead: () => true });
  assert.equal(disabled.prepare("file:///ahead/disabled.json", text), undefined);
  assert.deepEqual(prepared, []);
});

test("a file an fs.files pattern names is prepared even when it does not parse, so its syntax errors are ready", () => {
  const store = new DocumentStore({ delay: () => 0, enabled: () => true, patternsFor: () => ["**/reports/*.json"], previewAhead: () => true });
  const broken = text.slice(0, text.length / 2);
  const published: DocumentAnalysis[] = [];
  store.onAnalyzed((analysis) => published.push(analysis));
  const ahead = store.prepare("file:///ahead/reports/q3.json", broken);
  assert.ok(ahead);
  assert.equal(ahead.parsed, undefined);
  assert.ok(ahead.syntax.length > 0);
  store.open("file:///ahead/reports/q3.json", "json", 1, broken);
  assert.deepEqual(published, [ahead]);
});

test("what was prepared is dropped when no didOpen comes within OPEN_AHEAD.keptMs", (t) => {
  mock.timers.enable({ apis: ["setTimeout"] });
  t.after(() => mock.timers.reset());
  const { store, published, withdrawn } = storeUnderTest();
  const ahead = store.prepare(uri, text);
  mock.timers.tick(OPEN_AHEAD.keptMs - 1);
  store.open(uri, "json", 1, text);
  assert.equal(published[0], ahead, "still there just before");
  store.close(uri);
  withdrawn.length = 0;
  const again = store.prepare(uri, text);
  mock.timers.tick(OPEN_AHEAD.keptMs);
  assert.deepEqual(withdrawn, [uri], "what was published of it is withdrawn");
  store.open(uri, "json", 1, text);
  assert.notEqual(published[1], again, "gone after");
});

function readFirstValue(): string {
  const match = /"values": \{\s*"[^"]+": "([^"]+)"/.exec(text);
  assert.ok(match);
  return match[1]!;
}
