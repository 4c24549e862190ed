// importSpreadsheet: an XLSX workbook (or, with layout.ts, a CSV/TSV file) → an FS 0.2 document and
// a report. Pure: bytes in, document and report out; the CLI and the editor read and write files.
// Bad input (empty, legacy .xls, encrypted, truncated or corrupt zip, over the size cap) is a
// one-line reason, never an exception.

import { sniff } from "./container";
import { definitionsSheet, fromExport } from "./fromExport";
import type { Grid } from "./grid";
import { newReport, type ImportReport } from "./report";
import { readXlsxGrid } from "./xlsxGrid";

export { IMPORT_LIMITS } from "./container";
export { reportText, type ImportReport } from "./report";

export type ImportOutcome = { ok: true; document: Record<string, unknown>; report: ImportReport } | { ok: false; error: string };

export async function importSpreadsheet(bytes: Uint8Array, name: string): Promise<ImportOutcome> {
  const container = sniff(bytes, name);
  if (container.kind === "refused") return { ok: false, error: container.reason };
  if (container.kind === "text") return { ok: false, error: `${name} is not an XLSX workbook written by fsdoc render --format xlsx (the only kind this version imports)` };
  let grid: Grid;
  try {
    // Loaded on first use, as the export loads it.
    const { default: excel } = await import("exceljs");
    grid = await readXlsxGrid(excel, bytes);
  } catch (error) {
    return { ok: false, error: `${name} is not a readable workbook (${error instanceof Error ? error.message.split("\n")[0] : String(error)})` };
  }
  const definitions = definitionsSheet(grid);
  if (definitions === undefined) return { ok: false, error: `${name} has no FS definitions sheet: this version imports workbooks written by fsdoc render --format xlsx` };
  const report = newReport(name, "fsdoc-export");
  const built = fromExport(grid, definitions, report);
  return built.ok ? { ok: true, document: built.document, report } : { ok: false, error: `${name}: ${built.error}` };
}
