// A formula as a rollup: SUM(...) over cells and ranges, and + / - of cells or SUMs, all in the
// formula's own column and sheet. Anything else (a constant, another function, another column or
// sheet, a product) is no rollup, and the reason says which.

import * as l10n from "@vscode/l10n";
import { parseAddress } from "../xlsx/a1";

export interface Term {
  row: number;
  /** +1 added, -1 subtracted. */
  sign: 1 | -1;
}

export type FormulaReading = { ok: true; terms: Term[] } | { ok: false; reason: string };

const REF = String.raw`(?:(?:'[^']+'|[A-Za-z0-9_.]+)!)?\$?[A-Za-z]{1,3}\$?[0-9]{1,7}`;
const RANGE = new RegExp(`^(${REF})(?::(${REF}))?$`);

export function readFormula(formula: string, sheet: string, column: number): FormulaReading {
  const text = formula.trim().replace(/^=/, "").replace(/\s+/g, "");
  if (text === "") return { ok: false, reason: l10n.t("an empty formula") };
  const terms: Term[] = [];
  // Split into signed parts at + and - outside parentheses.
  let depth = 0;
  let sign: 1 | -1 = 1;
  let start = 0;
  const parts: [1 | -1, string][] = [];
  for (let at = 0; at <= text.length; at++) {
    const char = text[at];
    if (char === "(") depth++;
    else if (char === ")") depth--;
    if (at === text.length || (depth === 0 && (char === "+" || char === "-"))) {
      const part = text.slice(start, at);
      if (part !== "") parts.push([sign, part]);
      else if (at !== 0 || at === text.length) return { ok: false, reason: l10n.t("a formula that is not a sum of cells") };
      if (at < text.length) sign = char === "-" ? -1 : 1;
      start = at + 1;
    }
  }
  for (const [partSign, part] of parts) {
    const sum = /^SUM\((.*)\)$/i.exec(part);
    const pieces = sum === null ? [part] : (sum[1] as string).split(/[,;]/);
    for (const piece of pieces) {
      const rows = rangeRows(piece, sheet, column);
      if (typeof rows === "string") return { ok: false, reason: rows };
      for (const row of rows) terms.push({ row, sign: partSign });
    }
  }
  if (terms.length === 0) return { ok: false, reason: l10n.t("a formula without cells") };
  return { ok: true, terms };
}

function rangeRows(piece: string, sheet: string, column: number): number[] | string {
  const match = RANGE.exec(piece);
  if (match === null)
    return /^[0-9.]+$/.test(piece) ? "a formula with a constant" : /\(/.test(piece) ? "a formula with another function than SUM" : "a formula that is not a sum of cells";
  const first = cellOf(match[1] as string, sheet);
  const last = match[2] === undefined ? first : cellOf(match[2], sheet);
  if (typeof first === "string") return first;
  if (typeof last === "string") return last;
  if (first[1] !== column || last[1] !== column) return l10n.t("a formula over another column");
  // A spreadsheet has at most 1,048,576 rows; a range beyond is no sheet's.
  if (Math.max(first[0], last[0]) > 1_048_576) return l10n.t("a formula over rows no sheet has");
  const rows: number[] = [];
  for (let row = Math.min(first[0], last[0]); row <= Math.max(first[0], last[0]); row++) rows.push(row);
  return rows;
}

function cellOf(ref: string, sheet: string): [number, number] | string {
  const bang = ref.lastIndexOf("!");
  if (bang >= 0) {
    const name = ref
      .slice(0, bang)
      .replace(/^'(.*)'$/, "$1")
      .replace(/''/g, "'");
    if (name !== sheet) return l10n.t("a formula over another sheet");
  }
  return parseAddress(ref.slice(bang + 1)) ?? l10n.t("a formula that is not a sum of cells");
}
