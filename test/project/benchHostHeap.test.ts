// The editor benchmark's "FS Documents' share" of the extension host's heap: the growth with FS
// Documents minus the growth in a window without it. A run with cold opens reloads its window, so its
// later states run in another host; its share was taken against a baseline window that never
// reloaded, with its idle probed just after the reload, and came out negative (−4 to −14 MB at
// 5 MB). The baseline counts only against a run whose host was reloaded as its own was.

import assert from "node:assert/strict";
import { test } from "node:test";
import { baselineHostGrowth, formatReport, reloadsHost, type SizeResult } from "../e2e/bench/report";
import { benchResult } from "../support/benchResult";

const MB = 1e6;

/** A result whose extension host's heap went from `idle` to `after` MB after a forced GC. */
function heap(idle: number, after: number, reloaded: boolean | undefined, overrides: Partial<SizeResult> = {}): SizeResult {
  const probe = (heapUsed: number) => ({ maxLagMs: 0, stalls: 0, gcForced: true, memory: { rss: 0, heapUsed: heapUsed * MB, external: 0, arrayBuffers: 0 } });
  return benchResult({ extensionHost: { idle: probe(idle), afterOpens: probe(after), afterEdits: probe(after), reloaded }, ...overrides });
}

test("a run reloads its window's extension host when its cold opens run more than once, or its reloaded windows' webviews are measured", () => {
  assert.equal(reloadsHost({ states: new Set(["cold", "warm"]), runs: 5 }), true);
  assert.equal(reloadsHost({ states: new Set(["cold"]), runs: 1 }), false);
  assert.equal(reloadsHost({ states: new Set(["warm", "new-places"]), runs: 5 }), false);
  // The reloaded windows' first or second webviews reload it too, before the edits.
  assert.equal(reloadsHost({ states: new Set(["warm", "first-webviews", "new-places"]), runs: 5 }), true);
  assert.equal(reloadsHost({ states: new Set(["second-webviews"]), runs: 1 }), true);
});

test("the baseline's growth counts only against a run of the same shape whose host was reloaded as the baseline's was", () => {
  const fresh = heap(32, 64, false);
  const reloaded = heap(32, 80, true);
  assert.equal(baselineHostGrowth(heap(32, 63, false), fresh), 32 * MB);
  assert.equal(baselineHostGrowth(heap(32, 63, true), reloaded), 48 * MB);
  assert.equal(baselineHostGrowth(heap(32, 63, true), fresh), undefined);
  assert.equal(baselineHostGrowth(heap(32, 63, false), reloaded), undefined);
  assert.equal(baselineHostGrowth(heap(32, 63, false, { shape: "wide" }), fresh), undefined);
});

test("the report's share row: the difference of two growths of the same kind, or none", () => {
  const row = (result: SizeResult) =>
    formatReport([result], "test machine")
      .split("\n")
      .find((line) => line.includes("FS Documents' share"))!;
  const comparable = heap(32, 70, true);
  comparable.hostHeapGrowthWithout = baselineHostGrowth(comparable, heap(32, 64, true));
  assert.match(row(comparable), /\| +6 MB \|/);
  const mixed = heap(63, 82, true);
  mixed.hostHeapGrowthWithout = baselineHostGrowth(mixed, heap(32, 64, false));
  assert.match(row(mixed), /\| +– \|/);
});
