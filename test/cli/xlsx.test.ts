// render --format xlsx, read back with a different reader (xlsx-reader.ts): values, formulas,
// formats, missing and unavailable cells, failing subtotals, labels that look like formulas.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { analyze } from "../../shared/src/index";
import { renderTsv } from "../../shared/src/render/index";
import { renderXlsx } from "../../shared/src/xlsx/index";
import { decimalShape, exactAsNumber, numberFormat } from "../../shared/src/xlsx/numbers";
import { upstreamRoot } from "../support/paths";
import { fsdoc, scratch } from "./support";
import { readWorkbook, type ReadSheet } from "./xlsx-reader";

const hostile = ['=HYPERLINK("http://evil.invalid","x")', "+1+1", "-2+3", "@SUM(A1)", "\t=1+1", "\r=1+1"];

function workbookDocument(): Record<string, unknown> {
  return {
    formatVersion: "0.2",
    entity: { name: "E" },
    scope: { label: "S" },
    units: [
      { id: "m", label: "USD m", measure: "USD", scale: 6 },
      { id: "k", label: "EUR k", measure: "EUR", scale: 3 },
    ],
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
          { id: "a", label: hostile[0], unit: "m", values: { p1: "1.5", p2: null }, rollupTo: "sub" },
          { id: "b", label: hostile[1], unit: "m", values: { p1: "2.25", p2: { unavailable: true } }, rollupTo: "sub" },
          { id: "sub", label: "Subtotal", unit: "m", values: { p1: "3.75", p2: "9" }, rollupTo: "total" },
          { id: "c", label: hostile[2], unit: "m", values: { p1: "10", p2: "1" }, rollupTo: "total" },
          { id: "total", label: "Total", unit: "m", values: { p1: "14", p2: "10" } },
          { id: "big", label: hostile[3], unit: "m", values: { p1: "12345678901234567.5", p2: "-0.000000000000000000001" } },
          { id: "tab", label: hostile[4], unit: "m", values: { p1: "0", p2: "123456789012345" } },
        ],
      },
      {
        id: "other",
        label: "Other: [x]/y",
        periods: ["p1"],
        items: [
          { id: "x1", label: hostile[5], unit: "k", values: { p1: "1234567890123456" }, rollupTo: "xt" },
          { id: "x2", label: "x2", unit: "k", values: { p1: "1" }, rollupTo: "xt" },
          { id: "xt", label: "Sum over a text child", unit: "k", values: { p1: "1234567890123457" } },
        ],
      },
    ],
  };
}

async function workbook(): Promise<ReadSheet[]> {
  const document = workbookDocument();
  const analysis = analyze(document);
  assert.equal(analysis.result.conformance.status, "conforming", JSON.stringify(analysis.result.conformance.errors));
  const outcome = await renderXlsx(document, analysis.result);
  assert.ok(outcome.ok);
  assert.equal(outcome.textValues, 3, "the three values with more than 15 significant digits");
  return readWorkbook(outcome.bytes);
}

test("one sheet per statement plus a Validation sheet first and the hidden FS definitions last; names made valid", async () => {
  const sheets = await workbook();
  assert.deepEqual(
    sheets.map((sheet) => [sheet.name, sheet.state]),
    [
      ["Validation", "visible"],
      ["Balance sheet", "visible"],
      ["Other   x  y", "visible"],
      ["FS definitions", "hidden"],
    ],
  );
});

