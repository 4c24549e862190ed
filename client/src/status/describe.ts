// Words for a document's status, shared by the language status item and the preview header (the
// webview bundles this module too, so it stays free of editor imports).

import type { DocumentStatus } from "../../../protocol/lsp";

export type StatusSeverity = "ok" | "warning" | "error";

export interface StatusDescription {
  /** Short enough for the language status item: "1 not satisfied · 2 not evaluated". */
  summary: string;
  /** One sentence each for conformance and the rollup checks, satisfied, not satisfied and not evaluated kept apart. */
  detail: string;
  severity: StatusSeverity;
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Why rollup checks were not evaluated: "2 missing values, 1 unavailable value". */
function notEvaluatedWhy({ missingValue, unavailableValue }: DocumentStatus["notEvaluated"]): string {
  const reasons = [
    missingValue > 0 ? count(missingValue, "missing value", "missing values") : undefined,
    unavailableValue > 0 ? count(unavailableValue, "unavailable value", "unavailable values") : undefined,
  ].filter((reason) => reason !== undefined);
  return reasons.join(", ");
}

function calculationsText(status: DocumentStatus): { summary: string | undefined; detail: string; failing: boolean } {
  const checks = count(status.applications, "rollup check", "rollup checks");
  const notEvaluated = status.notEvaluated.missingValue + status.notEvaluated.unavailableValue;
  const notSatisfied = status.failingApplications - notEvaluated;
  const satisfied = status.applications - status.failingApplications;
  switch (status.calculations) {
    case "consistent":
      return { summary: "rollups add up", detail: `${checks}, all satisfied.`, failing: false };
    case "inconsistent": {
      const parts = [notSatisfied > 0 ? `${notSatisfied} not satisfied` : undefined, notEvaluated > 0 ? `${notEvaluated} not evaluated` : undefined].filter(
        (part) => part !== undefined,
      );
      const why = notEvaluated > 0 ? `; not evaluated: ${notEvaluatedWhy(status.notEvaluated)}` : "";
      return {
        summary: `rollups: ${parts.join(" · ")}`,
        detail: `${satisfied} of ${checks} satisfied${why}.`,
        failing: true,
      };
    }
    case "not-defined":
      return { summary: "no rollups", detail: "No rollups are defined.", failing: false };
    case "not-run":
      return { summary: undefined, detail: "Rollups not checked.", failing: false };
  }
}

export function describeStatus(status: DocumentStatus): StatusDescription {
  if (status.conformance === "syntax-error") {
    return {
      summary: "syntax error",
      detail: `${count(status.errorCount, "syntax error", "syntax errors")}; the text is not valid JSON.`,
      severity: "error",
    };
  }
  const calculations = calculationsText(status);
  if (status.conformance === "nonconforming") {
    const errors = count(status.errorCount, "error", "errors");
    return { summary: `nonconforming · ${errors}`, detail: `Nonconforming: ${errors}; rollups are checked once it conforms.`, severity: "error" };
  }
  // Failing rollup checks exist only in a conforming document, so their summary says both.
  const summary = calculations.summary === undefined ? "conforming" : calculations.failing ? calculations.summary : `conforming · ${calculations.summary}`;
  return { summary, detail: `Conforming. ${calculations.detail}`, severity: calculations.failing ? "warning" : "ok" };
}
