// compareDocuments: every kind of change, by meaning, on small documents built for each case.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { analyze } from "../../shared/src/index";
import { compareDocuments, type Change, type Comparison } from "../../shared/src/compare/index";
import { repoRoot } from "../support/paths";
import { ComparisonNames, describeChange, summaryLine } from "../../shared/src/compare/describe";

type Doc = Record<string, any>;

const base = (): Doc => JSON.parse(readFileSync(join(repoRoot, "fixtures/examples/northwind-group.json"), "utf8")) as Doc;

function compare(old: unknown, now: unknown): Comparison {
  return compareDocuments({ value: old, result: analyze(old).result }, { value: now, result: analyze(now).result });
}

const kinds = (comparison: Comparison) => comparison.changes.map((change) => change.kind);
const only = <K extends Change["kind"]>(comparison: Comparison, kind: K) => comparison.changes.filter((change): change is Change & { kind: K } => change.kind === kind);

function small(): Doc {
  return {
    formatVersion: "0.2",
    entity: { name: "Test Ltd" },
    scope: { label: "Company" },
    units: [{ id: "u", label: "USD", measure: "USD", scale: 3 }],
    periods: [
      { id: "p1", kind: "instant", date: "2024-12-31" },
      { id: "p2", kind: "instant", date: "2025-12-31" },
    ],
    statements: [
      {
        id: "bs",
        label: "Balance sheet",
        periods: ["p1", "p2"],
        items: [
          { id: "cash", label: "Cash", unit: "u", values: { p1: "100", p2: "120" }, rollupTo: "total" },
          { id: "recv", label: "Receivables", unit: "u", values: { p1: "50", p2: "80" }, rollupTo: "total" },
          { id: "other", label: "Other", unit: "u", values: { p1: "0", p2: null } },
          { id: "total", label: "Total", unit: "u", values: { p1: "150", p2: "200" } },
        ],
      },
    ],
  };
}

test("the example against itself, and against a reformatted copy with its members reversed, is the same", () => {
  const text = readFileSync(join(repoRoot, "fixtures/examples/northwind-group.json"), "utf8");
  const reverse = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(reverse)
      : value !== null && typeof value === "object"
        ? Object.fromEntries(
            Object.entries(value)
              .reverse()
              .map(([k, v]) => [k, reverse(v)]),
          )
        : value;
  const copy = JSON.parse(JSON.stringify(reverse(JSON.parse(text))));
  for (const other of [JSON.parse(text), copy]) {
    const comparison = compare(JSON.parse(text), other);
    assert.equal(comparison.status, "same");
    assert.deepEqual(comparison.changes, []);
    assert.equal(comparison.complete, true);
  }
});

test("a changed value: old → new, the exact difference and the relative change", () => {
  const now = small();
  now.statements[0].items[0].values.p2 = "120.000000000000000000001";
  const comparison = compare(small(), now);
  const [change] = only(comparison, "value-changed");
  assert.deepEqual(change, {
    kind: "value-changed",
    path: "/statements/0/items/0/values/p2",
    statement: "bs",
    item: "cash",
    period: "p2",
    old: "120",
    new: "120.000000000000000000001",
    difference: "0.000000000000000000001",
    relativePercent: "0",
  });
  assert.equal(comparison.status, "different");
});

test("relative change is rounded half away from zero; none from 0", () => {
  const now = small();
  now.statements[0].items[0].values.p1 = "66.665"; // (66.665 − 100) / 100 = −33.335%
  now.statements[0].items[2].values.p1 = "5";
  const changes = only(compare(small(), now), "value-changed");
  assert.deepEqual(
    changes.map((change) => [change.item, change.difference, change.relativePercent]),
    [
      ["cash", "-33.335", "-33.34"],
      ["other", "5", undefined],
    ],
  );
});

test("null and unavailable transitions are changes without a difference", () => {
  const old = small();
  const now = small();
  now.statements[0].items[2].values.p1 = null;
  now.statements[0].items[2].values.p2 = { unavailable: true };
  const changes = only(compare(old, now), "value-changed");
  assert.deepEqual(
    changes.map((change) => [change.period, change.old, change.new, change.difference]),
    [
      ["p1", "0", null, undefined],
      ["p2", null, { unavailable: true }, undefined],
    ],
  );
});

