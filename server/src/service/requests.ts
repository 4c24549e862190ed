// The data behind the custom requests (protocol/lsp.ts): the snapshot diff view, recording and
// export (the preview's are in preview.ts), each from the analysis of the document's current version.

import { recordSnapshot } from "../../../shared/src/index";
import { renderHtmlPage, renderTsv } from "../../../shared/src/render/index";
import type { ExportParams, ExportResult, RecordEditsResult, SnapshotDiffResult } from "../../../protocol/lsp";
import type { DocumentAnalysis } from "../analysis";

export const BROKEN = "The text is not valid JSON; fix the syntax errors first.";

export function snapshotDiff(analysis: DocumentAnalysis): SnapshotDiffResult {
  const { uri, version, parsed } = analysis;
  if (parsed === undefined) return { uri, version, diff: undefined, problem: BROKEN };
  return { uri, version, diff: parsed.diff };
}

export function recordEdits(analysis: DocumentAnalysis): RecordEditsResult {
  const { uri, version, parsed } = analysis;
  if (parsed === undefined) return { uri, version, edits: [], problem: BROKEN };
  const recording = recordSnapshot(parsed.text, parsed.value);
  if (recording === undefined) return { uri, version, edits: [], problem: "The document is not a JSON object." };
  return { uri, version, edits: recording.edits };
}

export function exportFiles(analysis: DocumentAnalysis, format: ExportParams["format"]): ExportResult {
  const good = analysis.parsed;
  if (good === undefined) return { files: [], problem: BROKEN };
  if (format === "html") {
    const page = renderHtmlPage(good.value, good.analysis.result);
    return page.ok ? { files: [{ text: page.text }] } : { files: [], problem: page.error.message };
  }
  const tables = renderTsv(good.value);
  return tables.ok ? { files: tables.files.map((file) => ({ statement: file.statement, text: file.text })) } : { files: [], problem: tables.error.message };
}
