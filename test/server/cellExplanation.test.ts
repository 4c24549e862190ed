// fs/cellExplanation in the language service: the preview's explanation of a failing subtotal cell,
// each cause on its own document (the same wording as the hover), each pointing at the item
// concerned; answered only for the model version the preview holds, and only for failing cells. A
// subtotal whose check could not be evaluated is explained by the cells that hold no value.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cellPointer } from "../../shared/src/index";
import * as service from "../../server/src/service/index";
import { documentOf, textOf, type Options, type Row } from "../engine/explainDocs";
import { createService } from "./service";
import { displayFormat } from "../../shared/src/render/localeFormat";

const server = createService();
let counter = 0;

function open(rows: readonly Row[], options: Options = {}): string {
  const uri = `file:///cells/doc-${counter++}.json`;
  server.open(uri, textOf(rows, options));
  return uri;
}

/** The explanation of the cell of item `index` in `period`, for model version `version`. */
function explain(uri: string, index: number, period = "fy2025", version = 1): ReturnType<typeof service.cellExplanation> {
  return server.with(uri, (analysis) => service.cellExplanation(analysis, version, cellPointer(0, index, period)));
}

const CASES: { cause: string; rows: Row[]; options?: Options; text: string; item: number }[] = [
  {
    cause: "a child's sign",
    rows: [
      { id: "revenue", label: "Revenue", values: ["5000"], rollupTo: "total" },
      { id: "cos", label: "Cost of sales", values: ["1240"], rollupTo: "total" },
      { id: "total", label: "Gross profit", values: ["3760"] },
    ],
    text: "Cost of sales (1,240) has the wrong sign? With it negated the total holds.",
    item: 1,
  },
  {
    cause: "the parent's sign",
    rows: [
      { id: "a", values: ["-300"], rollupTo: "total" },
      { id: "b", values: ["-260"], rollupTo: "total" },
      { id: "total", label: "Net loss", values: ["560"] },
    ],
    text: "Net loss (560) has the wrong sign? Negated, it equals the sum of its children.",
    item: 2,
  },
  {
    cause: "an extra child",
    rows: [
      { id: "a", values: ["700"], rollupTo: "total" },
      { id: "b", values: ["300"], rollupTo: "total" },
      { id: "other", label: "Other income", values: ["45"], rollupTo: "total" },
      { id: "total", label: "Total", values: ["1000"] },
    ],
    text: "Other income (45) does not belong in Total, or is counted twice? Without it the total holds.",
    item: 2,
  },
  {
    cause: "a missing child",
    rows: [
      { id: "a", values: ["700"], rollupTo: "total" },
      { id: "interest", label: "Interest", values: ["45"] },
      { id: "total", label: "Total", values: ["745"] },
    ],
    text: "Interest (45) is missing from Total? It rolls up nowhere now; rolled up here, the total holds.",
    item: 1,
  },
  {
    cause: "transposed digits",
    rows: [
      { id: "a", label: "Revenue", values: ["1324"], rollupTo: "total" },
      { id: "b", values: ["100"], rollupTo: "total" },
      { id: "total", values: ["1334"] },
    ],
    text: "Two digits of Revenue (1,324) transposed? As 1,234 the total holds.",
    item: 0,
  },
  {
    cause: "a value in the wrong scale",
    rows: [
      { id: "a", label: "Revenue", values: ["1240"], rollupTo: "total" },
      { id: "b", values: ["60000"], rollupTo: "total" },
      { id: "total", values: ["1300000"] },
    ],
    text: "Revenue (1,240) is 1,000 times too small (the unit is in thousands)? As 1,240,000 the total holds.",
    item: 0,
  },
  {
    cause: "rounding",
    rows: [
      { id: "a", values: ["33.3"], rollupTo: "total" },
      { id: "b", values: ["33.3"], rollupTo: "total" },
      { id: "c", values: ["33.3"], rollupTo: "total" },
      { id: "total", values: ["100"] },
    ],
    text: "Rounding? Each stored value may be off by half a unit of its last digit, up to 0.65 together, which covers the difference; a tolerance of 0.1 would accept it.",
    item: 3,
  },
  {
    cause: "the other periods hold",
    rows: [
      { id: "a", values: ["10", "20"], rollupTo: "total" },
      { id: "b", values: ["5", "5"], rollupTo: "total" },
      { id: "total", label: "Total", values: ["16", "25"] },
    ],
    options: { periods: ["fy2025", "fy2024"] },
    text: "Total holds in 2024-01-01 – 2024-12-31, which points at a typing error in 2025-01-01 – 2025-12-31.",
    item: 2,
  },
];

for (const { cause, rows, options, text, item } of CASES) {
  test(`the preview's explanation of a failing subtotal names ${cause}, pointing at the item concerned`, () => {
    const uri = open(rows, options);
    const total = rows.length - 1;
    const explanation = explain(uri, total);
    assert.ok(explanation !== null, "an explanation of the failing total");
    assert.equal(explanation.uri, uri);
    assert.equal(explanation.modelVersion, 1);
    assert.equal(explanation.pointer, cellPointer(0, total, "fy2025"));
    assert.match(explanation.summary, / stated, children sum to /);
    const found = explanation.causes.find((candidate) => candidate.text === text);
    assert.ok(found !== undefined, `"${text}" among ${JSON.stringify(explanation.causes)}`);
    assert.equal(found.pointer, cellPointer(0, item, "fy2025"));
  });
}