test("a unit re-expressed from thousands to millions with the same amounts is one unit change and no cell change", () => {
  const old = small();
  const now = small();
  now.units[0].scale = 6;
  for (const item of now.statements[0].items) {
    for (const [period, value] of Object.entries(item.values)) if (typeof value === "string") item.values[period] = value === "0" ? "0" : String(Number(value) / 1000);
  }
  const comparison = compare(old, now);
  assert.deepEqual(kinds(comparison), ["unit-changed"]);
  assert.deepEqual(only(comparison, "unit-changed")[0], { kind: "unit-changed", path: "/units/0/scale", unit: "u", field: "scale", old: "3", new: "6" });
});

test("a rescaled unit with a changed amount: the difference is in NEW's unit, with OLD written in it", () => {
  const now = small();
  now.units[0].scale = 6;
  now.statements[0].items[0].values = { p1: "0.1", p2: "0.125" };
  const changes = only(compare(small(), now), "value-changed").filter((change) => change.item === "cash");
  assert.deepEqual(
    changes.map((change) => [change.period, change.oldInNewUnit, change.difference, change.relativePercent]),
    [["p2", "0.12", "0.005", "4.17"]],
  );
});

test("a renamed period is one rename, not a removal, an addition and a changed cell in every row", () => {
  const now = small();
  now.periods[1].id = "fy2025";
  now.statements[0].periods = ["p1", "fy2025"];
  for (const item of now.statements[0].items) {
    item.values = { p1: item.values.p1, fy2025: item.values.p2 };
  }
  const comparison = compare(small(), now);
  assert.deepEqual(kinds(comparison), ["period-renamed"]);
  assert.deepEqual(only(comparison, "period-renamed")[0], { kind: "period-renamed", path: "/periods/1/id", period: "fy2025", oldPeriod: "p2", label: "2025-12-31" });
  // a value changed in the renamed column is named by the new id
  now.statements[0].items[0].values.fy2025 = "121";
  assert.deepEqual(
    only(compare(small(), now), "value-changed").map((change) => [change.period, change.old, change.new]),
    [["fy2025", "120", "121"]],
  );
});

test("periods added, removed and changed; columns added, removed and reordered", () => {
  const now = small();
  now.periods.push({ id: "p3", kind: "duration", start: "2025-01-01", end: "2025-12-31" });
  now.periods[0].date = "2024-12-30";
  now.statements[0].periods = ["p2", "p3"];
  for (const item of now.statements[0].items) item.values = { p2: item.values.p2, p3: "1" };
  const comparison = compare(small(), now);
  assert.deepEqual(kinds(comparison), ["period-changed", "period-added", "column-added", "column-removed"]);
  assert.deepEqual(only(comparison, "period-added")[0]?.label, "2025-01-01 – 2025-12-31");
  const swapped = small();
  swapped.statements[0].periods = ["p2", "p1"];
  assert.deepEqual(kinds(compare(small(), swapped)), ["columns-reordered"]);
  const gone = small();
  gone.periods.push({ id: "p9", kind: "instant", date: "2030-01-01" });
  assert.deepEqual(kinds(compare(gone, small())), ["period-removed"]);
});

test("items added, removed, moved, relabelled, with a new description; removed rows listed where they stood", () => {
  const now = small();
  const [cash, recv, , total] = now.statements[0].items;
  recv.label = "Trade receivables";
  recv.description = "Net of allowances";
  now.units.push({ id: "eur", label: "EUR", measure: "EUR", scale: 3 });
  const added = { id: "new", label: "New row", unit: "eur", values: { p1: "1", p2: null } };
  // "new" is added first, "other" removed, "cash" taken to the end: only cash moved.
  now.statements[0].items = [added, recv, total, cash];
  const comparison = compare(small(), now);
  assert.deepEqual(
    comparison.changes.map((change) => [change.kind, "item" in change ? change.item : "unit" in change ? change.unit : "", change.path]),
    [
      ["unit-added", "eur", "/units/1"],
      ["item-added", "new", "/statements/0/items/0"],
      ["item-changed", "recv", "/statements/0/items/1/label"],
      ["item-changed", "recv", "/statements/0/items/1/description"],
      ["item-removed", "other", "/statements/0/items/2"],
      ["item-moved", "cash", "/statements/0/items/3"],
    ],
  );
  assert.deepEqual(only(comparison, "item-added")[0]?.values, Object.assign(Object.create(null), { p1: "1", p2: null }));
  assert.deepEqual(only(comparison, "item-moved")[0], { kind: "item-moved", path: "/statements/0/items/3", statement: "bs", item: "cash", oldIndex: 0, newIndex: 3 });
});

