// npm run bench:grid [-- --sizes 5] [--shapes typical,failing,long,wide,deep] [--runs 7]: a value
// committed in the preview's grid → its cell and the subtotal it affects painted, on the editor
// bench's generated documents (scripts/bench/generate.mjs), through the in-process path of
// test/webview/gridCommitPath.ts (the page in Chromium, the language service in this process).
// Prints, per size and shape, the median and range of the product's path (the page's commit, the
// server's part, the page's paint of the patch, each timed where it runs) and of the same with this
// harness's round trips to the page; what VS Code adds (extension host messages, the WorkspaceEdit,
// the document sync) is the editor bench's typed-value path (docs/performance.md).

import { join } from "node:path";
import { loadavg } from "node:os";
import { pathToFileURL } from "node:url";
import { repoRoot } from "../../support/paths";
import { GridCommitPath, type CommitTiming } from "../gridCommitPath";
import { startPreviewHost } from "../page";
import { median, option, range } from "./cli";

async function main(): Promise<void> {
  const sizes = option("--sizes", "5").split(",").map(Number);
  const shapes = option("--shapes", "typical,failing,long,wide,deep").split(",");
  const runs = Number(option("--runs", "7"));
  const generator = (await import(pathToFileURL(join(repoRoot, "scripts/bench/generate.mjs")).href)) as {
    generateDocument(options: { targetBytes: number; seed: number; shape?: string }): string;
  };
  const host = await startPreviewHost();
  const rows: string[] = [];
  try {
    for (const size of sizes) {
      for (const shape of shapes) {
        const text = generator.generateDocument({ targetBytes: size * 1_000_000, seed: 1, shape });
        const path = await GridCommitPath.open(host, `file:///bench/grid-${shape}-${size}mb.json`, text);
        const timings: CommitTiming[] = [];
        // The first commit warms the page's and the service's code paths; it is not counted.
        for (let run = 0; run <= runs; run += 1) {
          const timing = await path.commit(run, `${run + 1}234.5`);
          if (run > 0) timings.push(timing);
        }
        await path.close();
        const of = (key: keyof CommitTiming) => timings.map((timing) => timing[key]);
        const server = timings.map((timing) => timing.edits + timing.analysis + timing.patch);
        const product = timings.map((timing) => timing.pageCommit + timing.edits + timing.analysis + timing.patch + timing.pagePaint);
        const cell = (values: number[]) => `${Math.round(median(values))} (${range(values)})`;
        rows.push(
          `| ${size} MB ${shape.padEnd(8)} | ${cell(product)} | ${median(of("pageCommit")).toFixed(1)} | ${cell(server)} | ${median(of("edits")).toFixed(1)} | ${Math.round(median(of("analysis")))} | ${Math.round(median(of("patch")))} | ${Math.round(median(of("pagePaint")))} | ${cell(of("commitToPaint"))} |`,
        );
        console.error(`[bench:grid] ${rows.at(-1)}`);
      }
    }
  } finally {
    await host.close();
  }
  console.log(
    `grid commit → paint, medians of ${runs} commits (range), ms; load average ${loadavg()
      .map((load) => load.toFixed(1))
      .join(" ")}`,
  );
  // The product's path: the page's commit, the server's part and the page's paint, each timed where
  // it runs. The last column adds this harness's round trips to the page (Playwright's).
  console.log("| document | page + server + page | page: commit | server part | edits | analysis | patch | page: paint | with the harness |");
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const row of rows) console.log(row);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
