// One fuzz run: every case through the engine in-process, a sample through the built CLI and one
// long-lived language server, each checked against invariants (never against expected outputs).

import fc from "fast-check";
import { TextDocument } from "vscode-languageserver-textdocument";
import type { Diagnostic } from "vscode-languageserver-protocol/node";
import { analyze, diffSnapshot, parseJson, recordSnapshot, DIAGNOSTIC_CODES } from "../../shared/src/index";
import { isFsDocumentValue, mightBeFsDocument } from "../../shared/src/detect";
import { caseArbitrary, loadFixtures, mutationArbitrary, type FuzzCase } from "./cases";
import { CliDriver, ServerDriver, cliCodes } from "./drivers";
import { issueViolations, runEngine } from "./invariants";

export interface FuzzOptions {
  seed: number;
  /** Cases through the engine in-process (at least one mutation of every fixture among them). */
  cases: number;
  /** How many of them also go through `dist/cli.js validate`. */
  cliCases: number;
  /** How many of them also go to the language server. */
  serverCases: number;
  log?: (line: string) => void;
}

export interface Finding {
  index: number;
  case: string;
  problem: string;
}

export interface FuzzReport {
  seed: number;
  cases: number;
  cliCases: number;
  serverCases: number;
  byCategory: Record<string, number>;
  findings: Finding[];
}

/** The cases of a run: one mutation of each fixture, then the mix, all from the seed. */
export function generateCases(seed: number, count: number): FuzzCase[] {
  const fixtures = loadFixtures();
  const perFixture = fixtures.map((_, index) => fc.sample(mutationArbitrary(fixtures, index), { seed: seed + index, numRuns: 1 })[0]!);
  const rest = Math.max(0, count - perFixture.length);
  return [...perFixture, ...(rest === 0 ? [] : fc.sample(caseArbitrary(fixtures), { seed, numRuns: rest }))];
}

const decoder = new TextDecoder("utf-8");

/** The text an editor would hand the server for these bytes (the CLI reads the bytes itself). */
export function textOf(fuzzCase: FuzzCase): string {
  return decoder.decode(fuzzCase.bytes);
}

function engineFindings(fuzzCase: FuzzCase): string[] {
  const text = textOf(fuzzCase);
  try {
    const outcome = runEngine(text);
    const findings = issueViolations(outcome);
    if (outcome.kind !== "parse") {
      // The rest of the facade the CLI and the server call on any parsed document.
      diffSnapshot(outcome.value, analyze(outcome.value));
      recordSnapshot(text, outcome.value);
    }
    const parsed = parseJson(text);
    if (!parsed.ok && parsed.problems.length === 0) findings.push("a parse failure without a problem");
    return findings;
  } catch (error) {
    return [`the engine threw: ${error instanceof Error ? (error.stack ?? error.message).split("\n").slice(0, 4).join(" | ") : String(error)}`];
  }
}

/** Every `step`-th index, so that the sample spreads over categories. */
function sample(count: number, size: number): Set<number> {
  const chosen = new Set<number>();
  if (size <= 0) return chosen;
  const step = count / Math.min(size, count);
  for (let at = 0; chosen.size < Math.min(size, count); at += step) chosen.add(Math.floor(at));
  return chosen;
}

/** Generous: the largest cases are a few megabytes, on a shared machine. */
const SERVER_SILENCE_MS = 60_000;

const sorted = (codes: readonly string[]): string[] => [...codes].sort();

function rangeFindings(text: string, diagnostics: readonly Diagnostic[]): string[] {
  const document = TextDocument.create("file:///x", "json", 1, text);
  const findings: string[] = [];
  for (const diagnostic of diagnostics) {
    const { start, end } = diagnostic.range;
    const inside = (position: { line: number; character: number }): boolean => {
      if (position.line < 0 || position.character < 0 || position.line >= document.lineCount) return false;
      const lineEnd = position.line + 1 < document.lineCount ? document.offsetAt({ line: position.line + 1, character: 0 }) : text.length;
      return document.offsetAt({ line: position.line, character: 0 }) + position.character <= lineEnd;
    };
    if (!inside(start) || !inside(end) || document.offsetAt(start) > document.offsetAt(end)) {
      findings.push(`diagnostic ${String(diagnostic.code)} has range ${JSON.stringify(diagnostic.range)} outside the ${text.length}-character document`);
    }
  }
  return findings;
}

/**
 * Structural and syntax codes: what both the CLI's result and the server's diagnostics report (the
 * server adds its own for rollups, snapshots and notices).
 */
const SHARED_CODES: ReadonlySet<string> = new Set<string>([...DIAGNOSTIC_CODES, "invalid-json", "duplicate-member", "trailing-content", "nesting-too-deep"]);

