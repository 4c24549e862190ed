import { before, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import type { Hover, MarkupContent, Position } from "vscode-languageserver-protocol/node";
import * as service from "../../server/src/service/index";
import { fixturesRoot, readJson, readText, upstreamRoot } from "../support/paths";
import { createService } from "./service";
import { positionOf, textAt } from "./text-positions";

const manufacturing = readText(join(upstreamRoot, "examples", "manufacturing-group.json"));
const manufacturingUri = "file:///hover/manufacturing-group.json";
const server = createService();

before(async () => {
  await server.open(manufacturingUri, manufacturing);
});

async function hover(uri: string, position: Position): Promise<Hover | null> {
  return server.with(uri, (analysis) => service.hover(analysis, position));
}

/** The hover's Markdown; fails when there is no hover or it is not Markdown. */
async function markdown(uri: string, position: Position): Promise<string> {
  const result = await hover(uri, position);
  assert.ok(result !== null, "a hover");
  const contents = result.contents as MarkupContent;
  assert.equal(contents.kind, "markdown");
  return contents.value;
}

test("a subtotal's cell shows its whole rollup in that period, exactly as stored", async () => {
  const at = positionOf(manufacturing, '"41"');
  const result = (await hover(manufacturingUri, at))!;
  assert.equal(textAt(manufacturing, result.range!), '"41"');
  const value = (result.contents as MarkupContent).value;
  const lines = value.split("\n");
  // Every period the hover names is named as its column heading names it (model/names.ts), as the
  // children's line below a published diagnostic does: never "fy2025" in one line and dates in another.
  assert.equal(lines[0], "**Gross profit** `gross-profit` · 2025-01-01 – 2025-12-31 · KRW millions");
  const table = lines.filter((line) => line.startsWith("|"));
  assert.deepEqual(table, [
    "| Item | 2025-01-01 – 2025-12-31 |",
    "| :-- | --: |",
    "| Revenue | 100 |",
    "| Cost of sales | -60 |",
    "| **Expected** (sum of children) | 40 |",
    "| **Actual** (Gross profit) | 41 |",
    "| **Difference** | 1 |",
    "| Tolerance | 0 |",
  ]);
  assert.ok(lines.includes("✗ **not satisfied**: stated 41, children sum to 40, off by 1 (tolerance 0)"), value);

  const satisfied = await markdown(manufacturingUri, positionOf(manufacturing, '"30"', 1));
  assert.match(satisfied, /^\*\*Gross profit\*\* `gross-profit` · 2024-01-01 – 2024-12-31 ·/);
  assert.doesNotMatch(value + satisfied, /fy202[45]/);
  assert.match(satisfied, /\| \*\*Expected\*\* \(sum of children\) \| 30 \|/);
  assert.match(satisfied, /✓ \*\*satisfied\*\*: stated 30, children sum to 30 \(difference 0, tolerance 0\)/);
});

test("a failing subtotal's hover below its diagnostic is one line of its children, and whole when no diagnostic is published", async () => {
  const at = positionOf(manufacturing, '"41"');
  const alone = await markdown(manufacturingUri, at);
  assert.match(alone, /✗ \*\*not satisfied\*\*/);
  assert.match(alone, /\| \*\*Difference\*\* \| 1 \|/);
  const withDiagnostic = (await server.with(manufacturingUri, (analysis) => service.hover(analysis, at, undefined, true)))!;
  const value = (withDiagnostic.contents as MarkupContent).value;
  // VS Code shows the diagnostic above (stated 41, sum 40, difference, tolerance, likely causes)
  // within the 250 px a hover shows before it scrolls: the hover adds only what it does not say.
  assert.equal(value, "Children of **Gross profit** in 2025-01-01 – 2025-12-31, KRW millions: Revenue\u00a0100 · Cost of sales\u00a0-60 · sum **40**");
  // A satisfied subtotal's hover stays whole.
  const satisfied = (await server.with(manufacturingUri, (analysis) => service.hover(analysis, positionOf(manufacturing, '"30"', 1), undefined, true)))!;
  assert.match((satisfied.contents as MarkupContent).value, /\| \*\*Expected\*\* \(sum of children\) \| 30 \|/);
});

test("a child's cell names the subtotal it rolls into and that subtotal's status", async () => {
  const product = await markdown(manufacturingUri, positionOf(manufacturing, '"60"'));
  assert.match(product, /^\*\*Product revenue\*\* `product-revenue` · 2025-01-01 – 2025-12-31 ·/);
  assert.match(product, /Rolls into \*\*Revenue\*\* \(`revenue`\)\n\n2025-01-01 – 2025-12-31: ✓ \*\*satisfied\*\*: stated 100, children sum to 100/);
  assert.doesNotMatch(product, /\| Item \|/, "a leaf has no breakdown");

  // Revenue is both: a subtotal of its own children and a child of gross profit.
  const revenue = await markdown(manufacturingUri, positionOf(manufacturing, '"100"'));
  assert.match(revenue, /\| Product revenue \| 60 \|\n\| Service revenue \| 40 \|/);
  assert.match(revenue, /Rolls into \*\*Gross profit\*\* \(`gross-profit`\)\n\n2025-01-01 – 2025-12-31: ✗ \*\*not satisfied\*\*: stated 41, children sum to 40, off by 1/);
});

test("error applications and thousands separators in the breakdown", async () => {
  const text = readText(join(fixturesRoot, "valid", "first-missing-child.json"));
  const uri = "file:///hover/first-missing-child.json";
  await server.open(uri, text);
  // total fy2024: "90"; Services fy2024 is null, so the application is an error naming it.
  const value = await markdown(uri, positionOf(text, '"90"'));
  assert.match(value, /\| Services \| null \(missing\) \|\n\| Products \| 45 \|\n\| Licences \| 5 \|\n\| \*\*Actual\*\* \(Total revenue\) \| 90 \|/);
  assert.match(value, /! \*\*not evaluated\*\* \(missing value\): \*\*Services\*\* has no value \(null\) in 2024-01-01 – 2024-12-31, so the sum cannot be checked/);
  assert.doesNotMatch(value, /Expected/);

  const northwind = readText(join(fixturesRoot, "examples", "northwind-group.json"));
  const northwindUri = "file:///hover/northwind-group.json";
  await server.open(northwindUri, northwind);
  const assets = await markdown(northwindUri, positionOf(northwind, '"121229.5"'));
  assert.match(assets, /\| \*\*Expected\*\* \(sum of children\) \| 121,229\.5 \|/);
  assert.match(assets, /\| Tolerance \| 0\.5 \|/);
  // The label says the measure and the scale: nothing repeated after it ("GBP thousands (GBP, in thousands)").
  assert.match(assets, /· GBP thousands$/m);
  assert.doesNotMatch(assets, /\(GBP, in thousands\)/);
});

test("a thousand-digit sum is shown digit for digit", async () => {
  const text = readText(join(fixturesRoot, "valid", "thousand-digit-sum.json"));
  const uri = "file:///hover/thousand-digit-sum.json";
  await server.open(uri, text);
  const result = readJson<{ calculations: { applications: { key: { period: string }; actual: string; expected: string; difference: string }[] } }>(
    join(fixturesRoot, "expected", "results", "thousand-digit-sum.json"),
  );
  const fy2024 = result.calculations.applications.find((application) => application.key.period === "fy2024")!;
  const value = await markdown(uri, positionOf(text, `"${fy2024.actual}"`));
  const group = (decimal: string): string => {
    const [whole, fraction] = decimal.split(".");
    return `${whole!.replace(/\B(?=(\d{3})+$)/g, ",")}${fraction === undefined ? "" : `.${fraction}`}`;
  };
  assert.ok(value.includes(`| **Expected** (sum of children) | ${group(fy2024.expected)} |`));
  assert.ok(value.includes(`| **Actual** (Exact total (2025) and total off by 10^-31 (2024)) | ${group(fy2024.actual)} |`));
  assert.ok(value.includes("| **Difference** | 0.0000000000000000000000000000001 |"));
  assert.ok(group(fy2024.expected).length > 1300, "the separators are really there");
});

test("references and definitions say what they point at", async () => {
  const unit = await markdown(manufacturingUri, positionOf(manufacturing, '"unit": "krw-millions"', 0, 10));
  assert.equal(unit, "**KRW millions** `krw-millions` · unit\n\nmeasure KRW · scale 6 (values in millions) · default tolerance 0");
  const perShare = await markdown(manufacturingUri, positionOf(manufacturing, '"unit": "krw-per-share"', 0, 10));
  assert.match(perShare, /measure KRW\/share · scale 0 \(values in units\) · default tolerance 0 \(implicit\)/);
  const unitDefinition = await markdown(manufacturingUri, positionOf(manufacturing, '"id": "krw-millions"', 0, 8));
  assert.equal(unitDefinition, unit);

  const instant = await markdown(manufacturingUri, positionOf(manufacturing, '"at-2025",'));
  assert.equal(instant, "`at-2025` · instant 2025-12-31");
  const valuesKey = await markdown(manufacturingUri, positionOf(manufacturing, '"fy2025": "60"'));
  assert.equal(valuesKey, "`fy2025` · duration 2025-01-01 – 2025-12-31");

  const rollupTo = await markdown(manufacturingUri, positionOf(manufacturing, '"rollupTo": "assets"', 0, 13));
  assert.equal(rollupTo, "Rolls into **Total assets** `assets`\n\nunit KRW millions · subtotal of 2 children");

  const statement = await markdown(manufacturingUri, positionOf(manufacturing, '"id": "balance-sheet"', 0, 8));
  assert.equal(statement, "**Balance sheet** `balance-sheet` · statement\n\n6 items · periods `at-2025`, `at-2024`");
  const item = await markdown(manufacturingUri, positionOf(manufacturing, '"id": "cash"', 0, 8));
  assert.equal(item, "**Cash** `cash` · item of **Balance sheet**\n\nunit KRW millions · rolls into **Total assets**");

  assert.equal(await hover(manufacturingUri, positionOf(manufacturing, '"label": "Cash"', 0, 12)), null, "a label is not explained");
});

test("unresolved references say so", async () => {
  const text = readText(join(fixturesRoot, "examples", "minimal.json"))
    .replace('"unit": "gbp"', '"unit": "nope"')
    .replace('"rollupTo": "total-assets"', '"rollupTo": "missing"');
  const uri = "file:///hover/unresolved.json";
  await server.open(uri, text);
  assert.equal(await markdown(uri, positionOf(text, '"nope"')), "No unit named `nope`.");
  assert.equal(await markdown(uri, positionOf(text, '"missing"')), "No item named `missing` in **Balance sheet**.");
  const cell = await markdown(uri, positionOf(text, '"1200"'));
  assert.match(cell, /Rolls into `missing`, which is no item of this statement\./);
});

test("in a nonconforming document the breakdown shows cells as written and says the rollup was not checked", async () => {
  const text = readText(join(fixturesRoot, "examples", "minimal.json")).replace('"at-2025": "1200"', '"at-2025": 1.50');
  const uri = "file:///hover/number-cell.json";
  await server.open(uri, text);
  const value = await markdown(uri, positionOf(text, '"2000"'));
  assert.match(value, /\| Cash and cash equivalents \| `1\.50` \|\n\| Trade receivables \| 800 \|\n\| \*\*Actual\*\* \(Total assets\) \| 2,000 \|/);
  assert.match(value, /Not checked: rollups run only when the document conforms \(it has 1 structural error\)\./);
});

test("author text is escaped: labels cannot format, link, open HTML or break the table", async () => {
  const document = JSON.parse(readText(join(fixturesRoot, "examples", "minimal.json"))) as { statements: { items: { label: string }[] }[] };
  document.statements[0]!.items[0]!.label = "*Cash* | <b>x</b> `c` [l](u) & _y_";
  const text = JSON.stringify(document, null, 2);
  const uri = "file:///hover/escaping.json";
  await server.open(uri, text);
  const value = await markdown(uri, positionOf(text, '"2000"'));
  const row = value.split("\n").find((line) => line.includes("1,200"));
  assert.equal(row, "| \\*Cash\\* \\| \\<b\\>x\\</b\\> \\`c\\` \\[l\\](u) \\& \\_y\\_ | 1,200 |");
  // Exactly three unescaped pipes: the row has two cells.
  assert.equal(row!.match(/(?<!\\)\|/g)?.length, 3);
});

test("prototype-named ids resolve like any other", async () => {
  const text = readText(join(fixturesRoot, "valid", "prototype-ids.json"));
  const uri = "file:///hover/prototype-ids.json";
  await server.open(uri, text);
  const value = await markdown(uri, positionOf(text, '"33"'));
  // The period `valueOf` resolves: named by its date, not "`valueOf` (undefined period)".
  assert.match(value, /^\*\*Total assets\*\* `hasOwnProperty` · 2024-12-31 · GBP \(in units\)/);
  assert.match(value, /\| Current assets \| 12 \|\n\| Non-current assets \| 20 \|\n\| \*\*Expected\*\* \(sum of children\) \| 32 \|/);
  const unit = await markdown(uri, positionOf(text, '"unit": "toString"', 0, 10));
  assert.match(unit, /^\*\*Employees\*\* `toString` · unit/);
});

test("no hover for ordinary JSON, outside FS meaning, or while the text is broken", async () => {
  const plain = "file:///hover/package.json";
  const plainText = '{ "name": "x", "unit": "gbp", "statements": 1 }';
  assert.equal(server.openAny(plain, plainText), undefined, "package.json is no FS document");
  assert.equal(await hover(plain, positionOf(plainText, '"gbp"')), null);
  assert.equal(await hover(manufacturingUri, { line: 0, character: 0 }), null);
  assert.equal(await hover(manufacturingUri, positionOf(manufacturing, '"Example Manufacturing Group"')), null);

  const uri = "file:///hover/broken.json";
  const text = readText(join(fixturesRoot, "examples", "minimal.json"));
  await server.open(uri, text);
  const good = await markdown(uri, positionOf(text, '"2000"'));
  const broken = text.replace('"1200"', '"1,200",');
  await server.change(uri, 2, [{ text: broken }]);
  // After the broken stretch the last good analysis still answers, at the open text's positions.
  const after = (await hover(uri, positionOf(broken, '"2000"')))!;
  assert.equal(textAt(broken, after.range!), '"2000"');
  assert.equal((after.contents as MarkupContent).value, `${good}\n\n*From the last valid version: the text has syntax errors.*`);
  // Before it, too.
  assert.match(await markdown(uri, positionOf(broken, '"gbp"', 1)), /^\*\*GBP\*\* `gbp` · unit/);
  // In the edited stretch there is nothing to say.
  assert.equal(await hover(uri, positionOf(broken, '"1,200"', 0, 3)), null);
});
