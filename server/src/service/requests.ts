// The data behind the custom requests (protocol/lsp.ts): the preview's render, the snapshot diff
// view, recording and export, each from the analysis of the document's current version.

import { recordSnapshot } from "../../../shared/src/index";
import { renderHtmlPage, renderStatementsHtml, renderTsv } from "../../../shared/src/render/index";
import type { ExportParams, ExportResult, RecordEditsResult, RenderResult, SnapshotDiffResult } from "../../../protocol/lsp";
import type { DocumentAnalysis } from "../analysis";
import { statusOf } from "./status";

export const BROKEN = "The text is not valid JSON; fix the syntax errors first.";

export function render(analysis: DocumentAnalysis): RenderResult {
  const { uri, version, lastGood: good } = analysis;
  const status = statusOf(analysis);
  if (good === undefined) return { uri, version, status, title: "", html: "", problem: BROKEN };
  const presentation = good.presentation;
  const title = [presentation.entity, presentation.scope].filter((part) => part !== undefined).join(" — ");
  return {
    uri,
    version,
    status,
    title,
    html: renderStatementsHtml(presentation),
    problem: analysis.parsed !== undefined ? undefined : `${BROKEN} Showing version ${good.version}.`,
  };
}

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
