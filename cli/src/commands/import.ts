import { readFileSync, statSync } from "node:fs";
import { analyze } from "../../../shared/src/index";
import { IMPORT_LIMITS, importSpreadsheet, reportText } from "../../../shared/src/import/index";
import { summarize } from "../../../shared/src/render/rollups";
import { flag, stringOption, type Command } from "../command";
import { OperationalError, reason, writeFileSafely, writeStdout } from "../io";

export const importCommand: Command = {
  name: "import",
  summary: "turn an XLSX workbook into an FS document",
  usage: "import <book.xlsx> [--output <doc.json>] [--force] [--report <report.json>]",
  description: `
Reads a workbook written by fsdoc render --format xlsx (or FS: Export XLSX) and writes the FS 0.2
document it holds: ids, labels, units, periods, statements, items, rollupTo and values, with the
edits made in the spreadsheet. Only the snapshot and the formatting differ from the exported
document. The document goes to standard output, or to --output (never over an existing file
without --force).

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
  ],
  positionals: { min: 1, max: 1, name: "file" },
  run: async (args) => runImport(args.positionals[0] as string, { output: stringOption(args, "output"), force: flag(args, "force"), report: stringOption(args, "report") }),
};

interface ImportOptions {
  output: string | undefined;
  force: boolean;
  report: string | undefined;
}

async function runImport(file: string, options: ImportOptions): Promise<number> {
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
  const outcome = await importSpreadsheet(bytes, file);
  if (!outcome.ok) throw new OperationalError(outcome.error);
  const text = JSON.stringify(outcome.document, null, 2) + "\n";
  const result = analyze(outcome.document).result;
  const status = summarize(result);
  const verdict =
    result.conformance.status === "conforming"
      ? `the document conforms; rollups: ${status?.satisfied ?? 0} satisfied, ${status?.unsatisfied ?? 0} not satisfied, ${status?.errors ?? 0} not evaluated`
      : `the document does not conform (${result.conformance.errors.length} error${result.conformance.errors.length === 1 ? "" : "s"}; fsdoc validate lists them)`;
  const json = JSON.stringify({ ...outcome.report, conformance: result.conformance.status, calculations: result.calculations.status }, null, 2) + "\n";
  if (options.report !== undefined && options.report !== "-") writeFileSafely(options.report, json, { overwrite: options.force });
  if (options.output !== undefined) writeFileSafely(options.output, text, { overwrite: options.force });
  else await writeStdout(text);
  if (options.report === "-") process.stderr.write(json);
  else process.stderr.write(reportText(outcome.report) + verdict + "\n");
  return 0;
}
