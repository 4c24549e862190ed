// The deadline for a visible preview's page to say "ready" (client/src/preview/readyDeadline.ts):
// it runs from the panel becoming visible until "ready", stops while the panel is hidden, and
// asks to open the panel again at most MAX_REOPENS times.

import assert from "node:assert/strict";
import { test, type TestContext } from "node:test";
import { MAX_REOPENS, READY_DEADLINE_MS, ReadyDeadline } from "../../client/src/preview/readyDeadline";

function watched(context: TestContext, reopened: number, visible: boolean): { deadline: ReadyDeadline; calls: string[] } {
  context.mock.timers.enable({ apis: ["setTimeout"] });
  const calls: string[] = [];
  const deadline = new ReadyDeadline(reopened, visible, { reopen: () => calls.push("reopen"), gaveUp: () => calls.push("gaveUp") });
  return { deadline, calls };
}

test("a visible panel whose page never says ready is opened again once the deadline has passed, and only once", (context) => {
  const { calls } = watched(context, 0, true);
  context.mock.timers.tick(READY_DEADLINE_MS - 1);
  assert.deepEqual(calls, []);
  context.mock.timers.tick(1);
  assert.deepEqual(calls, ["reopen"]);
  context.mock.timers.tick(10 * READY_DEADLINE_MS);
  assert.deepEqual(calls, ["reopen"]);
});

test("a page that says ready in time is left alone, and so is a panel shown again whose page says ready again", (context) => {
  const { deadline, calls } = watched(context, 0, true);
  context.mock.timers.tick(READY_DEADLINE_MS - 1);
  deadline.ready();
  context.mock.timers.tick(10 * READY_DEADLINE_MS);
  // Another view state event while it stays visible (it became active) starts nothing.
  deadline.visible(true);
  context.mock.timers.tick(10 * READY_DEADLINE_MS);
  assert.deepEqual(calls, []);
  // Hidden, its page is discarded; shown again, it loads again.
  deadline.visible(false);
  deadline.visible(true);
  context.mock.timers.tick(READY_DEADLINE_MS - 1);
  deadline.ready();
  context.mock.timers.tick(10 * READY_DEADLINE_MS);
  assert.deepEqual(calls, []);
});

test("the deadline runs only while the panel is visible, from the moment it is shown", (context) => {
  // A restored panel in the background loads nothing until it is shown.
  const { deadline, calls } = watched(context, 0, false);
  context.mock.timers.tick(10 * READY_DEADLINE_MS);
  assert.deepEqual(calls, []);
  deadline.visible(true);
  context.mock.timers.tick(READY_DEADLINE_MS - 1);
  deadline.visible(false);
  context.mock.timers.tick(10 * READY_DEADLINE_MS);
  assert.deepEqual(calls, [], "hidden before the deadline");
  deadline.visible(true);
  context.mock.timers.tick(READY_DEADLINE_MS - 1);
  assert.deepEqual(calls, [], "measured from being shown again");
  context.mock.timers.tick(1);
  assert.deepEqual(calls, ["reopen"]);
});

test("a panel opened again MAX_REOPENS times is not opened again: it gives up", (context) => {
  const { calls } = watched(context, MAX_REOPENS, true);
  context.mock.timers.tick(READY_DEADLINE_MS);
  assert.deepEqual(calls, ["gaveUp"]);
  const again = new ReadyDeadline(MAX_REOPENS - 1, true, { reopen: () => calls.push("reopen"), gaveUp: () => calls.push("gaveUp") });
  context.mock.timers.tick(READY_DEADLINE_MS);
  assert.deepEqual(calls, ["gaveUp", "reopen"]);
  again.dispose();
});

test("a disposed panel's deadline asks nothing", (context) => {
  const { deadline, calls } = watched(context, 0, true);
  deadline.dispose();
  deadline.visible(false);
  deadline.visible(true);
  context.mock.timers.tick(10 * READY_DEADLINE_MS);
  assert.deepEqual(calls, []);
});
