// rollupTo from a statement's formulas (SUM and +/- over the same column), or, when asked, from
// sums: a row equal to the sum of a contiguous run of the rows above it that roll up nowhere yet.
//
// The contract sums a parent's children with coefficient one and their stored signs. A child a
// formula subtracts is therefore stored negated, and so is everything under it, so that every
// rollup holds exactly as the sheet computes it; the report names each such row.

import * as l10n from "@vscode/l10n";
import { sum } from "../decimal/exact";
import { address } from "../xlsx/a1";
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
    const refuse = (reason: string) =>
      report.guesses.push({ what: "rollup", where, text: l10n.t("no rollup from ={0}: {1}; its saved result is the value", item.formulas[index] as string, reason) });
    if (!reading.ok) {
      refuse(reading.reason);
      continue;
    }
    const terms: Term[] = [];
    const seen = new Set<number>();
    let problem: string | undefined;
    for (const term of reading.terms) {
      if (term.row === item.row) problem = l10n.t("it refers to its own row");
      else if (term.row <= block.header || term.row > block.end) problem = l10n.t("row {0} is outside this statement", term.row);
      else if (byRow.has(term.row)) {
        if (seen.has(term.row)) problem = l10n.t("row {0} is counted twice", term.row);
        seen.add(term.row);
        terms.push(term);
      }
      // Else a blank row or a heading inside the range: SUM skips it, and so does the rollup.
    }
    if (problem === undefined && terms.length === 0) problem = l10n.t("it refers to no row of numbers");
    for (const term of terms) {
      const taken = links.parent.get(term.row);
      if (problem === undefined && taken !== undefined) problem = l10n.t("row {0} already rolls up to row {1}", term.row, taken.row);
      if (problem === undefined && isAncestor(links, term.row, item.row)) problem = l10n.t("row {0} is above it in the rollups already", term.row);
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
          text: l10n.t("={0} differs from {1}'s formula; the rollup follows {1}", formula, where),
        });
    });
    for (const term of terms) links.parent.set(term.row, { row: item.row, sign: term.sign, where });
    const names = terms.map((term) => `${term.sign < 0 ? "− " : "+ "}${rowName(byRow.get(term.row) as RowDraft)}`);
    report.guesses.push({ what: "rollup", where, text: l10n.t("{0} = {1} (from ={2})", rowName(item), names.join(" ").replace(/^\+ /, ""), item.formulas[index] as string) });
  }
}

/** The row's label, or "row 7" for a row without one. */
function rowName(item: RowDraft): string {
  return item.label || l10n.t("row {0}", item.row);
}

function isAncestor(links: Links, candidate: number, row: number): boolean {
  for (let at = links.parent.get(row); at !== undefined; at = links.parent.get(at.row)) if (at.row === candidate) return true;
  return false;
}

/** Runs longer than this are not tried: a subtotal of hundreds of rows is no layout people write. */
const LONGEST_RUN = 200;

/** A row equal, in every period both have, to the sum of the shortest run (two or more) of free rows right above it. */
export function sumRollups(block: Block, items: RowDraft[], report: ImportReport, links: Links): void {
  const hasChildren = new Set([...links.parent.values()].map((link) => link.row));
  const free: RowDraft[] = [];
  for (const item of items) {
    if (!hasChildren.has(item.row)) {
      const run = shortestRun(item, free);
      if (run !== undefined) {
        for (const child of run) links.parent.set(child.row, { row: item.row, sign: 1, where: `${block.sheet.name}!${item.row}:${item.row}` });
        free.splice(free.length - run.length, run.length);
        report.guesses.push({
          what: "rollup",
          where: `${block.sheet.name}!${address(item.row, (block.columns[0] as { column: number }).column)}`,
          text: l10n.t("{0} is the sum of the {1} rows above it ({2}), so it is taken as their subtotal", rowName(item), run.length, run.map(rowName).join(", ")),
        });
      }
    }
    if (!links.parent.has(item.row)) free.push(item);
  }
}

/** The shortest run of two or more rows at the end of `free` whose exact sums are the item's values. */
function shortestRun(item: RowDraft, free: RowDraft[]): RowDraft[] | undefined {
  const totals: (string | undefined)[] = item.shown.map(() => "0");
  for (let length = 1; length <= Math.min(free.length, LONGEST_RUN); length++) {
    const child = free[free.length - length] as RowDraft;
    child.shown.forEach((value, at) => (totals[at] = typeof value === "string" && totals[at] !== undefined ? sum([totals[at] as string, value]) : undefined));
    if (length < 2) continue;
    let compared = 0;
    let equal = true;
    item.shown.forEach((value, at) => {
      if (typeof value !== "string" || totals[at] === undefined) return;
      if (totals[at] !== value) equal = false;
      else if (value !== "0") compared++;
    });
    if (equal && compared > 0) return free.slice(free.length - length);
  }
  return undefined;
}

/** Each row's sign in the document: the product of the signs on its way up to its top parent. */
export function storedSigns(items: RowDraft[], links: Links): Map<number, 1 | -1> {
  const signs = new Map<number, 1 | -1>();
  for (const item of items) {
    // Up to the first row whose sign is known (or the top), then back down: no recursion, as a
    // chain of formulas may be as long as the sheet.
    const path: number[] = [];
    let row: number | undefined = item.row;
    while (row !== undefined && !signs.has(row)) {
      path.push(row);
      row = links.parent.get(row)?.row;
    }
    let sign: 1 | -1 = row === undefined ? 1 : (signs.get(row) as 1 | -1);
    for (let at = path.length - 1; at >= 0; at--) {
      const link = links.parent.get(path[at] as number);
      if (link !== undefined) sign = (sign * link.sign) as 1 | -1;
      signs.set(path[at] as number, sign);
    }
  }
  return signs;
}

/**
 * Every row's values as the sheet shows them, with a formula whose result was not saved taking
 * its children's sum as the sheet computes it (children first, without recursion).
 */
export function shownValues(items: RowDraft[], links: Links): Map<number, Cell[]> {
  const children = new Map<number, RowDraft[]>();
  for (const item of items) {
    const parent = links.parent.get(item.row);
    if (parent !== undefined) children.set(parent.row, [...(children.get(parent.row) ?? []), item]);
  }
  const values = new Map<number, Cell[]>();
  const stack: [RowDraft, boolean][] = items.filter((item) => !links.parent.has(item.row)).map((item) => [item, false]);
  while (stack.length > 0) {
    const [item, expanded] = stack.pop() as [RowDraft, boolean];
    const below = children.get(item.row) ?? [];
    if (!expanded) {
      stack.push([item, true], ...below.map((child): [RowDraft, boolean] => [child, false]));
      continue;
    }
    values.set(
      item.row,
      item.shown.map((value, at) => {
        if (!item.unsaved[at]) return value;
        if (below.length === 0) return null;
        const parts: string[] = [];
        for (const child of below) {
          const part = (values.get(child.row) as Cell[])[at];
          if (typeof part !== "string") return null;
          parts.push((links.parent.get(child.row) as { sign: number }).sign < 0 ? negate(part) : part);
        }
        return sum(parts);
      }),
    );
  }
  return values;
}

export function negate(value: string): string {
  return value === "0" ? "0" : value.startsWith("-") ? value.slice(1) : `-${value}`;
}
