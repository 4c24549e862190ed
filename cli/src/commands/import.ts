import { readFileSync, statSync } from "node:fs";
import { analyze } from "../../../shared/src/index";
import { IMPORT_LIMITS, importSpreadsheet, importVerdict, parseYearEnd, reportText, type ImportOptions } from "../../../shared/src/import/index";
import { flag, stringOption, type Command } from "../command";
import { OperationalError, reason, writeFileSafely, writeStdout } from "../io";
import { UsageError } from "../usage";

export const importCommand: Command = {
  name: "import",
  summary: "turn an XLSX workbook or a CSV/TSV file into an FS document",
  usage: "import <book.xlsx|file.csv|file.tsv> [--output <doc.json>] [--force] [--report <report.json>] [options]",
  description: `
Reads a workbook written by fsdoc render --format xlsx (or FS: Export XLSX) and writes the FS 0.2
document it holds: ids, labels, units, periods, statements, items, rollupTo and values, with the
edits made in the spreadsheet. Only the snapshot and the formatting differ from the exported
document. The document goes to standard output, or to --output (never over an existing file
without --force).

Any other workbook is read from its layout: each statement is a header row of periods (2025,
FY2025, 31 Dec 2025, 31.12.2025, 2025-12-31 or a date cell) with title rows above it and rows of a
label and one number per period below it, a sheet per statement or several on one sheet. Periods,
their kind, the unit and scale come from the headers and the titles' wording, rollupTo from SUM and
+/- formulas over the same column. A CSV or TSV file is read the same way, without formulas;
--rollups sums proposes a row equal to the sum of the rows right above it as their subtotal.
The options below override each of these guesses.

A report of what was guessed and of every cell skipped (sheet and cell address) goes to standard
error, or as JSON to --report; then the engine's verdict on the result: conformance and rollups.

Refused with a one-line reason, and nothing written: an empty file, a legacy binary .xls, an
encrypted workbook, a truncated or corrupt zip, a file over 64 MiB or a workbook that would inflate
to more than 256 MiB.

Exit: 0 imported (also when the result does not conform: the report says so); 1 unreadable input or
I/O failure; 2 usage error.`,
  options: [
    { name: "output", short: "o", type: "string", value: "<path>", description: "write the document to this file" },
    { name: "force", type: "boolean", description: "overwrite existing files" },
    { name: "report", type: "string", value: "<path>", description: "write the report as JSON to this file (- for standard error)" },
    { name: "kind", type: "string", choices: ["instant", "duration"], description: "every period's kind, whatever the wording says" },
    { name: "year-end", type: "string", value: "<MM-DD>", description: "the last day of the financial year, for headers that give only a year" },
    { name: "measure", type: "string", value: "<measure>", description: "the unit's measure, e.g. EUR" },
    { name: "scale", type: "string", value: "<n>", description: "the unit's scale: 3 for thousands, 6 for millions" },
    { name: "locale", type: "string", choices: ["point", "comma"], description: "text numbers write 1,234.5 (point) or 1.234,5 (comma)" },
    { name: "entity", type: "string", value: "<name>", description: "the entity's name" },
    { name: "scope", type: "string", value: "<label>", description: "the scope's label" },
    {
      name: "rollups",
      type: "string",
      choices: ["formulas", "sums", "none"],
      description: "rollupTo from formulas (default), also from rows equal to a sum above (sums), or none",
    },
  ],
  positionals: { min: 1, max: 1, name: "file" },
  run: async (args) =>
    runImport(args.positionals[0] as string, { output: stringOption(args, "output"), force: flag(args, "force"), report: stringOption(args, "report") }, layoutOptions(args)),
};

interface OutputOptions {
  output: string | undefined;
  force: boolean;
  report: string | undefined;
}

function layoutOptions(args: Parameters<Command["run"]>[0]): ImportOptions {
  const yearEnd = stringOption(args, "year-end");
  if (yearEnd !== undefined && parseYearEnd(yearEnd) === undefined) throw new UsageError(`--year-end must be a day of the year as MM-DD (such as 03-31), not "${yearEnd}"`);
  const scale = stringOption(args, "scale");
  if (scale !== undefined && !/^-?[0-9]{1,15}$/.test(scale)) throw new UsageError(`--scale must be an integer (3 for thousands, 6 for millions), not "${scale}"`);
  const measure = stringOption(args, "measure");
  if (measure !== undefined && measure.trim() === "") throw new UsageError("--measure must not be empty");
  return {
    kind: stringOption(args, "kind") as ImportOptions["kind"],
    yearEnd,
    measure,
    scale: scale === undefined ? undefined : Number(scale),
    locale: stringOption(args, "locale") as ImportOptions["locale"],
    entity: nonEmpty(args, "entity"),
    scope: nonEmpty(args, "scope"),
    rollups: stringOption(args, "rollups") as ImportOptions["rollups"],
  };
}

function nonEmpty(args: Parameters<Command["run"]>[0], name: string): string | undefined {
  const value = stringOption(args, name);
  if (value !== undefined && value.trim() === "") throw new UsageError(`--${name} must not be empty`);
  return value;
}

async function runImport(file: string, options: OutputOptions, layout: ImportOptions): Promise<number> {
  let bytes: Uint8Array;
  try {
    // The size first: a file over the cap is refused without being read.
    const size = statSync(file).size;
    if (size > IMPORT_LIMITS.fileBytes)
      throw new OperationalError(`${file} is ${Math.round(size / 2 ** 20)} MiB; the import reads files up to ${IMPORT_LIMITS.fileBytes / 2 ** 20} MiB`);
    bytes = readFileSync(file);
  } catch (error) {
    if (error instanceof OperationalError) throw error;
    throw new OperationalError(`cannot read ${file}: ${reason(error)}`);
  }
  const outcome = await importSpreadsheet(bytes, file, layout);
  if (!outcome.ok) throw new OperationalError(outcome.error);
  const text = JSON.stringify(outcome.document, null, 2) + "\n";
  const result = analyze(outcome.document).result;
  const json = JSON.stringify({ ...outcome.report, conformance: result.conformance.status, calculations: result.calculations.status }, null, 2) + "\n";
  if (options.report !== undefined && options.report !== "-") writeFileSafely(options.report, json, { overwrite: options.force });
  if (options.output !== undefined) writeFileSafely(options.output, text, { overwrite: options.force });
  else await writeStdout(text);
  if (options.report === "-") process.stderr.write(json);
  else process.stderr.write(reportText(outcome.report) + importVerdict(result));
  return 0;
}
