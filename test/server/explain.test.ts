// The rollup causes and views over the protocol, as an editor sees them: the hover of a failing
// subtotal, related information, quick fixes applied and re-validated, source.fixAll.fs, inlay
// hints, call hierarchy, document highlight and the Rollups tree request.
import { test } from "node:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import assert from "node:assert/strict";
import {
  CallHierarchyIncomingCallsRequest,
  CallHierarchyOutgoingCallsRequest,
  CallHierarchyPrepareRequest,
  CodeActionRequest,
  DocumentHighlightKind,
  DocumentHighlightRequest,
  HoverRequest,
  InlayHintRequest,
  type CodeAction,
  type Diagnostic,
  type MarkupContent,
} from "vscode-languageserver-protocol/node";
import { CellExplanationRequest, RollupTreeRequest, type RollupTreeResult } from "../../protocol/lsp";
import { recordSnapshot } from "../../shared/src/index";
import { textOf } from "../engine/explainDocs";
import { repoRoot } from "../support/paths";
import { applyTextEdits, editsFor, serveThisFile, type ServerUnderTest } from "./harness";
import { offsetOf, positionAt, positionOf, textAt } from "./text-positions";

let server: ServerUnderTest;
let counter = 0;
serveThisFile((started) => {
  server = started;
});

// Gross profit 3,760 = Revenue 5,000 + Cost of sales 1,240 fails: Cost of sales has the wrong sign.
const signText = textOf(
  [
    { id: "revenue", label: "Revenue", values: ["5000", "4800"], rollupTo: "gross" },
    { id: "cos", label: "Cost of sales", values: ["1240", "-1100"], rollupTo: "gross" },
    { id: "gross", label: "Gross profit", values: ["3760", "3700"] },
    { id: "interest", label: "Interest", values: ["7", "7"] },
  ],
  { periods: ["fy2025", "fy2024"] },
);

async function open(text: string): Promise<{ uri: string; diagnostics: Diagnostic[] }> {
  const uri = `file:///explain/doc-${counter++}.json`;
  const { diagnostics } = await server.open(uri, text);
  return { uri, diagnostics };
}

const rollupDiagnostic = (diagnostics: Diagnostic[]): Diagnostic => {
  const found = diagnostics.find((diagnostic) => diagnostic.code === "rollup-unsatisfied");
  assert.ok(found !== undefined, "a rollup-unsatisfied diagnostic");
  return found;
};

test("the failing subtotal's likely causes, in a reviewer's words, are shown once: by its diagnostic, above the hover's line of its children", async () => {
  const { uri, diagnostics } = await open(signText);
  const related = (rollupDiagnostic(diagnostics).relatedInformation ?? []).map((information) => information.message);
  assert.deepEqual(related, [
    "Likely cause: Cost of sales (1,240) has the wrong sign? With it negated the total holds.",
    "Likely cause: Gross profit holds in fy2024, which points at a typing error in fy2025.",
  ]);
  // VS Code shows the diagnostic (its message and related information) above the hover: the
  // hover repeats neither the causes nor the message: it lists the children's values.
  const hover = await server.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: positionOf(signText, '"3760"') });
  const value = (hover?.contents as MarkupContent).value;
  assert.doesNotMatch(value, /Likely cause|wrong sign|typing error|not satisfied/);
  assert.match(value, /Cost of sales\u00a01,240/);
  const satisfied = await server.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: positionOf(signText, '"3700"') });
  assert.doesNotMatch((satisfied?.contents as MarkupContent).value, /Likely causes/);
});

test("the rollup diagnostic's related information points each cause at the item concerned", async () => {
  const { diagnostics } = await open(signText);
  const rollup = rollupDiagnostic(diagnostics);
  const first = rollup.relatedInformation?.[0];
  assert.ok(first !== undefined);
  assert.equal(first.message, "Likely cause: Cost of sales (1,240) has the wrong sign? With it negated the total holds.");
  assert.equal(textAt(signText, first.location.range), '"1240"');
});

async function quickFixes(uri: string, diagnostic: Diagnostic): Promise<CodeAction[]> {
  const result = await server.connection.sendRequest(CodeActionRequest.type, { textDocument: { uri }, range: diagnostic.range, context: { diagnostics: [diagnostic] } });
  return (result ?? []) as CodeAction[];
}

