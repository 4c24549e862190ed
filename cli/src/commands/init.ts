// fsdoc init: the command-line twin of FS: New Document. Writes a new FS document that conforms (a
// small balance sheet and income statement, every rollup satisfied) from options, or asks for what
// is missing when standard input is a terminal. Never overwrites a file: the text is written to a
// temporary file and hard-linked into place, which fails if the name exists, even if it appeared a
// moment ago.

import { closeSync, fsyncSync, linkSync, openSync, rmSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { randomBytes } from "node:crypto";
import { createInterface } from "node:readline/promises";
import { analyze, parseJson } from "../../../shared/src/index";
import { checkNewDocumentOptions, newDocument, parseYears, scaleWords, type NewDocumentOptions } from "../../../shared/src/template/newDocument";
import { OperationalError, reason } from "../io";
import { UsageError } from "../usage";
import { stringOption, type Command } from "../command";

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
  const entity = given.entity ?? (await answer("Entity name", undefined, (text) => checkNewDocumentOptions({ entityName: text, currency: "X", scale: 0, years: [2000] })));
  const currency = given.currency ?? (await answer("Currency", "USD", (text) => checkNewDocumentOptions({ entityName: "X", currency: text, scale: 0, years: [2000] })));
  const scale =
    given.scale ??
    (await answer(
      "Scale (0 units, 3 thousands, 6 millions)",
      "0",
      usable((text) => {
        const problem = checkNewDocumentOptions({ entityName: "X", currency: "X", scale: readScale(text), years: [2000] });
        if (problem !== undefined) throw new Error(problem);
      }),
    ));
  const years = given.years ?? (await answer("Fiscal years", `${thisYear - 2}-${thisYear - 1}`, usable(readYears)));
  const yearEnd =
    given.yearEnd ??
    (await answer(
      "Last day of the fiscal year (MM-DD)",
      "12-31",
      usable((text) => {
        const problem = checkNewDocumentOptions({ entityName: "X", currency: "X", scale: 0, years: [2000], yearEnd: readYearEnd(text) });
        if (problem !== undefined) throw new Error(problem);
      }),
    ));
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
  process.stderr.write(
    `${target === "-" ? "standard output" : target}: a new FS document for ${options.entityName.trim()} (${options.currency.trim()}${words === "" ? "" : ` ${words}`}; ${options.years.length} fiscal year${options.years.length === 1 ? "" : "s"})\n`,
  );
  return 0;
}

/** `fsdoc init`: options, or questions when standard input is a terminal; never overwrites a file. */
export const initCommand: Command = {
  name: "init",
  summary: "write a new conforming FS document (never overwrites a file)",
  usage: "init <file|-> [--entity <name>] [--currency <code>] [--scale <n>] [--years <list>] [--year-end <MM-DD>]",
  description: initHelp.slice(initHelp.indexOf("\n") + 1),
  options: [
    { name: "entity", type: "string", value: "<name>", description: "the entity's name" },
    { name: "currency", type: "string", value: "<code>", description: "the unit's measure, usually a currency code" },
    { name: "scale", type: "string", value: "<n>", description: "stored values are × 10^n (default 0)" },
    { name: "years", type: "string", value: "<list>", description: 'fiscal years: "2024,2025" or "2024-2025"' },
    { name: "year-end", type: "string", value: "<MM-DD>", description: "the fiscal year's last day (default 12-31)" },
  ],
  positionals: { min: 1, max: 1, name: "file to create", dash: "standard output" },
  async run(args) {
    const given: Given = {
      entity: stringOption(args, "entity"),
      currency: stringOption(args, "currency"),
      scale: stringOption(args, "scale"),
      years: stringOption(args, "years"),
      yearEnd: stringOption(args, "year-end"),
    };
    const target = args.positionals[0] as string;
    const { entity, currency, years } = given;
    if (entity !== undefined && currency !== undefined && years !== undefined) return write(target, optionsFrom({ ...given, entity, currency, years }));
    if (process.stdin.isTTY !== true) {
      const missing = (["entity", "currency", "years"] as const).filter((name) => given[name] === undefined).map((name) => `--${name}`);
      throw new UsageError(`init needs ${missing.join(", ")} when standard input is not a terminal`);
    }
    const prompt = createInterface({ input: process.stdin, output: process.stderr });
    try {
      return write(target, await askForMissing(given, (question) => prompt.question(question), new Date().getFullYear()));
    } finally {
      prompt.close();
    }
  },
};
