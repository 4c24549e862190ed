// A second spreadsheet program: LibreOffice Calc opens the exported workbooks once showing the saved
// values and once recalculating every formula on load; both must show the same text in every cell
// (the subtotal rule of shared/src/xlsx/subtotals.ts). A control workbook with a wrong saved value
// proves that the recalculating profile does recalculate. CI installs libreoffice-calc-nogui
// (.ci/run); elsewhere the test is skipped when `soffice` is not on PATH.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { analyze } from "../../shared/src/index";
import { renderXlsx } from "../../shared/src/xlsx/index";
import { fixturesRoot, readJson, upstreamRoot } from "../support/paths";
import { documentText } from "./support";

const soffice = spawnSync("soffice", ["--version"], { encoding: "utf8" });
const missing = soffice.error !== undefined ? "LibreOffice (soffice) is not installed; .ci/run installs libreoffice-calc-nogui" : undefined;
if (missing !== undefined && process.env.CI === "true") throw new Error(missing);

/** Every sheet as CSV, values as shown (number formats applied), one file per sheet. */
const CSV_FILTER = "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true,false,false,-1";

function profile(root: string, recalculate: boolean): string {
  const dir = join(root, recalculate ? "recalc" : "plain");
  const url = pathToFileURL(dir).href;
  const init = spawnSync("soffice", [`-env:UserInstallation=${url}`, "--headless", "--terminate_after_init"], { encoding: "utf8", timeout: 120_000 });
  assert.equal(init.status, 0, init.stderr);
  if (recalculate) {
    // 0 = always recalculate on load (LibreOffice 7.4 shows the saved values by default).
    const file = join(dir, "user", "registrymodifications.xcu");
    const items = ["OOXMLRecalcMode", "ODFRecalcMode"]
      .map((name) => `<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="${name}" oor:op="fuse"><value>0</value></prop></item>`)
      .join("");
    writeFileSync(file, readFileSync(file, "utf8").replace("</oor:items>", `${items}</oor:items>`));
  }
  return url;
}

function convert(url: string, books: readonly string[], out: string): Map<string, string> {
  const run = spawnSync("soffice", [`-env:UserInstallation=${url}`, "--headless", "--convert-to", CSV_FILTER, "--outdir", out, ...books], { encoding: "utf8", timeout: 300_000 });
  assert.equal(run.status, 0, run.stderr);
  return new Map(readdirSync(out).map((name) => [name, readFileSync(join(out, name), "utf8")]));
}

async function exported(document: unknown): Promise<Uint8Array> {
  const outcome = await renderXlsx(document, analyze(document).result);
  assert.ok(outcome.ok);
  return outcome.bytes;
}

test("LibreOffice shows the same numbers with and without recalculating the exported workbooks", { skip: missing, timeout: 600_000 }, async () => {
  const root = mkdtempSync(join(tmpdir(), "fsdoc-lo-"));
  const nested = JSON.parse(
    documentText([
      { id: "a", values: { fy2025: "1" }, rollupTo: "sub" },
      { id: "b", values: { fy2025: "2" }, rollupTo: "sub" },
      { id: "sub", values: { fy2025: "3.4" }, rollupTo: "total" },
      { id: "x", values: { fy2025: "5" }, rollupTo: "failing" },
      { id: "failing", values: { fy2025: "50" }, rollupTo: "total" },
      { id: "total", values: { fy2025: "53.4" } },
      { id: "tiny", values: { fy2025: "0.000000000000000000000000000001" } },
    ]),
  ) as { units: Record<string, unknown>[] };
  nested.units[0]!.defaultTolerance = "0.5";
  const documents: [string, unknown][] = [
    ["nested", nested],
    ["northwind", readJson(join(fixturesRoot, "examples", "northwind-group.json"))],
    ["manufacturing", readJson(join(upstreamRoot, "examples", "manufacturing-group.json"))],
    ["nested-subtotals", readJson(join(fixturesRoot, "valid", "nested-subtotals.json"))],
  ];
  const books: string[] = [];
  for (const [name, document] of documents) {
    const path = join(root, `${name}.xlsx`);
    writeFileSync(path, await exported(document));
    books.push(path);
  }
  // The control: a saved value that is not what its formula computes.
  const { default: excel } = await import("exceljs");
  const control = new excel.Workbook();
  const sheet = control.addWorksheet("Control");
  sheet.getCell("A1").value = 1;
  sheet.getCell("A2").value = 2;
  sheet.getCell("A3").value = { formula: "SUM(A1:A2)", result: 999 };
  const controlPath = join(root, "control.xlsx");
  await control.xlsx.writeFile(controlPath);

  const plain = convert(profile(root, false), [...books, controlPath], join(root, "plain-csv"));
  const recalculated = convert(profile(root, true), [...books, controlPath], join(root, "recalc-csv"));
  assert.match(plain.get("control-Control.csv") ?? "", /^1\n2\n999\n$/, "the plain profile shows saved values");
  assert.match(recalculated.get("control-Control.csv") ?? "", /^1\n2\n3\n$/, "the recalculating profile recalculates");
  plain.delete("control-Control.csv");
  assert.ok(plain.size >= 8, [...plain.keys()].join(", "));
  for (const [name, text] of plain) assert.equal(recalculated.get(name), text, name);
  const statement = plain.get("nested-Statement.csv") ?? "";
  assert.match(statement, /^sub,sub,.*,3\.0 USD$/m, "the subtotal shows its children's cells' sum");
  assert.match(statement, /^total,total,.*,8\.0 USD$/m, "the parent adds the cells as shown");
  assert.match(statement, /^tiny,tiny,.*,1E-30 USD$/m, "a value with 30 places is not shown as 0");
});