test("quick fixes for each single-edit cause and the sum; each, applied, makes the rollup hold", async () => {
  const { uri, diagnostics } = await open(signText);
  const actions = await quickFixes(uri, rollupDiagnostic(diagnostics));
  const titles = actions.map((action) => action.title);
  assert.ok(titles.includes("Negate Cost of sales (1,240 → -1,240)"), titles.join("\n"));
  assert.equal(titles[titles.length - 1], "Set Gross profit to the sum of its children (6,240)");
  for (const action of actions) {
    const fixed = applyTextEdits(signText, editsFor(action.edit, uri));
    const after = await open(fixed);
    assert.ok(!after.diagnostics.some((diagnostic) => diagnostic.code === "rollup-unsatisfied"), `${action.title}: the rollup holds`);
  }
});

test("a child edited since the snapshot recorded its subtotal adding up: the first likely cause is the subtotal not updated, after each value edit as after a fresh open", async () => {
  const consistent = textOf([
    { id: "cash", label: "Cash", values: ["100"], rollupTo: "total" },
    { id: "receivables", label: "Receivables", values: ["40"], rollupTo: "total" },
    { id: "total", label: "Total assets", values: ["140"] },
  ]);
  const text = recordSnapshot(consistent, JSON.parse(consistent))!.text;
  const { uri, diagnostics } = await open(text);
  assert.equal(diagnostics.filter((diagnostic) => diagnostic.code === "rollup-unsatisfied").length, 0);
  const edit = async (version: number, from: string, to: string, before: string): Promise<{ after: string; diagnostics: Diagnostic[] }> => {
    const start = offsetOf(before, `"fy2025": "${from}"`) + '"fy2025": "'.length;
    const range = { start: positionAt(before, start), end: positionAt(before, start + from.length) };
    const after = before.slice(0, start) + to + before.slice(start + from.length);
    return { after, diagnostics: (await server.change(uri, version, [{ range, text: to }])).diagnostics };
  };
  const notUpdated = "Likely cause: Total assets was not updated? It added up at 140 when the snapshot was recorded, and its children changed since; set to their sum";
  const first = await edit(2, "40", "65", text);
  assert.equal(rollupDiagnostic(first.diagnostics).relatedInformation?.[0]?.message, `${notUpdated} (165), the total holds.`);
  const second = await edit(3, "65", "70", first.after);
  const related = rollupDiagnostic(second.diagnostics).relatedInformation ?? [];
  assert.equal(related[0]?.message, `${notUpdated} (170), the total holds.`);
  assert.equal(textAt(second.after, related[0]!.location.range), '"140"');
  const actions = await quickFixes(uri, rollupDiagnostic(second.diagnostics));
  assert.deepEqual(
    actions.map((action) => [action.title, action.isPreferred === true]),
    [["Set Total assets to the sum of its children (170)", true]],
  );
  // The same text opened afresh: the same causes (they depend on the text alone).
  assert.deepEqual(
    (await open(second.after)).diagnostics.find((diagnostic) => diagnostic.code === "rollup-unsatisfied")?.relatedInformation?.map((information) => information.message),
    related.map((information) => information.message),
  );
  // The total edited since the snapshot too (to a value that still does not add up): no longer named.
  const third = await edit(4, "140", "150", second.after);
  assert.ok(!(rollupDiagnostic(third.diagnostics).relatedInformation ?? []).some((information) => /not updated/.test(information.message)));
});

// Published figures rounded line by line: Operating profit states 101 where its children sum to
// 100, and Profit before tax was added up from the stated 101 (as in the walkthrough's example).
const roundedRows = [
  { id: "gross", label: "Gross profit", values: ["160"], rollupTo: "operating" },
  { id: "costs", label: "Costs", values: ["-60"], rollupTo: "operating" },
  { id: "operating", label: "Operating profit", values: ["101"], rollupTo: "before-tax" },
  { id: "finance", label: "Finance income", values: ["5"], rollupTo: "before-tax" },
  { id: "before-tax", label: "Profit before tax", values: ["106"] },
];

