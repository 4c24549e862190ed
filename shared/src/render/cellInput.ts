// What a user types into a cell of the preview's grid, read exactly: the inverse of the preview's
// number formatting (localeFormat.ts, previewModel.ts). The text is read as digits and separators in
// the display language's conventions ("1.234.567,5" in German, "1,234,567.5" in English), never
// through a JS number, and the result is the canonical decimal of spec 2.1. The value is typed as
// the table shows it: the preview shows a scaled unit's stored values (a unit with scale 3 shows
// thousands), so "1,500" in such a cell stores "1500"; a compact suffix as the compact format shows
// it (K, M, B, T) multiplies exactly ("1.5M" stores "1500000").

import * as l10n from "@vscode/l10n";
import { canonicalDecimal } from "../decimal/grammar";
import type { NumberSymbols } from "./localeFormat";

export type CellInput = { kind: "value"; decimal: string } | { kind: "missing" } | { kind: "unavailable" };

export type CellInputErrorCode = "not-a-number" | "misplaced-separator" | "two-signs" | "too-long";

export interface CellInputError {
  kind: "error";
  code: CellInputErrorCode;
  /** What is wrong, in the display language, for the cell's message. */
  message: string;
}

/** Longer input is not a value anyone types: refused before any work on it. */
export const MAX_INPUT_LENGTH = 1000;

const SUFFIX_ZEROS: ReadonlyMap<string, number> = new Map([
  ["k", 3],
  ["m", 6],
  ["b", 9],
  ["t", 12],
]);

/** The word that marks a cell unavailable, as the preview shows such a cell ("n/a"; German "k. A."). */
export function unavailableKeyword(): string {
  return l10n.t("n/a");
}

// Marks some locales put around a minus sign (bidi controls): they carry no meaning in the input.
const BIDI_MARKS = /[\u200e\u200f\u061c]/g;
const MINUS_SIGNS = new Set(["-", "\u2212", "\u2012", "\u2013", "\ufe63", "\uff0d"]);
// Spaces that group digits in some locales (fr, sv: U+00A0 or U+202F); a typed space means the same.
const SPACE_GROUPS = new Set([" ", "\u00a0", "\u202f", "\u2009"]);

/**
 * `text` as a cell's new content: a value (canonical decimal), missing (empty input, written `null`),
 * unavailable (the keyword), or an error with its message. `symbols` are the display language's.
 */
export function parseCellInput(text: string, symbols: NumberSymbols): CellInput | CellInputError {
  if (text.length > MAX_INPUT_LENGTH) return error("too-long", l10n.t("This is too long for a value ({0} characters at most).", MAX_INPUT_LENGTH));
  const trimmed = text.replace(BIDI_MARKS, "").trim();
  if (trimmed === "") return { kind: "missing" };
  if (isKeyword(trimmed)) return { kind: "unavailable" };

  let body = trimmed;
  let negative = false;
  if (body.startsWith("(") && body.endsWith(")")) {
    negative = true;
    body = body.slice(1, -1).trim();
  }
  const prefix = symbols.negativePrefix.replace(BIDI_MARKS, "").trim();
  const suffix = symbols.negativeSuffix.replace(BIDI_MARKS, "").trim();
  let sign = "";
  if (body.startsWith("+")) sign = "+";
  else if (MINUS_SIGNS.has(body.charAt(0))) sign = body.charAt(0);
  else if (prefix !== "" && body.startsWith(prefix)) sign = prefix;
  if (sign !== "") {
    if (negative) return error("two-signs", l10n.t("Use either a minus sign or parentheses, not both."));
    negative = sign !== "+";
    body = body.slice(sign.length).trim();
  } else if (suffix !== "" && body.endsWith(suffix)) {
    negative = true;
    body = body.slice(0, -suffix.length).trim();
  }

  let zeros = 0;
  const last = body.charAt(body.length - 1).toLowerCase();
  if (SUFFIX_ZEROS.has(last)) {
    zeros = SUFFIX_ZEROS.get(last) as number;
    body = body.slice(0, -1).trimEnd();
  }

  const digits = latinDigits(body, symbols);
  const split = splitNumber(digits, symbols);
  if (split === undefined) return notANumber(symbols);
  if (split === "misplaced") return error("misplaced-separator", separatorMessage(symbols));
  const decimal = canonicalDecimal(`${negative ? "-" : ""}${split.whole}${split.fraction === "" ? "" : `.${split.fraction}`}e${zeros}`);
  return decimal === undefined ? notANumber(symbols) : { kind: "value", decimal };
}

