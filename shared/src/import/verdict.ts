// The engine's verdict on an imported document, as the CLI prints it after the report and the
// editor's output channel shows it: whether it conforms, its rollups satisfied, not satisfied and
// not evaluated, and one line per rollup that does not add up, so the user sees where to look.

import * as l10n from "@vscode/l10n";
import { summarize } from "../render/rollups";
import type { ValidationResult } from "../types";

export function importVerdict(result: ValidationResult): string {
  if (result.conformance.status !== "conforming") {
    const count = result.conformance.errors.length;
    return (
      (count === 1
        ? l10n.t("the document does not conform (1 error; fsdoc validate lists them)")
        : l10n.t("the document does not conform ({0} errors; fsdoc validate lists them)", count)) + "\n"
    );
  }
  const status = summarize(result);
  const lines = [
    l10n.t("the document conforms; rollups: {0} satisfied, {1} not satisfied, {2} not evaluated", status?.satisfied ?? 0, status?.unsatisfied ?? 0, status?.errors ?? 0),
  ];
  for (const application of result.calculations.applications) {
    const { statement, parent, period } = application.key;
    if (application.status === "unsatisfied")
      lines.push(
        "  " +
          l10n.t(
            "not satisfied: {0}/{1} in {2}: stated {3}, its children add up to {4} (off by {5})",
            statement,
            parent,
            period,
            String(application.actual),
            String(application.expected),
            String(application.difference),
          ),
      );
    else if (application.status === "error")
      lines.push("  " + l10n.t("not evaluated: {0}/{1} in {2}: {3} at {4}", statement, parent, period, String(application.reason), application.cell.item));
  }
  return lines.join("\n") + "\n";
}