for (const tolerance of [undefined, "0.5"]) {
  test(`a rounding difference offers its unit's tolerance (${tolerance === undefined ? "none stated" : `stated ${tolerance}`}): applied, every subtotal holds; the sum moves the difference up a level`, async () => {
    const text = textOf(roundedRows, tolerance === undefined ? {} : { tolerance });
    const { uri, diagnostics } = await open(text);
    const failing = diagnostics.filter((diagnostic) => diagnostic.code === "rollup-unsatisfied");
    assert.equal(failing.length, 1);
    const actions = await quickFixes(uri, failing[0]!);
    const titles = actions.map((action) => action.title);
    const accept = actions.find((action) => action.title === "Accept rounding: set the tolerance of US dollars to 1 (every subtotal in it)");
    assert.ok(accept !== undefined, titles.join("\n"));
    assert.notEqual(accept.isPreferred, true, "a guess is never preferred");
    const accepted = applyTextEdits(text, editsFor(accept.edit, uri));
    assert.equal((JSON.parse(accepted) as { units: { defaultTolerance?: string }[] }).units[0]?.defaultTolerance, "1");
    assert.deepEqual(
      (await open(accepted)).diagnostics.filter((diagnostic) => diagnostic.code === "rollup-unsatisfied"),
      [],
    );
    const sum = actions.find((action) => action.title === "Set Operating profit to the sum of its children (100)");
    assert.ok(sum !== undefined, titles.join("\n"));
    const summed = (await open(applyTextEdits(text, editsFor(sum.edit, uri)))).diagnostics.filter((diagnostic) => diagnostic.code === "rollup-unsatisfied");
    assert.deepEqual(
      summed.map((diagnostic) => typeof diagnostic.message === "string" && /Profit before tax/.test(diagnostic.message)),
      [true],
    );
  });
}

test("the walkthrough's example: one fix at its first failing subtotal leaves every subtotal adding up, and Profit for the year the same in both statements", async () => {
  // Operating profit is stated 1 above its children (a transcription error); Profit before tax was
  // added up from the true figure, so it fails only through the stated Operating profit.
  const text = readFileSync(join(repoRoot, "fixtures/examples/northwind-group.json"), "utf8");
  const { uri, diagnostics } = await open(text);
  const failing = diagnostics.filter((diagnostic) => diagnostic.code === "rollup-unsatisfied");
  failing.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
  assert.deepEqual(
    failing.map((diagnostic) => /^(Operating profit|Profit before tax) fy2025/.exec(String(diagnostic.message))?.[1]),
    ["Operating profit", "Profit before tax"],
  );
  const actions = await quickFixes(uri, failing[0]!);
  const titles = actions.map((action) => action.title);
  for (const title of ["Set Operating profit to the sum of its children (18,110)", "Accept rounding: set the tolerance of GBP thousands to 1 (every subtotal in it)"]) {
    const action = actions.find((candidate) => candidate.title === title);
    assert.ok(action !== undefined, `${title} among ${titles.join(" | ")}`);
    const fixed = applyTextEdits(text, editsFor(action.edit, uri));
    const left = (await open(fixed)).diagnostics.filter((diagnostic) => diagnostic.code === "rollup-unsatisfied");
    assert.deepEqual(
      left.map((diagnostic) => diagnostic.message),
      [],
      `${title}: no subtotal fails`,
    );
    const statements = (JSON.parse(fixed) as { statements: { id: string; items: { id: string; values: Record<string, unknown> }[] }[] }).statements;
    const profit = (statement: string) => statements.find((candidate) => candidate.id === statement)?.items.find((item) => item.id === "profit-for-the-year")?.values.fy2025;
    assert.equal(profit("income-statement"), profit("cash-flow-statement"), `${title}: Profit for the year agrees`);
  }
});

test("source.fixAll.fs applies the safe fixes only: a JSON number becomes its decimal string, the failing total stays as stated", async () => {
  const text = signText.replace('"fy2025": "5000"', '"fy2025": 5000.0');
  const { uri } = await open(text);
  const result = await server.connection.sendRequest(CodeActionRequest.type, {
    textDocument: { uri },
    range: { start: positionAt(text, 0), end: positionAt(text, 0) },
    context: { diagnostics: [], only: ["source.fixAll"] },
  });
  const actions = (result ?? []) as CodeAction[];
  assert.deepEqual(
    actions.map((action) => action.kind),
    ["source.fixAll.fs"],
  );
  const fixed = applyTextEdits(text, editsFor(actions[0]!.edit, uri));
  assert.equal(fixed, signText, "only the number changed, into the string of the same amount");
  const after = await open(fixed);
  assert.ok(
    after.diagnostics.some((diagnostic) => diagnostic.code === "rollup-unsatisfied"),
    "value-changing fixes never run unasked",
  );
  const none = await server.connection.sendRequest(CodeActionRequest.type, {
    textDocument: { uri: after.uri },
    range: rollupDiagnostic(after.diagnostics).range,
    context: { diagnostics: [], only: ["source.fixAll"] },
  });
  assert.deepEqual(none, []);
});

test("an inlay hint after a failing subtotal's value shows the children's sum and the difference", async () => {
  const { uri } = await open(signText);
  const hints = await server.connection.sendRequest(InlayHintRequest.type, {
    textDocument: { uri },
    range: { start: positionAt(signText, 0), end: positionAt(signText, signText.length) },
  });
  assert.ok(hints !== null);
  assert.deepEqual(
    hints.map((hint) => hint.label),
    ["Σ 6,240 (off by -2,480)"],
  );
  assert.deepEqual(hints[0]!.position, positionOf(signText, '"3760"', 0, 6), "just after the value");
});

