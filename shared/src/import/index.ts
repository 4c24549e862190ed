// importSpreadsheet: an XLSX workbook or a CSV/TSV file → an FS 0.2 document and a report. Pure: bytes in, document and report out; the CLI and the editor read and write files.
// Bad input (empty, legacy .xls, encrypted, truncated or corrupt zip, over the size cap) is a
// one-line reason, never an exception.

import * as l10n from "@vscode/l10n";
import { sniff } from "./container";
import { readDelimited } from "./delimited";
import { definitionsSheet, fromExport } from "./fromExport";
import type { Grid } from "./grid";
import { fromLayout } from "./layout";
import type { ImportOptions } from "./options";
import { newReport, type ImportReport } from "./report";
import { readXlsxGrid } from "./xlsxGrid";

export { IMPORT_LIMITS } from "./container";
export { reportText, type ImportReport } from "./report";
export { parseYearEnd, type ImportOptions } from "./options";
export { importVerdict } from "./verdict";

export type ImportOutcome = { ok: true; document: Record<string, unknown>; report: ImportReport } | { ok: false; error: string };

export async function importSpreadsheet(bytes: Uint8Array, name: string, options: ImportOptions = {}): Promise<ImportOutcome> {
  const container = sniff(bytes, name);
  if (container.kind === "refused") return { ok: false, error: container.reason };
  if (container.kind === "text") {
    // A CSV or TSV file: the same layouts, without formulas.
    const report = newReport(name, /\.tsv$/i.test(name) ? "tsv" : "csv");
    const read = readDelimited(bytes, name, report);
    if (!read.ok) return { ok: false, error: `${name} ${read.error}` };
    if (read.separator === "\t") report.layout = "tsv";
    const built = fromLayout(read.grid, options, report, name);
    return built.ok ? { ok: true, document: built.document, report } : { ok: false, error: `${name}: ${built.error}` };
  }
  let excel;
  try {
    // Loaded on first use, as the export loads it (the web server's Worker loads its script then).
    excel = (await import("exceljs")).default;
  } catch (error) {
    return { ok: false, error: l10n.t("{0}: XLSX workbooks cannot be read here ({1}); a CSV or TSV file can", name, error instanceof Error ? error.message : String(error)) };
  }
  let grid: Grid;
  try {
    grid = await readXlsxGrid(excel, bytes);
  } catch (error) {
    return { ok: false, error: l10n.t("{0} is not a readable workbook ({1})", name, error instanceof Error ? (error.message.split("\n")[0] as string) : String(error)) };
  }
  // A workbook fsdoc wrote carries its definitions; any other is read from its layout.
  const definitions = definitionsSheet(grid);
  const report = newReport(name, definitions === undefined ? "workbook" : "fsdoc-export");
  const built = definitions === undefined ? fromLayout(grid, options, report, name) : fromExport(grid, definitions, report);
  return built.ok ? { ok: true, document: built.document, report } : { ok: false, error: `${name}: ${built.error}` };
}