test("inserting a row moves nothing", () => {
  const now = small();
  now.statements[0].items.splice(1, 0, { id: "x", label: "X", unit: "u", values: { p1: "0", p2: "0" } });
  assert.deepEqual(kinds(compare(small(), now)), ["item-added"]);
});

test("a re-parented item, and the subtotals it makes fail and hold, with both states", () => {
  const now = small();
  now.statements[0].items[2].rollupTo = "total";
  now.statements[0].items[2].values.p1 = "5";
  const comparison = compare(small(), now);
  assert.deepEqual(kinds(comparison), ["item-reparented", "value-changed", "rollup-changed", "rollup-changed"]);
  const [reparented] = only(comparison, "item-reparented");
  assert.deepEqual([reparented?.old, reparented?.new], [undefined, "total"]);
  const rollups = only(comparison, "rollup-changed");
  assert.deepEqual(rollups[0], {
    kind: "rollup-changed",
    path: "/statements/0/items/3/values/p1",
    statement: "bs",
    item: "total",
    period: "p1",
    old: { status: "satisfied", actual: "150", expected: "150", difference: "0", tolerance: "0" },
    new: { status: "unsatisfied", actual: "150", expected: "155", difference: "-5", tolerance: "0" },
  });
  assert.deepEqual(rollups[1]?.new, { status: "error", reason: "missing-value", item: "other" });
  // and the reverse: from failing to holding
  const back = compare(now, small());
  assert.deepEqual(
    only(back, "rollup-changed").map((change) => [change.period, change.old.status, change.new.status]),
    [
      ["p1", "unsatisfied", "satisfied"],
      ["p2", "error", "satisfied"],
    ],
  );
});

test("a new subtotal that fails is named; one that holds is left to its row", () => {
  const now = small();
  now.statements[0].items[3].values.p2 = "201";
  const changes = compare(small(), now).changes;
  assert.deepEqual(
    changes.map((change) => change.kind),
    ["value-changed", "rollup-changed"],
  );
});

test("statements added, removed, moved and relabelled", () => {
  const old = small();
  const second = structuredClone(old.statements[0]);
  second.id = "pl";
  second.label = "Profit";
  old.statements.push(second);
  const now = small();
  const moved = structuredClone(second);
  moved.label = "Profit and loss";
  const third = structuredClone(second);
  third.id = "cf";
  now.statements = [moved, now.statements[0], third];
  assert.deepEqual(
    compare(old, now).changes.map((change) => [change.kind, "statement" in change ? change.statement : ""]),
    [
      ["statement-moved", "pl"],
      ["statement-changed", "pl"],
      ["statement-added", "cf"],
    ],
  );
  assert.deepEqual(kinds(compare(now, old)).slice(-1), ["statement-removed"]);
});

test("identity and unit changes; a unit removed", () => {
  const now = small();
  now.entity.name = "Test Group";
  now.scope.id = "group";
  now.documentId = "doc-1";
  now.units[0].label = "USD thousands";
  now.units[0].defaultTolerance = "0.5";
  assert.deepEqual(
    compare(small(), now).changes.map((change) => [change.kind, "field" in change ? change.field : ""]),
    [
      ["document-changed", "documentId"],
      ["document-changed", "entity.name"],
      ["document-changed", "scope.id"],
      ["unit-changed", "label"],
      ["unit-changed", "defaultTolerance"],
    ],
  );
  const old = small();
  old.units.push({ id: "gone", label: "Gone", measure: "EUR", scale: 0 });
  assert.deepEqual(kinds(compare(old, small())), ["unit-removed"]);
});

