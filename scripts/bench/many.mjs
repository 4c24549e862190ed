// Many files: `fsdoc validate` of a folder (worker threads, one per core by default) against one
// thread (`--jobs 1`) and against as many sequential `fsdoc validate FILE` runs as there are files,
// which is what a CI script looping over files does. Generated documents (seeded) are written to a
// temporary folder that is removed afterwards. Wall time of whole processes, as a user waits.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { generateWithStats } from "./generate.mjs";

const CLI = fileURLToPath(new URL("../../dist/cli.js", import.meta.url));

/** The sets the issue names: 1,000 documents of 50 KB and 20 of 5 MB. */
export const MANY_SETS = [
  { count: 1000, bytes: 50_000 },
  { count: 20, bytes: 5_000_000 },
];

function run(args) {
  const started = performance.now();
  const result = spawnSync(process.execPath, [CLI, "validate", ...args], { stdio: ["ignore", "ignore", "pipe"], maxBuffer: 64 * 1024 * 1024 });
  const ms = performance.now() - started;
  // 0: all conform; 1: some do not (the generated documents conform, but a limit could differ).
  if (result.status !== 0 && result.status !== 1) throw new Error(`fsdoc validate ${args.join(" ")} exited ${result.status}: ${result.stderr}`);
  return ms;
}

export function measureMany({ sets = MANY_SETS, seed = 1, log = () => {} } = {}) {
  const results = [];
  for (const { count, bytes } of sets) {
    const folder = mkdtempSync(join(tmpdir(), "fsdoc-many-"));
    try {
      const files = [];
      for (let index = 0; index < count; index++) {
        const file = join(folder, `doc-${String(index).padStart(4, "0")}.json`);
        writeFileSync(file, generateWithStats({ targetBytes: bytes, seed: seed + index }).text);
        files.push(file);
      }
      log(`many files: ${count} × ${bytes} bytes written; validating`);
      const parallelMs = run([folder]);
      const oneThreadMs = run([folder, "--jobs", "1"]);
      let sequentialMs = 0;
      for (const file of files) sequentialMs += run([file]);
      results.push({ count, bytes, jobs: availableParallelism(), parallelMs, oneThreadMs, sequentialMs });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }
  return results;
}

export function formatMany(results) {
  const lines = ["", "many files (wall ms of whole processes): one fsdoc validate of the folder, with --jobs 1, and one run per file in sequence"];
  for (const row of results) {
    lines.push(
      `${row.count} × ${(row.bytes / 1000).toLocaleString("en-US")} KB: folder ${row.parallelMs.toFixed(0)} ms (${row.jobs} workers), ` +
        `--jobs 1 ${row.oneThreadMs.toFixed(0)} ms, ${row.count} sequential runs ${row.sequentialMs.toFixed(0)} ms; ` +
        `sequential / folder ${(row.sequentialMs / row.parallelMs).toFixed(1)}×, --jobs 1 / folder ${(row.oneThreadMs / row.parallelMs).toFixed(2)}×`,
    );
  }
  return lines.join("\n");
}
