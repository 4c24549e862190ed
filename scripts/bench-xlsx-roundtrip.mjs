// The XLSX round trip of a generated 5 MB document (scripts/bench/generate.mjs): `fsdoc render
// --format xlsx` then `fsdoc import`, each as a user runs it (a fresh process), timed as the median
// of 3 runs; checks that the import gives back the same document. Prints the figures for
// docs/performance.md. Run after `node scripts/build.mjs`, under the team's heavy-job lock.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { generateDocument } from "./bench/generate.mjs";

// FSDOC_CLI: a copy of dist/cli.js, so that a rebuild while the run waits for the lock does not disturb it.
const cli = process.env.FSDOC_CLI ?? join(import.meta.dirname, "..", "dist", "cli.js");
const dir = mkdtempSync(join(tmpdir(), "fsdoc-xlsx-bench-"));
const text = generateDocument({ targetBytes: 5_000_000, seed: 1 });
writeFileSync(join(dir, "doc.json"), text);
const document = JSON.parse(text);
delete document.validationSnapshot;
const cells = document.statements.reduce((count, statement) => count + statement.items.length * statement.periods.length, 0);

function timed(args) {
  const times = [];
  for (let run = 0; run < 3; run++) {
    const start = performance.now();
    const result = spawnSync(process.execPath, [cli, ...args], { cwd: dir, encoding: "utf8", maxBuffer: 1 << 30 });
    times.push(performance.now() - start);
    if (result.status !== 0) throw new Error(`fsdoc ${args.join(" ")}: ${result.stderr}`);
  }
  return times.sort((a, b) => a - b)[1];
}

const render = timed(["render", "--format", "xlsx", "--force", "--output", "book.xlsx", "doc.json"]);
const load = timed(["import", "book.xlsx", "--force", "--output", "back.json"]);
const same = isDeepStrictEqual(JSON.parse(readFileSync(join(dir, "back.json"), "utf8")), document);
console.log(`document ${(text.length / 1e6).toFixed(1)} MB, ${document.statements.length} statements, ${cells} value cells`);
console.log(`render --format xlsx: ${Math.round(render)} ms, workbook ${(statSync(join(dir, "book.xlsx")).size / 1e6).toFixed(2)} MB`);
console.log(`import: ${Math.round(load)} ms; same document back: ${same}`);
if (!same) process.exitCode = 1;
