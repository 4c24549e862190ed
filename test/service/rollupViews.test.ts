// The server's pure rollup services, called in-process on an analysis: every quick-fix kind applied
// and re-validated, fixAll, inlay-hint modes, call hierarchy data, highlights and the tree.
import { test } from "node:test";
import assert from "node:assert/strict";
import { TextDocument } from "vscode-languageserver-textdocument";
import { applyOffsetEdits, type ApplicationKey } from "../../shared/src/index";
import { DocumentAnalysis, type ParsedVersion } from "../../server/src/analysis";
import { hierarchyItem, incomingCalls, itemAtOffset, outgoingCalls, resolveItem } from "../../server/src/service/callHierarchy";
import { rollupHighlights } from "../../server/src/service/documentHighlight";
import { fixAllEdit } from "../../server/src/service/fixAll";
import { rollupSumHints } from "../../server/src/service/inlayHints";
import { causesMarkdown, rollupFixes } from "../../server/src/service/rollupCauses";
import { rollupTree } from "../../server/src/service/rollupTree";
import { failingFirst, rollupSeverity, statusIcon } from "../../client/src/rollups/order";
import { textOf, type Options, type Row } from "../engine/explainDocs";

function goodOf(text: string): ParsedVersion {
  const good = DocumentAnalysis.of(TextDocument.create("file:///service.json", "json", 1, text), undefined).parsed;
  assert.ok(good !== undefined, "the text parses");
  return good;
}

const key = (parent = "total", period = "fy2025"): ApplicationKey => ({ statement: "is", parent, period });

function statusAfter(text: string, at = key()): string | undefined {
  const good = goodOf(text);
  return good.analysis.result.calculations.applications.find((application) => application.key.parent === at.parent && application.key.period === at.period)?.status;
}

/** Applies the fix with this title and validates: the rollup holds. */
function applyTitled(rows: Row[], title: RegExp, options: Options = {}): string {
  const text = textOf(rows, options);
  const fixes = rollupFixes(goodOf(text), key());
  const fix = fixes.find((candidate) => title.test(candidate.title));
  assert.ok(fix !== undefined, `a fix ${String(title)} among ${JSON.stringify(fixes.map((candidate) => candidate.title))}`);
  const fixed = applyOffsetEdits(text, fix.edits);
  assert.equal(statusAfter(fixed), "satisfied", `${fix.title} makes the rollup hold`);
  return fixed;
}

test("every kind of quick fix, applied to the text, makes the rollup hold", () => {
  applyTitled(
    [
      { id: "a", label: "Sales", values: ["100"], rollupTo: "total" },
      { id: "b", label: "Costs", values: ["40"], rollupTo: "total" },
      { id: "total", values: ["60"] },
    ],
    /^Negate Costs \(40 → -40\)$/,
  );
  const removed = applyTitled(
    [
      { id: "a", values: ["100"], rollupTo: "total" },
      { id: "b", label: "Fees", values: ["3"], rollupTo: "total" },
      { id: "total", label: "Total", values: ["100"] },
    ],
    /^Remove Fees from Total \(delete its rollupTo\)$/,
  );
  assert.equal(JSON.parse(removed).statements[0].items[1].rollupTo, undefined);
  const rolled = applyTitled(
    [
      { id: "a", values: ["100"], rollupTo: "total" },
      { id: "x", label: "Extra", values: ["7"] },
      { id: "total", label: "Total", values: ["107"] },
    ],
    /^Roll Extra up to Total$/,
  );
  assert.equal(JSON.parse(rolled).statements[0].items[1].rollupTo, "total");
  assert.match(rolled, /"values": \{\n\s+"fy2025": "7"\n\s+\},\n\s+"rollupTo": "total"\n/, "inserted as a member of its own line, indented like its neighbours");
  applyTitled(
    [
      { id: "a", values: ["100"], rollupTo: "total" },
      { id: "x", label: "Extra", values: ["7"], rollupTo: "other" },
      { id: "other", values: ["7"] },
      { id: "total", label: "Total", values: ["107"] },
    ],
    /^Roll Extra up to Total$/,
  );
  applyTitled(
    [
      { id: "a", label: "Sales", values: ["1324"], rollupTo: "total" },
      { id: "b", values: ["10"], rollupTo: "total" },
      { id: "total", values: ["1244"] },
    ],
    /^Swap the digits of Sales \(1,324 → 1,234\)$/,
  );
  applyTitled(
    [
      { id: "a", label: "Sales", values: ["2.5"], rollupTo: "total" },
      { id: "b", values: ["10"], rollupTo: "total" },
      { id: "total", values: ["2510"] },
    ],
    /^Fix the scale of Sales \(2\.5 → 2,500\)$/,
  );
  applyTitled(
    [
      { id: "a", values: ["1.25"], rollupTo: "total" },
      { id: "b", values: ["3.5"], rollupTo: "total" },
      { id: "total", label: "Total", values: ["9"] },
    ],
    /^Set Total to the sum of its children \(4\.75\)$/,
  );
});

