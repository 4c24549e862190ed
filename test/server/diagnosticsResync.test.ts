// fs/diagnosticsResync: VS Code's client could not take a fs/diagnosticGroups of a document (its
// conversion failed), so what it holds of it is stale. Asked to resync, the server publishes the
// document whole again, though it already published that analysis, and the next edit's publication
// is a delta on that whole one.

import { test } from "node:test";
import assert from "node:assert/strict";
import { DiagnosticsResyncNotification, ITEMS_PER_GROUP } from "../../protocol/lsp";
import { RELATED_LATER_MIN } from "../../server/src/service/diagnostics";
import { startServer } from "./harness";
import { draft } from "./drafts";
import { positionAt } from "./text-positions";

const URI = "file:///resync/draft.json";
const sorted = (diagnostics: readonly unknown[]) => diagnostics.map((diagnostic) => JSON.stringify(diagnostic)).sort();

test("asked to resync a document, the server publishes it whole again", { timeout: 60_000 }, async () => {
  const server = await startServer({}, {}, { initializationOptions: { diagnosticGroups: true } });
  try {
    // Published in one step, in several groups; then a value edit, published as a delta.
    const failing = RELATED_LATER_MIN - 10;
    const text = draft(failing);
    await server.open(URI, text, 1);
    const at = text.lastIndexOf('"fy2025": "1"') + '"fy2025": "'.length;
    const edited = await server.change(URI, 2, [{ range: { start: positionAt(text, at), end: positionAt(text, at + 1) }, text: "4" }]);
    assert.equal(server.groupUpdates.at(-1)!.whole, false, "the edit's publication is a delta");
    const before = server.groupUpdates.length;

    const resynced = server.diagnostics(URI, (params) => params.version === 2);
    await server.connection.sendNotification(DiagnosticsResyncNotification, { uri: URI });
    const whole = await resynced;
    assert.equal(server.groupUpdates.length, before + 1, "one publication");
    const update = server.groupUpdates.at(-1)!;
    assert.equal(update.whole, true, "whole");
    assert.equal(update.version, 2);
    const groups = new Set(server.groupUpdates.slice(0, before).flatMap((params) => params.groups.map(({ group }) => group)));
    assert.deepEqual(new Set(update.groups.map(({ group }) => group)), groups, "every group the document has");
    assert.deepEqual(sorted(update.groups.flatMap(({ diagnostics }) => diagnostics)), sorted(edited.diagnostics), "the same diagnostics as the edit's");
    assert.deepEqual(sorted(whole.diagnostics), sorted(edited.diagnostics));

    // The next edit is a delta again, on the whole publication.
    const back = text.slice(0, at) + "4" + text.slice(at + 1);
    await server.change(URI, 3, [{ range: { start: positionAt(back, at), end: positionAt(back, at + 1) }, text: "1" }]);
    const next = server.groupUpdates.at(-1)!;
    assert.equal(next.whole, false);
    assert.deepEqual(
      next.groups.map(({ group }) => group),
      [`0.${Math.floor((3 * (failing - 1)) / ITEMS_PER_GROUP)}`],
      "the edited item's group only",
    );

    // A document the server does not hold: nothing is published.
    await server.connection.sendNotification(DiagnosticsResyncNotification, { uri: "file:///resync/unknown.json" });
    await server.connection.sendNotification(DiagnosticsResyncNotification.method, { uri: 7 });
  } finally {
    await server.stop();
  }
  assert.ok(!server.groupUpdates.some((params) => params.uri !== URI), "only the document asked for");
  assert.equal(server.stderr(), "");
});
