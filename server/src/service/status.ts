// The document status (fs/status, the status item and the preview header) of one version.

import type { DocumentLimits, DocumentStatus } from "../../../protocol/lsp";
import { RENDER_LIMITS } from "../../../shared/src/render/limits";
import type { DocumentAnalysis, ParsedVersion } from "../analysis";
import { outlinePlan } from "./symbols";
import { LENSES_IN_FULL, subtotalCount } from "./codeLens";

/**
 * The status of the analysed version; with `limits` (an open document's) also what the outline
 * and the preview leave out, which a file that is not open (workspace validation) has no use for.
 */
export function statusOf(analysis: DocumentAnalysis, { limits = true }: { limits?: boolean } = {}): DocumentStatus {
  const limited = limits && analysis.lastGood !== undefined ? limitsOf(analysis.lastGood) : undefined;
  return limited === undefined ? counts(analysis) : { ...counts(analysis), limits: limited };
}

/**
 * What the server limits on this version, from its data (the model's sizes, the statements'
 * shapes against the render limits), never from the text it shows; undefined when nothing is.
 */
export function limitsOf(good: ParsedVersion): DocumentLimits | undefined {
  if (good.limits === undefined) good.limits = computeLimits(good) ?? null;
  return good.limits ?? undefined;
}

function computeLimits(good: ParsedVersion): DocumentLimits | undefined {
  const limits: DocumentLimits = {};
  const outline = outlinePlan(good.model, good.value);
  if (outline.subtotalsOnly) limits.outline = { shown: outline.shown, total: outline.total };
  const omitted = good.omittedStatements;
  if (omitted.length > 0) {
    limits.preview = {
      statements: good.model.statements.length,
      overColumns: omitted.filter((statement) => statement.reason === "columns").length,
      overCells: omitted.filter((statement) => statement.reason === "cells").length,
      columnsPerStatement: RENDER_LIMITS.columnsPerStatement,
      cellsPerDocument: RENDER_LIMITS.cellsPerDocument,
    };
  }
  const subtotals = subtotalCount(good.model);
  if (subtotals > LENSES_IN_FULL) limits.codeLenses = { subtotals, inFull: LENSES_IN_FULL };
  return Object.keys(limits).length === 0 ? undefined : limits;
}

function counts(analysis: DocumentAnalysis): DocumentStatus {
  const { uri, version, parsed } = analysis;
  if (parsed === undefined) {
    return {
      uri,
      version,
      conformance: "syntax-error",
      calculations: "not-run",
      errorCount: analysis.syntax.length,
      failingApplications: 0,
      notEvaluated: { missingValue: 0, unavailableValue: 0 },
      applications: 0,
    };
  }
  const { result } = parsed.analysis;
  const notEvaluated = { missingValue: 0, unavailableValue: 0 };
  for (const application of result.calculations.applications) {
    if (application.status !== "error") continue;
    if (application.reason === "missing-value") notEvaluated.missingValue++;
    else notEvaluated.unavailableValue++;
  }
  return {
    uri,
    version,
    conformance: result.conformance.status,
    calculations: result.calculations.status,
    errorCount: result.conformance.errors.length,
    failingApplications: result.calculations.applications.filter((application) => application.status !== "satisfied").length,
    notEvaluated,
    applications: result.calculations.applications.length,
  };
}
