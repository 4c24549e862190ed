// Text → JSON value, or the reasons it is not one FS-readable JSON value.
//
// The fast path is the platform's JSON.parse. It accepts duplicate member names silently (the last
// one wins), so a cheap census proves their absence: every member in the text contributes exactly
// one ':' outside strings, and ':' inside strings is counted from the parsed strings themselves.
// When the counts agree there is no duplicate; when they disagree, or an escaped colon (\u003a)
// makes the count unsound, or nesting is too deep, jsonc-parser walks the text to find and locate
// each problem. Syntax errors are located by jsonc-parser as well.

import { printParseErrorCode, visit } from "jsonc-parser";

export const MAX_NESTING = 64;

export type SyntaxCode = "invalid-json" | "duplicate-member" | "trailing-content" | "nesting-too-deep";

export interface SyntaxProblem {
  code: SyntaxCode;
  message: string;
  /** UTF-16 offset and length in the text. */
  offset: number;
  length: number;
  /** 1-based, for people. */
  line: number;
  column: number;
}

export type ParseOutcome = { ok: true; value: unknown } | { ok: false; problems: SyntaxProblem[] };

const ESCAPED_COLON = /\\u003a/i;

export function parseJson(text: string): ParseOutcome {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, problems: locateProblems(text, error) };
  }
  const census = takeCensus(value);
  const escapedColon = text.includes("\\u003") && ESCAPED_COLON.test(text);
  if (census.tooDeep || escapedColon || census.members + census.colonsInStrings !== countColons(text)) {
    const problems = locateProblems(text, undefined);
    if (problems.length > 0) return { ok: false, problems };
  }
  return { ok: true, value };
}

interface Census {
  members: number;
  colonsInStrings: number;
  tooDeep: boolean;
}

// Module-level counters keep the walk a plain recursive function: this runs over every value of
// every document the editor validates, so it is worth keeping tight.
let members = 0;
let colonsInStrings = 0;
let tooDeep = false;

function takeCensus(root: unknown): Census {
  members = 0;
  colonsInStrings = 0;
  tooDeep = false;
  visitForCensus(root, 1);
  return { members, colonsInStrings, tooDeep };
}

function visitForCensus(value: unknown, depth: number): void {
  if (typeof value !== "object" || value === null) {
    if (typeof value === "string" && value.includes(":")) colonsInStrings += countColons(value);
    return;
  }
  if (depth > MAX_NESTING) {
    tooDeep = true;
    return;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) visitForCensus(value[i], depth + 1);
    return;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) {
    members++;
    if (key.includes(":")) colonsInStrings += countColons(key);
    visitForCensus(record[key], depth + 1);
  }
}

function countColons(text: string): number {
  let count = 0;
  for (let at = text.indexOf(":"); at !== -1; at = text.indexOf(":", at + 1)) count++;
  return count;
}

const SYNTAX_MESSAGES: Record<string, string> = {
  InvalidSymbol: "Unexpected character; expected a JSON value, member name or punctuation.",
  InvalidNumberFormat: "Invalid number; JSON numbers are like 12, -3.5 or 1e6.",
  PropertyNameExpected: "Expected a member name in double quotes.",
  ValueExpected: "Expected a value (string, number, object, array, true, false or null).",
  ColonExpected: "Expected ':' after the member name.",
  CommaExpected: "Expected ',' between members or elements.",
  CloseBraceExpected: "Expected '}' to close the object.",
  CloseBracketExpected: "Expected ']' to close the array.",
  InvalidCommentToken: "Comments are not allowed in JSON.",
  UnexpectedEndOfComment: "Comments are not allowed in JSON.",
  UnexpectedEndOfString: "Unterminated string; expected a closing '\"'.",
  UnexpectedEndOfNumber: "Unterminated number.",
  InvalidUnicode: "Invalid \\u escape; expected four hexadecimal digits.",
  InvalidEscapeCharacter: "Invalid escape sequence in a string.",
  InvalidCharacter: "Control characters must be escaped inside strings.",
};

function locateProblems(text: string, parseError: unknown): SyntaxProblem[] {
  const problems: SyntaxProblem[] = [];
  const add = (code: SyntaxCode, message: string, offset: number, length: number): void => {
    const { line, column } = lineAndColumn(text, offset);
    problems.push({ code, message, offset, length, line, column });
  };
  // jsonc-parser's visitor recurses once per level, so hostile nesting is caught before it runs.
  const tooDeep = firstTooDeep(text);
  if (tooDeep !== undefined) {
    add("nesting-too-deep", `Nesting is deeper than ${MAX_NESTING} levels; FS documents need far fewer.`, tooDeep, 1);
    return problems;
  }
  const memberNames: Set<string>[] = [];
  visit(
    text,
    {
      onObjectBegin: () => {
        memberNames.push(new Set());
      },
      onObjectEnd: () => {
        memberNames.pop();
      },
      onObjectProperty: (name, offset, length) => {
        const names = memberNames[memberNames.length - 1];
        if (names === undefined) return;
        if (names.has(name)) {
          add("duplicate-member", `Duplicate member name ${JSON.stringify(name)}; each name may appear once in an object.`, offset, length);
        }
        names.add(name);
      },
      onError: (error, offset, length) => {
        const name = printParseErrorCode(error);
        if (name === "EndOfFileExpected") {
          add("trailing-content", "Unexpected content after the JSON value; a document is exactly one value.", offset, Math.max(length, 1));
        } else {
          add("invalid-json", SYNTAX_MESSAGES[name] ?? "Invalid JSON.", offset, Math.max(length, 1));
        }
      },
    },
    { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false },
  );
  if (problems.length === 0 && parseError !== undefined) {
    // JSON.parse and jsonc-parser disagree only on exotic input; keep JSON.parse's own words.
    const message = parseError instanceof Error ? parseError.message : String(parseError);
    add("invalid-json", `Invalid JSON: ${message}`, 0, 1);
  }
  return problems;
}

/** The offset of the first bracket nested deeper than MAX_NESTING, skipping strings; iterative. */
function firstTooDeep(text: string): number | undefined {
  let depth = 0;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === 0x22) {
      // Skip the string: to the next quote not escaped by an odd run of backslashes.
      for (at++; at < text.length; at++) {
        const inner = text.charCodeAt(at);
        if (inner === 0x5c) at++;
        else if (inner === 0x22) break;
      }
    } else if (code === 0x7b || code === 0x5b) {
      if (++depth > MAX_NESTING) return at;
    } else if (code === 0x7d || code === 0x5d) {
      depth--;
    }
  }
  return undefined;
}

export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let at = text.indexOf("\n"); at !== -1 && at < offset; at = text.indexOf("\n", at + 1)) {
    line++;
    lineStart = at + 1;
  }
  return { line, column: offset - lineStart + 1 };
}
