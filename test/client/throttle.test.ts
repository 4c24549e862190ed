// The throttle behind the preview's cursor and scroll following (client/src/util/throttle.ts): at
// most one run per interval and the last call always runs; trailing waits the interval first,
// leading runs the first call of a burst at once.

import { test } from "node:test";
import assert from "node:assert/strict";
import { Throttle } from "../../client/src/util/throttle";

test("trailing: a burst runs once, its last call, one interval after its first", (context) => {
  context.mock.timers.enable({ apis: ["setTimeout"] });
  const runs: string[] = [];
  const throttle = new Throttle(60);
  throttle.schedule(() => runs.push("a"));
  throttle.schedule(() => runs.push("b"));
  assert.equal(runs.join(","), "");
  context.mock.timers.tick(59);
  assert.equal(runs.join(","), "");
  context.mock.timers.tick(1);
  assert.equal(runs.join(","), "b");
  throttle.schedule(() => runs.push("c"));
  throttle.cancel();
  context.mock.timers.tick(100);
  assert.equal(runs.join(","), "b", "cancelled");
});

test("leading: the first call runs at once, later ones in the interval once at its end, then it is idle again", (context) => {
  context.mock.timers.enable({ apis: ["setTimeout"] });
  const runs: string[] = [];
  const throttle = new Throttle(60, true);
  throttle.schedule(() => runs.push("a"));
  assert.equal(runs.join(","), "a", "at once");
  throttle.schedule(() => runs.push("b"));
  throttle.schedule(() => runs.push("c"));
  context.mock.timers.tick(59);
  assert.equal(runs.join(","), "a");
  context.mock.timers.tick(1);
  assert.equal(runs.join(","), "a,c", "the last call, at the interval's end");
  // A call right after that trailing run waits for the next interval's end: still one run per interval.
  throttle.schedule(() => runs.push("d"));
  assert.equal(runs.join(","), "a,c");
  context.mock.timers.tick(60);
  assert.equal(runs.join(","), "a,c,d");
  // Idle for an interval: the next call runs at once again.
  context.mock.timers.tick(60);
  throttle.schedule(() => runs.push("e"));
  assert.equal(runs.join(","), "a,c,d,e");
  throttle.cancel();
  throttle.schedule(() => runs.push("f"));
  assert.equal(runs.join(","), "a,c,d,e,f", "after cancel, idle");
});
