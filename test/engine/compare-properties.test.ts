// Properties of compareDocuments on generated documents: a document against itself or a
// reformatted, member-reordered copy has no changes; the reported value changes turn OLD's values
// into NEW's; a unit re-expressed at another scale with the same amounts changes no cell.
import { test } from "node:test";
import assert from "node:assert/strict";
import Decimal from "decimal.js";
import fc from "fast-check";
import { analyze } from "../../shared/src/index";
import { compareDocuments, type Comparison } from "../../shared/src/compare/index";
import { canonicalDecimalArbitrary } from "./arbitraries";
import { documentArbitrary } from "./documents";

type Doc = Record<string, any>;

/** decimal.js that never rounds: the oracle of the exact arithmetic. */
const Exact = Decimal.clone({ precision: 1e9, toExpPos: 9e15, toExpNeg: -9e15 });

function compare(old: unknown, now: unknown): Comparison {
  return compareDocuments({ value: old, result: analyze(old).result }, { value: now, result: analyze(now).result });
}

/** The same document written differently: members in another order, indented otherwise, parsed again. */
function reformatted(document: unknown, seed: number): unknown {
  const shuffle = (value: unknown, depth: number): unknown => {
    if (Array.isArray(value)) return value.map((element) => shuffle(element, depth + 1));
    if (value === null || typeof value !== "object") return value;
    const entries = Object.entries(value);
    const rotation = (seed + depth) % Math.max(1, entries.length);
    const ordered = [...entries.slice(rotation), ...entries.slice(0, rotation)];
    if ((seed + depth) % 2 === 1) ordered.reverse();
    return Object.fromEntries(ordered.map(([key, element]) => [key, shuffle(element, depth + 1)]));
  };
  return JSON.parse(JSON.stringify(shuffle(document, 0), null, seed % 5));
}

const cellArbitrary = fc.oneof(canonicalDecimalArbitrary as fc.Arbitrary<unknown>, fc.constant(null), fc.constant({ unavailable: true }));

test("a document against itself or a reformatted copy: no changes", () => {
  fc.assert(
    fc.property(documentArbitrary, fc.nat(100), (document, seed) => {
      assert.deepEqual(compare(document, structuredClone(document)).changes, []);
      const copy = reformatted(document, seed);
      const comparison = compare(document, copy);
      assert.deepEqual(comparison.changes, []);
      assert.equal(comparison.status, "same");
    }),
    { numRuns: 150 },
  );
});

test("applying the reported value changes to OLD gives NEW's values", () => {
  fc.assert(
    fc.property(documentArbitrary, fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat(), cellArbitrary), { maxLength: 12 }), (old, edits) => {
      const now = structuredClone(old) as Doc;
      for (const [s, i, p, cell] of edits) {
        const statement = now.statements[s % now.statements.length];
        const item = statement.items[i % statement.items.length];
        item.values[statement.periods[p % statement.periods.length]] = cell;
      }
      const comparison = compare(old, now);
      const applied = structuredClone(old) as Doc;
      for (const change of comparison.changes) {
        if (change.kind === "rollup-changed") continue;
        assert.equal(change.kind, "value-changed");
        const statement = applied.statements.find((candidate: Doc) => candidate.id === change.statement);
        const item = statement.items.find((candidate: Doc) => candidate.id === change.item);
        assert.deepEqual(item.values[change.period], change.old);
        item.values[change.period] = change.new;
        // the difference is exact: old + difference = new
        if (typeof change.old === "string" && typeof change.new === "string") {
          assert.equal(new Exact(change.old).plus(change.difference as string).eq(change.new), true);
        }
      }
      assert.deepEqual(applied, now);
    }),
    { numRuns: 150 },
  );
});

test("a unit at another scale with every amount kept changes no cell", () => {
  fc.assert(
    fc.property(documentArbitrary, fc.integer({ min: -12, max: 12 }), (old, shift) => {
      const now = structuredClone(old) as Doc;
      const unit = now.units[0];
      unit.scale += shift;
      delete unit.defaultTolerance;
      delete (old.units as Doc[])[0]!.defaultTolerance;
      for (const statement of now.statements) {
        for (const item of statement.items) {
          if (item.unit !== unit.id) continue;
          for (const [period, value] of Object.entries(item.values)) {
            if (typeof value !== "string") continue;
            const rewritten = new Exact(value).times(new Exact(10).pow(-shift));
            item.values[period] = rewritten.isZero() ? "0" : rewritten.toFixed();
          }
        }
      }
      const comparison = compare(old, now);
      const cellChanges = comparison.changes.filter((change) => change.kind === "value-changed");
      assert.deepEqual(cellChanges, []);
    }),
    { numRuns: 100 },
  );
});
