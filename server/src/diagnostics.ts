// Analysis → LSP diagnostics. Ranges come from the parse tree (SourceLocator) of the analysed
// text; nothing here searches text.

import { DiagnosticSeverity, type Diagnostic, type Range } from "vscode-languageserver/node";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { childrenOf, pointer, storedCell, type ApplicationKey, type LocateRequest, type RollupApplication, type SnapshotDiff } from "../../shared/src/index";
import { groupDigits } from "../../shared/src/render/format";
import type { DocumentState, GoodAnalysis } from "./analysis";
import type { Settings } from "./settings";
import { causeRelatedInformation } from "./service/rollupCauses";

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
  // Everything to locate is gathered first and located in one pass (a large document is scanned once).
  const pending: { request: LocateRequest; complete: (range: Range) => Diagnostic }[] = [];
  let total = 0;
  const add = (request: LocateRequest, complete: (range: Range) => Diagnostic): void => {
    total++;
    if (pending.length < settings.maxProblems) pending.push({ request, complete });
  };
  for (const issue of good.analysis.issues) {
    add({ path: issue.path, mark: issue.mark }, (range) => ({
      range,
      severity: DiagnosticSeverity.Error,
      source: SOURCE,
      code: issue.code,
      message: issue.message,
      data: { path: issue.path, params: issue.params } satisfies DiagnosticData,
    }));
  }
  const related: { request: LocateRequest; message: string }[][] = [];
  if (settings.rollupSeverity !== undefined) {
    const severity = settings.rollupSeverity;
    for (const application of good.analysis.result.calculations.applications) {
      if (application.status === "satisfied" || total >= settings.maxProblems) {
        if (application.status !== "satisfied") total++;
        continue;
      }
      // The likely causes come first, each pointing at the item concerned; then the children.
      const causes = causeRelatedInformation(good, application).map(({ path, message }) => ({ request: { path, mark: "value" as const }, message }));
      const children = application.status === "error" ? [] : [...causes, ...childCells(good, application.key)];
      related.push(children);
      add({ path: rollupTarget(good, application), mark: "value" }, (range) => rollupDiagnostic(good, application, range, severity));
    }
  }
  const snapshot = snapshotDiagnostic(good.diff);
  if (snapshot !== undefined) add({ path: "/validationSnapshot", mark: "key" }, snapshot);

  const relatedRequests = related.flat().map((child) => child.request);
  const ranges = good.locator.locateAll([...pending.map((entry) => entry.request), ...relatedRequests]);
  const toRange = (offset: number, length: number): Range => ({ start: document.positionAt(offset), end: document.positionAt(offset + length) });
  const diagnostics = pending.map((entry, index) => entry.complete(toRange(ranges[index]!.offset, ranges[index]!.length)));
  let next = pending.length;
  let rollupIndex = 0;
  for (const diagnostic of diagnostics) {
    if (typeof diagnostic.code !== "string" || !diagnostic.code.startsWith("rollup-")) continue;
    const children = related[rollupIndex++] ?? [];
    if (diagnostic.code !== "rollup-unsatisfied") continue;
    diagnostic.relatedInformation = children.map((child) => {
      const range = ranges[next++]!;
      return { location: { uri: document.uri, range: toRange(range.offset, range.length) }, message: child.message };
    });
  }
  if (total > diagnostics.length) {
    diagnostics.push({
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } },
      severity: DiagnosticSeverity.Information,
      source: SOURCE,
      code: "problems-capped",
      message: `Showing the first ${settings.maxProblems} of ${total} problems (setting fs.validation.maxProblems); run "fsdoc validate" for all of them.`,
    });
  }
  return diagnostics;
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

function rollupTarget(good: GoodAnalysis, application: RollupApplication): string {
  const { key } = application;
  const target = application.status === "error" ? application.cell : { statement: key.statement, item: key.parent, period: key.period };
  return cellPointer(good, target.statement, target.item, target.period) ?? "";
}

function rollupDiagnostic(good: GoodAnalysis, application: RollupApplication, range: Range, severity: DiagnosticSeverity): Diagnostic {
  const { key } = application;
  return {
    range,
    severity,
    source: SOURCE,
    code: application.status === "error" ? `rollup-${application.reason}` : "rollup-unsatisfied",
    message: rollupMessage(good, application),
    data: { path: rollupTarget(good, application), params: { statement: key.statement, parent: key.parent, period: key.period } } satisfies DiagnosticData,
  };
}

/** The children's cells of an application, to locate and describe as related information. */
function childCells(good: GoodAnalysis, key: ApplicationKey): { request: LocateRequest; message: string }[] {
  const statement = good.model.statementsById.get(key.statement);
  const parent = statement?.itemsById.get(key.parent);
  if (statement === undefined || parent === undefined) return [];
  return childrenOf(statement, parent).map((child) => {
    const path = pointer("statements", statement.index, "items", child.index, "values", key.period);
    const value = storedCell(good.value, statement.index, child.index, key.period);
    return { request: { path, mark: "value" as const }, message: `${child.label ?? child.id ?? "item"} ${key.period}: ${typeof value === "string" ? groupDigits(value) : "no value"}` };
  });
}

function snapshotDiagnostic(diff: SnapshotDiff): ((range: Range) => Diagnostic) | undefined {
  if (diff.status !== "mismatch") return undefined;
  const changes = diff.applications.filter((change) => change.change !== "unchanged");
  const parts: string[] = [];
  if (diff.conformance.recorded !== diff.conformance.current) parts.push(`conformance ${diff.conformance.recorded} → ${diff.conformance.current}`);
  if (diff.calculations.recorded !== diff.calculations.current) parts.push(`calculations ${diff.calculations.recorded} → ${diff.calculations.current}`);
  if (changes.length > 0) parts.push(`${changes.length} application${changes.length === 1 ? "" : "s"} changed, added or removed`);
  return (range) => ({
    range,
    severity: DiagnosticSeverity.Information,
    source: SOURCE,
    code: "snapshot-mismatch",
    message: `The recorded validation snapshot no longer matches the current validation (${parts.join("; ")}). Run "FS: Record Validation Snapshot" to update it.`,
    data: { path: "/validationSnapshot" } satisfies DiagnosticData,
  });
}
