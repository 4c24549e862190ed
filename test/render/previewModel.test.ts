// The preview model, as a pure function of the presentation: what it carries; compact numbers are
// formatted from the decimal string. Its patches: previewPatch.test.ts.

import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { analyze } from "../../shared/src/result";
import { buildPresentation } from "../../shared/src/render/index";
import { buildPreviewModel, cellDisplayText, compactDecimal, type PreviewModel } from "../../shared/src/render/previewModel";
import { readJson, upstreamRoot } from "../support/paths";

interface Item {
  id: string;
  label: string;
  unit?: string;
  rollupTo?: string;
  values: Record<string, unknown>;
}
interface Doc {
  statements: { id: string; items: Item[] }[];
}

const example = (): Doc => readJson<Doc>(join(upstreamRoot, "examples", "manufacturing-group.json"));
const modelOf = (document: unknown): PreviewModel => buildPreviewModel(buildPresentation(document, analyze(document).result));

test("the model carries what the HTML fragment showed: labels, depth, subtotals, units, exact values, rollup explanations, pointers", () => {
  const document = example();
  const cash = document.statements[0]?.items[0];
  assert.ok(cash);
  cash.values["at-2025"] = "410";
  const model = modelOf(document);
  const balance = model.statements[0];
  assert.ok(balance);
  assert.equal(balance.pointer, "/statements/0");
  assert.equal(balance.unit, "KRW millions (KRW, scale 6)");
  assert.deepEqual(
    balance.columns.map((column) => column.parts),
    [["2025-12-31"], ["2024-12-31"]],
  );
  const assets = balance.rows.find((row) => row.id === "assets");
  assert.equal(assets?.subtotal, true);
  assert.equal(balance.rows[0]?.parent, "/statements/0/items/2");
  assert.equal(balance.rows[0]?.depth, 1);
  const total = assets?.cells[0];
  assert.equal(total?.check, "inconsistent");
  assert.equal(total?.flag, "≠");
  assert.match(total?.title ?? "", /expected 1,010 \(sum of direct children\), actual 1,000, difference -10, tolerance 0 \(KRW in millions\)/);
  const income = model.statements[1];
  assert.deepEqual(income?.columns[0]?.parts, ["2025-01-01", "2025-12-31"]);
});

test("compact numbers come from the decimal string, rounded half away from zero, never through a JS number", () => {
  const cases: [string, string][] = [
    ["0", "0"],
    ["999.5", "999.5"],
    ["1000", "1K"],
    ["1500", "1.5K"],
    ["99950", "100K"],
    ["999999", "1M"],
    ["1234567.89", "1.23M"],
    ["-987654", "-988K"],
    ["123456789012345678901234567890", "123,456,789,012,345,679T"],
    ["9007199254740993", "9,007T"],
    ["0001234", "1.23K"],
  ];
  for (const [input, expected] of cases) assert.equal(compactDecimal(input), expected, input);
  assert.equal(cellDisplayText({ pointer: "", kind: "value", value: "1234567", title: "", flag: "" }, "full"), "1,234,567");
  assert.equal(cellDisplayText({ pointer: "", kind: "missing", value: "", title: "", flag: "" }, "compact"), "—");
});
