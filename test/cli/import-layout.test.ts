// fsdoc import of workbooks made by people (no FS definitions sheet), written here with exceljs:
// a sheet per statement and several on one sheet, title rows, merged titles, blank rows and
// headings, every period header form, unit and scale phrases, SUM and +/- formulas (subtracted
// children stored negated, so that the rollups add up as the sheet computes), exact text numbers,
// the report's guesses and skipped cells, and every option overriding its guess.
import { test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type ExcelJS from "exceljs";
import { analyze } from "../../shared/src/index";
import { importSpreadsheet, type ImportOptions } from "../../shared/src/import/index";
import { fsdoc, scratch } from "./support";

type Doc = Record<string, any>;
type Row = (string | number | Date | { formula: string; result?: number } | null)[];

async function book(sheets: Record<string, Row[]>, dress?: (workbook: ExcelJS.Workbook) => void): Promise<Uint8Array> {
  const { default: excel } = await import("exceljs");
  const workbook = new excel.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = workbook.addWorksheet(name);
    rows.forEach((row, index) => {
      row.forEach((value, column) => {
        if (value !== null) sheet.getCell(index + 1, column + 1).value = value as ExcelJS.CellValue;
      });
    });
  }
  dress?.(workbook);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

async function imported(bytes: Uint8Array, options: ImportOptions = {}): Promise<{ document: Doc; report: Doc }> {
  const outcome = await importSpreadsheet(bytes, "book.xlsx", options);
  assert.ok(outcome.ok, outcome.ok ? "" : outcome.error);
  return { document: outcome.document as Doc, report: outcome.report as unknown as Doc };
}

function conforms(document: Doc): string {
  const result = analyze(document).result;
  assert.equal(result.conformance.status, "conforming", JSON.stringify(result.conformance.errors));
  return result.calculations.status;
}

const itemsOf = (document: Doc, statement = 0) => document.statements[statement].items as Doc[];
const byLabel = (document: Doc, label: string, statement = 0) => itemsOf(document, statement).find((item) => item.label === label) as Doc;

const income: Row[] = [
  ["Northwind Ltd", null, null],
  ["Income statement for the year ended 31 December 2025"],
  ["(EUR thousands)"],
  [],
  [null, "2025", "2024"],
  ["Revenue", 1000, 900],
  ["Cost of sales", 600, 500],
  ["Gross profit", { formula: "B6-B7", result: 400 }, { formula: "C6-C7", result: 400 }],
  [],
  ["Operating expenses"],
  ["Administrative expenses", 100, 90],
  ["Selling expenses", 50, 40],
  ["Total operating expenses", { formula: "SUM(B11:B12)", result: 150 }, { formula: "SUM(C11:C12)", result: 130 }],
  ["Operating profit", { formula: "B8-B13", result: 250 }, { formula: "C8-C13", result: 270 }],
];

const balance: Row[] = [
  ["Balance sheet"],
  ["€m"],
  [null, new Date(Date.UTC(2025, 11, 31)), new Date(Date.UTC(2024, 11, 31))],
  ["Cash", 10.5, 8],
  ["Receivables", 20.25, 19],
  ["Total current assets", { formula: "SUM(B4,B5)", result: 30.75 }, { formula: "SUM(C4,C5)", result: 27 }],
  ["Equity", 30.75, 27],
];

test("a sheet per statement: titles, merged title cells, headings, periods, units, formula rollups with signs", async () => {
  const bytes = await book({ Income: income, "Balance sheet": balance }, (workbook) => workbook.getWorksheet("Income")?.mergeCells("A1:C1"));
  const { document, report } = await imported(bytes);
  assert.equal(conforms(document), "consistent");
  assert.equal(document.entity.name, "Northwind Ltd");
  assert.deepEqual(
    document.statements.map((statement: Doc) => [statement.id, statement.label, statement.periods]),
    [
      ["income-statement", "Income statement", ["FY2025", "FY2024"]],
      ["balance-sheet", "Balance sheet", ["at-2025-12-31", "at-2024-12-31"]],
    ],
  );
  assert.deepEqual(document.periods, [
    { id: "FY2025", kind: "duration", start: "2025-01-01", end: "2025-12-31" },
    { id: "FY2024", kind: "duration", start: "2024-01-01", end: "2024-12-31" },
    { id: "at-2025-12-31", kind: "instant", date: "2025-12-31" },
    { id: "at-2024-12-31", kind: "instant", date: "2024-12-31" },
  ]);
  assert.deepEqual(document.units, [
    { id: "eur-thousands", label: "EUR thousands", measure: "EUR", scale: 3 },
    { id: "eur-millions", label: "EUR millions", measure: "EUR", scale: 6 },
  ]);
  // The heading "Operating expenses" is no item; subtracted rows are stored negated, down the tree.
  assert.deepEqual(
    itemsOf(document).map((item) => [item.id, item.values.FY2025, item.rollupTo]),
    [
      ["revenue", "1000", "gross-profit"],
      ["cost-of-sales", "-600", "gross-profit"],
      ["gross-profit", "400", "operating-profit"],
      ["administrative-expenses", "-100", "total-operating-expenses"],
      ["selling-expenses", "-50", "total-operating-expenses"],
      ["total-operating-expenses", "-150", "operating-profit"],
      ["operating-profit", "250", undefined],
    ],
  );
  assert.deepEqual(byLabel(document, "Total current assets", 1).values, { "at-2025-12-31": "30.75", "at-2024-12-31": "27" });
  assert.equal(byLabel(document, "Cash", 1).rollupTo, "total-current-assets");
  const guesses = report.guesses.map((guess: Doc) => `${guess.what} ${guess.where}: ${guess.text}`).join("\n");
  assert.match(guesses, /period Income!B5: "2025" is FY2025: a duration 2025-01-01 to 2025-12-31 \(kind from the wording "Income statement for the year ended 31 December 2025"/);
  assert.match(guesses, /period Balance sheet!B3: .* is at-2025-12-31: an instant on 2025-12-31 \(kind from a balance sheet/);
  assert.match(guesses, /unit Income!5:5: measure EUR, scale 3 \(×10\^3\), from "\(EUR thousands\)"/);
  assert.match(guesses, /sign Income!7:7: Cost of sales: stored negated/);
  assert.match(guesses, /rollup Income!B8: Gross profit = Revenue − Cost of sales \(from =B6-B7\)/);
  assert.match(guesses, /statement Income!5:5: "Income statement" \(income-statement\): the header row 5 and the rows under it to 14/);
  assert.deepEqual(report.skipped, []);
});

test("one sheet holding several statements, 'as at' wording and day headers", async () => {
  const rows: Row[] = [
    ["Contoso GmbH"],
    ["Statement of financial position as at 31.12.2025", null, null],
    ["in thousands of euros"],
    [null, "31.12.2025", "31.12.2024"],
    ["Cash", 5, 4],
    ["Inventories", 7, 6],
    ["Total assets", { formula: "B5+B6", result: 12 }, { formula: "C5+C6", result: 10 }],
    [],
    [],
    ["Cash flow statement"],
    ["TEUR", "2025-12-31", "2024-12-31"],
    ["Operating cash flow", 3, 2],
    ["Investing cash flow", -1, -1],
    ["Net cash flow", { formula: "SUM(B12:B13)", result: 2 }, { formula: "SUM(C12:C13)", result: 1 }],
  ];
  const { document } = await imported(await book({ Statements: rows }));
  assert.equal(conforms(document), "consistent");
  assert.deepEqual(
    document.statements.map((statement: Doc) => [statement.label, statement.periods, statement.items.length]),
    [
      ["Statement of financial position", ["at-2025-12-31", "at-2024-12-31"], 3],
      ["Cash flow statement", ["FY2025", "FY2024"], 3],
    ],
  );
  assert.equal(document.units.length, 1, "TEUR and thousands of euros are one unit");
  assert.equal(byLabel(document, "Investing cash flow", 1).values.FY2025, "-1");
});

test("period header forms: 2025, FY2025, 31 Dec 2025, 31.12.2025, 2025-12-31, Dec 31, 2025, a date cell; the year end from the titles", async () => {
  const forms: [string | number | Date, string][] = [
    ["2026", "2026-12-31"],
    ["FY2025", "2025-12-31"],
    ["FY 2024", "2024-12-31"],
    ["31 Dec 2023", "2023-12-31"],
    ["31.12.2022", "2022-12-31"],
    ["2021-12-31", "2021-12-31"],
    ["Dec 31, 2020", "2020-12-31"],
    [new Date(Date.UTC(2019, 11, 31)), "2019-12-31"],
    [2018, "2018-12-31"],
  ];
  const header: Row = ["Item", ...forms.map(([form]) => form)];
  const { document } = await imported(await book({ Profit: [["Profit and loss"], header, ["Sales", ...forms.map((_form, index) => index + 1)]] }));
  conforms(document);
  assert.deepEqual(
    document.periods.map((period: Doc) => period.end),
    forms.map(([, end]) => end),
  );
  // "Year ended 30 June 2025" moves a bare year's end; --year-end overrides it; --kind overrides the kind.
  const june = await book({ Sheet1: [["Income statement for the year ended 30 June 2025"], [null, 2025, 2024], ["Sales", 1, 2]] });
  assert.deepEqual((await imported(june)).document.periods[0], { id: "FY2025", kind: "duration", start: "2024-07-01", end: "2025-06-30" });
  assert.deepEqual((await imported(june, { yearEnd: "03-31" })).document.periods[1], { id: "FY2024", kind: "duration", start: "2023-04-01", end: "2024-03-31" });
  assert.deepEqual((await imported(june, { kind: "instant" })).document.periods[0], { id: "at-2025-06-30", kind: "instant", date: "2025-06-30" });
  // A header's own wording decides its column's kind.
  const asAt = await book({ Sheet1: [["Notes"], [null, "As at 31 March 2025", "Year ended 31 March 2025"], ["Loans", 1, 2]] });
  assert.deepEqual(
    (await imported(asAt)).document.periods.map((period: Doc) => period.kind),
    ["instant", "duration"],
  );
});

test("unit and scale phrases, and --measure/--scale over them", async () => {
  const cases: [string, string, number][] = [
    ["(EUR thousands)", "EUR", 3],
    ["in thousands of euros", "EUR", 3],
    ["€m", "EUR", 6],
    ["TEUR", "EUR", 3],
    ["USD millions", "USD", 6],
    ["£'000", "GBP", 3],
    ["Amounts in CHF", "CHF", 0],
    ["in Mio. EUR", "EUR", 6],
  ];
  for (const [phrase, measure, scale] of cases) {
    const { document } = await imported(await book({ Sheet1: [["Income statement"], [phrase], [null, "2025"], ["Sales", 1]] }));
    assert.deepEqual([document.units[0].measure, document.units[0].scale], [measure, scale], phrase);
  }
  const { document, report } = await imported(await book({ Sheet1: [["Income statement"], [null, "2025"], ["Sales", 1]] }));
  assert.deepEqual([document.units[0].measure, document.units[0].scale], ["unstated", 0]);
  assert.ok(report.guesses.some((guess: Doc) => guess.what === "unit" && /none named: give --measure/.test(guess.text)));
  const given = await imported(await book({ Sheet1: [["(EUR thousands)"], [null, "2025"], ["Sales", 1]] }), { measure: "USD", scale: 6 });
  assert.deepEqual(given.document.units, [{ id: "usd-millions", label: "USD millions", measure: "USD", scale: 6 }]);
});

test("formula forms: SUM of ranges and lists, + and -, a leading minus; others are no rollup and are reported", async () => {
  const rows: Row[] = [
    ["Income statement"],
    [null, "2025"],
    ["A", 1],
    ["B", 2],
    ["C", 4],
    ["Sum range", { formula: "SUM($B$3:B4)", result: 3 }],
    ["Mixed", { formula: "-B5+SUM(B6)", result: -1 }],
    ["Constant", { formula: "B7+1", result: 0 }],
    ["Other sheet", { formula: "Other!B3", result: 9 }],
    ["Product", { formula: "B3*2", result: 2 }],
  ];
  const { document, report } = await imported(await book({ Sheet1: rows, Other: [["x"]] }));
  assert.equal(conforms(document), "consistent");
  assert.deepEqual(
    itemsOf(document).map((item) => [item.id, item.values.FY2025, item.rollupTo]),
    [
      ["a", "1", "sum-range"],
      ["b", "2", "sum-range"],
      ["c", "-4", "mixed"],
      ["sum-range", "3", "mixed"],
      ["mixed", "-1", undefined],
      ["constant", "0", undefined],
      ["other-sheet", "9", undefined],
      ["product", "2", undefined],
    ],
  );
  const refused = report.guesses.filter((guess: Doc) => guess.what === "rollup" && guess.text.startsWith("no rollup")).map((guess: Doc) => `${guess.where} ${guess.text}`);
  assert.deepEqual(refused, [
    "Sheet1!B8 no rollup from =B7+1: a formula with a constant; its saved result is the value",
    "Sheet1!B9 no rollup from =Other!B3: a formula over another sheet; its saved result is the value",
    "Sheet1!B10 no rollup from =B3*2: a formula that is not a sum of cells; its saved result is the value",
  ]);
});

test("a formula without a saved result (as exceljs writes one) takes its children's exact sum", async () => {
  const { document, report } = await imported(await book({ Sheet1: [["Income statement"], [null, "2025"], ["A", 0.1], ["B", 0.2], ["Total", { formula: "B3+B4" }]] }));
  assert.equal(byLabel(document, "Total").values.FY2025, "0.3");
  assert.equal(conforms(document), "consistent");
  assert.ok(report.guesses.some((guess: Doc) => guess.what === "value" && guess.where === "Sheet1!B5" && /children's sum, 0\.3/.test(guess.text)));
});

test("values: shortest decimals, >15 digits named, exact text numbers in either locale, skipped cells with their address", async () => {
  const rows: Row[] = [
    ["Income statement"],
    [null, "Note", "2025", "2024"],
    ["Long", 5, 0.1 + 0.2, 123456789.12345679],
    ["Text", null, "(1,234.5)", "-1,000,000.25"],
    ["Missing", null, "n/a", "–"],
    ["Odd", "see note", 1, 2],
  ];
  const { document, report } = await imported(await book({ Sheet1: rows }));
  assert.deepEqual(byLabel(document, "Long").values, { FY2025: "0.30000000000000004", FY2024: "123456789.12345679" });
  assert.deepEqual(byLabel(document, "Text").values, { FY2025: "-1234.5", FY2024: "-1000000.25" });
  assert.deepEqual(byLabel(document, "Missing").values, { FY2025: null, FY2024: null });
  assert.deepEqual(report.beyond15Digits, ["Sheet1!C3", "Sheet1!D3"]);
  assert.deepEqual(
    report.skipped.map((cell: Doc) => `${cell.sheet}!${cell.cell} ${cell.value}`),
    ["Sheet1!B3 5", "Sheet1!C5 n/a", "Sheet1!D5 –", "Sheet1!B6 see note"],
  );
  // A decimal comma: detected from "1.234,5", or given.
  const comma = await book({ Sheet1: [["Bilanz"], [null, "31.12.2025"], ["Kasse", "1.234,5"], ["Bank", "2.000"]] });
  assert.deepEqual(
    itemsOf((await imported(comma)).document).map((item) => item.values["at-2025-12-31"]),
    ["1234.5", "2000"],
  );
  assert.deepEqual(
    itemsOf((await imported(comma, { locale: "point" })).document).map((item) => item.values["at-2025-12-31"]),
    [null, "2"],
  );
});

test("ids are deterministic and valid: repeated, numbered and accented labels", async () => {
  const rows: Row[] = [["Income statement"], [null, "2025"], ["1. Umsatzerlöse", 1], ["Total", 2], ["Total", 3], ["constructor", 4], ["€", 5], [null, 6]];
  const first = await imported(await book({ Sheet1: rows }));
  const second = await imported(await book({ Sheet1: rows }));
  assert.deepEqual(first.document, second.document);
  assert.deepEqual(
    itemsOf(first.document).map((item) => [item.id, item.label]),
    [
      ["umsatzerlose", "1. Umsatzerlöse"],
      ["total", "Total"],
      ["total-2", "Total"],
      ["constructor", "constructor"],
      ["item", "€"],
      ["row-8", "Row 8"],
    ],
  );
  conforms(first.document);
});

test("options override the guesses: entity, scope, rollups none", async () => {
  const bytes = await book({ Income: income });
  const { document } = await imported(bytes, { entity: "Given plc", scope: "Company only", rollups: "none" });
  assert.deepEqual([document.entity.name, document.scope.label], ["Given plc", "Company only"]);
  assert.equal(itemsOf(document).filter((item) => item.rollupTo !== undefined).length, 0);
  assert.equal(byLabel(document, "Cost of sales").values.FY2025, "600", "no rollup, no sign change");
});

test("a workbook without any header row of periods is refused with one line", async () => {
  const outcome = await importSpreadsheet(
    await book({
      Notes: [
        ["Just", "words"],
        ["and", "more"],
      ],
    }),
    "notes.xlsx",
  );
  assert.equal(outcome.ok, false);
  assert.match(outcome.ok ? "" : outcome.error, /^notes\.xlsx: found no statement: no sheet has a header row of periods/);
});

test("fsdoc import on a workbook made by people: document on stdout, report and verdict on stderr, JSON with --report", async () => {
  const dir = scratch();
  writeFileSync(join(dir, "people.xlsx"), await book({ Income: income, "Balance sheet": balance }));
  const run = fsdoc(["import", "people.xlsx", "--kind", "duration", "--measure", "GBP", "--scale", "3", "--entity", "X", "--report", "report.json"], { cwd: dir });
  assert.equal(run.code, 0, run.stderr);
  const document = JSON.parse(run.stdout) as Doc;
  assert.equal(document.entity.name, "X");
  assert.ok(document.periods.every((period: Doc) => period.kind === "duration"));
  assert.deepEqual(document.units, [{ id: "gbp-thousands", label: "GBP thousands", measure: "GBP", scale: 3 }]);
  assert.match(run.stderr, /the document conforms; rollups: \d+ satisfied, 0 not satisfied, 0 not evaluated/);
  const bad = fsdoc(["import", "people.xlsx", "--year-end", "02-30"], { cwd: dir });
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--year-end/);
});

test("fsdoc import names each rollup that does not add up (a saved result other than its formula's)", async () => {
  const dir = scratch();
  writeFileSync(join(dir, "stale.xlsx"), await book({ Sheet1: [["Income statement"], [null, "2025"], ["A", 10], ["B", 20], ["Total", { formula: "B3+B4", result: 31 }]] }));
  const run = fsdoc(["import", "stale.xlsx"], { cwd: dir });
  assert.equal(run.code, 0, run.stderr);
  assert.match(
    run.stderr,
    /rollups: 0 satisfied, 1 not satisfied, 0 not evaluated\n  not satisfied: income-statement\/total in FY2025: stated 31, its children add up to 30 \(off by 1\)\n$/,
  );
});

test("a chain of formulas as long as the sheet, and a long sheet in sums mode, are read without recursion or quadratic work", async () => {
  const chain: Row[] = [["Income statement"], [null, "2025"], ["Row 3", 1]];
  for (let row = 4; row <= 12_000; row++) chain.push([`Row ${row}`, { formula: `-B${row - 1}` }]);
  const { document, report } = await imported(await book({ Sheet1: chain }));
  const items = itemsOf(document);
  assert.equal(items.length, 11_998);
  // The sheet shows 1, -1, 1, …; every other row is subtracted, so stored each is -1 and adds up.
  assert.ok(items.every((item) => item.values.FY2025 === "-1"));
  assert.ok(report.guesses.some((guess: Doc) => guess.where === "Sheet1!B5" && /children's sum, 1$/.test(guess.text)));
  assert.equal(conforms(document), "consistent");
  const long: Row[] = [["Income statement"], [null, "2025"]];
  for (let row = 3; row <= 6_000; row++) long.push([`Line ${row}`, row % 7]);
  assert.equal(itemsOf((await imported(await book({ Sheet1: long }), { rollups: "sums" })).document).length, 5_998);
});

test("wording: 'per share' or 'for the group' says no kind; 'for the year' does", async () => {
  const titles: [string, string][] = [
    ["Balance sheet for the group, amounts per share", "instant"],
    ["Income statement for the group", "duration"],
    ["Notes for the year 2025", "duration"],
    ["Notes as of 2025", "instant"],
  ];
  for (const [title, kind] of titles) {
    const { document } = await imported(await book({ Sheet1: [[title], [null, "2025"], ["A", 1]] }));
    assert.equal(document.periods[0].kind, kind, title);
  }
});

test("a year ending on 29 February ends on the 28th in a common year", async () => {
  const { document } = await imported(await book({ Sheet1: [["Income statement for the year ended 29 February 2024"], [null, "2024", "2023"], ["Sales", 1, 2]] }));
  assert.deepEqual(
    document.periods.map((period: Doc) => [period.start, period.end]),
    [
      ["2023-03-01", "2024-02-29"],
      ["2022-03-01", "2023-02-28"],
    ],
  );
});
