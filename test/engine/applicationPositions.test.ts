// The application positions a value edit looks up (shared/src/incremental/applicationPositions.ts):
// the same answers as a map by applicationKey (the first application of a key wins), and without a
// key string per application, which made the map 0.8–1.5 MB at 5 MB (docs/performance.md, "What
// `deep` keeps").

import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { applicationKey, type RollupApplication } from "../../shared/src/index";
import { ApplicationPositions } from "../../shared/src/incremental/applicationPositions";

/** Only the key matters here. */
const application = (statement: string, parent: string, period: string): RollupApplication => ({ key: { statement, parent, period } }) as unknown as RollupApplication;

// Ids are data: any string, those an object's prototype has included.
const id = fc.constantFrom("is", "bs", "", "__proto__", "constructor", "a,b", '"q"', "[", "2024", "FY2024", "é");

test("positions answer as a map by applicationKey, the first application of a key winning", () => {
  fc.assert(
    fc.property(fc.array(fc.tuple(id, id, id), { maxLength: 60 }), fc.array(fc.tuple(id, id, id), { maxLength: 20 }), (keys, probes) => {
      const applications = keys.map(([statement, parent, period]) => application(statement, parent, period));
      const expected = new Map<string, number>();
      applications.forEach(({ key }, position) => {
        const text = applicationKey(key.statement, key.parent, key.period);
        if (!expected.has(text)) expected.set(text, position);
      });
      const positions = ApplicationPositions.of(applications);
      for (const [statement, parent, period] of [...keys, ...probes])
        assert.equal(positions.get(statement, parent, period), expected.get(applicationKey(statement, parent, period)));
    }),
  );
});

function heapUsedAfterGc(): number {
  setFlagsFromString("--expose-gc");
  (runInNewContext("gc") as () => void)();
  return process.memoryUsage().heapUsed;
}

test("positions keep no key string per application", () => {
  // 50,000 applications of 5,000 parents over 10 periods, the ids shared as a parsed document's are.
  const periods = Array.from({ length: 10 }, (_, index) => `FY${2000 + index}`);
  const parents = Array.from({ length: 5_000 }, (_, index) => `subtotal-${index}-of-the-income-statement`);
  const applications = parents.flatMap((parent) => periods.map((period) => application("income-statement", parent, period)));
  // Once before measuring: the code compiled meanwhile is on the heap too.
  ApplicationPositions.of(applications);
  const before = heapUsedAfterGc();
  const positions = ApplicationPositions.of(applications);
  const perApplication = (heapUsedAfterGc() - before) / applications.length;
  assert.equal(positions.get("income-statement", parents[7] as string, "FY2003"), 73);
  // A Map by applicationKey took 120–125 bytes an application here (its key string alone 80 and more);
  // positions by period number take about 20.
  assert.ok(perApplication < 60, `${perApplication.toFixed(1)} bytes an application`);
});
