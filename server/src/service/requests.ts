// The data behind the custom requests (protocol/lsp.ts): the snapshot diff view, recording and
// export (the preview's are in preview.ts), each from the analysis of the document's current version.

import * as l10n from "@vscode/l10n";
import { recordSnapshot } from "../../../shared/src/index";
import { renderHtmlPage, renderTsv } from "../../../shared/src/render/index";
import type { ExportParams, ExportResult, RecordEditsResult, SnapshotDiffResult } from "../../../protocol/lsp";
import type { DocumentAnalysis } from "../analysis";

/** Called when needed, never at load time: the display language's bundle is configured after start-up. */
export function broken(): string {
  return l10n.t("The text is not valid JSON; fix the syntax errors first.");
}

export function snapshotDiff(analysis: DocumentAnalysis): SnapshotDiffResult {
  const { uri, version, parsed } = analysis;
  if (parsed === undefined) return { uri, version, diff: undefined, problem: broken() };
  return { uri, version, diff: parsed.diff };
}

export function recordEdits(analysis: DocumentAnalysis): RecordEditsResult {
  const { uri, version, parsed } = analysis;
  if (parsed === undefined) return { uri, version, edits: [], problem: broken() };
  const recording = recordSnapshot(parsed.text, parsed.value);
  if (recording === undefined) return { uri, version, edits: [], problem: l10n.t("The document is not a JSON object.") };
  return { uri, version, edits: recording.edits };
}

export function exportFiles(analysis: DocumentAnalysis, format: ExportParams["format"]): ExportResult {
  const good = analysis.parsed;
  if (good === undefined) return { files: [], problem: broken() };
  if (format === "html") {
    const page = renderHtmlPage(good.value, good.analysis.result);
    return page.ok ? { files: [{ text: page.text }] } : { files: [], problem: page.error.message };
  }
  const tables = renderTsv(good.value);
  return tables.ok ? { files: tables.files.map((file) => ({ statement: file.statement, text: file.text })) } : { files: [], problem: tables.error.message };
}
