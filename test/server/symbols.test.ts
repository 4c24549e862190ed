import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import * as service from "../../server/src/service/index";
import { SymbolKind, type DocumentSymbol, type Position, type Range } from "vscode-languageserver-protocol/node";
import { fixturesRoot, readText, upstreamRoot } from "../support/paths";
import { createService, NOT_CANCELLED } from "./service";
import { textAt } from "./text-positions";

const server = createService();

async function symbols(uri: string): Promise<DocumentSymbol[] | null> {
  return server.with(uri, (analysis) => service.documentSymbols(analysis, NOT_CANCELLED)?.symbols ?? null);
}

/** A symbol tree as nested names, for comparing shapes. */
type Shape = string | [string, Shape[]];
function shape(symbol: DocumentSymbol): Shape {
  return symbol.children === undefined || symbol.children.length === 0 ? symbol.name : [symbol.name, symbol.children.map(shape)];
}

function contains(outer: Range, inner: Range): boolean {
  const before = (a: Position, b: Position): boolean => a.line < b.line || (a.line === b.line && a.character <= b.character);
  return before(outer.start, inner.start) && before(inner.end, outer.end);
}

/** VS Code rejects a symbol whose selection lies outside its range (and with it the whole outline). */
function assertSelectionsInside(list: readonly DocumentSymbol[]): void {
  for (const symbol of list) {
    assert.ok(contains(symbol.range, symbol.selectionRange), `${symbol.name}: selection inside range`);
    assertSelectionsInside(symbol.children ?? []);
  }
}

/** The symbol named `name`, at any depth. */
function find(list: readonly DocumentSymbol[], name: string): DocumentSymbol | undefined {
  for (const symbol of list) {
    if (symbol.name === name) return symbol;
    const inner = find(symbol.children ?? [], name);
    if (inner !== undefined) return inner;
  }
  return undefined;
}

function count(list: readonly DocumentSymbol[]): number {
  return list.reduce((total, symbol) => total + 1 + count(symbol.children ?? []), 0);
}

test("statements with their items nested by rollup, plus units and periods", async () => {
  const text = readText(join(upstreamRoot, "examples", "manufacturing-group.json"));
  const uri = "file:///symbols/manufacturing-group.json";
  await server.open(uri, text);
  const all = (await symbols(uri))!;
  // Every member of the document, as VS Code's JSON outline has them (the breadcrumbs take either).
  const members = all.map((symbol) => [symbol.name, symbol.kind, symbol.detail]);
  assert.deepEqual(
    members.filter(([name]) => name !== "units" && name !== "periods" && name !== "statements"),
    Object.keys(JSON.parse(text) as object)
      .filter((key) => key !== "units" && key !== "periods" && key !== "statements")
      .map((key) => [key, SymbolKind.Property, key === "entity" ? "Example Manufacturing Group" : key === "formatVersion" ? "0.2" : members.find(([name]) => name === key)?.[2]]),
  );
  for (const member of all) assert.equal(textAt(text, member.selectionRange), JSON.stringify(member.name));
  const statements = find(all, "statements")!;
  assert.deepEqual(
    [all.indexOf(find(all, "units")!), all.indexOf(find(all, "periods")!)].map((index) => all[index]!.kind),
    [SymbolKind.Array, SymbolKind.Array],
  );
  assert.deepEqual(
    statements.children!.map((symbol) => [symbol.name, symbol.kind, symbol.detail]),
    [
      ["Balance sheet", SymbolKind.Namespace, "balance-sheet"],
      ["Income statement", SymbolKind.Namespace, "income-statement"],
      ["Cash flow statement", SymbolKind.Namespace, "cash-flow-statement"],
      ["Statement of changes in equity", SymbolKind.Namespace, "equity-statement"],
      ["Manufacturing cost statement", SymbolKind.Namespace, "manufacturing-statement"],
    ],
  );
  assert.deepEqual(shape(find(all, "units")!), ["units", ["krw-millions", "krw-per-share"]]);
  assert.deepEqual(
    find(all, "periods")!.children!.map((period) => [period.name, period.detail]),
    [
      ["fy2025", "duration 2025-01-01 – 2025-12-31"],
      ["fy2024", "duration 2024-01-01 – 2024-12-31"],
      ["at-2025", "instant 2025-12-31"],
      ["at-2024", "instant 2024-12-31"],
    ],
  );
  assert.deepEqual(shape(statements.children![0]!), [
    "Balance sheet",
    [
      ["Total assets", ["Cash", "Inventory"]],
      ["Liabilities and equity", ["Liabilities", "Equity"]],
    ],
  ]);
  assert.deepEqual(shape(statements.children![1]!), [
    "Income statement",
    [
      [
        "Gross profit",
        [
          ["Revenue", ["Product revenue", "Service revenue"]],
          ["Cost of sales", ["Materials", "Labor"]],
        ],
      ],
      "Basic EPS",
    ],
  ]);

  const grossProfit = statements.children![1]!.children![0]!;
  assert.equal(grossProfit.kind, SymbolKind.Field, "a subtotal");
  assert.equal(grossProfit.detail, "gross-profit · krw-millions");
  assert.equal(textAt(text, grossProfit.selectionRange), '"gross-profit"');
  assert.match(textAt(text, grossProfit.range), /^\{\s*"id": "gross-profit",[^]*"fy2024": "30"\s*\}\s*\}$/);
  const labor = grossProfit.children![1]!.children![1]!;
  assert.equal(labor.kind, SymbolKind.Number);
  assert.equal(labor.detail, "labor · krw-millions");
  assert.match(textAt(text, statements.children![0]!.range), /^\{\s*"id": "balance-sheet"/);
  assert.equal(textAt(text, find(all, "units")!.selectionRange), '"units"');
  assert.match(textAt(text, find(all, "units")!.range), /^"units": \[[^]*\]$/);
  assert.match(textAt(text, statements.range), /^"statements": \[[^]*\]$/);
  assertSelectionsInside(all);
});

