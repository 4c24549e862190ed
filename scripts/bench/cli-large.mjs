// The command line on documents larger than VS Code hands to extensions (50 MB): generates each
// size once into a temporary folder and times `fsdoc validate` as a whole process, with its peak
// resident memory, next to a node process that only reads and JSON.parses the same file.
// Usage: node scripts/bench/cli-large.mjs [--sizes 50,100]   (after npm run build)
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { generateWithStats } from "./generate.mjs";

const cli = fileURLToPath(new URL("../../dist/cli.js", import.meta.url));
const at = process.argv.indexOf("--sizes");
const sizes = (at === -1 ? "50,100" : process.argv[at + 1]).split(",").map(Number);
const folder = mkdtempSync(join(tmpdir(), "fsdoc-large-"));

/** Elapsed ms and peak resident MB of one process, from GNU time's verbose report. */
function timed(args) {
  const started = performance.now();
  const run = spawnSync("/usr/bin/time", ["-v", process.execPath, ...args], { encoding: "utf8", maxBuffer: 1 << 30 });
  const elapsed = performance.now() - started;
  const peak = /Maximum resident set size \(kbytes\): (\d+)/.exec(run.stderr)?.[1];
  return { elapsed, peakMB: peak === undefined ? undefined : Number(peak) / 1024, status: run.status, out: run.stdout.split("\n").slice(0, 3).join(" | ") };
}

try {
  for (const size of sizes) {
    const { text, stats } = generateWithStats({ targetBytes: size * 1_000_000, seed: 1 });
    const file = join(folder, `document-${size}mb.json`);
    writeFileSync(file, text);
    const floor = timed(["-e", `JSON.parse(require("fs").readFileSync(${JSON.stringify(file)}, "utf8"))`]);
    const validate = timed([cli, "validate", file]);
    console.log(
      `${size} MB (${stats.bytes} bytes, ${stats.cells} cells): fsdoc validate ${(validate.elapsed / 1000).toFixed(2)} s, peak ${validate.peakMB?.toFixed(0)} MB resident, exit ${validate.status} (${validate.out}); ` +
        `read + JSON.parse alone ${(floor.elapsed / 1000).toFixed(2)} s, peak ${floor.peakMB?.toFixed(0)} MB`,
    );
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
