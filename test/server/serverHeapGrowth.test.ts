// The language server's Node options bound how far V8 lets its heap grow between full collections
// (protocol/serverProcess.ts): every edit of a large document makes a new copy of its text, which
// only a full collection frees, and with V8's default factor the heap grew to 4× what the server
// keeps (a 5 MB document's server peaked at 250–300 MB, docs/performance.md). The workload here is
// that shape: a kept set of small objects (a parsed document), then texts replaced one after
// another with an analysis' worth of garbage each; the heap's largest size is compared with what is
// kept. A ratio, not a byte count: V8 collects when the heap reaches the factor times what survived.

import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { SERVER_NODE_OPTIONS } from "../../protocol/serverProcess";

const WORKLOAD = `
const v8 = require("node:v8");
const kept = [];
for (let i = 0; i < 300000; i++) kept.push({ id: "item-" + i, value: String(i * 7), children: [i] });
globalThis.gc();
const keptBytes = v8.getHeapStatistics().used_heap_size;
let text = "x".repeat(4 << 20);
let largest = 0;
(async () => {
  for (let edit = 0; edit < 60; edit++) {
    text = text.slice(0, 1000) + String(edit % 10) + text.slice(1001);
    text.indexOf("\\n");
    const garbage = [];
    for (let i = 0; i < 20000; i++) garbage.push({ at: i, name: "g" + i });
    largest = Math.max(largest, v8.getHeapStatistics().used_heap_size);
    // The next edit comes a little later, as a typist's do: V8's marking steps run in between.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  process.stdout.write(JSON.stringify({ kept: kept.length, keptBytes, largest }));
})();
`;

test("with the server's Node options, the heap grows to at most about twice what it keeps while texts are replaced", () => {
  const output = execFileSync(process.execPath, [...SERVER_NODE_OPTIONS, "--expose-gc", "-e", WORKLOAD], { encoding: "utf8" });
  const { kept, keptBytes, largest } = JSON.parse(output) as { kept: number; keptBytes: number; largest: number };
  assert.equal(kept, 300_000);
  // V8's default factor let it reach 4.1–4.2× (Node 20, a loaded 2-core machine); a factor of 2
  // gives 2.4–2.8× (the young generation and what is allocated while a collection marks come on top).
  assert.ok(largest / keptBytes < 3.3, `the heap reached ${(largest / keptBytes).toFixed(2)}× what is kept (${(keptBytes / 1e6).toFixed(1)} MB)`);
});
