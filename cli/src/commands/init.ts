// fsdoc init: the command-line twin of FS: New Document. Writes a new FS document that conforms (a
// small balance sheet and income statement, every rollup satisfied) from options, or asks for what
// is missing when standard input is a terminal. Never overwrites a file: the text is written to a
// temporary file and hard-linked into place, which fails if the name exists, even if it appeared a
// moment ago.

import { closeSync, fsyncSync, linkSync, openSync, rmSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { randomBytes } from "node:crypto";
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { analyze, parseJson } from "../../../shared/src/index";
import { checkNewDocumentOptions, newDocument, parseYears, scaleWords, type NewDocumentOptions } from "../../../shared/src/template/newDocument";
import { OperationalError, reason } from "../io";
import { UsageError } from "../usage";

export const initHelp = `fsdoc init <file|-> [--entity <name>] [--currency <code>] [--scale <n>] [--years <list>] [--year-end <MM-DD>]

Writes a new FS 0.2 document to <file> (or standard output for -): a small balance sheet and
income statement for the entity, every rollup satisfied, every value "0" to fill in.
Never overwrites an existing file.

  --entity <name>      the entity's name (e.g. "Northwind Trading Ltd")
  --currency <code>    the unit's measure, usually a currency code (e.g. GBP)
  --scale <n>          stored values are × 10^n: 0 units (default), 3 thousands, 6 millions
  --years <list>       fiscal years by the year they end in: "2024,2025" or "2024-2025"
  --year-end <MM-DD>   the fiscal year's last day (default 12-31)

When standard input is a terminal, what is not given is asked for; otherwise --entity,
--currency and --years are required.
`;

/** Asks one question; resolves with the answer ("" keeps the default). */
export type Ask = (question: string) => Promise<string>;

interface Given {
  entity?: string;
  currency?: string;
  scale?: string;
  years?: string;
  yearEnd?: string;
}

function readScale(text: string): number {
  if (!/^-?\d{1,2}$/.test(text.trim())) throw new UsageError(`--scale must be a whole number such as 0, 3 or 6, not "${text}"`);
  return Number(text.trim());
}

function readYears(text: string): number[] {
  const years = parseYears(text);
  if (years === undefined) throw new UsageError(`--years must list years ("2024,2025") or a range ("2024-2025"), not "${text}"`);
  return years;
}

function readYearEnd(text: string): { month: number; day: number } {
  const match = /^\s*(\d{1,2})-(\d{1,2})\s*$/.exec(text);
  if (match === null) throw new UsageError(`--year-end must be MM-DD (e.g. 03-31), not "${text}"`);
  return { month: Number(match[1]), day: Number(match[2]) };
}

function optionsFrom(given: Required<Pick<Given, "entity" | "currency" | "years">> & Given): NewDocumentOptions {
  const options: NewDocumentOptions = {
    entityName: given.entity,
    currency: given.currency,
    scale: given.scale === undefined ? 0 : readScale(given.scale),
    years: readYears(given.years),
    yearEnd: given.yearEnd === undefined ? undefined : readYearEnd(given.yearEnd),
  };
  const problem = checkNewDocumentOptions(options);
  if (problem !== undefined) throw new UsageError(problem);
  return options;
}

/** Asks for every answer not given, re-asking until each is usable. */
export async function askForMissing(given: Given, ask: Ask, thisYear: number): Promise<NewDocumentOptions> {
  const answer = async (question: string, fallback: string | undefined, accept: (text: string) => string | undefined): Promise<string> => {
    for (;;) {
      const text = (await ask(fallback === undefined ? `${question}: ` : `${question} [${fallback}]: `)).trim() || (fallback ?? "");
      const problem = text === "" ? "An answer is needed." : accept(text);
      if (problem === undefined) return text;
      await ask(`${problem} Press Enter to try again.`);
    }
  };
  const usable = (read: (text: string) => unknown) => (text: string) => {
    try {
      read(text);
      return undefined;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  };
  const entity = given.entity ?? await answer("Entity name", undefined, (text) => checkNewDocumentOptions({ entityName: text, currency: "X", scale: 0, years: [2000] }));
  const currency = given.currency ?? await answer("Currency", "USD", (text) => checkNewDocumentOptions({ entityName: "X", currency: text, scale: 0, years: [2000] }));
  const scale = given.scale ?? await answer("Scale (0 units, 3 thousands, 6 millions)", "0", usable((text) => {
    const problem = checkNewDocumentOptions({ entityName: "X", currency: "X", scale: readScale(text), years: [2000] });
    if (problem !== undefined) throw new Error(problem);
  }));
  const years = given.years ?? await answer("Fiscal years", `${thisYear - 2}-${thisYear - 1}`, usable(readYears));
  const yearEnd = given.yearEnd ?? await answer("Last day of the fiscal year (MM-DD)", "12-31", usable((text) => {
    const problem = checkNewDocumentOptions({ entityName: "X", currency: "X", scale: 0, years: [2000], yearEnd: readYearEnd(text) });
    if (problem !== undefined) throw new Error(problem);
  }));
  return optionsFrom({ entity, currency, scale, years, yearEnd });
}

/** Writes `text` as a new file at `path`: atomically, and never over an existing file. */
export function writeNewFile(path: string, text: string): void {
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    const fd = openSync(temporary, "wx");
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    linkSync(temporary, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") throw new OperationalError(`${path} already exists; init never overwrites a file`);
    throw new OperationalError(`cannot write ${path}: ${reason(error)}`);
  } finally {
    rmSync(temporary, { force: true });
  }
}

function write(target: string, options: NewDocumentOptions): number {
  const { text } = newDocument(options);
  // The template is tested to conform; checking again costs little and guards the promise.
  const parsed = parseJson(text);
  if (!parsed.ok || analyze(parsed.value).result.conformance.status !== "conforming") throw new OperationalError("internal error: the new document does not conform");
  if (target === "-") process.stdout.write(text);
  else writeNewFile(target, text);
  const words = scaleWords(options.scale);
  process.stderr.write(`${target === "-" ? "standard output" : target}: a new FS document for ${options.entityName.trim()} (${options.currency.trim()}${words === "" ? "" : ` ${words}`}; ${options.years.length} fiscal year${options.years.length === 1 ? "" : "s"})\n`);
  return 0;
}

/** Exit codes and messages as fsdoc's main gives them, for the asynchronous (questions) path. */
function finish(outcome: Promise<number>): void {
  outcome.then((code) => {
    process.exitCode = code;
  }, (error: unknown) => {
    const usage = error instanceof UsageError;
    process.stderr.write(`fsdoc: ${error instanceof Error ? error.message : String(error)}\n${usage ? 'Run "fsdoc init --help" for usage.\n' : ""}`);
    process.exitCode = usage ? 2 : 1;
  });
}

/**
 * Runs `fsdoc init` with the arguments after "init" and returns the exit code. When questions are
 * asked (standard input is a terminal and something was not given) it returns 0 at once and sets
 * process.exitCode when the answers are in and the file is written.
 */
export function runInit(args: string[]): number {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      help: { type: "boolean", short: "h" },
      entity: { type: "string" },
      currency: { type: "string" },
      scale: { type: "string" },
      years: { type: "string" },
      "year-end": { type: "string" },
    },
  });
  if (values.help === true) {
    process.stdout.write(initHelp);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError(`init takes one file to create (or - for standard output), got ${positionals.length}`);
  const target = positionals[0] as string;
  const given: Given = { entity: values.entity, currency: values.currency, scale: values.scale, years: values.years, yearEnd: values["year-end"] };
  const { entity, currency, years } = given;
  if (entity !== undefined && currency !== undefined && years !== undefined) return write(target, optionsFrom({ ...given, entity, currency, years }));
  if (process.stdin.isTTY !== true) {
    const missing = (["entity", "currency", "years"] as const).filter((name) => given[name] === undefined).map((name) => `--${name}`);
    throw new UsageError(`init needs ${missing.join(", ")} when standard input is not a terminal`);
  }
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  finish(askForMissing(given, (question) => prompt.question(question), new Date().getFullYear())
    .then((options) => write(target, options))
    .finally(() => prompt.close()));
  return 0;
}
