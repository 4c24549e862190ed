// Words for a document's status, shared by the language status item and the preview header (the
// webview bundles this module too, so it stays free of editor imports).

import type { DocumentStatus } from "../../../protocol/lsp";

export type StatusSeverity = "ok" | "warning" | "error";

export interface StatusDescription {
  /** Short: "conforming · 2 rollups inconsistent". */
  summary: string;
  /** One sentence each for conformance and calculations. */
  detail: string;
  severity: StatusSeverity;
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function calculationsText(status: DocumentStatus): { summary: string | undefined; detail: string; failing: boolean } {
  const checks = count(status.applications, "rollup check", "rollup checks");
  switch (status.calculations) {
    case "consistent":
      return { summary: "rollups consistent", detail: `Calculations consistent: ${checks}, all satisfied.`, failing: false };
    case "inconsistent":
      return {
        summary: count(status.failingApplications, "rollup inconsistent", "rollups inconsistent"),
        detail: `Calculations inconsistent: ${status.failingApplications} of ${checks} not satisfied or not evaluable.`,
        failing: true,
      };
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
    return { summary: `nonconforming · ${errors}`, detail: `Nonconforming: ${errors}. ${calculations.detail}`, severity: "error" };
  }
  const summary = calculations.summary === undefined ? "conforming" : `conforming · ${calculations.summary}`;
  return { summary, detail: `Conforming. ${calculations.detail}`, severity: calculations.failing ? "warning" : "ok" };
}
