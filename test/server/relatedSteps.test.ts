// A draft's related information is made in steps, and after the preview's model built ahead
// (issue 25: the preview against Markdown's went from 0.99× to 1.43×). The whole publication of a
// draft's first version explained every failing subtotal in one piece of 0.4–0.9 s of CPU at 5 MB,
// started as soon as the open's requests were answered: a preview opened right then asked for its
// model behind it, and the model was not built ahead yet. Now each step explains RELATED_STEP
// failing subtotals and the next waits for the client's messages (StoreOptions.whenIdle), and the
// steps start once the open's background work (the value-edit index, the model ahead) is done.
// The server runs in this process over in-memory streams, its idle work run when the test says.

import { test } from "node:test";
import assert from "node:assert/strict";
import { DidOpenTextDocumentNotification, type PublishDiagnosticsParams } from "vscode-languageserver-protocol/node";
import { DocumentStore } from "../../server/src/documents";
import { PREVIEW_AHEAD_MIN_CHARS } from "../../server/src/previewAhead";
import { RELATED_LATER_MIN, RELATED_STEP } from "../../server/src/service/diagnostics";
import { draft } from "./drafts";
import { inProcessServer } from "./inProcess";

const related = (params: PublishDiagnosticsParams) => params.diagnostics.reduce((sum, diagnostic) => sum + (diagnostic.relatedInformation?.length ?? 0), 0);

test("a draft's whole publication is made in steps, each after the client's waiting messages", async () => {
  const server = await inProcessServer();
  const uri = "file:///related-steps/draft.json";
  const failing = RELATED_LATER_MIN + 3 * RELATED_STEP;
  await server.client.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: "json", version: 1, text: draft(failing) } });
  await server.until(() => server.published.length === 1, "the first publication");
  assert.equal(related(server.published[0]!), 0, "the problems first, without related information");
  let pieces = 0;
  while (server.published.length === 1) {
    await server.until(() => server.idle.length > 0 || server.published.length > 1, "idle work or the whole publication");
    if (server.runIdle()) pieces++;
  }
  await server.until(() => server.published.length === 2, "the whole publication");
  assert.equal(server.published[1]!.diagnostics.filter((diagnostic) => (diagnostic.relatedInformation?.length ?? 0) > 0).length, failing, "every failing subtotal has its causes");
  // The open's own background work (the value-edit index) is one piece; then one per step of related information.
  assert.ok(pieces >= Math.ceil(failing / RELATED_STEP), `made in ${pieces} pieces of idle work`);
  server.dispose();
});

test("the related information waits for the preview's model built ahead", async () => {
  const uri = "file:///related-steps/large.json";
  const failing = RELATED_LATER_MIN + 20;
  const text = draft(failing, PREVIEW_AHEAD_MIN_CHARS);
  assert.ok(text.length >= PREVIEW_AHEAD_MIN_CHARS);
  const idle: (() => void)[] = [];
  const store = new DocumentStore({ delay: () => 0, enabled: () => true, patternsFor: () => [], previewAhead: () => true, whenIdle: (work) => void idle.push(work) });
  store.onAnalyzed(() => Promise.resolve());
  store.open(uri, "json", 1, text);
  let settled = false;
  void store.backgroundOf(uri).then(() => (settled = true));
  const parsed = store.get(uri)?.parsed;
  assert.ok(parsed);
  const flush = () => new Promise((resolve) => setImmediate(resolve));
  await flush();
  while (idle.length > 0) {
    assert.equal(settled, false, "not settled while the open's background work is queued");
    idle.shift()!();
    await flush();
  }
  assert.equal(parsed.hasPreviewWire, true, "the model was built ahead");
  assert.equal(settled, true, "settled once it was built");
  // Without the preview (another editor's client): settled once the value-edit index is made.
  const other = new DocumentStore({ delay: () => 0, enabled: () => true, patternsFor: () => [], previewAhead: () => false, whenIdle: (work) => void idle.push(work) });
  other.onAnalyzed(() => Promise.resolve());
  other.open(uri, "json", 1, text);
  let otherSettled = false;
  void other.backgroundOf(uri).then(() => (otherSettled = true));
  await flush();
  while (idle.length > 0) {
    idle.shift()!();
    await flush();
  }
  assert.equal(otherSettled, true);
  assert.equal(other.get(uri)?.parsed?.hasPreviewWire, false);
});
