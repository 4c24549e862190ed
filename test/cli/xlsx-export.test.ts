// The XLSX export's subtotal rule and text: every formula's saved value is what the formula
// computes from the saved cells (recomputed here with an evaluator of our own, over every example
// and valid fixture and documents with subtotals inside the tolerance or failing); no empty notes;
// the note says why a subtotal is not a formula; control characters in labels survive; a tiny value
// does not display as zero.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { analyze } from "../../shared/src/index";
import { renderXlsx } from "../../shared/src/xlsx/index";
import { escapeOoxml, unescapeOoxml } from "../../shared/src/xlsx/ooxmlText";
import { fixturesRoot, readJson, upstreamRoot } from "../support/paths";
import { documentText, type ItemSpec } from "./support";
import { evaluate } from "./xlsx-formula";
import { readWorkbook, type ReadSheet } from "./xlsx-reader";

async function exportOf(document: unknown): Promise<Uint8Array> {
  const analysis = analyze(document);
  assert.equal(analysis.result.conformance.status, "conforming", JSON.stringify(analysis.result.conformance.errors));
  const outcome = await renderXlsx(document, analysis.result);
  assert.ok(outcome.ok, outcome.ok ? "" : outcome.error.message);
  return outcome.bytes;
}

function documentOf(items: ItemSpec[], tolerance?: string): unknown {
  const document = JSON.parse(documentText(items)) as { units: Record<string, unknown>[] };
  if (tolerance !== undefined) document.units[0]!.defaultTolerance = tolerance;
  return document;
}

/** Subtotals within the tolerance, one failing, one over a failing child. */
const nested = documentOf(
  [
    { id: "a", values: { fy2025: "1" }, rollupTo: "sub" },
    { id: "b", values: { fy2025: "2" }, rollupTo: "sub" },
    { id: "sub", label: "Sub", values: { fy2025: "3.4" }, rollupTo: "total" },
    { id: "c", values: { fy2025: "10" }, rollupTo: "total" },
    { id: "total", label: "Total", values: { fy2025: "13.4" }, rollupTo: "grand" },
    { id: "x", values: { fy2025: "5" }, rollupTo: "failing" },
    { id: "failing", label: "Failing", values: { fy2025: "50" }, rollupTo: "grand" },
    { id: "grand", label: "Grand", values: { fy2025: "63.4" } },
  ],
  "0.5",
);

/** Every formula cell of every sheet: its saved value against the formula evaluated on the saved cells. */
function formulaMismatches(sheets: readonly ReadSheet[]): string[] {
  const found: string[] = [];
  for (const sheet of sheets) {
    for (const cell of sheet.cells.values()) {
      if (cell.formula === undefined) continue;
      const computed = evaluate(cell.formula, (ref) => sheet.cells.get(ref));
      if (cell.value === undefined || !computed.equals(cell.value)) found.push(`${sheet.name}!${cell.ref} =${cell.formula}: saved ${cell.value}, computes ${computed.toString()}`);
      // What a spreadsheet shows (15 significant digits of the double sum) is the saved value too.
      else if (Number(computed.toPrecision(15)) !== Number(cell.value)) found.push(`${sheet.name}!${cell.ref}: shows ${computed.toPrecision(15)}`);
    }
  }
  return found;
}

function documentsUnder(folder: string): [string, unknown][] {
  return readdirSync(folder)
    .filter((name) => name.endsWith(".json"))
    .map((name) => [name, readJson(join(folder, name))]);
}

test("every subtotal formula's saved value is what it computes from the saved cells (examples, valid fixtures, nested tolerances)", async () => {
  const documents: [string, unknown][] = [
    ...documentsUnder(join(fixturesRoot, "examples")),
    ...documentsUnder(join(fixturesRoot, "valid")),
    ...documentsUnder(join(upstreamRoot, "examples")),
    ...documentsUnder(join(upstreamRoot, "fixtures", "valid")),
    ["nested", nested],
  ];
  let formulas = 0;
  for (const [name, document] of documents) {
    const outcome = await renderXlsx(document, analyze(document).result);
    if (!outcome.ok) {
      // Beyond the render bounds (a 1,000-period fixture): refused, as every renderer refuses it.
      assert.match(outcome.error.code, /-limit$/, name);
      continue;
    }
    const sheets = readWorkbook(outcome.bytes);
    formulas += sheets.reduce((count, sheet) => count + [...sheet.cells.values()].filter((cell) => cell.formula !== undefined).length, 0);
    assert.deepEqual(formulaMismatches(sheets), [], name);
  }
  assert.ok(formulas > 20, `formulas checked: ${formulas}`);
});

