// The data behind the custom requests (protocol/lsp.ts): the snapshot diff view, recording and
// export (the preview's are in preview.ts), each from the analysis of the document's current version.

import * as l10n from "@vscode/l10n";
import { periodLabel, recordSnapshot } from "../../../shared/src/index";
import type { DocumentModel } from "../../../shared/src/model/document-model";
import { NEUTRAL_FORMAT, type DisplayFormat } from "../../../shared/src/render/localeFormat";
import type { SnapshotDiff } from "../../../shared/src/types";
import { renderHtmlPage, renderTsv } from "../../../shared/src/render/index";
import type { ExportParams, ExportResult, RecordEditsResult, SnapshotDiffResult, SnapshotNames } from "../../../protocol/lsp";
import type { DocumentAnalysis } from "../analysis";

/** Called when needed, never at load time: the display language's bundle is configured after start-up. */
export function broken(): string {
  return l10n.t("The text is not valid JSON; fix the syntax errors first.");
}

/** `display` writes the periods' dates, as the preview's column headings do. */
export function snapshotDiff(analysis: DocumentAnalysis, display: DisplayFormat = NEUTRAL_FORMAT): SnapshotDiffResult {
  const { uri, version, parsed } = analysis;
  if (parsed === undefined) return { uri, version, diff: undefined, problem: broken() };
  const diff = parsed.diff;
  return { uri, version, diff, names: snapshotNames(parsed.model, diff, display) };
}

/** The labels of the statements, items and periods the diff's checks name (their keys and not-evaluated cells). */
function snapshotNames(model: DocumentModel, diff: SnapshotDiff, display: DisplayFormat): SnapshotNames {
  const names: SnapshotNames = { statements: [], items: [], periods: [] };
  if (diff.status !== "match" && diff.status !== "mismatch") return names;
  const statements = new Set<string>();
  const items = new Map<string, Set<string>>();
  const periods = new Set<string>();
  const note = (statement: string, item: string, period: string): void => {
    statements.add(statement);
    let ids = items.get(statement);
    if (ids === undefined) items.set(statement, (ids = new Set()));
    ids.add(item);
    periods.add(period);
  };
  for (const change of diff.applications) {
    for (const application of [change.change === "added" ? undefined : change.recorded, change.change === "removed" ? undefined : change.current]) {
      if (application === undefined) continue;
      note(application.key.statement, application.key.parent, application.key.period);
      if (application.status === "error") note(application.cell.statement, application.cell.item, application.cell.period);
    }
  }
  for (const id of statements) {
    const statement = model.statementsById.get(id);
    if (statement?.label !== undefined) names.statements.push({ id, name: statement.label });
    for (const item of items.get(id) ?? []) {
      const label = statement?.itemsById.get(item)?.label;
      if (label !== undefined) names.items.push({ statement: id, id: item, name: label });
    }
  }
  for (const id of periods) {
    const period = model.periods.get(id);
    const name = period === undefined ? undefined : periodLabel(period, display.date);
    if (name !== undefined) names.periods.push({ id, name });
  }
  return names;
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
