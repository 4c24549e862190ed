// Analysis → LSP diagnostics. Ranges come from the parse tree (SourceLocator) of the analysed
// text; nothing here searches text.

import { DiagnosticSeverity, type Diagnostic, type DiagnosticRelatedInformation, type Range } from "vscode-languageserver/node";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { pointer, type ApplicationKey, type RollupApplication, type SnapshotDiff } from "../../shared/src/index";
import { groupDigits } from "../../shared/src/render/format";
import type { DocumentState, GoodAnalysis } from "./analysis";
import type { Settings } from "./settings";

export const SOURCE = "fs";

/** What a diagnostic remembers for code actions. */
export interface DiagnosticData {
  path: string;
  params?: Readonly<Record<string, unknown>>;
}

export function diagnosticsFor(state: DocumentState, document: TextDocument, settings: Settings): Diagnostic[] {
  if (state.syntax.length > 0) {
    return state.syntax.map((problem) => ({
      range: { start: document.positionAt(problem.offset), end: document.positionAt(problem.offset + problem.length) },
      severity: DiagnosticSeverity.Error,
      source: SOURCE,
      code: problem.code,
      message: problem.message,
    }));
  }
  const good = state.good;
  if (good === undefined) return [];
  const diagnostics: Diagnostic[] = [];
  const total = { count: 0 };
  const add = (diagnostic: Diagnostic): void => {
    total.count++;
    if (diagnostics.length < settings.maxProblems) diagnostics.push(diagnostic);
  };
  for (const issue of good.analysis.issues) {
    add({
      range: rangeOf(good, document, issue.path, issue.mark),
      severity: DiagnosticSeverity.Error,
      source: SOURCE,
      code: issue.code,
      message: issue.message,
      data: { path: issue.path, params: issue.params } satisfies DiagnosticData,
    });
  }
  if (settings.rollupSeverity !== undefined) {
    for (const application of good.analysis.result.calculations.applications) {
      if (application.status === "satisfied") continue;
      add(rollupDiagnostic(good, document, application, settings.rollupSeverity));
    }
  }
  const snapshot = snapshotDiagnostic(good, document, good.diff);
  if (snapshot !== undefined) add(snapshot);
  if (total.count > diagnostics.length) {
    diagnostics.push({
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } },
      severity: DiagnosticSeverity.Information,
      source: SOURCE,
      code: "problems-capped",
      message: `Showing the first ${settings.maxProblems} of ${total.count} problems (setting fs.validation.maxProblems); run "fsdoc validate" for all of them.`,
    });
  }
  return diagnostics;
}

function rangeOf(good: GoodAnalysis, document: TextDocument, path: string, mark: "key" | "value"): Range {
  const { offset, length } = good.locator.locate(path, mark);
  return { start: document.positionAt(offset), end: document.positionAt(offset + length) };
}

/** The pointer of an item's value cell, from the statement and item ids of an application. */
export function cellPointer(good: GoodAnalysis, statementId: string, itemId: string, period: string): string | undefined {
  const statement = good.model.statementsById.get(statementId);
  const item = statement?.itemsById.get(itemId);
  if (statement === undefined || item === undefined) return undefined;
  return pointer("statements", statement.index, "items", item.index, "values", period);
}

export function itemLabel(good: GoodAnalysis, statementId: string, itemId: string): string {
  return good.model.statementsById.get(statementId)?.itemsById.get(itemId)?.label ?? itemId;
}

export function rollupMessage(good: GoodAnalysis, application: RollupApplication): string {
  const { key } = application;
  const parent = `${itemLabel(good, key.statement, key.parent)} ${key.period}`;
  if (application.status === "error") {
    const cell = application.cell;
    const what = application.reason === "missing-value" ? "has no value (null)" : "is marked unavailable";
    const whose = cell.item === key.parent ? "its own value" : `${itemLabel(good, cell.statement, cell.item)} ${cell.period}`;
    return `${parent} cannot be checked: ${whose} ${what}.`;
  }
  return `${parent}: ${groupDigits(application.actual)} stated, children sum to ${groupDigits(application.expected)} (difference ${groupDigits(application.difference)}, tolerance ${groupDigits(application.tolerance)}).`;
}

function rollupDiagnostic(good: GoodAnalysis, document: TextDocument, application: RollupApplication, severity: DiagnosticSeverity): Diagnostic {
  const { key } = application;
  const target = application.status === "error" ? application.cell : { statement: key.statement, item: key.parent, period: key.period };
  const path = cellPointer(good, target.statement, target.item, target.period) ?? "";
  return {
    range: rangeOf(good, document, path, "value"),
    severity,
    source: SOURCE,
    code: application.status === "error" ? `rollup-${application.reason}` : "rollup-unsatisfied",
    message: rollupMessage(good, application),
    relatedInformation: application.status === "error" ? undefined : childCells(good, document, key),
    data: { path, params: { statement: key.statement, parent: key.parent, period: key.period } } satisfies DiagnosticData,
  };
}

function childCells(good: GoodAnalysis, document: TextDocument, key: ApplicationKey): DiagnosticRelatedInformation[] {
  const statement = good.model.statementsById.get(key.statement);
  const parent = statement?.itemsById.get(key.parent);
  if (statement === undefined || parent === undefined) return [];
  return parent.children.flatMap((index) => {
    const child = statement.items[index];
    if (child === undefined) return [];
    const path = pointer("statements", statement.index, "items", index, "values", key.period);
    const value = good.locator.node(path)?.value;
    return [
      {
        location: { uri: document.uri, range: rangeOf(good, document, path, "value") },
        message: `${child.label ?? child.id ?? "item"} ${key.period}: ${typeof value === "string" ? groupDigits(value) : "no value"}`,
      },
    ];
  });
}

function snapshotDiagnostic(good: GoodAnalysis, document: TextDocument, diff: SnapshotDiff): Diagnostic | undefined {
  if (diff.status !== "mismatch") return undefined;
  const changes = diff.applications.filter((change) => change.change !== "unchanged");
  const parts: string[] = [];
  if (diff.conformance.recorded !== diff.conformance.current) parts.push(`conformance ${diff.conformance.recorded} → ${diff.conformance.current}`);
  if (diff.calculations.recorded !== diff.calculations.current) parts.push(`calculations ${diff.calculations.recorded} → ${diff.calculations.current}`);
  if (changes.length > 0) parts.push(`${changes.length} application${changes.length === 1 ? "" : "s"} changed, added or removed`);
  return {
    range: rangeOf(good, document, "/validationSnapshot", "key"),
    severity: DiagnosticSeverity.Information,
    source: SOURCE,
    code: "snapshot-mismatch",
    message: `The recorded validation snapshot no longer matches the current validation (${parts.join("; ")}). Run "FS: Record Validation Snapshot" to update it.`,
    data: { path: "/validationSnapshot" } satisfies DiagnosticData,
  };
}
