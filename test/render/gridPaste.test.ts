// Pasting a block from a spreadsheet into the grid: TSV as Excel, LibreOffice and Google Sheets
// write it, read into rows and cells; the plan of writes, all or nothing; labels guarded on copy.

import assert from "node:assert/strict";
import { test } from "node:test";
import { guardedLabel, parseTsvBlock, planPaste, type PasteTarget } from "../../shared/src/render/gridPaste";
import { numberSymbols } from "../../shared/src/render/localeFormat";
import type { PreviewStatement } from "../../shared/src/render/previewModel";

const en = numberSymbols("en");
const de = numberSymbols("de");

test("TSV: CRLF or LF rows, a final line break, quoted cells with tabs, line breaks and doubled quotes", () => {
  assert.deepEqual(parseTsvBlock("1\t2\r\n3\t4\r\n"), [
    ["1", "2"],
    ["3", "4"],
  ]);
  assert.deepEqual(parseTsvBlock("1\t2\n3\t4"), [
    ["1", "2"],
    ["3", "4"],
  ]);
  assert.deepEqual(parseTsvBlock('"Cash\tand ""equivalents"""\t"1,234"\n"two\nlines"\t(5)\n'), [
    ['Cash\tand "equivalents"', "1,234"],
    ["two\nlines", "(5)"],
  ]);
  assert.deepEqual(parseTsvBlock("\t\n"), [["", ""]]);
  assert.deepEqual(parseTsvBlock(""), []);
  // A quote inside a cell (not at its start) is an ordinary character.
  assert.deepEqual(parseTsvBlock('5" pipe\t1'), [['5" pipe', "1"]]);
});

function statement(rows: number, periods: number, unitPerRow = false): PreviewStatement {
  const columns = Array.from({ length: periods }, (_, index) => ({
    id: `p${index}`,
    label: `P${index}`,
    parts: [`P${index}`],
    kind: "instant" as const,
    pointer: `/statements/0/periods/${index}`,
  }));
  return {
    pointer: "/statements/0",
    label: "S",
    unitPerRow,
    columns,
    rows: Array.from({ length: rows }, (_, row) => ({
      pointer: `/statements/0/items/${row}`,
      label: `Row ${row}`,
      depth: 0,
      subtotal: false,
      ...(unitPerRow ? { unit: { text: "u", title: "u" } } : {}),
      cells: columns.map((column) => ({ pointer: `/statements/0/items/${row}/values/${column.id}`, kind: "value" as const, value: "0", title: "", flag: "" })),
    })),
  };
}

function target(rows: number, periods: number, position: number, column: number, shown?: number[]): PasteTarget {
  return { statement: statement(rows, periods), rows: shown ?? Array.from({ length: rows }, (_, index) => index), position, column };
}

test("a 3×4 block from a sheet becomes one write per cell, in the block's place, read exactly", () => {
  const block = parseTsvBlock('1,234.5\t(1,000)\t-7\t0\r\n1\t2\t3\t4\r\n"12,345,678,901,234,567,890.125"\t \tn/a\t−2\r\n');
  const plan = planPaste(block, target(5, 5, 1, 1), en);
  assert.ok("writes" in plan);
  assert.equal(plan.writes.length, 12);
  assert.deepEqual(plan.writes[0], { pointer: "/statements/0/items/1/values/p0", content: { kind: "value", decimal: "1234.5" } });
  assert.deepEqual(plan.writes[1], { pointer: "/statements/0/items/1/values/p1", content: { kind: "value", decimal: "-1000" } });
  assert.deepEqual(plan.writes[7], { pointer: "/statements/0/items/2/values/p3", content: { kind: "value", decimal: "4" } });
  assert.deepEqual(plan.writes[8]?.content, { kind: "value", decimal: "12345678901234567890.125" });
  assert.deepEqual(plan.writes[9]?.content, { kind: "missing" });
  assert.deepEqual(plan.writes[10]?.content, { kind: "unavailable" });
  assert.deepEqual(plan.writes[11], { pointer: "/statements/0/items/3/values/p3", content: { kind: "value", decimal: "-2" } });
  // German separators in a German preview.
  const german = planPaste(parseTsvBlock("1.234,5\t(2.000)"), target(2, 2, 0, 1), de);
  assert.ok("writes" in german);
  assert.deepEqual(
    german.writes.map((write) => write.content),
    [
      { kind: "value", decimal: "1234.5" },
      { kind: "value", decimal: "-2000" },
    ],
  );
});

test("rows hidden under a collapsed subtotal are skipped: the block fills the rows shown", () => {
  const plan = planPaste([["1"], ["2"]], target(4, 1, 0, 1, [0, 3]), en);
  assert.ok("writes" in plan);
  assert.deepEqual(
    plan.writes.map((write) => write.pointer),
    ["/statements/0/items/0/values/p0", "/statements/0/items/3/values/p0"],
  );
});

test("labels may be pasted into the label column, as text, exactly", () => {
  const plan = planPaste(parseTsvBlock('"Cash ""on hand"""\t5\nReceivables\t6'), target(3, 2, 0, 0), en);
  assert.ok("writes" in plan);
  assert.deepEqual(plan.writes.slice(0, 2), [
    { pointer: "/statements/0/items/0/label", content: { kind: "text", text: 'Cash "on hand"' } },
    { pointer: "/statements/0/items/0/values/p0", content: { kind: "value", decimal: "5" } },
  ]);
});

test("a block past the table or with a cell that is not a number writes nothing and says which cells", () => {
  const past = planPaste([["1", "2", "3"]], target(2, 2, 0, 1), en);
  assert.ok("message" in past);
  assert.match(past.message, /runs past the table: its last column has no column in the table/);
  const below = planPaste([["1"], ["2"], ["3"]], target(2, 2, 1, 1), en);
  assert.ok("message" in below);
  assert.match(below.message, /its last 2 rows have no row in the table/);
  const wide = planPaste([["1", "2", "3", "4"]], target(2, 2, 0, 1), en);
  assert.ok("message" in wide);
  assert.match(wide.message, /its last 2 columns have no column/);
  const words = planPaste(parseTsvBlock("1\tabc\n2\t1.2.3"), target(3, 3, 0, 1), en);
  assert.ok("problems" in words);
  assert.deepEqual(
    words.problems.map((problem) => [problem.position, problem.column]),
    [
      [0, 2],
      [1, 2],
    ],
  );
  assert.match(words.message, /Nothing was pasted: 2 cells of the block are not numbers\./);
  const one = planPaste(parseTsvBlock("1\tabc"), target(3, 3, 0, 1), en);
  assert.ok("problems" in one);
  assert.equal(one.message, "Nothing was pasted: 1 cell of the block is not a number.");
  const unitColumn = planPaste([["x", "1"]], { ...target(2, 2, 0, 1), statement: statement(2, 2, true) }, en);
  assert.ok("problems" in unitColumn && unitColumn.problems.length === 1);
});

test("copied labels that a sheet would run as a formula are guarded; others are as they are", () => {
  for (const label of ["=SUM(A1:A9)", "+1", "-cost", "@cmd", "\tx", "\rx"]) assert.ok(guardedLabel(label).startsWith("'"), label);
  assert.equal(guardedLabel("Cash and equivalents"), "Cash and equivalents");
  assert.equal(guardedLabel("two\nlines\tand tab"), "two lines and tab");
});
