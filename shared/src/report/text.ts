// The text format: one line per problem, "file:line:column: severity code message" (an unsatisfied
// rollup's likely causes indented under it, "  likely cause: …"), then a summary
// that keeps rollups that do not add up apart from rollups that could not be evaluated (and why).

import type { FileReport, RunSummary } from "./file-report";

export function problemLines(report: FileReport): string[] {
  if (report.error !== undefined && report.problems.length === 0) {
    const where = report.error.line === undefined ? report.file : `${report.file}:${report.error.line}:${report.error.column ?? 1}`;
    return [`${where}: error ${report.error.code} ${oneLine(report.error.message)}`];
  }
  // In line order, as a reader goes through the file (structure errors are found before rollups).
  const ordered = [...report.problems].sort((a, b) => a.start.line - b.start.line || a.start.column - b.start.column);
  return ordered.flatMap((problem) => [
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
  const notJson = summary.failed - summary.unreadable;
  const lines = [
    `${plural(summary.documents, "document")}: ${summary.conforming} conforming, ${summary.nonconforming} nonconforming, ${notJson} not readable as JSON${summary.unreadable > 0 ? `, ${summary.unreadable} not found or not readable` : ""}`,
    `${plural(summary.errors, "error")}`,
  ];
  // Rollups are counted only when a document was read at all; a missing file has none to summarize.
  if (summary.documents > summary.unreadable) {
    lines.push(`rollups: ${rollups.satisfied} satisfied, ${rollups.unsatisfied} not satisfied, ${notEvaluated} not evaluated${why.length > 0 ? ` (${why.join(", ")})` : ""}`);
  }
  const unchecked = summary.nonconforming + notJson;
  if (unchecked > 0) lines.push(`rollups of ${plural(unchecked, "document")} not checked: a document's rollups are checked only when it conforms`);
  return lines;
}

/** Messages are single lines; a line break in author text (an id, a label) must not split one. */
function oneLine(message: string): string {
  return message.replace(/[\r\n]+/g, " ");
}
