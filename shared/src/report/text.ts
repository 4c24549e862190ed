// The text format: one line per problem, "file:line:column: severity code message" (an unsatisfied
// rollup's likely causes indented under it, "  likely cause: …"), then a summary
// that keeps rollups that do not add up apart from rollups that could not be evaluated (and why).

import type { FileReport, RunSummary } from "./file-report";

export function problemLines(report: FileReport): string[] {
  if (report.error !== undefined && report.problems.length === 0) {
    const where = report.error.line === undefined ? report.file : `${report.file}:${report.error.line}:${report.error.column ?? 1}`;
    return [`${where}: error ${report.error.code} ${oneLine(report.error.message)}`];
  }
  return report.problems.flatMap((problem) => [
    `${report.file}:${problem.start.line}:${problem.start.column}: ${problem.severity} ${problem.code} ${oneLine(problem.message)}`,
    ...(problem.causes ?? []).map((cause) => `  likely cause: ${oneLine(cause)}`),
  ]);
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

export function summaryLines(summary: RunSummary): string[] {
  const { rollups } = summary;
  const notEvaluated = rollups.missingValue + rollups.unavailableValue;
  const why: string[] = [];
  if (rollups.missingValue > 0) why.push(`${rollups.missingValue} with a missing value`);
  if (rollups.unavailableValue > 0) why.push(`${rollups.unavailableValue} with an unavailable value`);
  const lines = [
    `${plural(summary.documents, "document")}: ${summary.conforming} conforming, ${summary.nonconforming} nonconforming, ${summary.failed} not readable as JSON`,
    `${plural(summary.errors, "error")}`,
    `rollups: ${rollups.satisfied} satisfied, ${rollups.unsatisfied} not satisfied, ${notEvaluated} not evaluated${why.length > 0 ? ` (${why.join(", ")})` : ""}`,
  ];
  const unchecked = summary.nonconforming + summary.failed;
  if (unchecked > 0) lines.push(`rollups of ${plural(unchecked, "document")} not checked: a document's rollups are checked only when it conforms`);
  return lines;
}

/** Messages are single lines; a line break in author text (an id, a label) must not split one. */
function oneLine(message: string): string {
  return message.replace(/[\r\n]+/g, " ");
}