test("the single likely fix is preferred; with several, none is; the sum is always last", () => {
  const one = rollupFixes(
    goodOf(
      textOf([
        { id: "a", values: ["100"], rollupTo: "total" },
        { id: "x", values: ["7"] },
        { id: "total", values: ["107"] },
      ]),
    ),
    key(),
  );
  assert.deepEqual(
    one.map((fix) => fix.preferred),
    [true, false],
  );
  const several = rollupFixes(
    goodOf(
      textOf([
        { id: "a", values: ["100"], rollupTo: "total" },
        { id: "b", values: ["50"], rollupTo: "total" },
        { id: "total", values: ["50"] },
      ]),
    ),
    key(),
  );
  assert.ok(several.length > 2);
  assert.ok(several.every((fix) => !fix.preferred));
  assert.match(several[several.length - 1]!.title, /^Set total to the sum of its children \(150\)$/);
  assert.deepEqual(
    rollupFixes(
      goodOf(
        textOf([
          { id: "a", values: ["1"], rollupTo: "total" },
          { id: "total", values: ["1"] },
        ]),
      ),
      key(),
    ),
    [],
    "nothing for a satisfied rollup",
  );
});

test("causes in the hover are Markdown-escaped author text", () => {
  const good = goodOf(
    textOf([
      { id: "a", label: "Sales *net* | <b>", values: ["100"], rollupTo: "total" },
      { id: "b", label: "Costs", values: ["40"], rollupTo: "total" },
      { id: "total", values: ["60"] },
    ]),
  );
  const markdown = causesMarkdown(good, key());
  assert.ok(markdown !== undefined);
  assert.match(markdown, /Costs \(40\) has the wrong sign\?/);
  assert.doesNotMatch(markdown, /<b>/);
});

test("fixAll: one edit with every safe fix, none on a clean text, nothing value-changing", () => {
  const clean = textOf([
    { id: "a", values: ["100"], rollupTo: "total" },
    { id: "total", values: ["99"] },
  ]);
  assert.equal(fixAllEdit(goodOf(clean)), undefined);
  const messy = clean.replace('"fy2025": "100"', '"fy2025": 1e2').replace('"fy2025": "99"', '"fy2025": 99.0');
  const edit = fixAllEdit(goodOf(messy));
  assert.ok(edit !== undefined);
  assert.equal(edit.count, 2);
  assert.equal(applyOffsetEdits(messy, edit.edits), clean);
});

test("inlay hints: when different (default), always, or never; and only in the requested range", () => {
  const text = textOf(
    [
      { id: "a", values: ["1000", "5"], rollupTo: "total" },
      { id: "b", values: ["234", "5"], rollupTo: "total" },
      { id: "total", values: ["1240", "10"] },
    ],
    { periods: ["fy2025", "fy2024"] },
  );
  const good = goodOf(text);
  assert.deepEqual(
    rollupSumHints(good, "whenDifferent").map((hint) => hint.label),
    ["Σ 1,234 (off by 6)"],
  );
  assert.deepEqual(
    rollupSumHints(good, "always").map((hint) => hint.label),
    ["Σ 1,234 (off by 6)", "Σ 10"],
  );
  assert.deepEqual(rollupSumHints(good, "never"), []);
  const hint = rollupSumHints(good, "whenDifferent")[0]!;
  assert.equal(text.slice(hint.offset - 6, hint.offset), '"1240"');
  assert.deepEqual(rollupSumHints(good, "always", hint.offset + 1), [rollupSumHints(good, "always")[1]]);
});

