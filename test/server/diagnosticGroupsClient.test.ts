// VS Code's client asks the server for its diagnostics by group (initializationOptions
// `diagnosticGroups`): each publication is fs/diagnosticGroups with only the groups that changed.
// Merged as the client merges them (the harness does it with the client's mergeGroups), they must
// be exactly what a server publishes whole to other clients (Neovim, Helix) at every step: a draft's
// open in two steps (problems, then related information), a value edit, an edit that moves lines,
// a text that does not parse and its fix, a settings change that republishes, a close and a reopen.

import { test } from "node:test";
import assert from "node:assert/strict";
import { DidChangeConfigurationNotification, DidCloseTextDocumentNotification, type Diagnostic, type PublishDiagnosticsParams } from "vscode-languageserver-protocol/node";
import { RELATED_LATER_MIN } from "../../server/src/service/diagnostics";
import { startServer, type ServerUnderTest } from "./harness";
import { draft } from "./drafts";
import { ITEMS_PER_GROUP } from "../../protocol/lsp";

const URI = "file:///groups/draft.json";
const failingOf = (params: PublishDiagnosticsParams): Diagnostic[] => params.diagnostics.filter((diagnostic) => diagnostic.code === "rollup-unsatisfied");
/** The related information is in: every failing subtotal has a likely cause but at most one (the edited one may have none). */
const hasRelated = (params: PublishDiagnosticsParams) =>
  failingOf(params).length > 1 && failingOf(params).filter((diagnostic) => (diagnostic.relatedInformation?.length ?? 0) >= 1).length >= failingOf(params).length - 1;
const sorted = (params: PublishDiagnosticsParams) => params.diagnostics.map((diagnostic) => JSON.stringify(diagnostic)).sort();

function positionOf(text: string, offset: number) {
  const lines = text.slice(0, offset).split("\n");
  return { line: lines.length - 1, character: lines.at(-1)!.length };
}

