import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { test } from "node:test";
import assert from "node:assert/strict";
import { buildPresentation, renderHtmlPage, renderStatementsHtml } from "../../shared/src/render";
import type { ValidationResult } from "../../shared/src/types";
import { attributeOf, openingTags, reverseMembers, upstreamJson } from "./upstream";

const renderPresentation = () => upstreamJson("fixtures/valid/render-presentation.json");

function page(document: unknown, result?: ValidationResult): string {
  const outcome = renderHtmlPage(document, result);
  assert.ok(outcome.ok, outcome.ok ? "" : outcome.error.message);
  return outcome.text;
}

/** The text content of the first element whose opening tag contains `marker`. */
function elementText(html: string, marker: string, name: string): string {
  const start = html.indexOf(marker);
  assert.notEqual(start, -1, marker);
  const open = html.indexOf(">", start) + 1;
  return html.slice(open, html.indexOf(`</${name}>`, open));
}

test("author text is escaped everywhere: title, header, captions, labels, units", () => {
  const html = page(renderPresentation());
  assert.match(html, /<title>A &amp; B &lt;Group&gt; — Scope &quot;quoted&quot;<\/title>/);
  assert.match(html, /<h1 class="fs-entity">A &amp; B &lt;Group&gt;<\/h1>/);
  assert.match(html, /<span class="fs-caption-label">Ordered &amp; escaped<\/span>/);
  assert.match(html, /<span class="fs-item-label">Cash &lt;available&gt;<\/span>/);
  assert.match(html, /Unit: USD &lt;millions&gt; \(USD, scale 6\)/);
  assert.match(html, /title="Shares &amp; units \(shares, scale 0\)">Shares &amp; units</);
  for (const raw of ["A & B", "<Group>", "<available>", "<millions>", '"quoted"', "Shares & units"]) {
    assert.equal(html.includes(raw), false, `unescaped ${raw}`);
  }
});

