// `npm run fuzz [-- --seed N --cases N --cli-cases N --server-cases N]`: a fuzz run over the engine,
// the built CLI and the language server, then a check that validation time grows linearly with
// size. Prints the seed (a run replays exactly from it) and every finding; exits 1 on any.

import { performance } from "node:perf_hooks";
import { runFuzz, type Finding } from "./run";
import { generate, SHAPES } from "./shapes";
import { runEngine } from "./invariants";

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  if (at === -1) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isSafeInteger(value) || value < 0) {
    process.stderr.write(`fuzz: --${name} needs a nonnegative integer\n`);
    process.exit(2);
  }
  return value;
}

function timeOnce(text: string): number {
  const started = performance.now();
  runEngine(text);
  return performance.now() - started;
}

/**
 * Time at n and 8n for each large shape: linear means a ratio near 8, quadratic near 64. The two
 * sizes are timed in turn, three times, and the fastest of each kept: the least disturbed by garbage
 * collection and the machine's other load.
 */
function linearityFindings(log: (line: string) => void): Finding[] {
  const SMALL = 12_500;
  const FACTOR = 8;
  // Generous (a shared machine moves single timings a lot), and still far below quadratic.
  const LIMIT = FACTOR * 3;
  const findings: Finding[] = [];
  for (const shape of SHAPES) {
    const smallText = generate(shape, SMALL);
    const largeText = generate(shape, SMALL * FACTOR);
    let small = Infinity;
    let large = Infinity;
    for (let round = 0; round < 3; round++) {
      small = Math.min(small, timeOnce(smallText));
      large = Math.min(large, timeOnce(largeText));
    }
    // Below 20 ms a timing is mostly noise: the ratio is taken against at least that.
    const ratio = large / Math.max(small, 20);
    log(`  ${shape.padEnd(9)} ${SMALL} → ${SMALL * FACTOR}: ${small.toFixed(0)} ms → ${large.toFixed(0)} ms (×${ratio.toFixed(1)}; linear ×${FACTOR}, limit ×${LIMIT})`);
    if (ratio > LIMIT) findings.push({ index: -1, case: `${shape} ×${FACTOR}`, problem: `validation time grew ×${ratio.toFixed(1)} for ×${FACTOR} the size` });
  }
  return findings;
}

async function main(): Promise<void> {
  const seed = option("seed", Date.now() % 2 ** 31);
  const cases = option("cases", 10_000);
  const cliCases = option("cli-cases", 300);
  const serverCases = option("server-cases", 300);
  const log = (line: string): void => void process.stdout.write(`${line}\n`);
  log(`fuzz: seed ${seed}, ${cases} cases (${cliCases} through dist/cli.js, ${serverCases} through dist/server.js)`);
  log(`  replay: npm run fuzz -- --seed ${seed} --cases ${cases} --cli-cases ${cliCases} --server-cases ${serverCases}`);
  const started = performance.now();
  const report = await runFuzz({ seed, cases, cliCases, serverCases, log });
  log(`  by category: ${JSON.stringify(report.byCategory)}; ${report.cliCases} through the CLI, ${report.serverCases} through the server`);
  log("linearity (engine, in-process):");
  const findings = [...report.findings, ...linearityFindings(log)];
  for (const finding of findings.slice(report.findings.length)) log(`FINDING ${finding.case}: ${finding.problem}`);
  log(`fuzz: seed ${seed}, ${report.cases} cases, ${findings.length} findings, ${((performance.now() - started) / 1000).toFixed(1)} s`);
  process.exitCode = findings.length === 0 ? 0 : 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`fuzz: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
