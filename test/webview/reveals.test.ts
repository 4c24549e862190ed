// The preview's reveals made once per animation frame (webview/src/reveals.ts): a reveal waits for
// the next frame, one a later reveal overrides is dropped, and the order of what is kept holds.

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { RevealQueue } from "../../webview/src/reveals";

/** A queue on a hand-run frame clock. */
function queue() {
  const frames = new Map<number, () => void>();
  let next = 1;
  const reveals = new RevealQueue(
    (callback) => {
      frames.set(next, callback);
      return next++;
    },
    (handle) => frames.delete(handle),
  );
  const runFrame = () => {
    const due = [...frames.values()];
    frames.clear();
    for (const callback of due) callback();
  };
  return { reveals, runFrame, waiting: () => frames.size };
}

describe("the preview's reveals, once per frame", () => {
  test("a reveal is made in the next frame, not at once", () => {
    const { reveals, runFrame } = queue();
    const made: string[] = [];
    reveals.ask("cursor", () => made.push("cursor"));
    assert.deepEqual(made, []);
    runFrame();
    assert.deepEqual(made, ["cursor"]);
  });

  test("the cursor's reveal replaces the editor's top line asked for before it in the same frame", () => {
    const { reveals, runFrame, waiting } = queue();
    const made: string[] = [];
    reveals.ask("top", () => made.push("top"));
    reveals.ask("cursor", () => made.push("cursor"));
    assert.equal(waiting(), 1, "one frame asked for");
    runFrame();
    assert.deepEqual(made, ["cursor"]);
  });

  test("the editor's top line after the cursor's reveal keeps the reveal before it, and replaces an earlier top line", () => {
    const { reveals, runFrame } = queue();
    const made: string[] = [];
    reveals.ask("top", () => made.push("top 1"));
    reveals.ask("cursor", () => made.push("cursor"));
    reveals.ask("top", () => made.push("top 2"));
    reveals.ask("top", () => made.push("top 3"));
    runFrame();
    assert.deepEqual(made, ["cursor", "top 3"]);
  });

  test("flush makes what waits at once, clear drops it; neither leaves a frame to run", () => {
    const { reveals, runFrame, waiting } = queue();
    const made: string[] = [];
    reveals.ask("cursor", () => made.push("cursor"));
    reveals.flush();
    assert.deepEqual(made, ["cursor"]);
    assert.equal(waiting(), 0);
    reveals.ask("top", () => made.push("top"));
    reveals.clear();
    runFrame();
    assert.deepEqual(made, ["cursor"]);
    assert.equal(waiting(), 0);
  });
});
