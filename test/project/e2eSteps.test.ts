// The end-to-end tests' step timer (test/e2e/steps.ts): each step's duration and when it ended, in
// the test's diagnostics, also for the step that fails (the wait a slow or failed case spent its time on).

import assert from "node:assert/strict";
import { test } from "node:test";
import { stepTimer } from "../e2e/steps";

test("each step reports its duration and when it ended, and a failed step says so and still throws", async () => {
  const lines: string[] = [];
  let clock = 1_000;
  const step = stepTimer({ diagnostic: (line: string) => lines.push(line) }, () => clock);
  assert.equal(
    await step("the options list", async () => {
      clock += 120;
      return "shown";
    }),
    "shown",
  );
  await assert.rejects(
    step("EUR millions in the preview", async () => {
      clock += 30_000;
      throw new Error("Timeout 30000ms exceeded");
    }),
    /Timeout 30000ms exceeded/,
  );
  assert.deepEqual(lines, ['step "the options list": 120 ms (ended at 120 ms)', 'step "EUR millions in the preview": 30000 ms, failed (ended at 30120 ms)']);
});
