// A file prepared ahead of its opening (fs/openAhead) has its diagnostics published then; the
// didOpen that brings the same text takes that analysis over and publishes nothing again (issue 25:
// it published the same diagnostics a third time, and on a draft started a second chain of related
// steps, which published the whole diagnostics twice). A draft's publications are its problems, then
// its related information, once each; the second only after the didOpen, however long it takes (the
// related steps, 0.4–0.9 s of CPU at 5 MB, took a core from VS Code loading the text). A text
// that does not parse is published again at the didOpen: VS Code's client leaves out the syntax
// problems the built-in JSON shows only once the document is open.

import { test } from "node:test";
import assert from "node:assert/strict";
import { DidOpenTextDocumentNotification, type PublishDiagnosticsParams } from "vscode-languageserver-protocol/node";
import { OpenAheadRequest, type DiagnosticGroupsParams } from "../../protocol/lsp";
import { RELATED_LATER_MIN, RELATED_STEP } from "../../server/src/service/diagnostics";
import { draft } from "./drafts";
import { inProcessServer } from "./inProcess";

const hasRelated = (params: PublishDiagnosticsParams) => params.diagnostics.some((diagnostic) => (diagnostic.relatedInformation?.length ?? 0) > 0);

/** Runs the server's idle work and lets its messages through until nothing more comes for 200 turns. */
async function settle(server: Awaited<ReturnType<typeof inProcessServer>>): Promise<void> {
  for (let quiet = 0; quiet < 200; quiet++) {
    if (server.runIdle()) quiet = 0;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

type OpenWhen = "at once" | "once the server is idle";

async function preparedThenOpened(text: string, openWhen: OpenWhen): Promise<PublishDiagnosticsParams[]>;
async function preparedThenOpened(text: string, openWhen: OpenWhen, groups: true): Promise<DiagnosticGroupsParams[]>;
async function preparedThenOpened(text: string, openWhen: OpenWhen, groups = false): Promise<PublishDiagnosticsParams[] | DiagnosticGroupsParams[]> {
  const uri = "file:///open-ahead/draft.json";
  const server = await inProcessServer({ readFileText: (asked) => Promise.resolve(asked === uri ? text : undefined) }, { diagnosticGroups: groups });
  const published = () => (groups ? server.groupUpdates : server.published);
  try {
    assert.deepEqual(await server.client.sendRequest(OpenAheadRequest, { uri }), { prepared: true });
    await server.until(() => published().length === 1, "the publication ahead");
    if (openWhen === "once the server is idle") {
      await settle(server);
      assert.equal(published().length, 1, "nothing more is published before the didOpen");
    }
    await server.client.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: "json", version: 1, text } });
    await settle(server);
    assert.ok(
      published().every((params) => params.uri === uri && params.version === 1),
      "every publication is of the file at version 1",
    );
    return published();
  } finally {
    server.dispose();
  }
}

for (const openWhen of ["at once", "once the server is idle"] as const) {
  test(`a draft prepared ahead, opened ${openWhen}: its problems, then its related information, once each`, async () => {
    const published = await preparedThenOpened(draft(RELATED_LATER_MIN + 2 * RELATED_STEP), openWhen);
    assert.deepEqual(published.map(hasRelated), [false, true], "two publications: without related information, then whole");
  });
}

test("a document with few problems prepared ahead: published once, not again at its opening", async () => {
  const published = await preparedThenOpened(draft(3), "at once");
  assert.equal(published.length, 1);
  assert.ok(hasRelated(published[0]!), "whole at once");
});

test("a text that does not parse, prepared ahead: published again at its opening, the same", async () => {
  const text = draft(3).replace('"formatVersion": "0.2",', '"formatVersion": "0.2"');
  const published = await preparedThenOpened(text, "at once");
  assert.equal(published.length, 2);
  assert.ok(published[0]!.diagnostics.some((diagnostic) => diagnostic.code === "invalid-json"));
  assert.deepEqual(published[1]!.diagnostics, published[0]!.diagnostics);
});

test("to a client that takes diagnostics by group: a draft's related information is a delta; a text that does not parse is sent whole again at its opening", async () => {
  const draftUpdates = await preparedThenOpened(draft(RELATED_LATER_MIN + 2 * RELATED_STEP), "at once", true);
  assert.deepEqual(
    draftUpdates.map((params) => params.whole),
    [true, false],
  );
  const text = draft(3).replace('"formatVersion": "0.2",', '"formatVersion": "0.2"');
  const updates = await preparedThenOpened(text, "at once", true);
  // Whole, so that VS Code's client filters it again now that the document is open (the built-in JSON shows the syntax problems).
  assert.deepEqual(
    updates.map((params) => params.whole),
    [true, true],
  );
  assert.ok(updates[0]!.groups.some(({ diagnostics }) => diagnostics.some((diagnostic) => diagnostic.code === "invalid-json")));
  assert.deepEqual(updates[1]!.groups, updates[0]!.groups);
});