test("items as rows indented by rollup depth, periods as columns, labels that look like formulas stay strings", async () => {
  const sheet = (await workbook())[1]!;
  assert.equal(sheet.cells.get("A1")?.value, "Balance sheet");
  assert.deepEqual(
    ["A2", "B2", "C2", "D2", "E2"].map((ref) => sheet.cells.get(ref)?.value),
    ["Item", "Item ID", "Unit", "2024-12-31", "2025-12-31"],
  );
  const labels = ["A3", "A4", "A5", "A6", "A7", "A8", "A9"].map((ref) => sheet.cells.get(ref)!);
  assert.deepEqual(
    labels.map((cell) => cell.indent),
    [2, 2, 1, 1, 0, 0, 0],
  );
  for (const [index, ref] of [
    [0, "A3"],
    [1, "A4"],
    [2, "A6"],
    [3, "A8"],
    [4, "A9"],
  ] as const) {
    const cell = sheet.cells.get(ref)!;
    assert.equal(cell.type, "s", ref);
    assert.equal(cell.formula, undefined, ref);
    assert.equal(cell.value, hostile[index], ref);
  }
});

test("subtotals are live SUMs of their children's cells; failing ones marked with the stated value", async () => {
  const sheet = (await workbook())[1]!;
  const sub = sheet.cells.get("D5")!;
  assert.equal(sub.formula, "SUM(D3:D4)");
  assert.equal(sub.value, "3.75", "cached result: the children's sum");
  assert.equal(sub.fill, undefined, "satisfied: not marked");
  const total = sheet.cells.get("D7")!;
  assert.equal(total.formula, "SUM(D5:D6)");
  assert.equal(total.value, "13.75");
  assert.equal(total.fill, "FFF8D7DA", "unsatisfied: marked");
  assert.match(total.note ?? "", /14 stated, its children.s stated values sum to 13\.75 \(difference 0\.25/);
  // p2: a child is missing, so the subtotal is not evaluated: its stated value, not a formula.
  const notEvaluated = sheet.cells.get("E5")!;
  assert.equal(notEvaluated.formula, undefined);
  assert.equal(notEvaluated.value, "9");
  assert.match(notEvaluated.note ?? "", /not evaluated/);
  // A child stored as text cannot be summed: the parent keeps its stated value and says why.
  const other = (await workbook())[2]!;
  assert.equal(other.cells.get("D5")?.formula, undefined);
  assert.equal(other.cells.get("D5")?.value, "1234567890123457");
  assert.match(other.cells.get("D5")?.note ?? "", /stored as text/);
});

test("values: exact numbers up to 15 significant digits, text with a note beyond; missing and unavailable are not 0", async () => {
  const sheet = (await workbook())[1]!;
  const a = sheet.cells.get("D3")!;
  assert.deepEqual([a.type, a.value, a.numFmt], ["n", "1.5", '#,##0.0" USD million"']);
  assert.deepEqual([sheet.cells.get("D4")!.value, sheet.cells.get("D4")!.numFmt], ["2.25", '#,##0.00" USD million"']);
  assert.deepEqual([sheet.cells.get("E9")!.type, sheet.cells.get("E9")!.value, sheet.cells.get("E9")!.numFmt], ["n", "123456789012345", '#,##0" USD million"']);
  const big = sheet.cells.get("D8")!;
  assert.deepEqual([big.type, big.value], ["s", "12345678901234567.5"]);
  assert.match(big.note ?? "", /more significant digits than a spreadsheet number holds/);
  const tiny = sheet.cells.get("E8")!;
  assert.equal(tiny.type, "n");
  assert.equal(Number(tiny.value), -1e-21);
  const missing = sheet.cells.get("E3")!;
  assert.equal(missing.type, "empty");
  assert.equal(missing.value, undefined);
  assert.match(missing.note ?? "", /No value \(null\)/);
  const unavailable = sheet.cells.get("E4")!;
  assert.deepEqual([unavailable.type, unavailable.value], ["s", "unavailable"]);
  assert.equal(sheet.cells.get("D9")!.value, "0");
  assert.equal((await workbook())[2]!.cells.get("D4")!.numFmt, '#,##0" EUR thousand"');
});

test("the Validation sheet counts satisfied, not satisfied and not evaluated rollups apart", async () => {
  const summary = (await workbook())[0]!;
  const rows = new Map<string, string | undefined>();
  for (const [ref, cell] of summary.cells) if (ref.startsWith("A")) rows.set(cell.value ?? "", summary.cells.get(`B${ref.slice(1)}`)?.value);
  assert.equal(rows.get("Conformance"), "conforming");
  assert.equal(rows.get("Rollups satisfied"), "3");
  assert.equal(rows.get("Rollups not satisfied"), "1");
  assert.equal(rows.get("Rollups not evaluated: missing value"), "1");
  assert.equal(rows.get("Rollups not evaluated: unavailable value"), "0");
});

test("fsdoc render --format xlsx writes the same workbook; refuses nonconforming documents", () => {
  const dir = scratch();
  writeFileSync(join(dir, "doc.json"), JSON.stringify(workbookDocument()));
  const run = fsdoc(["render", "--format", "xlsx", "--output", "out.xlsx", "doc.json"], { cwd: dir });
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stderr, /3 values have more than 15 significant digits and went in as text/);
  const sheets = readWorkbook(readFileSync(join(dir, "out.xlsx")));
  assert.equal(sheets[1]!.cells.get("D7")!.formula, "SUM(D5:D6)");
  const again = fsdoc(["render", "--format", "xlsx", "--output", "out2.xlsx", "doc.json"], { cwd: dir });
  assert.equal(again.code, 0);
  const second = readWorkbook(readFileSync(join(dir, "out2.xlsx")));
  assert.deepEqual(
    second.map((sheet) => [...sheet.cells.values()]),
    sheets.map((sheet) => [...sheet.cells.values()]),
    "the same content",
  );
  assert.equal(fsdoc(["render", "--format", "xlsx", "--output", "x.xlsx", join(upstreamRoot, "fixtures/invalid/self-rollup.json")]).code, 1);
  assert.equal(fsdoc(["render", "--format", "xlsx", "--statement", "nope", "--output", "y.xlsx", "doc.json"], { cwd: dir }).code, 1);
});

