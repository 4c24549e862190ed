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

/** The fastest of a few runs: the least disturbed by the other work on the machine. */
function bestTime(text: string, runs = 3): number {
  let best = Infinity;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    runEngine(text);
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

/** Time at n and 4n for each large shape; linear means a ratio near 4, quadratic near 16. */
function linearityFindings(log: (line: string) => void): Finding[] {
  const SMALL = 25_000;
  const FACTOR = 4;
  // Generous: garbage collection and the machine's other load move single timings a lot.
  const LIMIT = FACTOR * 2.5;
  const findings: Finding[] = [];
  for (const shape of SHAPES) {
    const small = bestTime(generate(shape, SMALL));
    const large = bestTime(generate(shape, SMALL * FACTOR));
    // Below 50 ms a timing is mostly noise: the ratio is taken against at least that.
    const ratio = large / Math.max(small, 50);
    log(`  ${shape.padEnd(9)} ${SMALL} → ${SMALL * FACTOR}: ${small.toFixed(0)} ms → ${large.toFixed(0)} ms (×${ratio.toFixed(1)}, linear ×${FACTOR})`);
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
