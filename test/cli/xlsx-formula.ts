// An evaluator for the formulas the XLSX export writes (SUM over cells and ranges of one column,
// and sums and differences of cells), over the cached values a workbook holds. Exact, with
// decimal.js (independent of the engine's BigInt arithmetic): what a spreadsheet that recalculates
// on load computes, up to the 15 digits it shows.
import Decimal from "decimal.js";
import type { ReadCell } from "./xlsx-reader";

export type Lookup = (ref: string) => ReadCell | undefined;

function split(ref: string): [string, number] {
  const match = /^\$?([A-Z]+)\$?(\d+)$/.exec(ref);
  if (match === null) throw new Error(`not a cell reference: ${ref}`);
  return [match[1] as string, Number(match[2])];
}

/** A cell's value as SUM sees it: numbers count, text and empty cells are skipped (undefined). */
function numeric(cell: ReadCell | undefined): Decimal | undefined {
  if (cell === undefined || cell.value === undefined || (cell.type !== "n" && cell.formula === undefined)) return undefined;
  if (cell.type === "s" || cell.type === "str") return undefined;
  return new Decimal(cell.value);
}

function cellsOf(argument: string): string[] {
  const [from, to] = argument.split(":");
  if (to === undefined) return [from as string];
  const [column, first] = split(from as string);
  const [column2, last] = split(to);
  if (column !== column2) throw new Error(`range over more than one column: ${argument}`);
  const refs: string[] = [];
  for (let row = first; row <= last; row++) refs.push(`${column}${row}`);
  return refs;
}

/** The formula's result, or an Error naming what it cannot evaluate. */
export function evaluate(formula: string, lookup: Lookup): Decimal {
  const body = formula.replace(/^=/, "").replace(/\s+/g, "");
  const sum = /^SUM\((.*)\)$/i.exec(body);
  if (sum !== null) {
    let total = new Decimal(0);
    for (const argument of (sum[1] as string).split(",")) {
      for (const ref of cellsOf(argument)) total = total.plus(numeric(lookup(ref)) ?? 0);
    }
    return total;
  }
  const terms = body.match(/[+-]?[^+-]+/g);
  if (terms === null || terms.join("") !== body) throw new Error(`cannot evaluate ${formula}`);
  let total = new Decimal(0);
  for (const term of terms) {
    const negative = term.startsWith("-");
    const ref = term.replace(/^[+-]/, "");
    const value = numeric(lookup(ref));
    if (value === undefined) throw new Error(`${formula}: ${ref} is not a number (a spreadsheet gives #VALUE!)`);
    total = negative ? total.minus(value) : total.plus(value);
  }
  return total;
}
