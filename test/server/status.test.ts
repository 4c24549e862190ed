// The document status (fs/status) carries what the server limits on a large document, as figures
// from the analysis: the outline's cap against its whole size, the statements the preview leaves
// out and which bound each breaks. A small document carries none.

import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import * as service from "../../server/src/service/index";
import { buildPresentation } from "../../shared/src/render/index";
import { readText, upstreamRoot } from "../support/paths";
import { createService, NOT_CANCELLED } from "./service";

const server = createService();

const units = [{ id: "u", label: "U", measure: "u", scale: 0 }];

function periods(count: number): { id: string; kind: string; date: string }[] {
  return Array.from({ length: count }, (_, index) => ({ id: `p${index}`, kind: "instant", date: "2025-12-31" }));
}

test("a small document's status carries no limits", async () => {
  const uri = "file:///status/manufacturing-group.json";
  server.open(uri, readText(join(upstreamRoot, "examples", "manufacturing-group.json")));
  const status = server.with(uri, (analysis) => service.statusOf(analysis));
  assert.equal(status?.conformance, "conforming");
  assert.equal(status?.limits, undefined);
  assert.ok(!("limits" in (status ?? {})), "no limits member at all");
});

test("over 2,500 outline symbols: the status names the statements and subtotals shown and the outline's whole size", async () => {
  const items = Array.from({ length: 6000 }, (_, index) => ({ id: `i${index}`, label: `Item ${index}`, unit: "u", values: { p0: "1" }, ...(index > 0 ? { rollupTo: "i0" } : {}) }));
  const document = {
    formatVersion: "0.2",
    entity: { name: "E" },
    scope: { label: "S" },
    units,
    periods: periods(1),
    statements: [{ id: "s", label: "Big", periods: ["p0"], items }],
  };
  const uri = "file:///status/outline.json";
  server.open(uri, JSON.stringify(document, null, 2));
  const status = server.with(uri, (analysis) => service.statusOf(analysis));
  // formatVersion, entity and scope, units and u, periods and p0, statements, the statement and
  // its 6,000 items; shown: the members, the groups, the statement and its one subtotal.
  assert.deepEqual(status?.limits, { outline: { shown: 10, total: 6009 } });
  // The outline agrees: those ten symbols, not cut.
  const outline = server.with(uri, (analysis) => service.documentSymbols(analysis, NOT_CANCELLED));
  assert.equal(outline?.limited, false);
  const countSymbols = (symbols: readonly { children?: readonly unknown[] }[]): number =>
    symbols.reduce((sum, symbol) => sum + 1 + countSymbols((symbol.children ?? []) as { children?: readonly unknown[] }[]), 0);
  assert.equal(countSymbols(outline?.symbols ?? []), 10);
  // A file that is not open (workspace validation) is not told about editor features.
  assert.equal(
    server.with(uri, (analysis) => service.statusOf(analysis, { limits: false }).limits),
    undefined,
  );
});

test("statements over the render limits: the status counts them by the bound they break, as the preview leaves them out", async () => {
  // 100 items × 999 periods: 101 rows × 1,000 columns = 101,000 cells, over 100,000 per document;
  // 1,000 periods: 1,001 columns, over 1,000 per statement; a small statement after them still fits.
  const items = (count: number): { id: string; unit: string }[] => Array.from({ length: count }, (_, index) => ({ id: `i${index}`, unit: "u" }));
  const ids = (count: number): string[] => periods(count).map((period) => period.id);
  const document = {
    formatVersion: "0.2",
    entity: { name: "E" },
    scope: { label: "S" },
    units,
    periods: periods(1000),
    statements: [
      { id: "cells", periods: ids(999), items: items(100) },
      { id: "columns", periods: ids(1000), items: items(1) },
      { id: "small", periods: ids(2), items: items(3) },
    ],
  };
  const uri = "file:///status/preview.json";
  server.open(uri, JSON.stringify(document));
  const status = server.with(uri, (analysis) => service.statusOf(analysis));
  assert.deepEqual(status?.limits, { preview: { statements: 3, overColumns: 1, overCells: 1, columnsPerStatement: 1000, cellsPerDocument: 100_000 } });
  // The presentation leaves out exactly those statements.
  const omitted = buildPresentation(document).statements.map((statement) => [statement.id, statement.cellsOmitted]);
  assert.deepEqual(omitted, [
    ["cells", true],
    ["columns", true],
    ["small", false],
  ]);
  // While the text does not parse, the limits of the last good version stand (the outline and the preview show it).
  const broken = server.change(uri, 2, [{ text: "{" }]);
  assert.ok(broken.diagnostics.length > 0);
  assert.deepEqual(
    server.with(uri, (analysis) => service.statusOf(analysis).limits?.preview?.overCells),
    1,
  );
});