test("15 significant digits is the boundary; formats follow the scale", () => {
  assert.equal(exactAsNumber("999999999999999"), true);
  assert.equal(exactAsNumber("9999999999999999"), false);
  assert.equal(exactAsNumber("0.000123456789012345"), true);
  assert.equal(exactAsNumber("1" + "0".repeat(400)), false, "no overflow to Infinity");
  assert.equal(exactAsNumber("0." + "0".repeat(400) + "1"), false, "no underflow to 0");
  assert.deepEqual(decimalShape("-0012.3400"), { digits: 4, places: 4, magnitude: 2 });
  // Every ≤ 15-digit decimal is its own shortest round-trip text, which is what the file holds.
  for (const text of ["0.1", "123456789012.345", "-98765.4321", "1e-7".replace("1e-7", "0.0000001"), "100000000000000000000"]) {
    assert.equal(Number(text), Number(String(Number(text))));
    assert.equal(decimalShape(String(Number(text)).replace(/e.*$/, "")).digits <= 15, true);
  }
  assert.equal(numberFormat(0, "USD", "9"), '#,##0" USD billion"');
  assert.equal(numberFormat(2, 'A"B\\C', "7"), '#,##0.00" ABC ×10^7"');
  assert.equal(numberFormat(1, undefined, "0"), "#,##0.0");
});

test("TSV guards author text that a spreadsheet would read as a formula, never the values", () => {
  const document = workbookDocument();
  const outcome = renderTsv(document, { statement: "bs" });
  assert.ok(outcome.ok);
  const rows = outcome.files[0]!.text.split("\n").map((row) => row.split("\t"));
  const labels = rows.slice(1, -1).map((row) => row[1]);
  assert.deepEqual(labels, ["'" + hostile[0], "'+1+1", "Subtotal", "'-2+3", "Total", "'@SUM(A1)", "' =1+1"]);
  assert.ok(
    rows.every((row) => row.every((field) => !/^[=+@\t\r]/.test(field))),
    "no field starts a formula",
  );
  assert.equal(rows[6]![4], "-0.000000000000000000001", "a negative value stays a number");
});
