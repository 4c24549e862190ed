// Every problem of one document as located data: structural errors, syntax errors and rollup
// applications that are not satisfied, each with its code, message, JSON Pointer and the source
// range the language server marks for it (the same SourceLocator, the same pointer, the same mark),
// so that a CLI report and the editor point at the same characters.

import type { Analysis } from "../result";
import type { SourceRange } from "../json/locate";
import { SourceLocator } from "../json/locate";
import { pointer } from "../json/pointer";
import type { SyntaxProblem } from "../json/parse";
import { buildModel, type DocumentModel } from "../model/document-model";
import { groupDigits } from "../render/format";
import { explainerFor, rollupCauseLines } from "../rollup/explainText";
import type { RollupExplainer } from "../rollup/explain";
import type { RollupApplication } from "../types";
import { LineIndex, type TextPosition } from "./lines";
import { containerPathAt } from "./syntax-path";

export type ProblemSeverity = "error" | "warning";

export type ProblemKind = "syntax" | "structure" | "rollup";

export interface LocatedProblem {
  kind: ProblemKind;
  code: string;
  severity: ProblemSeverity;
  message: string;
  /** JSON Pointer of the node the problem is about ("" for the whole document). */
  path: string;
  /** UTF-16 offset and length in the text. */
  offset: number;
  length: number;
  start: TextPosition;
  /** Position just after the marked range. */
  end: TextPosition;
  /** An unsatisfied rollup's likely causes, most specific first, when asked for (the text format). */
  causes?: string[];
}

export interface ProblemOptions {
  /** Rollups that do not add up or cannot be checked are errors (fsdoc --strict), else warnings. */
  strictRollups: boolean;
  /** Attach each unsatisfied rollup's likely causes (the text format prints them under its line). */
  causes?: boolean;
}

/** The structural errors, then the rollup applications that are not satisfied, in result order. */
export function documentProblems(text: string, value: unknown, analysis: Analysis, options: ProblemOptions): LocatedProblem[] {
  const locator = new SourceLocator(text, value);
  const lines = new LineIndex(text);
  const requests = analysis.issues.map((issue) => ({ path: issue.path, mark: issue.mark }));
  const pending: Omit<LocatedProblem, "offset" | "length" | "start" | "end">[] = analysis.issues.map((issue) => ({
    kind: "structure",
    code: issue.code,
    severity: "error",
    message: issue.message,
    path: issue.path,
  }));
  const applications = analysis.result.calculations.applications.filter((application) => application.status !== "satisfied");
  if (applications.length > 0) {
    const model = buildModel(value);
    // Built on the first unsatisfied application, and only when causes are asked for.
    let explainer: RollupExplainer | undefined;
    for (const application of applications) {
      const path = rollupTarget(model, application);
      requests.push({ path, mark: "value" });
      const problem: (typeof pending)[number] = {
        kind: "rollup",
        code: application.status === "error" ? `rollup-${application.reason}` : "rollup-unsatisfied",
        severity: options.strictRollups ? "error" : "warning",
        message: rollupMessage(model, application),
        path,
      };
      if (options.causes === true && application.status === "unsatisfied") {
        explainer ??= explainerFor(analysis);
        const causes = explainer === undefined ? [] : rollupCauseLines(explainer, application);
        if (causes.length > 0) problem.causes = causes;
      }
      pending.push(problem);
    }
  }
  const ranges = locator.locateAll(requests);
  return pending.map((problem, index) => withRange(problem, ranges[index] as SourceRange, lines));
}

/** Syntax problems (the text is not one JSON value) with the pointer of the container they occur in. */
export function syntaxProblems(text: string, problems: readonly SyntaxProblem[]): LocatedProblem[] {
  const lines = new LineIndex(text);
  return problems.map((problem) =>
    withRange({ kind: "syntax", code: problem.code, severity: "error", message: problem.message, path: containerPathAt(text, problem.offset) }, problem, lines),
  );
}

function withRange(problem: Omit<LocatedProblem, "offset" | "length" | "start" | "end">, range: SourceRange, lines: LineIndex): LocatedProblem {
  return { ...problem, offset: range.offset, length: range.length, start: lines.position(range.offset), end: lines.position(range.offset + range.length) };
}

/**
 * The cell a rollup problem is about, as the language server marks it: the parent's value for an
 * unsatisfied application, the missing or unavailable cell for an error application.
 */
export function rollupTarget(model: DocumentModel, application: RollupApplication): string {
  const { key } = application;
  const target = application.status === "error" ? application.cell : { statement: key.statement, item: key.parent, period: key.period };
  const statement = model.statementsById.get(target.statement);
  const item = statement?.itemsById.get(target.item);
  if (statement === undefined || item === undefined) return "";
  return pointer("statements", statement.index, "items", item.index, "values", target.period);
}

function itemLabel(model: DocumentModel, statementId: string, itemId: string): string {
  return model.statementsById.get(statementId)?.itemsById.get(itemId)?.label ?? itemId;
}

/** The subtotal a rollup application checks, as the messages name it: "Operating profit fy2025". */
export function rollupSubject(model: DocumentModel, application: RollupApplication): string {
  return `${itemLabel(model, application.key.statement, application.key.parent)} ${application.key.period}`;
}

/** The language server's wording for a rollup application that is not satisfied. */
export function rollupMessage(model: DocumentModel, application: RollupApplication): string {
  const { key } = application;
  const parent = rollupSubject(model, application);
  if (application.status === "error") {
    const cell = application.cell;
    const what = application.reason === "missing-value" ? "has no value (null)" : "is marked unavailable";
    const whose = cell.item === key.parent ? "its own value" : `${itemLabel(model, cell.statement, cell.item)} ${cell.period}`;
    return `${parent} cannot be checked: ${whose} ${what}.`;
  }
  if (application.status === "satisfied") return `${parent}: satisfied.`;
  return `${parent}: ${groupDigits(application.actual)} stated, children sum to ${groupDigits(application.expected)} (difference ${groupDigits(application.difference)}, tolerance ${groupDigits(application.tolerance)}).`;
}