test("cycles, self-rollups and unresolved parents stay at statement level; prototype ids are plain data", async () => {
  const item = (id: string, rollupTo?: string): Record<string, unknown> => ({
    id,
    label: `Item ${id}`,
    unit: "constructor",
    values: { valueOf: "1" },
    ...(rollupTo === undefined ? {} : { rollupTo }),
  });
  const document = {
    formatVersion: "0.2",
    entity: { name: "E" },
    scope: { label: "S" },
    units: [{ id: "constructor", label: "U", measure: "u", scale: 0 }],
    periods: [{ id: "valueOf", kind: "instant", date: "2025-12-31" }],
    statements: [
      {
        id: "__proto__",
        label: "Cycles",
        periods: ["valueOf"],
        items: [item("a", "b"), item("b", "a"), item("c", "a"), item("d", "nowhere"), item("e", "e"), item("toString", "hasOwnProperty"), item("hasOwnProperty")],
      },
    ],
  };
  const uri = "file:///symbols/cycles.json";
  await server.open(uri, JSON.stringify(document, null, 2));
  const all = (await symbols(uri))!;
  const statement = find(all, "statements")!.children!.find((symbol) => symbol.detail === "__proto__")!;
  assert.deepEqual(shape(statement), ["Cycles", [["Item a", ["Item c"]], "Item b", "Item d", "Item e", ["Item hasOwnProperty", ["Item toString"]]]]);
});

/** A document of one statement whose `subtotals` subtotals have `perSubtotal` items each (all items distinct). */
function subtotalsDocument(subtotals: number, perSubtotal: number): unknown {
  const items: unknown[] = [];
  for (let s = 0; s < subtotals; s++) {
    items.push({ id: `t${s}`, label: `Total ${s}`, unit: "u", values: { p: String(perSubtotal) } });
    for (let c = 0; c < perSubtotal; c++) items.push({ id: `t${s}c${c}`, label: `Item ${s}.${c}`, unit: "u", values: { p: "1" }, rollupTo: `t${s}` });
  }
  return {
    formatVersion: "0.2",
    entity: { name: "E" },
    scope: { label: "S" },
    units: [{ id: "u", label: "U", measure: "u", scale: 0 }],
    periods: [{ id: "p", kind: "instant", date: "2025-12-31" }],
    statements: [{ id: "s", label: "Big", periods: ["p"], items }],
  };
}

