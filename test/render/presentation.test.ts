import { test } from "node:test";
import assert from "node:assert/strict";
import { buildPresentation, type Presentation, type StatementPresentation } from "../../shared/src/render";
import type { ValidationResult } from "../../shared/src/types";
import { previewColumns } from "../../shared/src/render/previewModel";
import { buildModel } from "../../shared/src/model/document-model";
import { periodName } from "../../shared/src/model/names";
import { ComparisonNames } from "../../shared/src/compare/describe";
import { upstreamJson } from "./upstream";

function statement(p: Presentation, id: string): StatementPresentation {
  const found = p.statements.find((candidate) => candidate.id === id);
  assert.ok(found, `statement ${id}`);
  return found;
}

test("periods follow the statement's order, not the document's", () => {
  const p = buildPresentation(upstreamJson("fixtures/valid/render-presentation.json"));
  const ordered = statement(p, "ordered");
  assert.deepEqual(
    ordered.periods.map((period) => [period.id, period.label, period.kind]),
    [
      ["at-2025", "2025-12-31", "instant"],
      ["at-2024", "2024-12-31", "instant"],
    ],
  );
  assert.deepEqual(
    ordered.rows.map((row) => row.cells.map((cell) => cell.period)),
    [
      ["at-2025", "at-2024"],
      ["at-2025", "at-2024"],
    ],
  );
});

test("statements and rows keep array order", () => {
  const p = buildPresentation(upstreamJson("examples/manufacturing-group.json"));
  assert.deepEqual(
    p.statements.map((s) => s.id),
    ["balance-sheet", "income-statement", "cash-flow-statement", "equity-statement", "manufacturing-statement"],
  );
  assert.deepEqual(
    statement(p, "balance-sheet").rows.map((row) => row.id),
    ["cash", "inventory", "assets", "liabilities", "equity", "liabilities-and-equity"],
  );
  assert.equal(p.entity, "Example Manufacturing Group");
  assert.equal(p.scope, "Consolidated financial statements");
});

test("a shared unit is stated once; mixed units give a unit per row", () => {
  const p = buildPresentation(upstreamJson("fixtures/valid/render-presentation.json"));
  const ordered = statement(p, "ordered");
  assert.equal(ordered.unitPerRow, false);
  assert.deepEqual(ordered.unit, { id: "usd", resolved: true, label: "USD <millions>", measure: "USD", scale: "6" });
  const mixed = statement(p, "mixed-units");
  assert.equal(mixed.unitPerRow, true);
  assert.equal(mixed.unit, undefined);
  assert.deepEqual(
    mixed.rows.map((row) => row.unit?.id),
    ["usd", "shares"],
  );
});

test("missing, unavailable and zero are distinct cell kinds with their own pointers", () => {
  const p = buildPresentation(upstreamJson("fixtures/valid/render-presentation.json"));
  const [cash, inventory] = statement(p, "ordered").rows;
  assert.deepEqual(
    cash?.cells.map(({ kind, text, pointer }) => ({ kind, text, pointer })),
    [
      { kind: "value", text: "0", pointer: "/statements/0/items/0/values/at-2025" },
      { kind: "missing", text: "", pointer: "/statements/0/items/0/values/at-2024" },
    ],
  );
  assert.deepEqual(
    inventory?.cells.map(({ kind, text }) => ({ kind, text })),
    [
      { kind: "value", text: "-1.25" },
      { kind: "unavailable", text: "" },
    ],
  );
});

test("depth follows rollupTo through three levels; subtotals are the items with children", () => {
  const p = buildPresentation(upstreamJson("examples/manufacturing-group.json"));
  const income = statement(p, "income-statement");
  const shape = Object.fromEntries(income.rows.map((row) => [row.id, [row.depth, row.isSubtotal]]));
  assert.deepEqual(shape, {
    "product-revenue": [2, false],
    "service-revenue": [2, false],
    revenue: [1, true],
    materials: [2, false],
    labor: [2, false],
    "cost-of-sales": [1, true],
    "gross-profit": [0, true],
    "basic-eps": [0, false],
  });
  const revenue = income.rows.find((row) => row.id === "revenue");
  assert.equal(income.rows[revenue?.parentRow ?? -1]?.id, "gross-profit");
});

