// fs/exportXlsx: the editor's "FS: Export XLSX". The same workbook as `fsdoc render --format xlsx`
// (shared/src/xlsx), made from the analysis of the current version, and only of a conforming
// document, as the CLI does; the client writes the bytes through workspace.fs.

import * as l10n from "@vscode/l10n";
import { renderXlsx } from "../../../shared/src/xlsx/index";
import { bytesToBase64 } from "../../../protocol/base64";
import type { ExportXlsxResult } from "../../../protocol/lsp";
import type { DocumentAnalysis } from "../analysis";
import { broken } from "./requests";

export async function exportXlsx(analysis: DocumentAnalysis): Promise<ExportXlsxResult> {
  const good = analysis.parsed;
  if (good === undefined) return { textValues: 0, problem: broken() };
  const { result } = good.analysis;
  if (result.conformance.status !== "conforming") {
    const count = result.conformance.errors.length;
    return {
      textValues: 0,
      problem:
        count === 1
          ? l10n.t("the document does not conform (1 error, see the Problems panel); only a conforming document is exported.")
          : l10n.t("the document does not conform ({0} errors, see the Problems panel); only a conforming document is exported.", count),
    };
  }
  let workbook;
  try {
    workbook = await renderXlsx(good.value, result);
  } catch (error) {
    // The workbook writer cannot be loaded (a host without its script, scripts/lib/web-bundles.mjs): say so.
    return { textValues: 0, problem: error instanceof Error ? error.message : String(error) };
  }
  if (!workbook.ok) return { textValues: 0, problem: workbook.error.message };
  return { base64: bytesToBase64(workbook.bytes), textValues: workbook.textValues };
}