test("merged, the groups sent are the whole publication at every step", async () => {
  const current = { rollups: { severity: "warning" } };
  const settingsFor = () => structuredClone(current);
  const plain: ServerUnderTest = await startServer({}, {}, { settingsFor });
  const grouped: ServerUnderTest = await startServer({}, {}, { settingsFor, initializationOptions: { diagnosticGroups: true } });
  try {
    /** Runs `step` on both servers and waits for each one's publication that `accept`s: they must be equal. */
    const both = async (
      what: string,
      step: (server: ServerUnderTest) => Promise<unknown>,
      accept: (params: PublishDiagnosticsParams) => boolean,
    ): Promise<PublishDiagnosticsParams> => {
      const [expected, actual] = await Promise.all(
        [plain, grouped].map(async (server) => {
          const published = server.diagnostics(URI, accept);
          await step(server);
          return published;
        }),
      );
      assert.deepEqual(sorted(actual!), sorted(expected!), what);
      assert.equal(grouped.published.filter((params) => params.uri === URI).length, grouped.groupUpdates.filter((params) => params.uri === URI).length);
      assert.equal(plain.groupUpdates.length, 0, "a client that did not ask gets whole publications");
      return expected!;
    };
    const updates = () => grouped.groupUpdates.filter((params) => params.uri === URI);
    const open = (text: string) => (server: ServerUnderTest) =>
      server.connection.sendNotification("textDocument/didOpen", { textDocument: { uri: URI, languageId: "json", version: 1, text } });
    const change = (version: number, text: string, from: number, to: number, insert: string) => (server: ServerUnderTest) =>
      server.connection.sendNotification("textDocument/didChange", {
        textDocument: { uri: URI, version },
        contentChanges: [{ range: { start: positionOf(text, from), end: positionOf(text, to) }, text: insert }],
      });

    // A draft of a long statement (several groups of items), published in two steps.
    let text = draft(RELATED_LATER_MIN + 30);
    const first = grouped.diagnostics(URI, (params) => params.version === 1);
    await both("the open, whole", open(text), (params) => params.version === 1 && hasRelated(params));
    assert.ok(
      failingOf(await first).every((diagnostic) => diagnostic.relatedInformation === undefined),
      "the open's first step has no related information",
    );
    assert.equal(updates()[0]!.whole, true, "the document's first publication is whole");
    assert.ok(updates()[0]!.groups.length >= 5, `${updates()[0]!.groups.length} groups`);
    assert.equal(updates().length, 2);
    assert.equal(updates()[1]!.whole, false, "the related information is a delta");

    // A value edit near the end (a digit typed over a digit): one subtotal's sum changes. Every
    // subtotal of this draft shares its statement and period, so all are explained again (and
    // published in two steps when they are so many).
    const at = text.lastIndexOf('"fy2025": "1"') + '"fy2025": "'.length;
    await both("a value edit", change(2, text, at, at + 1, "4"), (params) => params.version === 2 && hasRelated(params));
    text = text.slice(0, at) + "4" + text.slice(at + 1);
    assert.ok(
      updates().every((params, index) => params.whole === (index === 0)),
      "only the first publication was whole",
    );

    // A line inserted at the top: every range moves; a full analysis, in two steps again.
    const top = text.indexOf("{") + 1;
    await both("an edit that moves every line", change(3, text, top, top, "\n"), (params) => params.version === 3 && hasRelated(params));
    text = text.slice(0, top) + "\n" + text.slice(top);

    // A text that does not parse, then fixed.
    const brace = text.lastIndexOf("}");
    await both("a text that does not parse", change(4, text, brace, brace + 1, ""), (params) => params.version === 4);
    assert.ok(
      grouped.published.at(-1)!.diagnostics.every((diagnostic) => diagnostic.code === "invalid-json"),
      "only the syntax problems",
    );
    await both("the text fixed", change(5, text.slice(0, brace) + text.slice(brace + 1), brace, brace, "}"), (params) => params.version === 5 && hasRelated(params));

    // A settings change that republishes every problem (another severity).
    current.rollups.severity = "error";
    await both(
      "a settings change",
      (server) => server.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: null }),
      (params) => failingOf(params).length > 0 && failingOf(params).every((diagnostic) => diagnostic.severity === 1) && hasRelated(params),
    );

    // Closed: an empty whole publication; reopened: whole again.
    await both(
      "closed",
      (server) => server.connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri: URI } }),
      (params) => params.diagnostics.length === 0,
    );
    assert.deepEqual({ whole: updates().at(-1)!.whole, groups: updates().at(-1)!.groups }, { whole: true, groups: [] });
    const reopened = updates().length;
    await both("reopened", open(text), (params) => params.version === 1 && hasRelated(params));
    assert.equal(updates()[reopened]!.whole, true, "the first publication after a reopen is whole");
  } finally {
    await Promise.all([plain.stop(), grouped.stop()]);
  }
  assert.equal(grouped.stderr(), "");
});

test("a value edit sends only the group of the subtotal it changes", async () => {
  const uri = "file:///groups/few.json";
  const server = await startServer({}, {}, { initializationOptions: { diagnosticGroups: true } });
  try {
    // Fewer failing subtotals than take two steps, in one statement of several groups of items.
    const failing = RELATED_LATER_MIN - 10;
    const text = draft(failing);
    await server.open(uri, text, 1);
    assert.ok(server.groupUpdates[0]!.groups.length >= 4, `${server.groupUpdates[0]!.groups.length} groups`);
    const at = text.lastIndexOf('"fy2025": "1"') + '"fy2025": "'.length;
    const edited = await server.change(uri, 2, [{ range: { start: positionOf(text, at), end: positionOf(text, at + 1) }, text: "4" }]);
    const update = server.groupUpdates.at(-1)!;
    assert.equal(update.whole, false);
    // The last subtotal (item 3 × (failing − 1)) is the one whose children changed.
    assert.deepEqual(
      update.groups.map(({ group }) => group),
      [`0.${Math.floor((3 * (failing - 1)) / ITEMS_PER_GROUP)}`],
      "the edited item's group only",
    );
    assert.ok(JSON.stringify(update).length * 4 < JSON.stringify(edited).length, "a fraction of the whole publication");
  } finally {
    await server.stop();
  }
});

test("a server started again publishes whole first (the client dropped what it held when the server stopped)", async () => {
  const text = draft(3);
  for (let start = 0; start < 2; start++) {
    const server = await startServer({}, {}, { initializationOptions: { diagnosticGroups: true } });
    try {
      await server.open(URI, text, 1);
      assert.equal(server.groupUpdates[0]!.whole, true);
    } finally {
      await server.stop();
    }
  }
});
