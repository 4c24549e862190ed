// fs/importSpreadsheet in the language service (the editor's "FS: Import Spreadsheet…"): a file's
// bytes to the document's text and the report with the engine's verdict, as `fsdoc import` gives
// them; options from the client are checked, unknown or ill-typed ones ignored; bad input is a
// problem in words, never an exception.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { bytesToBase64 } from "../../protocol/base64";
import * as service from "../../server/src/service/index";
import { repoRoot } from "../support/paths";
import { germanBundle, withBundle } from "../support/germanBundle";

const csv = "Income statement (EUR thousands)\n,2025\nRevenue,100\nCosts,(40)\nProfit,60\n";
const base64 = (text: string) => bytesToBase64(new TextEncoder().encode(text));

test("a CSV file: the document's text, the report and the verdict; options override the guesses", async () => {
  const plain = await service.importFile({ name: "income.csv", base64: base64(csv) });
  assert.equal(plain.problem, undefined);
  const document = JSON.parse(plain.text as string) as { units: unknown[]; statements: { items: { rollupTo?: string }[] }[] };
  assert.deepEqual(document.units, [{ id: "eur-thousands", label: "EUR thousands", measure: "EUR", scale: 3 }]);
  assert.match(plain.report as string, /^income\.csv: read as CSV\n/);
  assert.match(plain.report as string, /the document conforms; rollups: 0 satisfied/);
  const given = await service.importFile({
    name: "income.csv",
    base64: base64(csv),
    options: { rollups: "sums", measure: "USD", scale: 6, kind: "bogus", yearEnd: "13-40", entity: 7 },
  });
  const withOptions = JSON.parse(given.text as string) as {
    units: { measure: string; scale: number }[];
    periods: { kind: string; end: string }[];
    entity: { name: string };
    statements: { items: { rollupTo?: string }[] }[];
  };
  assert.deepEqual([withOptions.units[0]?.measure, withOptions.units[0]?.scale], ["USD", 6]);
  assert.deepEqual(
    withOptions.statements[0]?.items.map((item) => item.rollupTo),
    ["profit", "profit", undefined],
  );
  assert.deepEqual([withOptions.periods[0]?.kind, withOptions.periods[0]?.end, withOptions.entity.name], ["duration", "2025-12-31", "income"]);
  assert.match(given.report as string, /rollups: 1 satisfied, 0 not satisfied/);
});

test("a workbook by another program, and bad input as a problem", async () => {
  const bytes = new Uint8Array(readFileSync(join(repoRoot, "test/cli/fixtures/import/tailspin-one-sheet.xlsx")));
  const book = await service.importFile({ name: "tailspin-one-sheet.xlsx", base64: bytesToBase64(bytes) });
  assert.equal(book.problem, undefined);
  assert.match(book.report as string, /rollups: 6 satisfied, 0 not satisfied, 0 not evaluated/);
  const truncated = await service.importFile({ name: "half.xlsx", base64: bytesToBase64(bytes.slice(0, 1000)) });
  assert.deepEqual(truncated, { problem: "half.xlsx is not a complete zip file (truncated or corrupt), so it is no readable workbook" });
  const empty = await service.importFile({ name: "empty.csv", base64: "" });
  assert.deepEqual(empty, { problem: "empty.csv is empty" });
});

test("in the editor's display language: the report, the verdict and a refusal in German, the CLI's English without a bundle", async () => {
  const english = await service.importFile({ name: "income.csv", base64: base64(csv), options: { rollups: "sums" } });
  await withBundle(germanBundle(), async () => {
    const given = await service.importFile({ name: "income.csv", base64: base64(csv), options: { rollups: "sums" } });
    const report = given.report as string;
    assert.match(report, /^income\.csv: gelesen als CSV\n/);
    assert.match(report, /^vermutet \(\d+\):$/m);
    assert.match(report, /^ {2}Periode bei income\.csv!B2: „2025“ ist FY2025: ein Zeitraum vom 2025-01-01 bis 2025-12-31 \(Art aus keiner Bilanz/m);
    assert.match(report, /^ {2}Einheit bei income\.csv!2:2: Maßeinheit EUR, Skalierung 3 \(×10\^3\), aus "Income statement \(EUR thousands\)"$/m);
    assert.match(report, /^ {2}Summierung bei income\.csv!B5: Profit ist die Summe der 2 Zeilen darüber \(Revenue, Costs\)/m);
    assert.match(report, /^das Dokument ist konform; Summierungen: 1 erfüllt, 0 nicht erfüllt, 0 nicht ausgewertet$/m);
    // Every line is the English one's translation: no English sentence is left in it.
    assert.equal(report.split("\n").length, (english.report as string).split("\n").length);
    assert.doesNotMatch(report, /\b(?:guessed|read as|the document|from the|is the sum)\b/);
    assert.deepEqual(await service.importFile({ name: "empty.csv", base64: "" }), { problem: "empty.csv ist leer" });
  });
  assert.equal((await service.importFile({ name: "income.csv", base64: base64(csv), options: { rollups: "sums" } })).report, english.report);
});
