// The pages' render loop (client/src/page/renderLoop.ts): one render at a time, and renders asked
// for while one runs collapse into exactly one more after it; none once the page is gone.

import assert from "node:assert/strict";
import { test } from "node:test";
import { RenderLoop } from "../../client/src/page/renderLoop";

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

test("renders asked for while one runs make one more render after it, never two at once", async () => {
  const gates: Array<{ promise: Promise<void>; resolve: () => void }> = [];
  let running = 0;
  let most = 0;
  const loop = new RenderLoop(
    async () => {
      running++;
      most = Math.max(most, running);
      const gate = deferred();
      gates.push(gate);
      await gate.promise;
      running--;
    },
    () => false,
  );
  assert.equal(loop.busy, false);
  const first = loop.run();
  assert.equal(loop.busy, true);
  const second = loop.run();
  const third = loop.run();
  assert.equal(gates.length, 1);
  gates[0]!.resolve();
  await new Promise((done) => setImmediate(done));
  assert.equal(gates.length, 2, "the renders asked for meanwhile run once, after the first");
  gates[1]!.resolve();
  await Promise.all([first, second, third]);
  assert.equal(gates.length, 2);
  assert.equal(most, 1);
  assert.equal(loop.busy, false);
  const idle = loop.run();
  assert.equal(gates.length, 3, "an idle loop renders at once");
  gates[2]!.resolve();
  await idle;
});

test("a stopped page gets no render after the one running; a failed render does not wedge the loop", async () => {
  let stopped = false;
  let renders = 0;
  const gate = deferred();
  const loop = new RenderLoop(
    async () => {
      renders++;
      if (renders === 1) await gate.promise;
      if (renders === 2) throw new Error("server gone");
    },
    () => stopped,
  );
  const first = loop.run();
  void loop.run();
  stopped = true;
  gate.resolve();
  await first;
  assert.equal(renders, 1);
  stopped = false;
  await assert.rejects(loop.run(), /server gone/);
  assert.equal(loop.busy, false);
  await loop.run();
  assert.equal(renders, 3);
});