test("call hierarchy: a subtotal's incoming calls are its children, a child's outgoing call is its parent", async () => {
  const { uri } = await open(signText);
  const prepared = await server.connection.sendRequest(CallHierarchyPrepareRequest.type, { textDocument: { uri }, position: positionOf(signText, '"gross"', 2) });
  assert.ok(prepared !== null && prepared.length === 1);
  assert.equal(prepared[0]!.name, "Gross profit");
  assert.equal(textAt(signText, prepared[0]!.selectionRange), '"gross"');
  const incoming = await server.connection.sendRequest(CallHierarchyIncomingCallsRequest.type, { item: prepared[0]! });
  assert.deepEqual(
    incoming?.map((call) => call.from.name),
    ["Revenue", "Cost of sales"],
  );
  assert.deepEqual(
    incoming?.map((call) => textAt(signText, call.fromRanges[0]!)),
    ['"gross"', '"gross"'],
  );
  const child = await server.connection.sendRequest(CallHierarchyPrepareRequest.type, { textDocument: { uri }, position: positionOf(signText, '"1240"') });
  const outgoing = await server.connection.sendRequest(CallHierarchyOutgoingCallsRequest.type, { item: child![0]! });
  assert.deepEqual(
    outgoing?.map((call) => call.to.name),
    ["Gross profit"],
  );
  assert.deepEqual(await server.connection.sendRequest(CallHierarchyOutgoingCallsRequest.type, { item: prepared[0]! }), []);
});

test("document highlight: the cursor on an item highlights it, its parent and its children", async () => {
  const { uri } = await open(signText);
  const highlights = await server.connection.sendRequest(DocumentHighlightRequest.type, { textDocument: { uri }, position: positionOf(signText, '"1240"') });
  assert.deepEqual(
    highlights?.map((highlight) => [textAt(signText, highlight.range), highlight.kind]),
    [
      ['"cos"', DocumentHighlightKind.Write],
      ['"gross"', DocumentHighlightKind.Read],
    ],
  );
  const total = await server.connection.sendRequest(DocumentHighlightRequest.type, { textDocument: { uri }, position: positionOf(signText, '"Gross profit"') });
  assert.deepEqual(
    total?.map((highlight) => textAt(signText, highlight.range)),
    ['"gross"', '"revenue"', '"cos"'],
  );
  const alone = await server.connection.sendRequest(DocumentHighlightRequest.type, { textDocument: { uri }, position: positionOf(signText, '"Interest"') });
  assert.deepEqual(alone, []);
});

test("the Rollups tree request: statements, subtotals with their status and problems, children, and source ranges", async () => {
  const { uri } = await open(signText);
  const tree = await server.connection.sendRequest<RollupTreeResult | null>(RollupTreeRequest.method, { uri });
  assert.ok(tree !== null);
  assert.equal(tree.statements.length, 1);
  const statement = tree.statements[0]!;
  assert.equal(statement.status, "unsatisfied");
  assert.deepEqual(
    statement.subtotals.map((subtotal) => [subtotal.id, subtotal.status, subtotal.problems]),
    [["gross", "unsatisfied", ["2025-01-01 – 2025-12-31: off by -2,480"]]],
  );
  assert.deepEqual(
    statement.subtotals[0]!.children.map((child) => child.label),
    ["Revenue", "Cost of sales"],
  );
  assert.equal(textAt(signText, statement.subtotals[0]!.range), '"gross"');
  assert.equal(await server.connection.sendRequest(RollupTreeRequest.method, { uri: "file:///explain/not-open.json" }), null);
});

test("fs/cellExplanation over the protocol: the preview's failing cell is explained for its model version, nothing for another", async () => {
  const { uri } = await open(signText);
  const pointer = "/statements/0/items/2/values/fy2025";
  const explanation = await server.connection.sendRequest(CellExplanationRequest, { uri, modelVersion: 1, pointer });
  assert.equal(explanation?.summary, "Gross profit 2025-01-01 – 2025-12-31: 3,760 stated, children sum to 6,240 (difference -2,480, tolerance 0).");
  assert.deepEqual(explanation?.causes[0], { text: "Cost of sales (1,240) has the wrong sign? With it negated the total holds.", pointer: "/statements/0/items/1/values/fy2025" });
  assert.equal(await server.connection.sendRequest(CellExplanationRequest, { uri, modelVersion: 7, pointer }), null);
});
