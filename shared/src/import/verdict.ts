// The engine's verdict on an imported document, as the CLI prints it after the report and the
// editor's output channel shows it: whether it conforms, its rollups satisfied, not satisfied and
// not evaluated, and one line per rollup that does not add up, so the user sees where to look.

import { summarize } from "../render/rollups";
import type { ValidationResult } from "../types";

export function importVerdict(result: ValidationResult): string {
  if (result.conformance.status !== "conforming") {
    const count = result.conformance.errors.length;
    return `the document does not conform (${count} error${count === 1 ? "" : "s"}; fsdoc validate lists them)\n`;
  }
  const status = summarize(result);
  const lines = [`the document conforms; rollups: ${status?.satisfied ?? 0} satisfied, ${status?.unsatisfied ?? 0} not satisfied, ${status?.errors ?? 0} not evaluated`];
  for (const application of result.calculations.applications) {
    const { statement, parent, period } = application.key;
    if (application.status === "unsatisfied")
      lines.push(
        `  not satisfied: ${statement}/${parent} in ${period}: stated ${application.actual}, its children add up to ${application.expected} (off by ${application.difference})`,
      );
    else if (application.status === "error") lines.push(`  not evaluated: ${statement}/${parent} in ${period}: ${application.reason} at ${application.cell.item}`);
  }
  return lines.join("\n") + "\n";
}