test("no explanation for a satisfied subtotal, a plain value, a pointer that is no cell, or another model version", () => {
  const uri = open(CASES[7]!.rows, CASES[7]!.options);
  assert.notEqual(explain(uri, 2), null);
  assert.equal(explain(uri, 2, "fy2024"), null, "fy2024 holds");
  assert.equal(explain(uri, 0), null, "a child's value");
  assert.equal(explain(uri, 2, "fy2025", 2), null, "version 2 is not the model shown");
  for (const pointer of [
    "",
    "/statements/0",
    "/statements/0/items/2",
    "/statements/0/items/02/values/fy2025",
    "/statements/x/items/2/values/fy2025",
    "/units/0/items/2/values/fy2025",
  ]) {
    assert.equal(
      server.with(uri, (analysis) => service.cellExplanation(analysis, 1, pointer)),
      null,
      pointer,
    );
  }
});

test("while the text does not parse, the preview's (last valid) model version is still explained", () => {
  const uri = open(CASES[0]!.rows);
  server.change(uri, 2, [{ text: "{ broken" }]);
  assert.equal(explain(uri, 2, "fy2025", 2), null, "version 2 has no model");
  assert.equal(explain(uri, 2, "fy2025", 1)?.causes[0]?.text, CASES[0]!.text);
});

/** Opens `rows` with the cells of the items at `unavailable` (in the first period) marked unavailable. */
function openWithUnavailable(rows: readonly Row[], unavailable: number[]): string {
  const document = documentOf(rows) as { statements: { items: { values: Record<string, unknown> }[] }[] };
  for (const index of unavailable) document.statements[0]!.items[index]!.values.fy2025 = { unavailable: true };
  const uri = `file:///cells/doc-${counter++}.json`;
  server.open(uri, JSON.stringify(document, null, 2));
  return uri;
}

test("a subtotal that cannot be checked: the summary names the subtotal once, and the causes name every cell that holds no value (the subtotal's own first), each pointing at it", () => {
  const uri = openWithUnavailable(
    [
      { id: "a", label: "Revenue", values: [null], rollupTo: "total" },
      { id: "b", values: ["5"], rollupTo: "total" },
      { id: "c", label: "Cost of sales", values: ["1"], rollupTo: "total" },
      { id: "total", label: "Gross profit", values: ["10"] },
    ],
    [2],
  );
  const explanation = explain(uri, 3);
  assert.ok(explanation !== null, "an explanation of the total that cannot be checked");
  assert.equal(explanation.notEvaluated, true);
  // The one cause is said once: in the list, not in the summary too (issue 30).
  assert.equal(explanation.summary, "Gross profit 2025-01-01 – 2025-12-31 cannot be checked.");
  assert.deepEqual(explanation.causes, [
    { text: "Revenue 2025-01-01 – 2025-12-31 has no value (null).", pointer: cellPointer(0, 0, "fy2025") },
    { text: "Cost of sales 2025-01-01 – 2025-12-31 is marked unavailable.", pointer: cellPointer(0, 2, "fy2025") },
  ]);

  const own = openWithUnavailable(
    [
      { id: "a", label: "Revenue", values: ["7"], rollupTo: "total" },
      { id: "b", label: "Other", values: [null], rollupTo: "total" },
      { id: "total", label: "Gross profit", values: ["7"] },
    ],
    [2],
  );
  assert.deepEqual(explain(own, 2)?.causes, [
    { text: "Gross profit 2025-01-01 – 2025-12-31, the subtotal itself, is marked unavailable.", pointer: cellPointer(0, 2, "fy2025") },
    { text: "Other 2025-01-01 – 2025-12-31 has no value (null).", pointer: cellPointer(0, 1, "fy2025") },
  ]);
  // A failing or satisfied subtotal is not marked so.
  assert.equal(explain(open(CASES[0]!.rows), 2)?.notEvaluated, undefined);
  // The cell that holds no value is not itself a subtotal: nothing to explain there.
  assert.equal(explain(uri, 0), null);
});

test("the explanation names a period as the preview's column heading does (its date in the display language), not by its id", () => {
  const document = documentOf(
    [
      { id: "a", label: "Revenue", values: ["10", "20"], rollupTo: "total" },
      { id: "b", label: "Costs", values: ["5", null], rollupTo: "total" },
      { id: "total", label: "Total", values: ["16", "25"] },
    ],
    { periods: ["at-2025", "at-2024"] },
  ) as { periods: Record<string, unknown>[] };
  document.periods = [
    { id: "at-2025", kind: "instant", date: "2025-12-31" },
    { id: "at-2024", kind: "instant", date: "2024-12-31" },
  ];
  const uri = `file:///cells/doc-${counter++}.json`;
  server.open(uri, JSON.stringify(document, null, 2));
  const english = displayFormat("en-US");
  const failing = server.with(uri, (analysis) => service.cellExplanation(analysis, 1, cellPointer(0, 2, "at-2025"), english));
  assert.ok(failing !== null);
  assert.match(failing.summary, /^Total 12\/31\/2025: 16 stated, children sum to 15 /);
  assert.ok(
    failing.causes.every((cause) => !/at-202[45]/.test(cause.text)),
    JSON.stringify(failing.causes),
  );
  const blocked = server.with(uri, (analysis) => service.cellExplanation(analysis, 1, cellPointer(0, 2, "at-2024"), english));
  assert.equal(blocked?.summary, "Total 12/31/2024 cannot be checked.");
  assert.deepEqual(blocked?.causes, [{ text: "Costs 12/31/2024 has no value (null).", pointer: cellPointer(0, 1, "at-2024") }]);
});