function serverCodes(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.map((diagnostic) => String(diagnostic.code)).filter((code) => SHARED_CODES.has(code));
}

export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const log = options.log ?? (() => {});
  const cases = generateCases(options.seed, options.cases);
  const findings: Finding[] = [];
  const byCategory: Record<string, number> = {};
  const find = (index: number, problem: string): void => {
    findings.push({ index, case: cases[index]?.name ?? "(the run)", problem });
    log(`FINDING case ${index} (${cases[index]?.name ?? "the run"}): ${problem}`);
  };

  cases.forEach((fuzzCase, index) => {
    byCategory[fuzzCase.category] = (byCategory[fuzzCase.category] ?? 0) + 1;
    for (const problem of engineFindings(fuzzCase)) find(index, problem);
    if ((index + 1) % 2000 === 0) log(`  engine: ${index + 1}/${cases.length} cases, ${findings.length} findings`);
  });

  log(`  engine: ${cases.length} cases done`);
  const cliSample = sample(cases.length, options.cliCases);
  const serverSample = [...sample(cases.length, options.serverCases)].filter((index) => cases[index]!.plainText);
  const cliCodesByCase = new Map<number, string[] | undefined>();
  const cli = new CliDriver();
  try {
    let done = 0;
    for (const index of cliSample) {
      const fuzzCase = cases[index]!;
      const outcome = await cli.validate(fuzzCase.bytes);
      if (outcome.exitCode === null || ![0, 1, 2].includes(outcome.exitCode)) find(index, `fsdoc exited with ${outcome.exitCode ?? outcome.signal}`);
      if (/internal error|\n\s+at .*\(.*:\d+:\d+\)/.test(outcome.stderr)) find(index, `fsdoc printed an internal error: ${outcome.stderr.slice(0, 300)}`);
      if (outcome.exitCode === 0 && cliCodes(outcome.stdout) === undefined) find(index, "fsdoc exited 0 without a JSON result");
      if (fuzzCase.plainText) cliCodesByCase.set(index, cliCodes(outcome.stdout));
      if (++done % 100 === 0) log(`  cli: ${done}/${cliSample.size} cases`);
    }
  } finally {
    cli.dispose();
  }

  const server = await ServerDriver.start();
  try {
    let done = 0;
    for (const index of serverSample) {
      const text = textOf(cases[index]!);
      const uri = `file:///fuzz/case-${index}.json`;
      server.open(uri, text);
      const engine = runEngine(text);
      // Only a document the server recognises is answered; any other JSON rightly gets nothing.
      if (mightBeFsDocument(text) && (engine.kind === "parse" || isFsDocumentValue(engine.value))) {
        const diagnostics = await server.diagnostics(uri, SERVER_SILENCE_MS);
        if (server.failure !== undefined) {
          find(index, `${server.failure}; stderr: ${server.stderr.slice(-500)}`);
          break;
        }
        if (diagnostics === undefined) {
          find(index, `the server published no diagnostics within ${SERVER_SILENCE_MS / 1000} s`);
          server.close(uri);
          continue;
        }
        for (const problem of rangeFindings(text, diagnostics)) find(index, problem);
        const fromServer = sorted(serverCodes(diagnostics));
        const fromEngine = sorted(engine.codes);
        const recognised = diagnostics.length > 0 || engine.kind === "conforming";
        if (recognised && JSON.stringify(fromServer) !== JSON.stringify(fromEngine)) {
          find(index, `the server reports ${JSON.stringify(fromServer)}, the engine ${JSON.stringify(fromEngine)}`);
        }
        const fromCli = cliCodesByCase.get(index);
        if (recognised && fromCli !== undefined && JSON.stringify(sorted(fromCli)) !== JSON.stringify(fromServer)) {
          find(index, `the server reports ${JSON.stringify(fromServer)}, fsdoc ${JSON.stringify(sorted(fromCli))}`);
        }
      }
      server.close(uri);
      if (++done % 100 === 0) log(`  server: ${done}/${serverSample.length} cases`);
    }
    // Still serving after everything it was sent.
    const probe = "file:///fuzz/probe.json";
    server.open(probe, JSON.stringify({ formatVersion: "0.2", statements: [] }));
    const answer = await server.diagnostics(probe, SERVER_SILENCE_MS);
    if (answer === undefined || server.failure !== undefined) find(-1, `the server stopped answering: ${server.failure ?? "no diagnostics for a probe document"}`);
  } finally {
    await server.stop();
  }
  return { seed: options.seed, cases: cases.length, cliCases: cliSample.size, serverCases: serverSample.length, byCategory, findings };
}
