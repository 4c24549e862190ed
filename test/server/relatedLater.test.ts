// A draft with hundreds of failing subtotals (issue 25): explaining each one's likely causes and
// locating them and its children's cells is most of the open's diagnostics, so the server first
// publishes the problems without related information, then, for the same version, whole. A few
// failing subtotals are published whole at once, and a later version ends whole, as a fresh
// analysis of its text gives it.

import { test } from "node:test";
import assert from "node:assert/strict";
import type { Diagnostic, PublishDiagnosticsParams } from "vscode-languageserver-protocol/node";
import { RELATED_LATER_MIN } from "../../server/src/service/diagnostics";
import { serveThisFile, startServer, type ServerUnderTest } from "./harness";

let server: ServerUnderTest;
serveThisFile((started) => {
  server = started;
});

/**
 * A document of `failing` subtotals, each stated as -3 over children of 1 and 2: each has a likely
 * cause (the subtotal's sign), which is its related information.
 */
function draft(failing: number): string {
  const items: unknown[] = [];
  for (let group = 0; group < failing; group++) {
    items.push({ id: `total-${group}`, label: `Total ${group}`, unit: "eur", values: { fy2025: "-3" } });
    for (const [child, value] of [
      ["a", "1"],
      ["b", "2"],
    ])
      items.push({ id: `line-${group}-${child}`, label: `Line ${group} ${child}`, unit: "eur", values: { fy2025: value }, rollupTo: `total-${group}` });
  }
  const document = {
    $schema: "https://cpaikr.github.io/fs/schema/0.2/fs-document.schema.json",
    formatVersion: "0.2",
    documentId: `draft-${failing}`,
    entity: { id: "draft", name: "Draft AG" },
    scope: { id: "consolidated", label: "Consolidated" },
    units: [{ id: "eur", label: "EUR", measure: "EUR", scale: 0 }],
    periods: [{ id: "fy2025", kind: "duration", start: "2025-01-01", end: "2025-12-31" }],
    statements: [{ id: "income", label: "Income statement", periods: ["fy2025"], items }],
  };
  return JSON.stringify(document, null, 2);
}

const failingOf = (params: PublishDiagnosticsParams): Diagnostic[] => params.diagnostics.filter((diagnostic) => diagnostic.code === "rollup-unsatisfied");
const hasRelated = (params: PublishDiagnosticsParams) => failingOf(params).every((diagnostic) => (diagnostic.relatedInformation?.length ?? 0) >= 1);
const withoutRelated = (list: Diagnostic[]) => list.map(({ relatedInformation: _, ...rest }) => rest);

test("hundreds of failing subtotals: the problems first, their related information right after, for the same version", async () => {
  const uri = "file:///related-later/draft.json";
  const failing = RELATED_LATER_MIN + 20;
  const whole = server.diagnostics(uri, (params) => params.version === 1 && params.diagnostics.length > 0 && hasRelated(params));
  const first = await server.open(uri, draft(failing), 1);
  assert.equal(failingOf(first).length, failing);
  assert.ok(
    failingOf(first).every((diagnostic) => diagnostic.relatedInformation === undefined),
    "the first publication carries no related information",
  );
  const second = await whole;
  assert.equal(second.version, first.version);
  // The same problems, now with each subtotal's likely causes as related information.
  assert.deepEqual(withoutRelated(second.diagnostics), withoutRelated(first.diagnostics));
  assert.ok(failingOf(second).every((diagnostic) => diagnostic.relatedInformation!.some((related) => related.message.startsWith("Likely cause: "))));

  // A value edit afterwards (in the same statement and period: every cause may change, so all are
  // explained again): whole too, equal to a fresh analysis of the edited text.
  const text = draft(failing);
  const at = text.indexOf('"fy2025": "1"');
  const lines = text.slice(0, at).split("\n");
  const start = { line: lines.length - 1, character: lines.at(-1)!.length + '"fy2025": "'.length };
  const editedWhole = server.diagnostics(uri, (params) => params.version === 2 && params.diagnostics.length > 0 && hasRelated(params));
  // "1" → "-5": that subtotal then adds up; every other one keeps its cause.
  await server.change(uri, 2, [{ range: { start, end: { line: start.line, character: start.character + 1 } }, text: "-5" }]);
  const fresh = server.diagnostics("file:///related-later/fresh.json", (params) => params.version === 1 && params.diagnostics.length > 0 && hasRelated(params));
  await server.open("file:///related-later/fresh.json", text.slice(0, at) + '"fy2025": "-5"' + text.slice(at + '"fy2025": "1"'.length), 1);
  assert.deepEqual((await editedWhole).diagnostics, JSON.parse(JSON.stringify((await fresh).diagnostics).replaceAll("file:///related-later/fresh.json", uri)) as Diagnostic[]);
});

test("a few failing subtotals: the first publication is whole", async () => {
  const first = await server.open("file:///related-later/few.json", draft(3), 1);
  assert.equal(failingOf(first).length, 3);
  assert.ok(hasRelated(first));
});

/**
 * Opens a draft of hundreds of failing subtotals on `on` and sends right behind the didOpen what VS
 * Code asks as it shows a document (the outline, the lenses and hints of the lines in view, code
 * actions at the cursor, a hover, highlights): every answer must come before the related information.
 */
async function openWithRequests(on: ServerUnderTest, uri: string): Promise<void> {
  const failing = RELATED_LATER_MIN + 200;
  const whole = on.diagnostics(uri, (params) => params.version === 1 && params.diagnostics.length > 0 && hasRelated(params));
  const first = on.diagnostics(uri, (params) => params.version === 1 && params.diagnostics.length > 0);
  const wholeYet = () => on.published.some((params) => params.uri === uri && params.diagnostics.length > 0 && hasRelated(params));
  void on.connection.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "json", version: 1, text: draft(failing) } });
  const view = { start: { line: 0, character: 0 }, end: { line: 60, character: 0 } };
  const asked = [
    on.connection.sendRequest("textDocument/documentSymbol", { textDocument: { uri } }),
    on.connection.sendRequest("textDocument/codeAction", { textDocument: { uri }, range: { start: view.start, end: view.start }, context: { diagnostics: [] } }),
    on.connection.sendRequest("textDocument/inlayHint", { textDocument: { uri }, range: view }),
    on.connection.sendRequest("fs/codeLenses", { uri, lines: [{ start: 0, end: 180 }] }),
    on.connection.sendRequest("textDocument/hover", { textDocument: { uri }, position: { line: 20, character: 10 } }),
    on.connection.sendRequest("textDocument/documentHighlight", { textDocument: { uri }, position: { line: 20, character: 10 } }),
  ].map((answer) => answer.then((result) => ({ result, afterWhole: wholeYet() })));
  const answers = await Promise.all(asked);
  assert.ok(failingOf(await first).every((diagnostic) => diagnostic.relatedInformation === undefined));
  assert.deepEqual(
    answers.map(({ afterWhole }) => afterWhole),
    answers.map(() => false),
    "every request answered before the related information came",
  );
  const lenses = answers[3]!.result as { lenses: unknown[] } | null;
  assert.ok(lenses !== null && lenses.lenses.length > 0, "the lenses answered are the document's");
  assert.ok(hasRelated(await whole));
}

test("the requests that came with the open are answered before the related information is built (stdio)", () => openWithRequests(server, "file:///related-later/requests.json"));

test("… and over node-ipc, as VS Code's client starts the server", async () => {
  const ipc = await startServer({}, {}, { transport: "node-ipc" });
  try {
    await openWithRequests(ipc, "file:///related-later/requests-ipc.json");
  } finally {
    await ipc.stop();
  }
});
