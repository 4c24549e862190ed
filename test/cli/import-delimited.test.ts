// fsdoc import of CSV and TSV files: the layouts of a workbook without formulas. The separator
// (comma, semicolon, tab) and encoding (UTF-8, UTF-16 with a mark, Windows-1252) are read from the
// file; numbers stay exact text; subtotals are proposed from sums only with --rollups sums, and
// each one is reported as a guess.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { analyze } from "../../shared/src/index";
import { importSpreadsheet, type ImportOptions } from "../../shared/src/import/index";
import { fsdoc, scratch } from "./support";

type Doc = Record<string, any>;

async function imported(text: string | Uint8Array, name: string, options: ImportOptions = {}): Promise<{ document: Doc; report: Doc }> {
  const bytes = typeof text === "string" ? new TextEncoder().encode(text) : text;
  const outcome = await importSpreadsheet(bytes, name, options);
  assert.ok(outcome.ok, outcome.ok ? "" : outcome.error);
  const result = analyze(outcome.document).result;
  assert.equal(result.conformance.status, "conforming", JSON.stringify(result.conformance.errors));
  return { document: outcome.document as Doc, report: outcome.report as unknown as Doc };
}

const values = (document: Doc, statement = 0) => (document.statements[statement].items as Doc[]).map((item) => [item.id, Object.values(item.values), item.rollupTo]);

const incomeCsv = [
  "Northwind Ltd,,",
  "Income statement for the year ended 31 December 2025,,",
  "(EUR thousands),,",
  ",2025,2024",
  'Revenue,"1,000",900',
  "Cost of sales,(600),(500)",
  "Gross profit,400,400",
  ",,",
  "Administrative expenses,(100),(90)",
  "Operating profit,300,310",
  "Memo: headcount,12,11",
].join("\r\n");

test("CSV: the layout, exact text numbers, no rollups unless asked", async () => {
  const { document, report } = await imported(incomeCsv, "income.csv");
  assert.equal(report.layout, "csv");
  assert.deepEqual(document.units, [{ id: "eur-thousands", label: "EUR thousands", measure: "EUR", scale: 3 }]);
  assert.deepEqual(values(document), [
    ["revenue", ["1000", "900"], undefined],
    ["cost-of-sales", ["-600", "-500"], undefined],
    ["gross-profit", ["400", "400"], undefined],
    ["administrative-expenses", ["-100", "-90"], undefined],
    ["operating-profit", ["300", "310"], undefined],
    ["memo-headcount", ["12", "11"], undefined],
  ]);
  assert.equal(report.guesses.filter((guess: Doc) => guess.what === "rollup").length, 0);
});

test("CSV with --rollups sums: a row equal to the sum of a contiguous block above is proposed as its subtotal, reported as a guess", async () => {
  const { document, report } = await imported(incomeCsv, "income.csv", { rollups: "sums" });
  assert.deepEqual(
    values(document).map(([id, , parent]) => [id, parent]),
    [
      ["revenue", "gross-profit"],
      ["cost-of-sales", "gross-profit"],
      ["gross-profit", "operating-profit"],
      ["administrative-expenses", "operating-profit"],
      ["operating-profit", undefined],
      ["memo-headcount", undefined],
    ],
  );
  assert.equal(analyze(document).result.calculations.status, "consistent");
  assert.deepEqual(
    report.guesses.filter((guess: Doc) => guess.what === "rollup").map((guess: Doc) => `${guess.where}: ${guess.text}`),
    [
      "income.csv!B7: Gross profit is the sum of the 2 rows above it (Revenue, Cost of sales), so it is taken as their subtotal",
      "income.csv!B10: Operating profit is the sum of the 2 rows above it (Gross profit, Administrative expenses), so it is taken as their subtotal",
    ],
  );
});

test("a semicolon CSV with decimal commas, two statements stacked", async () => {
  const text = [
    "Contoso GmbH;;",
    "Bilanz zum 31.12.2025 (TEUR);;",
    ";31.12.2025;31.12.2024",
    "Kasse;1.234,5;1.000",
    "Bank;765,5;500",
    "Summe;2.000;1.500",
    ";;",
    "Gewinn- und Verlustrechnung (TEUR);;",
    ";2025;2024",
    "Umsatzerlöse;10;9",
  ].join("\n");
  const { document, report } = await imported(text, "konzern.csv", { rollups: "sums" });
  assert.deepEqual(
    document.statements.map((statement: Doc) => [statement.label, statement.periods]),
    [
      ["Bilanz", ["at-2025-12-31", "at-2024-12-31"]],
      ["Gewinn- und Verlustrechnung", ["FY2025", "FY2024"]],
    ],
  );
  assert.deepEqual(values(document)[0], ["kasse", ["1234.5", "1000"], "summe"]);
  assert.ok(report.guesses.some((guess: Doc) => guess.what === "locale" && /decimal comma/.test(guess.text)));
  assert.equal(document.entity.name, "Contoso GmbH");
});

test("TSV: by its extension, also as UTF-16 with a byte-order mark (Excel's Unicode text); Windows-1252 CSV", async () => {
  const tsv = "Balance sheet\tas at\n\t2025-12-31\nCash\t1.5\nLoans\t-0.5\n";
  const plain = await imported(tsv, "bs.tsv");
  assert.equal(plain.report.layout, "tsv");
  assert.deepEqual(values(plain.document), [
    ["cash", ["1.5"], undefined],
    ["loans", ["-0.5"], undefined],
  ]);
  const utf16 = new Uint8Array(2 + tsv.length * 2);
  utf16.set([0xff, 0xfe]);
  [...tsv].forEach((char, index) => new DataView(utf16.buffer).setUint16(2 + index * 2, char.charCodeAt(0), true));
  assert.deepEqual((await imported(utf16, "bs.tsv")).document, plain.document);
  const latin = Uint8Array.from([..."Income statement\n,2025\nUmsatzerl\u00f6se,5\n"].map((char) => char.charCodeAt(0)));
  const cp1252 = await imported(latin, "guv.csv");
  assert.equal(cp1252.document.statements[0].items[0].label, "Umsatzerlöse");
  assert.ok(cp1252.report.guesses.some((guess: Doc) => guess.what === "encoding"));
});

test("fsdoc import FILE.csv: document, report, verdict; a binary file is one line and exit 1", async () => {
  const dir = scratch();
  writeFileSync(join(dir, "income.csv"), incomeCsv);
  const run = fsdoc(["import", "income.csv", "--rollups", "sums", "--output", "doc.json", "--report", "report.json"], { cwd: dir });
  assert.equal(run.code, 0, run.stderr);
  assert.ok(existsSync(join(dir, "doc.json")));
  assert.match(run.stderr, /the document conforms; rollups: 4 satisfied, 0 not satisfied, 0 not evaluated/);
  writeFileSync(join(dir, "image.csv"), Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13]));
  const binary = fsdoc(["import", "image.csv", "--output", "out.json"], { cwd: dir });
  assert.equal(binary.code, 1);
  assert.equal(binary.stderr, "fsdoc: image.csv is neither a workbook nor a text (CSV or TSV) file\n");
  assert.equal(existsSync(join(dir, "out.json")), false);
});