test("the snapshot is reported apart, member order aside, and alone is no difference", () => {
  const old = small();
  const snapshot = { conformance: "conforming", calculations: "not-defined", applications: [] as unknown[] };
  const withSnapshot = { ...small(), validationSnapshot: snapshot };
  assert.equal(compare(old, withSnapshot).snapshot, "added");
  assert.equal(compare(old, withSnapshot).status, "same");
  assert.equal(compare(withSnapshot, old).snapshot, "removed");
  const reordered = { ...small(), validationSnapshot: { applications: [], calculations: "not-defined", conformance: "conforming" } };
  assert.equal(compare(withSnapshot, reordered).snapshot, "unchanged");
  const changed = { ...small(), validationSnapshot: { ...snapshot, conformance: "nonconforming", calculations: "not-run" } };
  assert.equal(compare(withSnapshot, changed).snapshot, "changed");
  assert.equal(compare(old, small()).snapshot, "absent");
});

test("a nonconforming side is compared as far as it can be read, and the result says so", () => {
  const now = small();
  now.statements[0].items[0].values.p2 = 121; // a JSON number: nonconforming
  now.statements[0].items[1].values.p1 = "51";
  delete now.statements[0].items[2].values.p2; // map-key-mismatch
  const comparison = compare(small(), now);
  assert.equal(comparison.complete, false);
  assert.deepEqual(comparison.new, { conformance: "nonconforming", calculations: "not-run", errors: 2 });
  assert.deepEqual(
    comparison.changes.map((change) => [change.kind, change.path]),
    [
      ["value-changed", "/statements/0/items/0/values/p2"],
      ["value-changed", "/statements/0/items/1/values/p1"],
      ["error-added", "/statements/0/items/0/values/p2"],
      ["error-added", "/statements/0/items/2/values"],
    ],
  );
  assert.deepEqual(only(comparison, "value-changed")[0]?.new, { invalid: "121" });
  // fixing them lists them as fixed
  assert.deepEqual(
    kinds(compare(now, small())).filter((kind) => kind.startsWith("error")),
    ["error-fixed", "error-fixed"],
  );
});

test("input that is no document at all compares without throwing", () => {
  for (const [old, now] of [
    [null, small()],
    [[1, 2], "text"],
    [{ statements: [{ id: "s", items: [{ id: "i", values: 7 }] }] }, { statements: [{ id: "s", items: [{ id: "i", values: { a: 1 } }] }] }],
  ]) {
    const comparison = compare(old, now);
    assert.equal(comparison.complete, false);
  }
});

test("ids such as constructor, toString and __proto__ are data", () => {
  const old = small();
  const now = small();
  for (const doc of [old, now]) {
    doc.statements[0].id = "constructor";
    doc.statements[0].items[0].id = "toString";
    doc.periods[0].id = "hasOwnProperty";
    doc.statements[0].periods[0] = "hasOwnProperty";
    for (const item of doc.statements[0].items) item.values = { hasOwnProperty: item.values.p1, p2: item.values.p2 };
  }
  now.statements[0].items[0].values.hasOwnProperty = "101";
  const comparison = compare(old, now);
  assert.deepEqual(
    comparison.changes.map((change) => [change.kind, change.path]),
    [
      ["value-changed", "/statements/0/items/0/values/hasOwnProperty"],
      ["rollup-changed", "/statements/0/items/3/values/hasOwnProperty"],
    ],
  );
});

test("the northwind example: a changed cell and the subtotal that stops adding up, in statement and row order", () => {
  const old = base();
  const now = base();
  const statement = now.statements[0];
  const child = statement.items.find((item: Doc) => item.rollupTo !== undefined);
  const period = statement.periods[0];
  child.values[period] = "999999";
  const comparison = compare(old, now);
  assert.deepEqual(kinds(comparison), ["value-changed", "rollup-changed"]);
  assert.equal(only(comparison, "rollup-changed")[0]?.item, child.rollupTo);
});

test("the summary and the change lines tell a subtotal that fails from one that can no longer be checked, naming the child by its label", () => {
  const old = small();
  const now = small();
  const items = (doc: Doc) => doc.statements[0].items as Doc[];
  const child = items(now).find((item) => item.rollupTo !== undefined)!;
  const period = Object.keys(child.values as Doc)[0]!;
  child.values[period] = { unavailable: true };
  const comparison = compare(old, now);
  const names = new ComparisonNames(old, now);
  assert.match(summaryLine(comparison), /1 subtotal can no longer be checked\./);
  assert.doesNotMatch(summaryLine(comparison), /stopped adding up|now adds? up/);
  const rollup = only(comparison, "rollup-changed")[0]!;
  assert.match(describeChange(rollup, names), new RegExp(`not evaluated: ${child.label as string} has an unavailable value`));
});
