// A grid commit through the whole in-process path (test/webview/gridCommitPath.ts): the page commits
// a typed value, the service makes its minimal edit and analyses it, and the patch repaints the cell
// and the subtotal it rolls up to. Prints the commit → paint time; never asserts on it. The figure at
// 5 MB, on every document shape, is the grid bench's (npm run bench:grid, docs/performance.md).

import assert from "node:assert/strict";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "node:test";
import { repoRoot } from "../support/paths";
import { GridCommitPath } from "./gridCommitPath";
import { startPreviewHost } from "./page";

test("a committed cell reaches the page as a patch that repaints it and its subtotal", { timeout: 120_000 }, async (t) => {
  // The bench's generator, as the other large-document tests load it (a script, not a module of the build).
  const generator = (await import(pathToFileURL(join(repoRoot, "scripts/bench/generate.mjs")).href)) as {
    generateDocument(options: { targetBytes: number; seed: number }): string;
  };
  const text = generator.generateDocument({ targetBytes: 100_000, seed: 7 });
  const host = await startPreviewHost();
  try {
    const path = await GridCommitPath.open(host, "file:///work/grid-commit.json", text);
    for (const [nth, decimal] of [
      [0, "123456789.25"],
      [1, "-7"],
    ] as const) {
      const timing = await path.commit(nth, decimal);
      // The first edit breaks its (consistent) subtotal: the same patch repaints the subtotal's cell.
      if (nth === 0) assert.ok(timing.parentRepainted, `the subtotal's cell ${timing.parent} is in the patch`);
      t.diagnostic(
        `commit → paint ${Math.round(timing.commitToPaint)} ms with the harness (page: commit ${Math.round(timing.pageCommit)}, paint ${Math.round(timing.pagePaint)}; server part: edits ${Math.round(timing.edits)}, analysis ${Math.round(timing.analysis)}, patch ${Math.round(timing.patch)} ms)`,
      );
    }
    await path.close();
  } finally {
    await host.close();
  }
});
