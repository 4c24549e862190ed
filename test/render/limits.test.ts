import { test } from "node:test";
import assert from "node:assert/strict";
import { buildPresentation, omittedStatements, RENDER_LIMITS, renderHtmlPage, renderStatementsHtml, renderTsv } from "../../shared/src/render";
import { upstreamJson } from "./upstream";

function wideDocument(periodCount: number, itemCount: number, mixedUnits = false): unknown {
  const periods = Array.from({ length: periodCount }, (_, i) => ({ id: `p${i}`, kind: "instant", date: "2025-12-31" }));
  const values = Object.fromEntries(periods.map((period) => [period.id, "1"]));
  return {
    entity: { name: "E" },
    scope: { label: "S" },
    units: [
      { id: "u", label: "U", measure: "m", scale: 0 },
      { id: "v", label: "V", measure: "m", scale: 0 },
    ],
    periods,
    statements: [
      {
        id: "wide",
        label: "Wide",
        periods: periods.map((period) => period.id),
        items: Array.from({ length: itemCount }, (_, i) => ({
          id: `i${i}`,
          label: `Item ${i}`,
          unit: mixedUnits && i === 0 ? "v" : "u",
          values,
        })),
      },
    ],
  };
}

test("the reference's column-limit fixture (1,000 periods) exceeds the column bound", () => {
  const document = upstreamJson("fixtures/valid/render-column-limit-exceeded.json");
  const outcome = renderHtmlPage(document);
  assert.equal(outcome.ok, false);
  assert.ok(!outcome.ok);
  assert.equal(outcome.error.code, "column-limit");
  assert.match(outcome.error.message, /"wide" would render 1,001 columns \(1,000 periods plus the item column\)/);
  assert.match(outcome.error.message, /limit is 1,000 columns per statement/);
  const tsv = renderTsv(document);
  assert.ok(!tsv.ok);
  assert.equal(tsv.error.code, "column-limit");
});

test("columns count the item column, and the unit column when units are mixed", () => {
  assert.ok(renderHtmlPage(wideDocument(999, 1)).ok);
  const mixed = renderHtmlPage(wideDocument(999, 2, true));
  assert.ok(!mixed.ok);
  assert.equal(mixed.error.code, "column-limit");
  assert.match(mixed.error.message, /1,001 columns \(999 periods plus the item and unit columns\)/);
});

test("cells count (items + header row) × columns across statements", () => {
  // 99 periods + item column = 100 columns; 999 items + header = 1,000 rows: exactly 100,000.
  assert.ok(renderHtmlPage(wideDocument(99, 999)).ok);
  const over = renderHtmlPage(wideDocument(99, 1000));
  assert.ok(!over.ok);
  assert.equal(over.error.code, "cell-limit");
  assert.match(over.error.message, /100,100 table cells/);
  assert.match(over.error.message, /limit is 100,000 cells/);
});

test("the HTML byte bound is 16 MiB of UTF-8 and names the actual size", () => {
  const document = wideDocument(1, 1) as { statements: { items: { label: string }[] }[] };
  const item = document.statements[0]?.items[0];
  assert.ok(item);
  item.label = "é".repeat(RENDER_LIMITS.outputBytes / 2);
  const outcome = renderHtmlPage(document);
  assert.ok(!outcome.ok);
  assert.equal(outcome.error.code, "byte-limit");
  const size = /would be ([0-9,]+) bytes/.exec(outcome.error.message)?.[1];
  assert.ok(size !== undefined);
  assert.ok(Number(size.replaceAll(",", "")) > RENDER_LIMITS.outputBytes);
  assert.match(outcome.error.message, /limit is 16,777,216 bytes/);

  item.label = "e".repeat(RENDER_LIMITS.outputBytes / 2);
  assert.ok(renderHtmlPage(document).ok);
});

test("a long unit name repeated on every row is refused without measuring all of it", () => {
  const document = wideDocument(1, 200, true) as { units: { label: string }[] };
  const unit = document.units[0];
  assert.ok(unit);
  unit.label = "x".repeat(1_000_000);
  const outcome = renderHtmlPage(document);
  assert.ok(!outcome.ok);
  assert.equal(outcome.error.code, "byte-limit");
  assert.match(outcome.error.message, /more than 67,108,864 bytes/);
});

test("a statement can be selected by id; an unknown id is an error naming the known ones", () => {
  const document = upstreamJson("fixtures/valid/render-presentation.json");
  const one = renderHtmlPage(document, undefined, { statement: "mixed-units" });
  assert.ok(one.ok);
  assert.equal(one.text.includes('data-statement="ordered"'), false);
  assert.equal(one.text.includes('data-statement="mixed-units"'), true);
  const unknown = renderHtmlPage(document, undefined, { statement: "nope" });
  assert.ok(!unknown.ok);
  assert.equal(unknown.error.code, "unknown-statement");
  assert.match(unknown.error.message, /"nope".*"ordered", "mixed-units"/);
  const tsv = renderTsv(document, { statement: "nope" });
  assert.ok(!tsv.ok);
  assert.equal(tsv.error.code, "unknown-statement");
});

