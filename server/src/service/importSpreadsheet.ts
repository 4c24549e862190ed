// fs/importSpreadsheet: the editor's "FS: Import Spreadsheet…", the same import as `fsdoc import`
// (shared/src/import): the file's bytes in, the document's text and the report with the engine's
// verdict out. Options from the client are checked here, as any message from the other side is.

import { analyze } from "../../../shared/src/index";
import { importSpreadsheet, importVerdict, parseYearEnd, reportText, type ImportOptions } from "../../../shared/src/import/index";
import { base64ToBytes } from "../../../protocol/base64";
import type { ImportSpreadsheetParams, ImportSpreadsheetResult } from "../../../protocol/lsp";

export async function importFile({ name, base64, options }: ImportSpreadsheetParams): Promise<ImportSpreadsheetResult> {
  const outcome = await importSpreadsheet(base64ToBytes(base64), name, importOptions(options));
  if (!outcome.ok) return { problem: outcome.error };
  const result = analyze(outcome.document).result;
  return { text: JSON.stringify(outcome.document, null, 2) + "\n", report: reportText(outcome.report) + importVerdict(result) };
}

function importOptions(given: Record<string, unknown> | undefined): ImportOptions {
  if (given === undefined || given === null || typeof given !== "object") return {};
  const text = (key: string) => (typeof given[key] === "string" && (given[key] as string).trim() !== "" ? (given[key] as string) : undefined);
  const oneOf = <T extends string>(key: string, choices: readonly T[]) => choices.find((choice) => choice === given[key]);
  const yearEnd = text("yearEnd");
  return {
    kind: oneOf("kind", ["instant", "duration"] as const),
    yearEnd: yearEnd !== undefined && parseYearEnd(yearEnd) !== undefined ? yearEnd : undefined,
    measure: text("measure"),
    scale: Number.isSafeInteger(given.scale) ? (given.scale as number) : undefined,
    locale: oneOf("locale", ["point", "comma"] as const),
    entity: text("entity"),
    scope: text("scope"),
    rollups: oneOf("rollups", ["formulas", "sums", "none"] as const),
  };
}
