// comparisonView: the changes view's model (NEW's preview model with removed rows put back) and its
// marks by place, on small documents built for each case.
import { test } from "node:test";
import assert from "node:assert/strict";
import { analyze } from "../../shared/src/index";
import { compareDocuments } from "../../shared/src/compare/index";
import { comparisonView, viewSummary, type ComparisonView } from "../../shared/src/compare/view";
import { buildPresentation } from "../../shared/src/render/presentation";
import { buildPreviewModel } from "../../shared/src/render/previewModel";

type Doc = Record<string, any>;

function small(): Doc {
  return {
    formatVersion: "0.2",
    entity: { name: "Test Ltd" },
    scope: { label: "Company" },
    units: [{ id: "u", label: "USD", measure: "USD", scale: 3 }],
    periods: [
      { id: "p1", kind: "instant", date: "2024-12-31" },
      { id: "p2", kind: "instant", date: "2025-12-31" },
    ],
    statements: [
      {
        id: "bs",
        label: "Balance sheet",
        periods: ["p1", "p2"],
        items: [
          { id: "cash", label: "Cash", unit: "u", values: { p1: "100", p2: "120" }, rollupTo: "total" },
          { id: "recv", label: "Receivables", unit: "u", values: { p1: "50", p2: "80" }, rollupTo: "total" },
          { id: "other", label: "Other", unit: "u", values: { p1: "0", p2: null } },
          { id: "total", label: "Total", unit: "u", values: { p1: "150", p2: "200" } },
        ],
      },
    ],
  };
}

function view(old: Doc, now: Doc): ComparisonView {
  const oldResult = analyze(old).result;
  const newResult = analyze(now).result;
  const comparison = compareDocuments({ value: old, result: oldResult }, { value: now, result: newResult });
  return comparisonView(comparison, old, now, buildPreviewModel(buildPresentation(now, newResult)), "old.json", "new.json");
}

const labels = (result: ComparisonView) => result.model.statements[0]?.rows.map((row) => row.label);

test("the same document: no marks, the summary says so, the model is NEW's", () => {
  const result = view(small(), small());
  assert.deepEqual(result.rows, []);
  assert.deepEqual(result.cells, []);
  assert.equal(result.counts.total, 0);
  assert.equal(viewSummary(result.counts), "No changes in meaning.");
  assert.deepEqual(labels(result), ["Cash", "Receivables", "Other", "Total"]);
});

test("a changed cell: old → new with the exact difference, and the subtotal that stopped adding up", () => {
  const now = small();
  now.statements[0].items[0].values.p2 = "121.5";
  const result = view(small(), now);
  const cash = result.cells.find((cell) => cell.row === 0 && cell.column === 1);
  assert.deepEqual(cash?.value, { old: { kind: "value", value: "120" }, difference: "1.5", relativePercent: "1.25" });
  const total = result.cells.find((cell) => cell.row === 3 && cell.column === 1);
  assert.equal(total?.rollup?.outcome, "fails");
  assert.match(total?.rollup?.old ?? "", /adds up/);
  assert.match(total?.rollup?.new ?? "", /does not add up/);
  assert.deepEqual(
    result.rows.map((row) => [row.row, row.mark]),
    [
      [0, "changed"],
      [3, "changed"],
    ],
  );
  assert.equal(result.counts.values, 1);
  assert.equal(result.counts.fails, 1);
  assert.equal(viewSummary(result.counts), "2 changes: 1 value changed, 1 subtotal stopped adding up");
});

test("a child made unavailable: its subtotal can no longer be checked, which is not 'stopped adding up', and the child is named by its label", () => {
  const now = small();
  now.statements[0].items[0].values.p2 = { unavailable: true };
  const result = view(small(), now);
  const total = result.cells.find((cell) => cell.row === 3 && cell.column === 1);
  assert.equal(total?.rollup?.outcome, "unchecked");
  assert.match(total?.rollup?.new ?? "", /not evaluated: Cash has an unavailable value/);
  assert.deepEqual([result.counts.fails, result.counts.unchecked, result.counts.better], [0, 1, 0]);
  assert.equal(viewSummary(result.counts), "2 changes: 1 value changed, 1 subtotal can no longer be checked");
});

