import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { renderHtmlPage, renderTsv } from "../../../shared/src/render/index";
import { describeIssues, load } from "../load";
import { OperationalError, reason, writeFileSafely } from "../io";
import { UsageError } from "../usage";

export interface RenderOptions {
  format: "html" | "tsv";
  statement: string | undefined;
  output: string | undefined;
  force: boolean;
}

export function runRender(file: string, options: RenderOptions): number {
  const loaded = load(file);
  if (loaded.analysis.result.conformance.status !== "conforming") {
    process.stderr.write(`${loaded.input.name} does not conform, so it is not rendered:\n`);
    for (const line of describeIssues(loaded, 20)) process.stderr.write(`  ${line}\n`);
    return 1;
  }
  if (options.format === "html") {
    const page = renderHtmlPage(loaded.value, loaded.analysis.result, { statement: options.statement });
    if (!page.ok) throw new OperationalError(page.error.message);
    emit(page.text, options.output, options.force);
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
  emit((tables.files[0] as { text: string }).text, options.output, options.force);
  return 0;
}

function emit(text: string, output: string | undefined, force: boolean): void {
  if (output === undefined) process.stdout.write(text);
  else writeFileSafely(output, text, { overwrite: force });
}
