// Which subtotal cells become formulas, and what every cell of a statement sheet shows.
//
// The rule (docs/design.md, "XLSX export"): a subtotal's formula adds its children's cells as the
// sheet shows them, and the value saved with the formula is computed the same way, from those
// cells, in exact decimals. So a program that recalculates on load and one that shows the saved
// values show the same numbers. A child subtotal whose cell shows its own children's sum, not its
// stated value, passes that sum up; the parent's note names the stated values and the difference,
// so nothing the document states is hidden.
//
// A subtotal is a formula only when its rollup was evaluated (satisfied or not) and its children's
// cells are all numbers whose exact sum is itself a number a spreadsheet holds exactly (≤ 15
// significant digits, numbers.ts); otherwise it keeps its stated value and says why.

import { sum } from "../decimal/exact";
import type { StatementPresentation } from "../render/model";
import { exactAsNumber } from "./numbers";

/** Why a subtotal whose rollup was evaluated is not a formula. */
export type NoFormula = "text-child" | "sum-too-long" | "formula-too-long";

export interface CellPlan {
  /** The exact decimal the cell shows as a number, or undefined for text, empty or an error. */
  shown: string | undefined;
  /** The formula, without "=", when the cell is one. */
  formula: string | undefined;
  /** For an evaluated subtotal that is not a formula: why not. */
  noFormula: NoFormula | undefined;
  /** The children (row positions) whose text cells kept this subtotal from being a formula. */
  textChildren: readonly number[];
}

export interface StatementPlan {
  readonly cells: readonly (readonly CellPlan[])[];
  /** Each row's children, by row position, in row order. */
  readonly children: readonly (readonly number[])[];
}

/** Excel's limit on a formula's length is 8,192 characters. */
const MAX_FORMULA = 8000;

export function planStatement(statement: StatementPresentation, firstRow: number, columnLetter: (index: number) => string): StatementPlan {
  const rows = statement.rows;
  const children: number[][] = rows.map(() => []);
  rows.forEach((row, position) => {
    if (row.parentRow !== undefined) children[row.parentRow]?.push(position);
  });
  const cells: CellPlan[][] = rows.map((row) =>
    row.cells.map((cell) => ({
      shown: cell.kind === "value" && exactAsNumber(cell.text) ? cell.text : undefined,
      formula: undefined,
      noFormula: undefined,
      textChildren: [],
    })),
  );
  // Children are one level deeper than their parent (depth counts ancestors), so visiting the rows
  // deepest first settles every child before its parent, without recursion on a long chain.
  const order = rows.map((_row, position) => position).sort((a, b) => (rows[b]?.depth ?? 0) - (rows[a]?.depth ?? 0));
  for (const position of order) {
    const row = rows[position];
    const kids = children[position] as number[];
    if (row === undefined || kids.length === 0) continue;
    row.cells.forEach((cell, column) => {
      const application = cell.rollup;
      if (cell.kind !== "value" || application === undefined || application.status === "error") return;
      const plan = cells[position]?.[column] as CellPlan;
      const shown = kids.map((kid) => cells[kid]?.[column]?.shown);
      const textChildren = kids.filter((_kid, index) => shown[index] === undefined);
      if (textChildren.length > 0) {
        Object.assign(plan, { noFormula: "text-child", textChildren });
        return;
      }
      const total = sum(shown as string[]);
      if (!exactAsNumber(total)) {
        plan.noFormula = "sum-too-long";
        return;
      }
      const formula = sumFormula(kids, columnLetter(column), firstRow);
      if (formula === undefined) {
        plan.noFormula = "formula-too-long";
        return;
      }
      Object.assign(plan, { shown: total, formula });
    });
  }
  return { cells, children };
}

/** SUM over the children's cells in one column, contiguous rows as ranges. */
function sumFormula(children: readonly number[], letter: string, firstRow: number): string | undefined {
  const rows = children.map((child) => firstRow + child).sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < rows.length;) {
    let j = i;
    while (j + 1 < rows.length && rows[j + 1] === (rows[j] as number) + 1) j++;
    parts.push(i === j ? `${letter}${rows[i]}` : `${letter}${rows[i]}:${letter}${rows[j]}`);
    i = j + 1;
  }
  const formula = `SUM(${parts.join(",")})`;
  return formula.length > MAX_FORMULA ? undefined : formula;
}
