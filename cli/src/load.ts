// Text → analysis. A text that is not one JSON value is an InputError whose data is the first
// syntax problem (code, the pointer of the deepest container reached, line and column) and which
// carries every syntax problem for the text, SARIF and GitHub formats.

import { analyze, parseJson, type Analysis, type ParseOutcome } from "../../shared/src/index";
import { documentProblems, syntaxProblems, type LocatedProblem } from "../../shared/src/report/index";
import { InputError, readInput, type Input } from "./io";

export interface Loaded {
  input: Input;
  value: unknown;
  analysis: Analysis;
}

export class SyntaxInputError extends InputError {
  constructor(
    readonly input: Input,
    readonly problems: LocatedProblem[],
  ) {
    const first = problems[0] as LocatedProblem;
    const lines = problems.slice(0, 10).map((problem) => `${input.name}:${problem.start.line}:${problem.start.column}: ${problem.code}: ${problem.message}`);
    if (problems.length > 10) lines.push(`… and ${problems.length - 10} more`);
    super({ code: first.code, path: first.path, message: first.message, line: first.start.line, column: first.start.column });
    this.message = `${input.name} is not valid JSON:\n${lines.join("\n")}`;
  }
}

export function load(name: string): Loaded {
  return loadInput(readInput(name));
}

export function loadInput(input: Input, parsed: ParseOutcome = parseJson(input.text)): Loaded {
  if (!parsed.ok) throw new SyntaxInputError(input, syntaxProblems(input.text, parsed.problems));
  return { input, value: parsed.value, analysis: analyze(parsed.value) };
}

/** "file:line:column: code at path: message" lines for people, located as the editor locates them, in text order. */
export function describeIssues(loaded: Loaded, limit: number): string[] {
  const { issues } = loaded.analysis;
  const first = { ...loaded.analysis, issues: issues.slice(0, limit) };
  // In text order, as the editor's Problems panel and --format text list them (the result lists
  // them in the order the checks run: /units after /statements).
  const problems = documentProblems(loaded.input.text, loaded.value, first, { strictRollups: false })
    .filter((problem) => problem.kind === "structure")
    .sort((a, b) => a.start.line - b.start.line || a.start.column - b.start.column);
  const lines = problems.map(
    (problem) => `${loaded.input.name}:${problem.start.line}:${problem.start.column}: ${problem.code} at ${problem.path || "(document)"}: ${problem.message}`,
  );
  if (issues.length > limit) lines.push(`… and ${issues.length - limit} more (see the JSON on stdout)`);
  return lines;
}
