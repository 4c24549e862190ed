// The duration of each step of an end-to-end case, in the test's diagnostics: when a case is slow at
// times, or fails on a wait, its output says which wait took the time and when it started.

import type { TestContext } from "node:test";

export type Step = <T>(name: string, work: () => Promise<T>) => Promise<T>;

/** A `step(name, work)` for `t`: runs `work` and reports "name: N ms (ended at M ms)", also when it throws. */
export function stepTimer(t: Pick<TestContext, "diagnostic">, now: () => number = () => performance.now()): Step {
  const started = now();
  return async (name, work) => {
    const from = now();
    let outcome = "";
    try {
      return await work();
    } catch (error) {
      outcome = ", failed";
      throw error;
    } finally {
      const end = now();
      t.diagnostic(`step "${name}": ${Math.round(end - from)} ms${outcome} (ended at ${Math.round(end - started)} ms)`);
    }
  };
}