test("a subtotal over a child shown as its children's sum: the saved value adds the cells, the note says what was stated", async () => {
  const sheet = readWorkbook(await exportOf(nested))[1]!;
  const at = (ref: string) => sheet.cells.get(ref)!;
  assert.deepEqual([at("D5").formula, at("D5").value], ["SUM(D3:D4)", "3"]);
  assert.match(at("D5").note ?? "", /Stated value 3\.4; its children's stated values sum to 3, within the tolerance of 0\.5/);
  assert.deepEqual([at("D7").formula, at("D7").value], ["SUM(D5:D6)", "13"]);
  assert.match(at("D7").note ?? "", /as the sheet shows them: 13; the stated value is 13\.4/);
  assert.match(at("D7").note ?? "", /"Sub" shows the sum of its own children, 3, not its stated 3\.4/);
  assert.equal(at("D9").fill, "FFF8D7DA", "Failing is filled red");
  assert.deepEqual([at("D10").formula, at("D10").value], ["SUM(D7,D9)", "18"]);
  assert.match(at("D10").note ?? "", /"Failing" shows the sum of its own children, 5, not its stated 50/);
});

test("no empty notes: a subtotal that adds up exactly has none", async () => {
  const document = documentOf([
    { id: "a", values: { fy2025: "1" }, rollupTo: "t" },
    { id: "b", values: { fy2025: "2" }, rollupTo: "t" },
    { id: "t", values: { fy2025: "3" } },
  ]);
  const sheet = readWorkbook(await exportOf(document))[1]!;
  assert.equal(sheet.cells.get("D5")?.formula, "SUM(D3:D4)");
  assert.equal(sheet.cells.get("D5")?.note, undefined);
  for (const [name, doc] of [...documentsUnder(join(fixturesRoot, "examples")), ["nested", nested] as [string, unknown]]) {
    for (const each of readWorkbook(await exportOf(doc))) {
      for (const cell of each.cells.values()) assert.notEqual(cell.note?.trim(), "", `${name} ${each.name}!${cell.ref}`);
    }
  }
});

test("a subtotal over a child stored as text says so, not that the formula would be too long", async () => {
  const document = documentOf(
    [
      { id: "long", label: "Long", values: { fy2025: "0.1234567890123456" }, rollupTo: "t" },
      { id: "b", values: { fy2025: "1" }, rollupTo: "t" },
      { id: "t", values: { fy2025: "1.1" } },
    ],
    "1",
  );
  const cell = readWorkbook(await exportOf(document))[1]!.cells.get("D5")!;
  assert.equal(cell.formula, undefined);
  assert.deepEqual([cell.type, cell.value], ["n", "1.1"]);
  assert.match(cell.note ?? "", /Not a formula: "Long" is stored as text/);
  assert.doesNotMatch(cell.note ?? "", /too long/);
});

test("a carriage return (and other control characters) in a label round-trips, escaped as _x000D_", async () => {
  const labels = ["Line one\rLine two", "CRLF\r\nend", "_x000D_ literally", "bell\u0007", "tab\tand\nnewline"];
  const document = documentOf(labels.map((label, index) => ({ id: `i${index}`, label, values: { fy2025: String(index) } })));
  const bytes = await exportOf(document);
  const files = unzipSync(bytes);
  for (const [path, content] of Object.entries(files)) {
    if (path.endsWith(".xml")) assert.doesNotMatch(strFromU8(content), /[\r\u0007]/, `${path} holds no raw control character`);
  }
  const sheet = readWorkbook(bytes)[1]!;
  assert.deepEqual(
    labels.map((_label, index) => unescapeOoxml(sheet.cells.get(`A${3 + index}`)?.value ?? "")),
    labels,
  );
  // exceljs's reader (the import's) decodes the escapes too.
  const { default: excel } = await import("exceljs");
  const workbook = new excel.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as never);
  assert.deepEqual(
    labels.map((_label, index) => workbook.worksheets[1]!.getCell(`A${3 + index}`).value),
    labels,
  );
  assert.equal(escapeOoxml("a_x0041_b"), "a_x005F_x0041_b");
  assert.equal(unescapeOoxml(escapeOoxml("_x005F_\r_X00ff_")), "_x005F_\r_X00ff_");
});

test("a value with more decimal places than a spreadsheet shows (20) is shown in scientific notation, not as 0", async () => {
  const values = ["0.000000000000000000000000000001", "-0.0000000000000000000001234", "0.00000000000000000001", "12.5"];
  const document = documentOf(values.map((value, index) => ({ id: `v${index}`, values: { fy2025: value } })));
  const sheet = readWorkbook(await exportOf(document))[1]!;
  const cells = values.map((_value, index) => sheet.cells.get(`D${3 + index}`)!);
  assert.deepEqual(
    cells.map((cell) => [cell.type, Number(cell.value), cell.numFmt]),
    [
      ["n", 1e-30, '0E+00" USD"'],
      ["n", -1.234e-22, '0.000E+00" USD"'],
      ["n", 1e-20, '#,##0.00000000000000000000" USD"'],
      ["n", 12.5, '#,##0.0" USD"'],
    ],
  );
  assert.match(cells[0]!.note ?? "", /scientific notation: spreadsheets show at most 20 decimal places, and this value has 30/);
  assert.equal(cells[2]!.note, undefined);
});
