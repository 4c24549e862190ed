// Application keys: the JSON text of the triple, for any ids (quotes, commas, "__proto__",
// characters JSON escapes), so that two triples share a key only when they are the same triple.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { applicationKey, keyOfApplication } from "../../shared/src/model/keys";

test("an application key is the JSON text of its triple, for any ids", () => {
  const id = fc.oneof(fc.string(), fc.string({ unit: "binary" }), fc.constantFrom("__proto__", 'a","b', "\\", "\u2028", "x".repeat(40)));
  fc.assert(
    fc.property(id, id, id, (statement, parent, period) => {
      assert.equal(applicationKey(statement, parent, period), JSON.stringify([statement, parent, period]));
      assert.equal(keyOfApplication({ key: { statement, parent, period } }), JSON.stringify([statement, parent, period]));
    }),
    { numRuns: 500 },
  );
});
