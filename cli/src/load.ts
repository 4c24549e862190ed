// Text → analysis, with syntax problems turned into one operational error that names file:line:column.

import { analyze, parseJson, SourceLocator, lineAndColumn, type Analysis, type Issue } from "../../shared/src/index";
import { OperationalError, readInput, type Input } from "./io";

export interface Loaded {
  input: Input;
  value: unknown;
  analysis: Analysis;
}

export function load(name: string): Loaded {
  const input = readInput(name);
  const parsed = parseJson(input.text);
  if (!parsed.ok) {
    const lines = parsed.problems.slice(0, 10).map((problem) => `${input.name}:${problem.line}:${problem.column}: ${problem.code}: ${problem.message}`);
    if (parsed.problems.length > 10) lines.push(`… and ${parsed.problems.length - 10} more`);
    throw new OperationalError(`${input.name} is not valid JSON:\n${lines.join("\n")}`);
  }
  return { input, value: parsed.value, analysis: analyze(parsed.value) };
}

/** "file:line:column: code: message" lines for people, located in the source text. */
export function describeIssues(loaded: Loaded, limit: number): string[] {
  // With the parsed value, a large text is located by one guided scan instead of a parse tree.
  const locator = new SourceLocator(loaded.input.text, loaded.value);
  const shown = loaded.analysis.issues.slice(0, limit);
  const ranges = locator.locateAll(shown.map((issue) => ({ path: issue.path, mark: issue.mark })));
  const lines = shown.map((issue: Issue, index) => {
    const { offset } = ranges[index]!;
    const { line, column } = lineAndColumn(loaded.input.text, offset);
    return `${loaded.input.name}:${line}:${column}: ${issue.code} at ${issue.path || "(document)"}: ${issue.message}`;
  });
  if (loaded.analysis.issues.length > limit) lines.push(`… and ${loaded.analysis.issues.length - limit} more (see the JSON on stdout)`);
  return lines;
}