test("over 2,500 symbols the outline shows the statements and their subtotals, nested as before", async () => {
  // 300 subtotals × 10 items: 3,309 symbols in all, 309 without the leaves (formatVersion, entity
  // and scope, the three groups, u, p, the statement and its subtotals).
  const uri = "file:///symbols/subtotals.json";
  const text = JSON.stringify(subtotalsDocument(300, 10), null, 2);
  await server.open(uri, text);
  const all = (await symbols(uri))!;
  assert.notEqual(all[all.length - 1]!.kind, SymbolKind.Null, "no cap notice: the statements and subtotals fit");
  assert.equal(count(all), 3 + 2 + 2 + 1 + 1 + 300);
  assertSelectionsInside(all);
  const big = find(all, "Big")!;
  assert.equal(big.children?.length, 300);
  assert.ok(
    big.children!.every((symbol) => symbol.children === undefined && symbol.kind === SymbolKind.Field),
    "subtotals only, no leaf under them",
  );
  assert.equal(textAt(text, big.children![299]!.selectionRange), '"t299"');
  // Nested subtotals stay nested: a subtotal of subtotals keeps its children.
  const nested = subtotalsDocument(300, 10) as { statements: { items: { id: string; rollupTo?: string }[] }[] };
  for (const item of nested.statements[0]!.items) if (item.id.startsWith("t") && !item.id.includes("c") && item.id !== "t0") item.rollupTo = "t0";
  const nestedUri = "file:///symbols/subtotals-nested.json";
  await server.open(nestedUri, JSON.stringify(nested, null, 2));
  const nestedBig = find((await symbols(nestedUri))!, "Big")!;
  assert.deepEqual(
    nestedBig.children?.map((symbol) => [symbol.name, symbol.children?.length]),
    [["Total 0", 299]],
  );
});

test("subtotals over 2,500 too: the outline stops there and says so", async () => {
  // 3,000 subtotals of one item each: 6,009 symbols in all, 3,009 without the leaves.
  const uri = "file:///symbols/big.json";
  await server.open(uri, JSON.stringify(subtotalsDocument(3000, 1), null, 2));
  const all = (await symbols(uri))!;
  const last = all[all.length - 1]!;
  assert.equal(last.name, "Outline limited to the first 2,500 symbols");
  assert.equal(count(all.slice(0, -1)), 2500);
  assertSelectionsInside(all);
  const big = find(all, "Big")!;
  assert.equal(
    big.children?.length,
    2500 - 3 /* formatVersion, entity, scope */ - 1 /* units */ - 1 /* u */ - 1 /* periods */ - 1 /* p */ - 1 /* statements */ - 1 /* statement */,
  );
});

test("over 1 MiB the outline's ranges are still exact", async () => {
  const items = Array.from({ length: 2000 }, (_, index) => ({
    id: `i${index}`,
    label: `Item ${index} ${"x".repeat(600)}`,
    unit: "u",
    values: { p: "1" },
    ...(index % 10 === 0 ? {} : { rollupTo: `i${index - (index % 10)}` }),
  }));
  const document = {
    formatVersion: "0.2",
    entity: { name: "E" },
    scope: { label: "S" },
    units: [{ id: "u", label: "U", measure: "u", scale: 0 }],
    periods: [{ id: "p", kind: "instant", date: "2025-12-31" }],
    statements: [{ id: "s", label: "Big", periods: ["p"], items }],
  };
  const text = JSON.stringify(document, null, 2);
  assert.ok(text.length > 1 << 20);
  const uri = "file:///symbols/big-exact.json";
  await server.open(uri, text);
  const all = (await symbols(uri))!;
  assertSelectionsInside(all);
  const big = find(all, "Big")!;
  assert.equal(big.children?.length, 200);
  const subtotal = big.children![199]!;
  assert.equal(textAt(text, subtotal.selectionRange), '"i1990"');
  assert.equal(subtotal.children?.length, 9);
  assert.equal(textAt(text, subtotal.children![8]!.selectionRange), '"i1999"');
  assert.match(textAt(text, subtotal.children![8]!.range), /^\{\s*"id": "i1999",[^]*"rollupTo": "i1990"\s*\}$/);
  assert.equal(textAt(text, find(all, "units")!.selectionRange), '"units"');
});

test("a small document has no cap notice; the outline survives broken text", async () => {
  const text = readText(join(fixturesRoot, "examples", "minimal.json"));
  const uri = "file:///symbols/minimal.json";
  await server.open(uri, text);
  const before = (await symbols(uri))!;
  // Each member (units, periods and statements among them), the unit, the period, the statement, its 3 items.
  assert.equal(count(before), Object.keys(JSON.parse(text) as object).length + 1 + 1 + 1 + 3);
  await server.change(uri, 2, [{ text: `\n\n${text.replace('"1200"', '"1200",')}` }]);
  assert.deepEqual(await symbols(uri), before, "the last good outline, at the positions of that text");
});

test("ordinary JSON gets no symbols from this server", async () => {
  const uri = "file:///symbols/package.json";
  assert.equal(server.openAny(uri, '{ "name": "x", "statements": [] }'), undefined, "package.json is no FS document");
  assert.equal(await symbols(uri), null);
});
