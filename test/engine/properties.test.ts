// Properties of the whole engine: never throws, exact rollups, record then diff matches.
import { test } from "node:test";
import assert from "node:assert/strict";
import Decimal from "decimal.js";
import fc from "fast-check";
import { analyze, diffSnapshot, parseJson, recordSnapshot, type RollupApplication } from "../../shared/src/index";
import { documentArbitrary } from "./documents";

const Exact = Decimal.clone({ precision: 1e9, toExpPos: 9e15, toExpNeg: -9e15 });
const canonical = (value: Decimal): string => (value.isZero() ? "0" : value.toFixed());

/** Rollups per section 3, written independently of the engine, with decimal.js. */
function oracleApplications(document: Record<string, unknown>): RollupApplication[] {
  const units = document.units as { id: string; defaultTolerance?: string }[];
  const applications: RollupApplication[] = [];
  for (const statement of document.statements as { id: string; periods: string[]; items: { id: string; unit: string; rollupTo?: string; values: Record<string, unknown> }[] }[]) {
    for (const parent of statement.items) {
      const children = statement.items.filter((item) => item.rollupTo === parent.id);
      if (children.length === 0) continue;
      const tolerance = units.find((unit) => unit.id === parent.unit)?.defaultTolerance ?? "0";
      for (const period of statement.periods) {
        const key = { statement: statement.id, parent: parent.id, period };
        const blocked = [parent, ...children].find((item) => typeof item.values[period] !== "string");
        if (blocked !== undefined) {
          const cell = blocked.values[period];
          applications.push({ key, status: "error", reason: cell === null ? "missing-value" : "unavailable-value", cell: { statement: statement.id, item: blocked.id, period } });
          continue;
        }
        const expected = children.reduce((total, child) => total.plus(child.values[period] as string), new Exact(0));
        const actual = new Exact(parent.values[period] as string);
        const difference = actual.minus(expected);
        applications.push({
          key,
          status: difference.abs().lte(tolerance) ? "satisfied" : "unsatisfied",
          actual: parent.values[period] as string,
          expected: canonical(expected),
          difference: canonical(difference),
          tolerance,
        });
      }
    }
  }
  return applications;
}

test("generated documents conform and their rollups equal an independent exact computation", () => {
  fc.assert(
    fc.property(documentArbitrary, (document) => {
      const { result } = analyze(document);
      assert.deepEqual(result.conformance.errors, []);
      assert.deepEqual(result.calculations.applications, oracleApplications(document));
    }),
    { numRuns: 300 },
  );
});

test("recording a snapshot and diffing it again always matches", () => {
  fc.assert(
    fc.property(documentArbitrary, fc.constantFrom(0, 2, 4, "\t"), (document, indent) => {
      const text = JSON.stringify(document, null, indent);
      const recording = recordSnapshot(text, JSON.parse(text));
      assert.ok(recording !== undefined);
      const reparsed = parseJson(recording.text);
      assert.ok(reparsed.ok, "the recorded text parses");
      const analysis = analyze(reparsed.value);
      assert.equal(analysis.result.conformance.status, "conforming");
      assert.equal(diffSnapshot(reparsed.value, analysis).status, "match");
      // Nothing but the snapshot changed.
      const { validationSnapshot: _snapshot, ...rest } = reparsed.value as Record<string, unknown>;
      assert.deepEqual(rest, document);
    }),
    { numRuns: 150 },
  );
});

/** A document with one subtree replaced by an arbitrary JSON value. */
const mutatedDocument = fc.tuple(documentArbitrary, fc.array(fc.nat(), { minLength: 1, maxLength: 6 }), fc.jsonValue({ maxDepth: 3 })).map(([document, steps, replacement]) => {
  const copy = JSON.parse(JSON.stringify(document)) as unknown;
  let holder: unknown = copy;
  for (const [index, step] of steps.entries()) {
    if (typeof holder !== "object" || holder === null) break;
    const keys = Object.keys(holder);
    if (keys.length === 0) break;
    const key = keys[step % keys.length] as string;
    if (index === steps.length - 1 || typeof (holder as Record<string, unknown>)[key] !== "object") {
      (holder as Record<string, unknown>)[key] = replacement;
      break;
    }
    holder = (holder as Record<string, unknown>)[key];
  }
  return copy;
});

test("validation never throws and always produces a well-formed result, whatever the value", () => {
  fc.assert(
    fc.property(fc.oneof(fc.jsonValue(), mutatedDocument, fc.anything()), (value) => {
      const { result, issues } = analyze(value);
      assert.equal(result.conformance.status === "conforming", issues.length === 0);
      if (result.conformance.status === "nonconforming") assert.equal(result.calculations.status, "not-run");
      for (const error of result.conformance.errors) assert.ok(error.message.length > 0 && (error.path === "" || error.path.startsWith("/")));
      diffSnapshot(value, analyze(value));
    }),
    { numRuns: 1000 },
  );
});

test("parsing never throws, whatever the text, and reports problems with positions", () => {
  const jsonish = fc.tuple(documentArbitrary, fc.nat(), fc.nat(), fc.string({ maxLength: 3 })).map(([document, at, drop, insert]) => {
    const text = JSON.stringify(document, null, 2);
    const start = at % (text.length + 1);
    return text.slice(0, start) + insert + text.slice(Math.min(text.length, start + (drop % 4)));
  });
  fc.assert(
    fc.property(fc.oneof(fc.string(), fc.string({ unit: "binary" }), jsonish), (text) => {
      const outcome = parseJson(text);
      if (outcome.ok) {
        assert.doesNotThrow(() => analyze(outcome.value));
        return;
      }
      assert.ok(outcome.problems.length > 0);
      for (const problem of outcome.problems) {
        assert.ok(problem.offset >= 0 && problem.offset <= text.length && problem.line >= 1 && problem.column >= 1);
      }
    }),
    { numRuns: 1000 },
  );
});
