// Words for a document's status, shared by the language status item and the preview header (the
// webview bundles this module too, so it stays free of editor imports and speaks through
// @vscode/l10n, configured with the extension's bundle on both sides).

import * as l10n from "@vscode/l10n";
import type { DocumentStatus } from "../../../protocol/lsp";

export type StatusSeverity = "ok" | "warning" | "error";

export interface StatusDescription {
  /** Short enough for the language status item: "1 not satisfied · 2 not evaluated". */
  summary: string;
  /** One sentence each for conformance and the rollup checks, satisfied, not satisfied and not evaluated kept apart. */
  detail: string;
  severity: StatusSeverity;
}

// Counts are pairs of whole messages (one, many) with the count as {0}, so a translation can word
// each form; the contract's status words (conforming, nonconforming) stay as they are.
function count(n: number, one: (n: number) => string, many: (n: number) => string): string {
  return n === 1 ? one(n) : many(n);
}

/** Why rollup checks were not evaluated: "2 missing values, 1 unavailable value". */
function notEvaluatedWhy({ missingValue, unavailableValue }: DocumentStatus["notEvaluated"]): string {
  const reasons = [
    missingValue > 0
      ? count(
          missingValue,
          (n) => l10n.t("{0} missing value", n),
          (n) => l10n.t("{0} missing values", n),
        )
      : undefined,
    unavailableValue > 0
      ? count(
          unavailableValue,
          (n) => l10n.t("{0} unavailable value", n),
          (n) => l10n.t("{0} unavailable values", n),
        )
      : undefined,
  ].filter((reason) => reason !== undefined);
  return reasons.join(", ");
}

function calculationsText(status: DocumentStatus): { summary: string | undefined; detail: string; failing: boolean } {
  const notEvaluated = status.notEvaluated.missingValue + status.notEvaluated.unavailableValue;
  const notSatisfied = status.failingApplications - notEvaluated;
  const satisfied = status.applications - status.failingApplications;
  switch (status.calculations) {
    case "consistent":
      return {
        summary: l10n.t("rollups add up"),
        detail: count(
          status.applications,
          (n) => l10n.t("{0} rollup check, all satisfied.", n),
          (n) => l10n.t("{0} rollup checks, all satisfied.", n),
        ),
        failing: false,
      };
    case "inconsistent": {
      const parts = [notSatisfied > 0 ? l10n.t("{0} not satisfied", notSatisfied) : undefined, notEvaluated > 0 ? l10n.t("{0} not evaluated", notEvaluated) : undefined].filter(
        (part) => part !== undefined,
      );
      const checks = count(
        status.applications,
        (n) => l10n.t("{0} of {1} rollup check satisfied", satisfied, n),
        (n) => l10n.t("{0} of {1} rollup checks satisfied", satisfied, n),
      );
      return {
        summary: l10n.t("rollups: {0}", parts.join(" · ")),
        detail: notEvaluated > 0 ? l10n.t("{0}; not evaluated: {1}.", checks, notEvaluatedWhy(status.notEvaluated)) : `${checks}.`,
        failing: true,
      };
    }
    case "not-defined":
      return { summary: l10n.t("no rollups"), detail: l10n.t("No rollups are defined."), failing: false };
    case "not-run":
      return { summary: undefined, detail: l10n.t("Rollups not checked."), failing: false };
  }
}

export function describeStatus(status: DocumentStatus): StatusDescription {
  if (status.conformance === "syntax-error") {
    return {
      summary: l10n.t("syntax error"),
      detail: count(
        status.errorCount,
        (n) => l10n.t("{0} syntax error; the text is not valid JSON.", n),
        (n) => l10n.t("{0} syntax errors; the text is not valid JSON.", n),
      ),
      severity: "error",
    };
  }
  const calculations = calculationsText(status);
  if (status.conformance === "nonconforming") {
    const errors = count(
      status.errorCount,
      (n) => l10n.t("{0} error", n),
      (n) => l10n.t("{0} errors", n),
    );
    return { summary: `nonconforming · ${errors}`, detail: l10n.t("Nonconforming: {0}; rollups are checked once it conforms.", errors), severity: "error" };
  }
  // Failing rollup checks exist only in a conforming document, so their summary says both.
  const summary = calculations.summary === undefined ? "conforming" : calculations.failing ? calculations.summary : `conforming · ${calculations.summary}`;
  return { summary, detail: l10n.t("Conforming. {0}", calculations.detail), severity: calculations.failing ? "warning" : "ok" };
}
