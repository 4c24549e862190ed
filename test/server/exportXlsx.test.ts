// fs/exportXlsx in the language service (the editor's "FS: Export XLSX"): the workbook of the open
// version, read back with a reader independent of the writer; refused, with a reason, for a
// document that does not conform or does not parse; values beyond 15 digits counted.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { base64ToBytes, bytesToBase64 } from "../../protocol/base64";
import * as service from "../../server/src/service/index";
import { readWorkbook } from "../cli/xlsx-reader";
import { textOf } from "../engine/explainDocs";
import { readText, upstreamRoot } from "../support/paths";
import { createService } from "./service";

const server = createService();
let counter = 0;

async function exported(text: string): Promise<Awaited<ReturnType<typeof service.exportXlsx>>> {
  const uri = `file:///xlsx/doc-${counter++}.json`;
  server.open(uri, text);
  const analysis = server.analysis(uri);
  assert.ok(analysis !== undefined);
  return service.exportXlsx(analysis);
}

test("a conforming document's workbook: the open text's values, failing subtotals as live SUMs", async () => {
  const text = textOf([
    { id: "revenue", label: "Revenue", values: ["5000"], rollupTo: "gross" },
    { id: "cos", label: "Cost of sales", values: ["-1240"], rollupTo: "gross" },
    { id: "gross", label: "Gross profit", values: ["3770"] },
  ]);
  const result = await exported(text);
  assert.equal(result.problem, undefined);
  assert.equal(result.textValues, 0);
  const sheets = readWorkbook(base64ToBytes(result.base64!));
  assert.deepEqual(
    sheets.map((sheet) => sheet.name),
    ["Validation", "Income statement", "FS definitions"],
  );
  const statement = sheets[1]!;
  assert.equal(statement.cells.get("D3")?.value, "5000");
  const gross = statement.cells.get("D5")!;
  assert.equal(gross.formula, "SUM(D3:D4)");
  assert.equal(gross.value, "3760");
  assert.match(gross.note ?? "", /3,770 stated, its children.s stated values sum to 3,760/);
});

test("values beyond 15 significant digits are counted (they go in as text)", async () => {
  const result = await exported(textOf([{ id: "a", values: ["1234567890.1234567"] }]));
  assert.equal(result.textValues, 1);
  assert.equal(readWorkbook(base64ToBytes(result.base64!))[1]?.cells.get("D3")?.value, "1234567890.1234567");
});

test("a nonconforming document, or text that does not parse, is not exported, and the reason says why", async () => {
  const invalid = await exported(readText(join(upstreamRoot, "fixtures", "invalid", "unknown-item-property.json")));
  assert.equal(invalid.base64, undefined);
  assert.match(invalid.problem ?? "", /does not conform \(1 error, see the Problems panel\)/);
  const uri = `file:///xlsx/doc-${counter++}.json`;
  server.open(uri, textOf([{ id: "a", values: ["1"] }]));
  server.change(uri, 2, [{ text: "{ broken" }]);
  const broken = await service.exportXlsx(server.analysis(uri)!);
  assert.equal(broken.base64, undefined);
  assert.equal(broken.problem, service.broken());
});

test("base64 over the connection round-trips every byte value, in chunks beyond one call's argument limit", () => {
  const bytes = new Uint8Array(200_000);
  for (let at = 0; at < bytes.length; at++) bytes[at] = (at * 7919) % 256;
  assert.deepEqual(base64ToBytes(bytesToBase64(bytes)), bytes);
  assert.equal(bytesToBase64(new Uint8Array([0, 255, 1])), Buffer.from([0, 255, 1]).toString("base64"));
});