test("selecting a statement bounds only that statement", () => {
  const wide = upstreamJson("fixtures/valid/render-column-limit-exceeded.json") as { statements: unknown[] };
  const small = upstreamJson("fixtures/valid/render-presentation.json") as { statements: unknown[] };
  const combined = { ...small, statements: [...small.statements, ...wide.statements] };
  assert.ok(!renderHtmlPage(combined).ok);
  assert.ok(renderHtmlPage(combined, undefined, { statement: "ordered" }).ok);
});

test("a tiny document claiming billions of cells is presented without building them", () => {
  const periods = Array.from({ length: 50_000 }, (_, i) => `p${i}`);
  const items = Array.from({ length: 50_000 }, () => ({}));
  const document = {
    statements: [
      { id: "huge", periods, items },
      { id: "after", periods: ["p0"], items: [{ values: { p0: "1" } }] },
    ],
  };
  const p = buildPresentation(document);
  assert.equal(p.statements[0]?.cellsOmitted, true);
  assert.equal(p.statements[0]?.rows.length, 50_000);
  assert.ok(p.statements[0]?.rows.every((row) => row.cells.length === 0));
  assert.equal(p.statements[1]?.cellsOmitted, false);
  assert.equal(p.statements[1]?.rows[0]?.cells[0]?.kind, "value");
  const html = renderStatementsHtml(p);
  assert.match(html, /class="fs-omitted"/);
  assert.match(html, /Not shown: this statement has 50,000 items and 50,000 periods/);
  const outcome = renderHtmlPage(document);
  assert.ok(!outcome.ok);
  assert.equal(outcome.error.code, "column-limit");
});

test("omittedStatements finds, from the statements' shapes, exactly the statements the presentation leaves out", () => {
  // Near the bounds, with what the lenient presentation skips or counts: items that are not objects,
  // periods that are not strings, mixed, missing and shared units, statements that are not objects.
  const periods = (count: number, junk = false): unknown[] => [...Array.from({ length: count }, (_, i) => `p${i}`), ...(junk ? [7, null] : [])];
  const items = (count: number, unit: (i: number) => string | undefined, junk = false): unknown[] => [
    ...Array.from({ length: count }, (_, i) => ({ id: `i${i}`, ...(unit(i) === undefined ? {} : { unit: unit(i) }) })),
    ...(junk ? ["x", 3, null] : []),
  ];
  const documents = [
    // 999 periods, 99 items, shared unit: 100 × 1,000 = 100,000 cells, exactly at the bound: shown.
    [{ periods: periods(999), items: items(99, () => "u") }],
    // The same with one unit that differs: a unit column, 1,001 columns.
    [{ periods: periods(999), items: items(99, (i) => (i === 5 ? "v" : "u")) }],
    // No unit on the first item: a unit column as well; junk entries are not rows or columns.
    [{ periods: periods(998, true), items: items(99, (i) => (i === 0 ? undefined : "u"), true) }],
    // The budget: a statement that does not fit is skipped, a later one that fits still is shown.
    [
      { periods: periods(9), items: items(6000, () => "u") },
      { periods: periods(9), items: items(4001, () => "u") },
      "not a statement",
      { periods: periods(9), items: items(3998, () => "u") },
      { periods: periods(0), items: items(0, () => "u") },
    ],
  ];
  for (const statements of documents) {
    const document = { statements: statements.map((statement, index) => (typeof statement === "object" ? { id: `s${index}`, ...statement } : statement)) };
    const presented = buildPresentation(document)
      .statements.filter((statement) => statement.cellsOmitted)
      .map((statement) => statement.index);
    assert.deepEqual(
      omittedStatements(document).map((statement) => statement.index),
      presented,
    );
  }
  const reasons = (statements: unknown[]): string[] => omittedStatements({ statements }).map((statement) => statement.reason);
  assert.deepEqual(reasons([{ periods: periods(999), items: items(99, () => "u") }]), []);
  assert.deepEqual(reasons([{ periods: periods(999), items: items(99, (i) => (i === 5 ? "v" : "u")) }]), ["columns"]);
  assert.deepEqual(reasons([{ periods: periods(9), items: items(10_000, () => "u") }]), ["cells"]);
  assert.equal(RENDER_LIMITS.cellsPerDocument, 100_000);
});
