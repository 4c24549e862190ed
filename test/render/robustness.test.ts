import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { buildPresentation, renderHtmlPage, renderStatementsHtml, renderTsv } from "../../shared/src/render";
import type { ValidationResult } from "../../shared/src/types";
import { upstreamJson } from "./upstream";

const ids = fc.constantFrom("a", "b", "p", "u", "s", "__proto__", "constructor", "toString", "x/y~z");
const anyValue = fc.oneof(fc.jsonValue({ maxDepth: 2 }), ids);
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.oneof(arbitrary, anyValue);

const cell = maybe(fc.oneof(fc.constantFrom("0", "1", "-1.25", "1000000"), fc.constant(null), fc.constant({ unavailable: true })));
const item = maybe(
  fc.record(
    {
      id: maybe(ids),
      label: maybe(fc.string()),
      description: maybe(fc.string()),
      unit: maybe(ids),
      rollupTo: maybe(ids),
      values: maybe(fc.dictionary(ids, cell)),
    },
    { requiredKeys: [] },
  ),
);
const documentShape = fc.record(
  {
    entity: maybe(fc.record({ name: maybe(fc.string()) })),
    scope: maybe(fc.record({ label: maybe(fc.string()) })),
    units: maybe(fc.array(maybe(fc.record({ id: maybe(ids), label: maybe(fc.string()), measure: maybe(fc.string()), scale: maybe(fc.integer()) })))),
    periods: maybe(
      fc.array(
        maybe(fc.record({ id: maybe(ids), kind: maybe(fc.constantFrom("instant", "duration")), date: maybe(fc.string()), start: maybe(fc.string()), end: maybe(fc.string()) })),
      ),
    ),
    statements: maybe(
      fc.array(maybe(fc.record({ id: maybe(ids), label: maybe(fc.string()), periods: maybe(fc.array(maybe(ids))), items: maybe(fc.array(item, { maxLength: 6 })) }))),
    ),
  },
  { requiredKeys: [] },
);
const result = fc.option(
  fc.record({
    calculations: maybe(
      fc.record({
        applications: maybe(
          fc.array(
            maybe(
              fc.record({
                key: maybe(fc.record({ statement: maybe(ids), parent: maybe(ids), period: maybe(ids) })),
                status: maybe(fc.constantFrom("satisfied", "unsatisfied", "error")),
                actual: maybe(fc.constant("1")),
                expected: maybe(fc.constant("2")),
                difference: maybe(fc.constant("-1")),
                tolerance: maybe(fc.constant("0")),
                reason: maybe(fc.constantFrom("missing-value", "unavailable-value")),
                cell: maybe(fc.record({ statement: maybe(ids), item: maybe(ids), period: maybe(ids) })),
              }),
            ),
          ),
        ),
      }),
    ),
  }),
  { nil: undefined },
);

function renderAll(document: unknown, validation: unknown): void {
  const p = buildPresentation(document, validation as ValidationResult | undefined);
  const fragment = renderStatementsHtml(p);
  assert.equal(/<script/i.test(fragment), false);
  const page = renderHtmlPage(document, validation as ValidationResult | undefined);
  assert.deepEqual(renderHtmlPage(document, validation as ValidationResult | undefined), page);
  renderTsv(document);
  renderTsv(document, { statement: "s" });
}

test("arbitrary JSON values never make the renderer throw", () => {
  fc.assert(fc.property(fc.jsonValue(), result, renderAll), { numRuns: 300 });
});

test("document-shaped values with members of any type never make the renderer throw", () => {
  fc.assert(fc.property(documentShape, result, renderAll), { numRuns: 500 });
});

test("every subtree of a real document replaced by junk never makes the renderer throw", () => {
  const base = upstreamJson("examples/manufacturing-group.json");
  const pointers: string[][] = [];
  const collect = (value: unknown, path: string[]) => {
    pointers.push(path);
    if (typeof value === "object" && value !== null) {
      for (const [key, child] of Object.entries(value)) collect(child, [...path, key]);
    }
  };
  collect(base, []);
  fc.assert(
    fc.property(fc.constantFrom(...pointers), anyValue, (path, junk) => {
      const copy = structuredClone(base) as Record<string, unknown>;
      let target: Record<string, unknown> = copy;
      for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
      const last = path[path.length - 1];
      const mutated = last === undefined ? junk : (Object.assign(target, { [last]: junk }), copy);
      renderAll(mutated, undefined);
    }),
    { numRuns: 500 },
  );
});