test("a failing subtotal whose child becomes unavailable is not counted as adding up now", () => {
  const old = small();
  old.statements[0].items[0].values.p2 = "121";
  const now = small();
  now.statements[0].items[0].values.p2 = { unavailable: true };
  const result = view(old, now);
  const total = result.cells.find((cell) => cell.row === 3 && cell.column === 1);
  assert.equal(total?.rollup?.outcome, "unchecked");
  assert.equal(result.counts.better, 0);
});

test("a removed row is put back where it stood, with OLD's values, and marked removed", () => {
  const now = small();
  now.statements[0].items.splice(1, 1);
  now.statements[0].items[2].values = { p1: "100", p2: "120" };
  const result = view(small(), now);
  assert.deepEqual(labels(result), ["Cash", "Receivables", "Other", "Total"]);
  const removed = result.rows.find((row) => row.mark === "removed");
  assert.equal(removed?.row, 1);
  const row = result.model.statements[0]?.rows[1];
  assert.deepEqual(
    row?.cells.map((cell) => cell.value),
    ["50", "80"],
  );
  // It points at the NEW row before it; the rows after it are marked at their shifted places.
  assert.equal(row?.pointer, "/statements/0/items/0");
  assert.ok(result.cells.some((cell) => cell.row === 3 && cell.column === 0 && cell.value?.old.value === "150"));
});

test("added and moved rows, a renamed period's removed row, and a null transition", () => {
  const old = small();
  const now = small();
  now.periods[1].id = "fy25";
  now.statements[0].periods = ["p1", "fy25"];
  for (const item of now.statements[0].items) {
    item.values.fy25 = item.values.p2;
    delete item.values.p2;
  }
  const [other] = now.statements[0].items.splice(2, 1);
  now.statements[0].items.unshift(other);
  now.statements[0].items.push({ id: "new", label: "New row", unit: "u", values: { p1: "1", fy25: null } });
  now.statements[0].items = now.statements[0].items.filter((item: Doc) => item.id !== "recv");
  now.statements[0].items.find((item: Doc) => item.id === "cash").values.fy25 = null;
  const result = view(old, now);
  const marks = new Map(result.rows.map((row) => [result.model.statements[0]?.rows[row.row]?.label, row.mark]));
  assert.equal(marks.get("Other"), "moved");
  assert.equal(marks.get("New row"), "added");
  assert.equal(marks.get("Receivables"), "removed");
  const receivables = result.model.statements[0]?.rows.find((row) => row.label === "Receivables");
  assert.deepEqual(
    receivables?.cells.map((cell) => [cell.kind, cell.value]),
    [
      ["value", "50"],
      ["value", "80"],
    ],
  );
  const cashRow = result.model.statements[0]?.rows.findIndex((row) => row.label === "Cash");
  const cash = result.cells.find((cell) => cell.row === cashRow && cell.column === 1);
  assert.deepEqual(cash?.value?.old, { kind: "value", value: "120" });
  assert.equal(cash?.value?.difference, undefined);
  assert.ok(result.lines.some((line) => /renamed/.test(line)));
});

test("a rescaled unit with the same amounts: a unit line and no cell marks", () => {
  const now = small();
  now.units[0].scale = 0;
  for (const item of now.statements[0].items) {
    for (const [period, value] of Object.entries(item.values)) if (typeof value === "string" && value !== "0") item.values[period] = `${value}000`;
  }
  const result = view(small(), now);
  assert.deepEqual(result.cells, []);
  assert.ok(result.lines.some((line) => /scale 3 → 0/.test(line)));
});
