// Text → JSON value, or the reasons it is not one FS-readable JSON value.
//
// The fast path is the platform's JSON.parse. It accepts duplicate member names silently (the last
// one wins), so a cheap census proves their absence: every member in the text contributes exactly
// one ':' outside strings, and ':' inside strings is counted from the parsed strings themselves.
// When the counts agree there is no duplicate; when they disagree, or an escaped colon (\u003a)
// makes the count unsound, or nesting is too deep, jsonc-parser walks the text to find and locate
// each problem. Syntax errors are located by jsonc-parser as well.

import * as l10n from "@vscode/l10n";
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

/** jsonc-parser's error names in words (looked up when a problem is found, in the display language). */
function syntaxMessage(name: string): string {
  switch (name) {
    case "InvalidSymbol":
      return l10n.t("Unexpected character; expected a JSON value, member name or punctuation.");
    case "InvalidNumberFormat":
      return l10n.t("Invalid number; JSON numbers are like 12, -3.5 or 1e6.");
    case "PropertyNameExpected":
      return l10n.t("Expected a member name in double quotes.");
    case "ValueExpected":
      return l10n.t("Expected a value (string, number, object, array, true, false or null).");
    case "ColonExpected":
      return l10n.t("Expected ':' after the member name.");
    case "CommaExpected":
      return l10n.t("Expected ',' between members or elements.");
    case "CloseBraceExpected":
      return l10n.t("Expected '}' to close the object.");
    case "CloseBracketExpected":
      return l10n.t("Expected ']' to close the array.");
    case "InvalidCommentToken":
    case "UnexpectedEndOfComment":
      return l10n.t("Comments are not allowed in JSON.");
    case "UnexpectedEndOfString":
      return l10n.t("Unterminated string; expected a closing '\"'.");
    case "UnexpectedEndOfNumber":
      return l10n.t("Unterminated number.");
    case "InvalidUnicode":
      return l10n.t("Invalid \\u escape; expected four hexadecimal digits.");
    case "InvalidEscapeCharacter":
      return l10n.t("Invalid escape sequence in a string.");
    case "InvalidCharacter":
      return l10n.t("Control characters must be escaped inside strings.");
    default:
      return l10n.t("Invalid JSON.");
  }
}

function locateProblems(text: string, parseError: unknown): SyntaxProblem[] {
  const problems: SyntaxProblem[] = [];
  const add = (code: SyntaxCode, message: string, offset: number, length: number): void => {
    const { line, column } = lineAndColumn(text, offset);
    problems.push({ code, message, offset, length, line, column });
  };
  // jsonc-parser's visitor recurses once per level, so hostile nesting is caught before it runs.
  const tooDeep = firstTooDeep(text);
  if (tooDeep !== undefined) {
    add("nesting-too-deep", l10n.t("Nesting is deeper than {0} levels; FS documents need far fewer.", MAX_NESTING), tooDeep, 1);
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
          add("duplicate-member", l10n.t("Duplicate member name {0}; each name may appear once in an object.", JSON.stringify(name)), offset, length);
        }
        names.add(name);
      },
      onError: (error, offset, length) => {
        const name = printParseErrorCode(error);
        if (name === "EndOfFileExpected") {
          add("trailing-content", l10n.t("Unexpected content after the JSON value; a document is exactly one value."), offset, Math.max(length, 1));
        } else {
          add("invalid-json", syntaxMessage(name), offset, Math.max(length, 1));
        }
      },
    },
    { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false },
  );
  if (problems.length === 0 && parseError !== undefined) {
    // JSON.parse and jsonc-parser disagree only on exotic input; keep JSON.parse's own words.
    const message = parseError instanceof Error ? parseError.message : String(parseError);
    add("invalid-json", l10n.t("Invalid JSON: {0}", message), 0, 1);
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
