// Background work waiting for its turn (the value-edit index built in steps, the preview's model
// ahead, a draft's related information) does not keep its version alive once another replaced it.
// The turns wait for the client's messages (lsp/waitingMessages.ts), which in the editor can be
// long: after a label was typed at 5 MB (a full analysis per key), five superseded versions were
// still held by steps waiting for their turn when the editor bench forced a GC (issue 25: 19× the
// document above the idle server instead of 7–8×, docs/performance.md).

import { before, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { DocumentStore } from "../../server/src/documents";
import { inSteps } from "../../server/src/steps";
import { repoRoot } from "../support/paths";

let large = "";

before(async () => {
  const generator = (await import(pathToFileURL(join(repoRoot, "scripts/bench/generate.mjs")).href)) as {
    generateDocument(options: { targetBytes: number; seed: number }): string;
  };
  large = generator.generateDocument({ targetBytes: 700_000, seed: 5 });
});

function collectGarbage(): void {
  setFlagsFromString("--expose-gc");
  (runInNewContext("gc") as () => void)();
}

/** A WeakRef's target is kept until the job that made or read it ends: the test collects in a later one. */
const laterJob = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** The text with its first label renamed: not a value edit, a version analysed in full. */
function renamed(text: string, suffix: string): string {
  return text.replace(/"label": "([^"]+)"/, (_all, label: string) => `"label": "${label}${suffix}"`);
}

test("versions replaced while their background work waits for its turn are not kept alive by it", async () => {
  const queue: (() => void)[] = [];
  const documents = new DocumentStore({ delay: () => 0, enabled: () => true, patternsFor: () => [], previewAhead: () => true, whenIdle: (work) => queue.push(work) });
  const uri = "file:///superseded/draft.json";
  documents.open(uri, "json", 1, large);
  for (let turn = 0; turn < 1_000 && queue.length === 0; turn++) await new Promise((resolve) => setTimeout(resolve, 1));
  // The open's first step of its value-edit index: the next step waits in the queue.
  queue.shift()?.();
  queue.shift()?.();
  assert.ok(queue.length > 0, "the index's next step waits for its turn");
  const first = new WeakRef(documents.get(uri)?.parsed ?? {});
  // Version 2, analysed in full: its index is to be built once its publication is written.
  documents.change(uri, 2, [{ text: renamed(large, " restated") }]);
  const second = new WeakRef(documents.get(uri)?.parsed ?? {});
  await laterJob();
  assert.ok(queue.length > 1, "version 2's work waits for its turn too");
  // Version 3 replaces it before any of that work had its turn.
  documents.change(uri, 3, [{ text: renamed(large, " as restated") }]);
  assert.equal(documents.get(uri)?.version, 3);
  await laterJob();
  collectGarbage();
  assert.equal(first.deref(), undefined, "version 1 is not held by its index's next step");
  assert.equal(second.deref(), undefined, "version 2 is not held by the work queued after its publication");
  // The work still runs, and ends at once for versions gone; the current one's index gets built.
  for (let turn = 0; turn < 10_000 && queue.length > 0; turn++) queue.shift()?.();
  assert.equal(documents.get(uri)?.parsed?.valueEditsPrepared, true);
  documents.close(uri);
});

test("steps go on while their subject is current, and end (done) when it is gone or replaced", async () => {
  const queue: (() => void)[] = [];
  const later = (work: () => void) => queue.push(work);
  let current: object | undefined = { steps: 0 };
  const done: (object | undefined)[] = [];
  inSteps(
    current as { steps: number },
    (subject) => ++subject.steps < 3,
    (subject) => subject === current,
    later,
    (subject) => done.push(subject),
  );
  queue.shift()?.();
  queue.shift()?.();
  assert.deepEqual(done, [], "two steps of three, while current");
  const held = new WeakRef(current);
  current = undefined;
  await laterJob();
  collectGarbage();
  assert.equal(held.deref(), undefined, "the waiting step does not hold its subject");
  queue.shift()?.();
  assert.deepEqual(done, [undefined], "done, without the subject that is gone");
  assert.equal(queue.length, 0);
});
