// Prints docs/performance.md's per-shape tables again from a saved editor bench run:
// node out/bench/bench-editor-summary.js test-results/bench-editor/<run>.json (after node scripts/build.mjs).

import { readFileSync } from "node:fs";
import type { SizeResult } from "./report";
import { summaryTables } from "./summary";

const file = process.argv[2];
if (file === undefined) {
  process.stderr.write("usage: node out/bench/bench-editor-summary.js <test-results/bench-editor/….json>\n");
  process.exitCode = 2;
} else {
  const { results } = JSON.parse(readFileSync(file, "utf8")) as { results: SizeResult[] };
  process.stdout.write(`${summaryTables(results)}\n`);
}
