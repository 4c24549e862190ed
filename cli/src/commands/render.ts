import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { renderHtmlPage, renderTsv } from "../../../shared/src/render/index";
import { renderXlsx } from "../../../shared/src/xlsx/index";
import { analyze, parseJson } from "../../../shared/src/index";
import { cellLines } from "../../../shared/src/compare/cells";
import { flag, stringOption, type Command } from "../command";
import { describeIssues, load } from "../load";
import { OperationalError, readInput, reason, writeFileSafely, writeStdout } from "../io";
import { UsageError } from "../usage";

export const renderCommand: Command = {
  name: "render",
  summary: "render the statements as an HTML page, TSV tables or an XLSX workbook",
  usage: "render <file|-> [--format html|tsv|xlsx|cells] [--statement <id>] [--output <path>] [--force]",
  description: `
Renders a conforming document: a standalone HTML page (default); tab-separated text with a Unit
column on every row; or an XLSX workbook with one sheet per statement, subtotals as live SUM
formulas, number formats from each unit's scale and a Validation sheet. TSV is one table per
statement: choose one with --statement, or give --output <folder> to write <statement-id>.tsv for
each. XLSX is binary: give --output, or redirect standard output to a file.

cells writes one line per cell with its statement, row label and period, values as amounts (value
× 10^scale): the textconv of Git's diff driver for FS documents (docs/git.md). It writes any JSON
document, conforming or not, and a text that is not JSON unchanged, so that git diff never fails.

A TSV field that a spreadsheet would read as a formula (one that begins with =, +, -, @, a tab or
a carriage return) is written with a leading apostrophe; XLSX cells of text are always text.

Exit: 0 rendered; 1 nonconforming document, output limit exceeded or I/O failure; 2 usage error.`,
  options: [
    { name: "format", type: "string", choices: ["html", "tsv", "xlsx", "cells"], description: "output format (default html)" },
    { name: "statement", type: "string", value: "<id>", description: "only this statement" },
    { name: "output", short: "o", type: "string", value: "<path>", description: "write to this file (or folder, for TSV of every statement)" },
    { name: "force", type: "boolean", description: "overwrite existing files" },
  ],
  positionals: { min: 1, max: 1, name: "file" },
  run: async (args) =>
    runRender(args.positionals[0] as string, {
      format: (stringOption(args, "format") ?? "html") as RenderOptions["format"],
      statement: stringOption(args, "statement"),
      output: stringOption(args, "output"),
      force: flag(args, "force"),
    }),
};

interface RenderOptions {
  format: "html" | "tsv" | "xlsx" | "cells";
  statement: string | undefined;
  output: string | undefined;
  force: boolean;
}

async function runRender(file: string, options: RenderOptions): Promise<number> {
  if (options.format === "xlsx" && options.output === undefined && process.stdout.isTTY) {
    throw new UsageError("an XLSX workbook is binary; give --output <file.xlsx> or redirect standard output to a file");
  }
  if (options.format === "cells") return renderCells(file, options);
  const loaded = load(file);
  if (loaded.analysis.result.conformance.status !== "conforming") {
    process.stderr.write(`${loaded.input.name} does not conform, so it is not rendered:\n`);
    for (const line of describeIssues(loaded, 20)) process.stderr.write(`  ${line}\n`);
    return 1;
  }
  if (options.format === "html") {
    const page = renderHtmlPage(loaded.value, loaded.analysis.result, { statement: options.statement });
    if (!page.ok) throw new OperationalError(page.error.message);
    await emit(page.text, options.output, options.force);
    return 0;
  }
  if (options.format === "xlsx") {
    const workbook = await renderXlsx(loaded.value, loaded.analysis.result, { statement: options.statement });
    if (!workbook.ok) throw new OperationalError(workbook.error.message);
    await emit(workbook.bytes, options.output, options.force);
    if (workbook.textValues > 0) {
      process.stderr.write(
        `${workbook.textValues} value${workbook.textValues === 1 ? " has" : "s have"} more than 15 significant digits and went in as text (see the cell notes)\n`,
      );
    }
    return 0;
  }
  const tables = renderTsv(loaded.value, { statement: options.statement });
  if (!tables.ok) throw new OperationalError(tables.error.message);
  if (options.output !== undefined && options.statement === undefined) {
    try {
      mkdirSync(options.output, { recursive: true });
    } catch (error) {
      throw new OperationalError(`cannot create ${options.output}: ${reason(error)}`);
    }
    for (const table of tables.files) writeFileSafely(join(options.output, `${table.statement}.tsv`), table.text, { overwrite: options.force });
    process.stderr.write(`wrote ${tables.files.length} TSV file${tables.files.length === 1 ? "" : "s"} to ${options.output}\n`);
    return 0;
  }
  if (tables.files.length !== 1) {
    throw new UsageError(
      `the document has ${tables.files.length} statements (${tables.files.map((table) => table.statement).join(", ")}); choose one with --statement <id>, or give --output <folder> for one file each`,
    );
  }
  await emit((tables.files[0] as { text: string }).text, options.output, options.force);
  return 0;
}

/** Git's textconv: every document as lines, and a text that is not JSON as it is, so that git diff never fails on a version. */
async function renderCells(file: string, options: RenderOptions): Promise<number> {
  const input = readInput(file);
  const parsed = parseJson(input.text);
  if (!parsed.ok) {
    process.stderr.write(`${input.name} is not valid JSON; written as it is\n`);
    await emit(input.text, options.output, options.force);
    return 0;
  }
  await emit(cellLines(parsed.value, analyze(parsed.value).result), options.output, options.force);
  return 0;
}

async function emit(content: string | Uint8Array, output: string | undefined, force: boolean): Promise<void> {
  if (output === undefined) await writeStdout(content);
  else writeFileSafely(output, content, { overwrite: force });
}
