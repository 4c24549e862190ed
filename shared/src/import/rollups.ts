// rollupTo from a statement's formulas (SUM and +/- over the same column), or, when asked, from
// sums: a row equal to the sum of a contiguous run of the rows above it that roll up nowhere yet.
//
// The contract sums a parent's children with coefficient one and their stored signs. A child a
// formula subtracts is therefore stored negated, and so is everything under it, so that every
// rollup holds exactly as the sheet computes it; the report names each such row.

import { sum } from "../decimal/exact";
import { address } from "./grid";
import { readFormula, type Term } from "./formulas";
import type { Block } from "./blocks";
import type { Cell, RowDraft } from "./rows";
import type { ImportReport } from "./report";

export interface Links {
  /** Row → its parent's row and the sign it is added with. */
  parent: Map<number, { row: number; sign: 1 | -1; where: string }>;
}

export function formulaRollups(block: Block, items: RowDraft[], report: ImportReport, links: Links): void {
  const byRow = new Map(items.map((item) => [item.row, item]));
  const sheetName = block.sheet.name;
  for (const item of items) {
    const index = item.formulas.findIndex((formula) => formula !== undefined);
    if (index < 0) continue;
    const column = (block.columns[index] as { column: number }).column;
    const where = `${sheetName}!${address(item.row, column)}`;
    const reading = readFormula(item.formulas[index] as string, sheetName, column);
    const refuse = (reason: string) => report.guesses.push({ what: "rollup", where, text: `no rollup from =${item.formulas[index]}: ${reason}; its saved result is the value` });
    if (!reading.ok) {
      refuse(reading.reason);
      continue;
    }
    const terms: Term[] = [];
    let problem: string | undefined;
    for (const term of reading.terms) {
      if (term.row === item.row) problem = "it refers to its own row";
      else if (term.row <= block.header || term.row > block.end) problem = `row ${term.row} is outside this statement`;
      else if (byRow.has(term.row)) {
        if (terms.some((other) => other.row === term.row)) problem = `row ${term.row} is counted twice`;
        terms.push(term);
      }
      // Else a blank row or a heading inside the range: SUM skips it, and so does the rollup.
    }
    if (problem === undefined && terms.length === 0) problem = "it refers to no row of numbers";
    for (const term of terms) {
      const taken = links.parent.get(term.row);
      if (problem === undefined && taken !== undefined) problem = `row ${term.row} already rolls up to row ${taken.row}`;
      if (problem === undefined && isAncestor(links, term.row, item.row)) problem = `row ${term.row} is above it in the rollups already`;
    }
    if (problem !== undefined) {
      refuse(problem);
      continue;
    }
    // The other periods' formulas should say the same; where they do not, the first one counts.
    block.columns.forEach((other, at) => {
      const formula = item.formulas[at];
      if (at === index || formula === undefined) return;
      const again = readFormula(formula, sheetName, other.column);
      const same =
        again.ok &&
        again.terms
          .filter((term) => byRow.has(term.row))
          .map((term) => `${term.sign}${term.row}`)
          .join() === terms.map((term) => `${term.sign}${term.row}`).join();
      if (!same)
        report.guesses.push({
          what: "rollup",
          where: `${sheetName}!${address(item.row, other.column)}`,
          text: `=${formula} differs from ${where}'s formula; the rollup follows ${where}`,
        });
    });
    for (const term of terms) links.parent.set(term.row, { row: item.row, sign: term.sign, where });
    const names = terms.map((term) => `${term.sign < 0 ? "− " : "+ "}${(byRow.get(term.row) as RowDraft).label || `row ${term.row}`}`);
    report.guesses.push({ what: "rollup", where, text: `${item.label || `row ${item.row}`} = ${names.join(" ").replace(/^\+ /, "")} (from =${item.formulas[index]})` });
  }
}

function isAncestor(links: Links, candidate: number, row: number): boolean {
  for (let at = links.parent.get(row); at !== undefined; at = links.parent.get(at.row)) if (at.row === candidate) return true;
  return false;
}

/** A row equal, in every period both have, to the sum of the shortest run (two or more) of free rows right above it. */
export function sumRollups(block: Block, items: RowDraft[], report: ImportReport, links: Links): void {
  const hasChildren = new Set([...links.parent.values()].map((link) => link.row));
  items.forEach((item, index) => {
    if (hasChildren.has(item.row)) return;
    const free = items.slice(0, index).filter((candidate) => !links.parent.has(candidate.row));
    for (let length = 2; length <= free.length; length++) {
      const run = free.slice(free.length - length);
      if (!equalsSum(item, run)) continue;
      for (const child of run) links.parent.set(child.row, { row: item.row, sign: 1, where: `${block.sheet.name}!${item.row}:${item.row}` });
      hasChildren.add(item.row);
      report.guesses.push({
        what: "rollup",
        where: `${block.sheet.name}!${address(item.row, (block.columns[0] as { column: number }).column)}`,
        text: `${item.label || `row ${item.row}`} is the sum of the ${length} rows above it (${run.map((child) => child.label || `row ${child.row}`).join(", ")}), so it is taken as their subtotal`,
      });
      return;
    }
  });
}

function equalsSum(item: RowDraft, run: RowDraft[]): boolean {
  let compared = 0;
  for (let at = 0; at < item.shown.length; at++) {
    const total = item.shown[at];
    const parts = run.map((child) => child.shown[at]);
    if (typeof total !== "string" || parts.some((part) => typeof part !== "string")) continue;
    if (sum(parts as string[]) !== total) return false;
    if (total !== "0") compared++;
  }
  return compared > 0;
}

/** Each row's sign in the document: the product of the signs on its way up to its top parent. */
export function storedSigns(items: RowDraft[], links: Links): Map<number, 1 | -1> {
  const signs = new Map<number, 1 | -1>();
  const signOf = (row: number): 1 | -1 => {
    const known = signs.get(row);
    if (known !== undefined) return known;
    const link = links.parent.get(row);
    const sign = link === undefined ? 1 : ((link.sign * signOf(link.row)) as 1 | -1);
    signs.set(row, sign);
    return sign;
  };
  for (const item of items) signOf(item.row);
  return signs;
}

/** A subtotal's value where its formula's result was not saved: its children's sum as the sheet computes it. */
export function computedValue(item: RowDraft, at: number, items: RowDraft[], links: Links, shown: (row: RowDraft, at: number) => Cell): Cell {
  const children = items.filter((child) => links.parent.get(child.row)?.row === item.row);
  if (children.length === 0) return null;
  const parts: string[] = [];
  for (const child of children) {
    const value = shown(child, at);
    if (typeof value !== "string") return null;
    parts.push((links.parent.get(child.row) as { sign: number }).sign < 0 ? negate(value) : value);
  }
  return sum(parts);
}

export function negate(value: string): string {
  return value === "0" ? "0" : value.startsWith("-") ? value.slice(1) : `-${value}`;
}