function isKeyword(text: string): boolean {
  const lower = text.toLocaleLowerCase();
  // The display language's word, and the English one (what the neutral preview shows), in any case.
  return lower === unavailableKeyword().toLocaleLowerCase() || lower === "n/a";
}

function latinDigits(text: string, symbols: NumberSymbols): string {
  if (symbols.digits[0] === "0") return text;
  let out = "";
  for (const char of text) {
    const digit = symbols.digits.indexOf(char);
    out += digit >= 0 ? String(digit) : char;
  }
  return out;
}

/**
 * The integer and fraction digits of `text` (Latin digits, the locale's group and decimal
 * separators), or "misplaced" when the separators do not stand where the locale puts them, or
 * undefined when it holds anything else.
 */
function splitNumber(text: string, symbols: NumberSymbols): { whole: string; fraction: string } | "misplaced" | undefined {
  const point = text.indexOf(symbols.decimal);
  const integer = point < 0 ? text : text.slice(0, point);
  const fraction = point < 0 ? "" : text.slice(point + symbols.decimal.length);
  if (!/^[0-9]*$/.test(fraction)) return /[0-9]/.test(fraction) ? "misplaced" : undefined;
  if (point >= 0 && fraction === "" && integer === "") return undefined;
  if (/^[0-9]+$/.test(integer) || (integer === "" && fraction !== "")) return { whole: integer === "" ? "0" : integer, fraction };
  const groups = splitGroups(integer, symbols);
  if (groups === undefined) return /^[0-9\s.,'\u00a0\u202f\u2009\u066b\u066c]+$/.test(integer) ? "misplaced" : undefined;
  // The group next to the point has the primary size, those before it the secondary size, the first 1 to that many.
  const sizes = groups.map((group) => group.length);
  const lastSize = sizes[sizes.length - 1] as number;
  if (lastSize !== symbols.primaryGroup) return "misplaced";
  for (let index = 1; index < sizes.length - 1; index++) if (sizes[index] !== symbols.secondaryGroup) return "misplaced";
  const first = sizes[0] as number;
  if (first < 1 || first > (sizes.length > 2 ? symbols.secondaryGroup : Math.max(symbols.primaryGroup, symbols.secondaryGroup))) return "misplaced";
  return { whole: groups.join(""), fraction };
}

/** The digit groups of `integer` split at the locale's group separator (a space also for space-grouping locales). */
function splitGroups(integer: string, symbols: NumberSymbols): string[] | undefined {
  if (symbols.group === "") return undefined;
  const spaced = SPACE_GROUPS.has(symbols.group);
  const groups: string[] = [];
  let current = "";
  for (const char of integer) {
    if (char >= "0" && char <= "9") current += char;
    else if (char === symbols.group || (spaced && SPACE_GROUPS.has(char))) {
      groups.push(current);
      current = "";
    } else return undefined;
  }
  groups.push(current);
  return groups.length > 1 && groups.every((group) => group !== "") ? groups : undefined;
}

function error(code: CellInputErrorCode, message: string): CellInputError {
  return { kind: "error", code, message };
}

function notANumber(symbols: NumberSymbols): CellInputError {
  return error(
    "not-a-number",
    l10n.t("Not a number. Type a value such as {0}, leave the cell empty for a missing value, or type {1} for an unavailable one.", example(symbols), unavailableKeyword()),
  );
}

function separatorMessage(symbols: NumberSymbols): string {
  return l10n.t("The separators are not where the display language puts them. Write a value such as {0}.", example(symbols));
}

/** "1,234.5" in the locale's symbols. */
function example(symbols: NumberSymbols): string {
  const group = symbols.group;
  const digit = (d: number): string => symbols.digits[d] ?? String(d);
  return `${digit(1)}${group}${digit(2)}${digit(3)}${digit(4)}${symbols.decimal}${digit(5)}`;
}
