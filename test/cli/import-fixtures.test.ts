// Import of workbooks written by another program: LibreOffice Calc's own XLSX and CSV
// (test/cli/fixtures/import/README.md says how they were made). Each imports to its expected
// document, which conforms and whose rollups all add up, with the guesses the layout calls for.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { unzipSync, strFromU8 } from "fflate";
import { analyze } from "../../shared/src/index";
import { importSpreadsheet, type ImportOptions } from "../../shared/src/import/index";
import { repoRoot } from "../support/paths";

const folder = join(repoRoot, "test/cli/fixtures/import");

const cases: [string, ImportOptions, RegExp[]][] = [
  [
    "fabrikam-sheet-per-statement.xlsx",
    {},
    [
      /"FY2025" is FY2025: a duration 2024-04-01 to 2025-03-31/,
      /sign P&L!7:7: Cost of sales: stored negated/,
      /label Balance sheet!8:8: a row of numbers without a label/,
      /unit Balance sheet!4:4: measure GBP, scale 3 .* from "£'000"/,
    ],
  ],
  [
    "tailspin-one-sheet.xlsx",
    {},
    [
      /statement Statements!14:14: "Statement of cash flows"/,
      /an instant on 2025-12-31 \(kind from the wording "Statement of financial position as at"\)/,
      /unit Statements!3:3: measure EUR, scale 6 .* from "€m"/,
    ],
  ],
  ["fabrikam-income.csv", { rollups: "sums" }, [/rollup fabrikam-income\.csv!C13: Total operating expenses is the sum of the 2 rows above it/]],
];

for (const [name, options, guesses] of cases) {
  test(`${name} (LibreOffice) imports to its expected document`, async () => {
    const bytes = new Uint8Array(readFileSync(join(folder, name)));
    if (name.endsWith(".xlsx")) assert.match(strFromU8(unzipSync(bytes)["docProps/app.xml"] as Uint8Array), /<Application>LibreOffice\//, "written by LibreOffice");
    const outcome = await importSpreadsheet(bytes, name, options);
    assert.ok(outcome.ok, outcome.ok ? "" : outcome.error);
    const expected = JSON.parse(readFileSync(join(folder, name.replace(/\.[a-z]+$/, ".expected.json")), "utf8")) as unknown;
    assert.deepEqual(outcome.document, expected);
    const result = analyze(outcome.document).result;
    assert.equal(result.conformance.status, "conforming");
    assert.equal(result.calculations.status, "consistent");
    const text = outcome.report.guesses.map((guess) => `${guess.what} ${guess.where}: ${guess.text}`).join("\n");
    for (const guess of guesses) assert.match(text, guess);
  });
}
