// Rollup evaluation (section 3) for a structurally conforming document: one application per
// statement × parent with direct children × statement period, in that order.

import { formatUnits, fractionDigits, toUnits, absAtMost } from "../decimal/exact";
import type { Cell, FsDocument, Item, RollupApplication, Statement } from "../types";

export function evaluateRollups(document: FsDocument): RollupApplication[] {
  const toleranceByUnit = new Map<string, string>();
  for (const unit of document.units) toleranceByUnit.set(unit.id, unit.defaultTolerance ?? "0");
  const applications: RollupApplication[] = [];
  for (const statement of document.statements) evaluateStatement(statement, toleranceByUnit, applications);
  return applications;
}

function evaluateStatement(statement: Statement, toleranceByUnit: ReadonlyMap<string, string>, applications: RollupApplication[]): void {
  const childrenByParent = new Map<string, Item[]>();
  for (const item of statement.items) {
    if (item.rollupTo === undefined) continue;
    const children = childrenByParent.get(item.rollupTo);
    if (children === undefined) childrenByParent.set(item.rollupTo, [item]);
    else children.push(item);
  }
  for (const parent of statement.items) {
    const children = childrenByParent.get(parent.id);
    if (children === undefined) continue;
    const tolerance = toleranceByUnit.get(parent.unit) ?? "0";
    for (const period of statement.periods) {
      applications.push(evaluateApplication(statement.id, parent, children, period, tolerance));
    }
  }
}

function evaluateApplication(statement: string, parent: Item, children: readonly Item[], period: string, tolerance: string): RollupApplication {
  const key = { statement, parent: parent.id, period };
  const blocked = firstUnusableCell(parent, children, period);
  if (blocked !== undefined) {
    return {
      key,
      status: "error",
      reason: blocked.cell === null ? "missing-value" : "unavailable-value",
      cell: { statement, item: blocked.item.id, period },
    };
  }
  const actual = parent.values[period] as string;
  let scale = fractionDigits(actual);
  for (const child of children) scale = Math.max(scale, fractionDigits(child.values[period] as string));
  let expectedUnits = 0n;
  for (const child of children) expectedUnits += toUnits(child.values[period] as string, scale);
  const expected = formatUnits(expectedUnits, scale);
  const difference = formatUnits(toUnits(actual, scale) - expectedUnits, scale);
  return {
    key,
    status: absAtMost(difference, tolerance) ? "satisfied" : "unsatisfied",
    actual,
    expected,
    difference,
    tolerance,
  };
}

/** The parent's cell first, then the children's in item order: the first that is not a value. */
function firstUnusableCell(parent: Item, children: readonly Item[], period: string): { item: Item; cell: Cell } | undefined {
  const own = parent.values[period];
  if (typeof own !== "string") return { item: parent, cell: own ?? null };
  for (const child of children) {
    const cell = child.values[period];
    if (typeof cell !== "string") return { item: child, cell: cell ?? null };
  }
  return undefined;
}
