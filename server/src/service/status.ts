// The document status (fs/status, the status item and the preview header) of one version.

import type { DocumentStatus } from "../../../protocol/lsp";
import type { DocumentAnalysis } from "../analysis";

export function statusOf(analysis: DocumentAnalysis): DocumentStatus {
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