test("a validation result attaches applications to subtotal cells and marks error cells", () => {
  const document = upstreamJson("examples/manufacturing-group.json");
  const result = upstreamJson("fixtures/calculation-results/manufacturing-group.json") as ValidationResult;
  const income = statement(buildPresentation(document, result), "income-statement");
  const gross = income.rows.find((row) => row.id === "gross-profit");
  const rollup = gross?.cells[0]?.rollup;
  assert.ok(rollup && rollup.status === "unsatisfied");
  assert.deepEqual([rollup.actual, rollup.expected, rollup.difference, rollup.tolerance], ["41", "40", "1", "0"]);
  const leaf = income.rows.find((row) => row.id === "materials");
  assert.ok(leaf?.cells.every((cell) => cell.rollup === undefined));

  const errors = buildPresentation(
    upstreamJson("fixtures/valid/rollup-cell-errors.json"),
    upstreamJson("fixtures/calculation-results/rollup-cell-errors.json") as ValidationResult,
  );
  const rows = errors.statements[0]?.rows ?? [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const unavailableParent = byId.get("unavailable-parent")?.cells[0];
  assert.equal(unavailableParent?.rollup?.status, "error");
  assert.equal(unavailableParent?.blocks.length, 0);
  const blocking = byId.get("unavailable-child")?.cells[0];
  assert.equal(blocking?.kind, "unavailable");
  assert.deepEqual(
    blocking?.blocks.map((application) => application.key.parent),
    ["unavailable-parent"],
  );
  const missingParent = byId.get("missing-parent")?.cells[0];
  assert.equal(missingParent?.rollup?.status, "error");
  assert.deepEqual(
    missingParent?.blocks.map((application) => application.key.parent),
    ["missing-parent"],
  );
});

test("pointers escape ~ and / in period ids (RFC 6901)", () => {
  const p = buildPresentation({
    periods: [{ id: "a/b~c", kind: "instant", date: "2025-12-31" }],
    statements: [{ id: "s", periods: ["a/b~c"], items: [{ id: "x", label: "X", values: { "a/b~c": "1" } }] }],
  });
  assert.equal(p.statements[0]?.rows[0]?.cells[0]?.pointer, "/statements/0/items/0/values/a~1b~0c");
  assert.equal(p.statements[0]?.rows[0]?.cells[0]?.kind, "value");
});

test("cells that are not decimals, null or {unavailable: true} are invalid, never zero", () => {
  const p = buildPresentation({
    statements: [
      {
        id: "s",
        periods: ["a", "b", "c", "d", "e", "f"],
        items: [{ id: "x", values: { a: 0, b: "", c: "1.50", d: { unavailable: false }, e: { unavailable: true, note: "x" } } }],
      },
    ],
  });
  const cells = p.statements[0]?.rows[0]?.cells ?? [];
  assert.deepEqual(
    cells.map((cell) => [cell.kind, cell.problem]),
    [
      ["invalid", "wrong-type"],
      ["invalid", "not-decimal"],
      ["invalid", "not-decimal"],
      ["invalid", "wrong-type"],
      ["invalid", "wrong-type"],
      ["invalid", "absent"],
    ],
  );
});

const hostileInputs: [string, unknown][] = [
  ["null", null],
  ["undefined", undefined],
  ["a number", 42],
  ["a string", "statements"],
  ["an array", [1, 2, 3]],
  ["statements of the wrong types", { statements: [null, 1, "s", [], { items: "no", periods: 3 }] }],
  ["members of the wrong types", { entity: { name: 5 }, scope: [], units: {}, periods: "x", statements: {} }],
  [
    "ids that name Object.prototype members",
    JSON.parse(
      '{"units":[{"id":"__proto__","label":"P","measure":"m","scale":0},{"id":"constructor"}],' +
        '"periods":[{"id":"__proto__","kind":"instant","date":"2025-12-31"},{"id":"toString","kind":"duration"}],' +
        '"statements":[{"id":"__proto__","periods":["__proto__","toString","hasOwnProperty"],"items":[' +
        '{"id":"__proto__","unit":"__proto__","values":{"__proto__":"1","toString":null}},' +
        '{"id":"constructor","unit":"constructor","rollupTo":"__proto__","values":{"__proto__":{"unavailable":true}}},' +
        '{"id":"valueOf","unit":"hasOwnProperty","rollupTo":"toString","values":{"__proto__":{"__proto__":true}}}]}]}',
    ),
  ],
  [
    "cyclic and self rollups",
    {
      statements: [
        {
          id: "s",
          periods: ["p"],
          items: [
            { id: "a", rollupTo: "b", values: { p: "1" } },
            { id: "b", rollupTo: "c", values: { p: "1" } },
            { id: "c", rollupTo: "a", values: { p: "1" } },
            { id: "d", rollupTo: "a", values: { p: "1" } },
            { id: "e", rollupTo: "e", values: { p: "1" } },
            { id: "a", rollupTo: "d", values: { p: "1" } },
          ],
        },
      ],
    },
  ],
];

for (const [name, input] of hostileInputs) {
  test(`buildPresentation does not throw on ${name}`, () => {
    const p = buildPresentation(input, { calculations: { applications: [null, { key: "x" }, { status: "error" }] } } as never);
    assert.ok(Array.isArray(p.statements));
  });
}

test("hostile ids are read as data, not as prototype members", () => {
  const p = buildPresentation(hostileInputs[7]?.[1]);
  const rows = p.statements[0]?.rows ?? [];
  assert.equal(p.statements[0]?.id, "__proto__");
  assert.deepEqual(
    p.statements[0]?.periods.map((period) => [period.id, period.kind]),
    [
      ["__proto__", "instant"],
      ["toString", "unresolved"],
      ["hasOwnProperty", "unresolved"],
    ],
  );
  assert.deepEqual(
    rows.map((row) => row.cells.map((cell) => cell.kind)),
    [
      ["value", "missing", "invalid"],
      ["unavailable", "invalid", "invalid"],
      ["invalid", "invalid", "invalid"],
    ],
  );
  assert.deepEqual(
    rows.map((row) => [row.unit?.id, row.unit?.resolved]),
    [
      ["__proto__", true],
      ["constructor", true],
      ["hasOwnProperty", false],
    ],
  );
  assert.deepEqual(
    rows.map((row) => [row.depth, row.isSubtotal]),
    [
      [0, true],
      [1, false],
      [0, false],
    ],
  );
});

test("cyclic rollups get a finite depth: each cycle member counts the others once", () => {
  const p = buildPresentation(hostileInputs[8]?.[1]);
  const rows = p.statements[0]?.rows ?? [];
  assert.deepEqual(
    rows.map((row) => [row.id, row.depth, row.isSubtotal]),
    [
      ["a", 2, true],
      ["b", 2, true],
      ["c", 2, true],
      ["d", 3, true],
      ["e", 0, false],
      ["a", 4, false],
    ],
  );
});

test("a long rollup chain is handled without recursion", () => {
  const count = 200_000;
  const items = Array.from({ length: count }, (_, i) => ({ id: `i${i}`, rollupTo: i + 1 < count ? `i${i + 1}` : undefined, values: {} }));
  const p = buildPresentation({ statements: [{ id: "s", periods: [], items }] });
  assert.equal(p.statements[0]?.rows[0]?.depth, count - 1);
  assert.equal(p.statements[0]?.rows[count - 1]?.depth, 0);
});

test("one period-label rule: the preview's columns, the comparison's period names and the model's names agree for every kind of period", () => {
  const periods = [
    { id: "at", kind: "instant", date: "2025-12-31" },
    { id: "fy", kind: "duration", start: "2025-01-01", end: "2025-12-31" },
    { id: "no-date", kind: "instant" },
    { id: "no-end", kind: "duration", start: "2025-01-01" },
    { id: "odd", kind: "quarter", date: "2025-03-31" },
    { id: "dash", kind: "duration", start: "2025-01-01 – x", end: "2025-12-31" },
  ];
  const document = { formatVersion: "0.2", periods, statements: [{ id: "s", periods: periods.map((period) => period.id), items: [] }] };
  const columns = previewColumns(statement(buildPresentation(document), "s"));
  const model = buildModel(document);
  const names = new ComparisonNames(document, document);
  const expected = ["2025-12-31", "2025-01-01 – 2025-12-31", "no-date", "no-end", "odd", "2025-01-01 – x – 2025-12-31"];
  assert.deepEqual(
    columns.map((column) => column.label),
    expected,
  );
  assert.deepEqual(
    periods.map((period) => names.period(period.id)),
    expected,
  );
  assert.deepEqual(
    periods.map((period) => periodName(model.periods.get(period.id)!)),
    expected,
  );
  // A duration's column wraps between its two dates only, whatever they hold.
  assert.deepEqual(columns[5]?.parts, ["2025-01-01 – x", "2025-12-31"]);
  assert.deepEqual(columns[2]?.parts, ["no-date"]);
});
