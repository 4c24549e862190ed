// GitHub Actions workflow commands: "::error file=…,line=…,col=…,endLine=…,endColumn=…,title=…::message".
// Escaping as the runner's command parser (actions/toolkit core/src/command.ts) undoes it: in the
// message, % CR LF become %25 %0D %0A; in property values also : and , become %3A and %2C.

import type { FileReport } from "./file-report";

export function escapeData(text: string): string {
  return text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

export function workflowCommands(report: FileReport): string[] {
  const file = escapeProperty(report.file);
  if (report.error !== undefined && report.problems.length === 0) {
    const at = report.error.line === undefined ? "" : `,line=${report.error.line},col=${report.error.column ?? 1}`;
    return [`::error file=${file}${at},title=${escapeProperty(`fsdoc ${report.error.code}`)}::${escapeData(report.error.message)}`];
  }
  return report.problems.map((problem) => {
    const where = `file=${file},line=${problem.start.line},col=${problem.start.column},endLine=${problem.end.line},endColumn=${problem.end.column}`;
    return `::${problem.severity} ${where},title=${escapeProperty(`fsdoc ${problem.code}`)}::${escapeData(`${problem.message} (${problem.path || "document"})`)}`;
  });
}
