// What FS: Import Spreadsheet… writes to its output channel for one import: the report and the
// engine's verdict as `fsdoc import` prints them, or the reason nothing was imported. The block's
// first line names the file ("income.csv: read as CSV", "income.csv is empty"): that is its one
// title (a line with the file's URI above it named the file twice). A blank line ends the block, so
// that imports written one after another stay apart.

import type { ImportSpreadsheetResult } from "../../../protocol/lsp";

export interface ImportOutput {
  /** The block for the output channel. */
  block: string;
  /** Why nothing was imported (it names the file), for the error message; absent when a document was made. */
  failure?: string;
}

export function importOutput(result: ImportSpreadsheetResult): ImportOutput {
  if (result.text === undefined) {
    const failure = result.problem ?? "";
    return { block: `${failure}\n\n`, failure };
  }
  const report = result.report ?? "";
  return { block: `${report}${report.endsWith("\n") || report === "" ? "" : "\n"}\n` };
}