test("call hierarchy and highlight: items found from any offset inside them; stale hierarchy data resolves to nothing", () => {
  const text = textOf([
    { id: "a", label: "A", values: ["1"], rollupTo: "mid" },
    { id: "mid", label: "Mid", values: ["1"], rollupTo: "top" },
    { id: "top", label: "Top", values: ["1"] },
  ]);
  const good = goodOf(text);
  const document = TextDocument.create("file:///service.json", "json", 1, text);
  const mid = itemAtOffset(good, text.indexOf('"Mid"'));
  assert.equal(mid?.item.id, "mid");
  const item = hierarchyItem(good, document, mid!)!;
  assert.deepEqual(
    incomingCalls(good, document, mid!).map((call) => call.from.name),
    ["A"],
  );
  assert.deepEqual(
    outgoingCalls(good, document, mid!).map((call) => call.to.name),
    ["Top"],
  );
  assert.equal(resolveItem(good, item.data)?.item.id, "mid");
  assert.equal(resolveItem(good, { ...(item.data as object), id: "renamed" }), undefined);
  assert.equal(resolveItem(good, "nonsense"), undefined);
  assert.equal(itemAtOffset(good, text.indexOf('"formatVersion"')), undefined);
  assert.deepEqual(
    rollupHighlights(good, document, text.indexOf('"Mid"')).map((highlight) => text.slice(document.offsetAt(highlight.range.start), document.offsetAt(highlight.range.end))),
    ['"mid"', '"top"', '"a"'],
  );
});

test("the rollup tree: statuses per subtotal and statement, not-checked while the document does not conform; failing first keeps document order within a status", () => {
  const rows: Row[] = [
    { id: "a", values: ["1"], rollupTo: "ok" },
    { id: "ok", values: ["1"], rollupTo: "bad" },
    { id: "b", values: [null], rollupTo: "broken" },
    { id: "broken", values: ["1"] },
    { id: "bad", values: ["5"] },
  ];
  const text = textOf(rows);
  const document = TextDocument.create("file:///service.json", "json", 1, text);
  const tree = rollupTree(goodOf(text), document);
  assert.deepEqual(
    tree[0]!.subtotals.map((subtotal) => [subtotal.id, subtotal.status]),
    [
      ["ok", "satisfied"],
      ["broken", "error"],
      ["bad", "unsatisfied"],
    ],
  );
  assert.equal(tree[0]!.status, "error");
  // Each problem names its period as the preview's heading does and says the reason in words, not
  // "fy2025: cannot be checked (missing-value)".
  assert.deepEqual(
    tree[0]!.subtotals.map((subtotal) => subtotal.problems),
    [[], ["2025-01-01 – 2025-12-31: cannot be checked (missing value)"], ["2025-01-01 – 2025-12-31: off by 4"]],
  );
  assert.deepEqual(tree[0]!.subtotals[2]!.children, [{ id: "ok", label: "ok", status: "satisfied", range: tree[0]!.subtotals[2]!.children[0]!.range }]);
  assert.deepEqual(
    failingFirst(tree[0]!.subtotals).map((subtotal) => subtotal.id),
    ["bad", "broken", "ok"],
  );
  const nonconforming = text.replace('"unit": "usd"', '"unit": "nope"');
  const unchecked = rollupTree(goodOf(nonconforming), TextDocument.create("file:///service.json", "json", 1, nonconforming));
  assert.equal(unchecked[0]!.status, "not-checked");
  assert.ok(unchecked[0]!.subtotals.every((subtotal) => subtotal.status === "not-checked"));
});

test("Rollups view icons: a subtotal that does not add up wears the Problems panel's severity, one that cannot be checked a question mark in its colour", () => {
  // The default severity is a warning: a warning icon in the warning colour, not a red error ✗.
  assert.deepEqual(statusIcon("unsatisfied", rollupSeverity(undefined)), { id: "warning", color: "problemsWarningIcon.foreground" });
  assert.deepEqual(statusIcon("error", "warning"), { id: "question", color: "problemsWarningIcon.foreground" });
  assert.deepEqual(statusIcon("unsatisfied", "error"), { id: "error", color: "problemsErrorIcon.foreground" });
  assert.deepEqual(statusIcon("unsatisfied", "information"), { id: "info", color: "problemsInfoIcon.foreground" });
  assert.deepEqual(statusIcon("unsatisfied", "hint"), { id: "lightbulb" });
  assert.deepEqual(statusIcon("error", "hint"), { id: "question" });
  assert.deepEqual(statusIcon("unsatisfied", "off"), { id: "circle-outline" });
  assert.deepEqual(statusIcon("satisfied", "error"), { id: "pass", color: "testing.iconPassed" });
  assert.equal(rollupSeverity("nonsense"), "warning");
});