test("a label containing <script> stays text, and the page has no script or network resource", () => {
  const document = renderPresentation() as { statements: { items: { label: string; description?: string }[] }[] };
  const item = document.statements[0]?.items[0];
  assert.ok(item);
  item.label = `<script>alert("x")</script>`;
  item.description = `' onmouseover='alert(1)`;
  const html = page(document);
  assert.equal(/<script/i.test(html), false);
  assert.match(html, /&lt;script&gt;alert\(&quot;x&quot;\)&lt;\/script&gt;/);
  assert.match(html, /&#39; onmouseover=&#39;alert\(1\)/);
  assert.equal(/\b(?:src|href)=/i.test(html), false);
  assert.equal(/@import|url\(/i.test(html), false);
});

test("period columns appear in the statement's order with their ids", () => {
  const html = page(renderPresentation());
  const section = html.slice(html.indexOf('data-statement="ordered"'), html.indexOf('data-statement="mixed-units"'));
  const headers = openingTags(section, "th").filter((tag) => tag.includes("fs-col-period"));
  assert.deepEqual(
    headers.map((tag) => attributeOf(tag, "data-period")),
    ["at-2025", "at-2024"],
  );
  assert.ok(section.indexOf(">2025-12-31</th>") < section.indexOf(">2024-12-31</th>"));
  assert.ok(section.indexOf(">2025-12-31</th>") > 0);
});

test("durations are labelled start – end", () => {
  const html = page(upstreamJson("examples/manufacturing-group.json"));
  assert.match(html, /data-period="fy2025"[^>]*>2025-01-01 – 2025-12-31<\/th>/);
});

test("the unit is stated once for a single-unit statement and per row for mixed units", () => {
  const html = page(renderPresentation());
  const [ordered, mixed] = html.split('<section class="fs-statement"').slice(1);
  assert.ok(ordered && mixed);
  assert.match(ordered, /fs-caption-unit/);
  assert.equal(openingTags(ordered, "td").filter((tag) => tag.includes("fs-unit")).length, 0);
  assert.equal(ordered.includes("fs-col-unit"), false);
  assert.equal(mixed.includes("fs-caption-unit"), false);
  assert.match(mixed, /<th scope="col" class="fs-col-unit">Unit<\/th>/);
  assert.equal(openingTags(mixed, "td").filter((tag) => /class="fs-unit"/.test(tag)).length, 2);
});

test("missing, unavailable and zero render differently, with screen-reader text", () => {
  const html = page(renderPresentation());
  const zero = elementText(html, 'data-pointer="/statements/0/items/0/values/at-2025"', "td");
  const missing = elementText(html, 'data-pointer="/statements/0/items/0/values/at-2024"', "td");
  const unavailable = elementText(html, 'data-pointer="/statements/0/items/1/values/at-2024"', "td");
  assert.equal(zero, "0");
  assert.equal(missing, '<span aria-hidden="true">—</span><span class="fs-sr-only">missing</span>');
  assert.equal(unavailable, '<span aria-hidden="true">n/a</span><span class="fs-sr-only">unavailable</span>');
  const classOf = (pointer: string) => attributeOf(openingTags(html, "td").find((tag) => tag.includes(`data-pointer="${pointer}"`)) ?? "", "class");
  assert.equal(classOf("/statements/0/items/0/values/at-2025"), "fs-cell fs-value");
  assert.equal(classOf("/statements/0/items/0/values/at-2024"), "fs-cell fs-missing");
  assert.equal(classOf("/statements/0/items/1/values/at-2024"), "fs-cell fs-unavailable");
  assert.match(html, /\.fs-sr-only \{[^}]*clip/);
});

test("every value cell and every row carries the pointer of its source", () => {
  const document = upstreamJson("examples/manufacturing-group.json");
  const p = buildPresentation(document);
  const html = renderStatementsHtml(p);
  const cells = openingTags(html, "td").filter((tag) => tag.includes("fs-cell"));
  const expected = p.statements.flatMap((s) => s.rows.flatMap((row) => row.cells.map((cell) => cell.pointer)));
  assert.equal(cells.length, expected.length);
  assert.deepEqual(
    cells.map((tag) => attributeOf(tag, "data-pointer")),
    expected,
  );
  assert.ok(expected.includes("/statements/1/items/7/values/fy2024"));
  const rows = openingTags(html, "tr").filter((tag) => tag.includes("fs-row"));
  assert.deepEqual(
    rows.map((tag) => attributeOf(tag, "data-pointer")),
    p.statements.flatMap((s) => s.rows.map((row) => row.pointer)),
  );
});

test("hierarchy depth and subtotal styling come from rollupTo", () => {
  const html = renderStatementsHtml(buildPresentation(upstreamJson("examples/manufacturing-group.json")));
  const row = (item: string) => openingTags(html, "tr").find((tag) => tag.includes(`data-item="${item}"`) && tag.includes("fs-row")) ?? "";
  assert.equal(attributeOf(row("product-revenue"), "class"), "fs-row fs-depth-2");
  assert.equal(attributeOf(row("product-revenue"), "data-depth"), "2");
  assert.equal(attributeOf(row("revenue"), "class"), "fs-row fs-depth-1 fs-subtotal");
  assert.equal(attributeOf(row("gross-profit"), "class"), "fs-row fs-depth-0 fs-subtotal");
  assert.equal(attributeOf(row("basic-eps"), "class"), "fs-row fs-depth-0");
  assert.equal(attributeOf(row("revenue"), "data-parent-pointer"), "/statements/1/items/6");
});

test("numbers are shown as stored, with thousands separators and the exact value kept", () => {
  const document = {
    units: [{ id: "u", label: "U", measure: "m", scale: 0 }],
    periods: [{ id: "p", kind: "instant", date: "2025-12-31" }],
    statements: [
      {
        id: "s",
        label: "S",
        periods: ["p"],
        items: [
          { id: "a", label: "A", unit: "u", values: { p: "-12345678901234567890.000000000000000001" } },
          { id: "b", label: "B", unit: "u", values: { p: "999" } },
        ],
      },
    ],
  };
  const html = page(document);
  assert.match(html, /data-value="-12345678901234567890.000000000000000001">-12,345,678,901,234,567,890.000000000000000001<\/td>/);
  assert.match(html, /data-value="999">999<\/td>/);
});

test("inconsistent subtotals and error cells are marked with the figures in a title", () => {
  const html = page(upstreamJson("examples/manufacturing-group.json"), upstreamJson("fixtures/calculation-results/manufacturing-group.json") as ValidationResult);
  const gross = openingTags(html, "td").find((tag) => tag.includes('data-pointer="/statements/1/items/6/values/fy2025"'));
  assert.equal(attributeOf(gross ?? "", "class"), "fs-cell fs-value fs-inconsistent");
  assert.equal(attributeOf(gross ?? "", "title"), "Rollup check not satisfied: expected 40 (sum of direct children), actual 41, difference 1, tolerance 0 (KRW in millions)");
  assert.match(html, /16 rollup checks · 1 not satisfied/);
  const revenue = openingTags(html, "td").find((tag) => tag.includes('data-pointer="/statements/1/items/2/values/fy2025"'));
  assert.equal(attributeOf(revenue ?? "", "class"), "fs-cell fs-value fs-rollup-satisfied");

  const errors = page(upstreamJson("fixtures/valid/rollup-cell-errors.json"), upstreamJson("fixtures/calculation-results/rollup-cell-errors.json") as ValidationResult);
  const tags = openingTags(errors, "td");
  const byItem = (index: number) => tags.find((tag) => tag.includes(`/items/${index}/values/`)) ?? "";
  assert.equal(attributeOf(byItem(2), "class"), "fs-cell fs-value fs-rollup-error");
  assert.match(attributeOf(byItem(2), "title") ?? "", /not evaluated: the value of &quot;Unavailable child&quot; for 2025-01-01 – 2025-12-31 is unavailable/);
  assert.equal(attributeOf(byItem(3), "class"), "fs-cell fs-unavailable fs-error-cell");
  assert.match(attributeOf(byItem(3), "title") ?? "", /stops the rollup check of &quot;Unavailable parent&quot;/);
  assert.equal(attributeOf(byItem(0), "class"), "fs-cell fs-missing fs-rollup-error fs-error-cell");
});

test("without a result the page shows no status and no check classes", () => {
  const html = page(upstreamJson("examples/manufacturing-group.json"));
  assert.equal(html.includes('<p class="fs-status'), false);
  assert.equal(/fs-inconsistent"|fs-rollup-satisfied"/.test(html), false);
});

test("the page is byte-identical across runs and member orders", () => {
  const document = upstreamJson("examples/manufacturing-group.json");
  const result = upstreamJson("fixtures/calculation-results/manufacturing-group.json") as ValidationResult;
  const first = page(document, result);
  assert.equal(page(upstreamJson("examples/manufacturing-group.json"), result), first);
  assert.equal(page(reverseMembers(document), reverseMembers(result) as ValidationResult), first);
  assert.ok(first.startsWith("<!doctype html>\n"));
  assert.match(first, /<meta charset="utf-8">/);
  assert.match(first, /prefers-color-scheme: dark/);
  assert.match(first, /@media print/);
});

test("class names in the fragment are all prefixed fs- and documented in html.ts", () => {
  const html = renderStatementsHtml(
    buildPresentation(upstreamJson("fixtures/valid/rollup-cell-errors.json"), upstreamJson("fixtures/calculation-results/rollup-cell-errors.json") as ValidationResult),
  );
  const source = readFileSync(resolve(__dirname, "../../../shared/src/render/html.ts"), "utf8");
  const header = source.slice(0, source.indexOf("import "));
  const classes = new Set((html.match(/class="[^"]*"/g) ?? []).flatMap((attr) => attr.slice(7, -1).split(" ")));
  assert.ok(classes.size > 5);
  for (const name of classes) {
    assert.match(name, /^fs-/);
    if (!name.startsWith("fs-depth-")) assert.ok(header.includes(name), `${name} is documented`);
  }
});
