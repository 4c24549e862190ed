// Reports of validation runs for people and tools: located problems, text, SARIF and GitHub
// workflow commands. Pure string and data work, shared by the CLI (and the server when it wants).

export {
  documentProblems,
  syntaxProblems,
  rollupTarget,
  rollupMessage,
  rollupSubject,
  type LocatedProblem,
  type ProblemSeverity,
  type ProblemKind,
  type ProblemOptions,
} from "./problems";
export { containerPathAt } from "./syntax-path";
export { LineIndex, type TextPosition } from "./lines";
export { summarize, type FileReport, type FileError, type RollupCounts, type RunSummary } from "./file-report";
export { problemLines, summaryLines } from "./text";
export { workflowCommands, escapeData, escapeProperty } from "./github";
export { sarifLog, type SarifOptions } from "./sarif";
export { RULES, RULE_INDEX, type RuleText } from "./rules";
export { diffTextLines } from "./diff-text";
