// Rollup evaluation (section 3) for a structurally conforming document: one application per
// statement × parent with direct children × statement period, in that order.

import { formatUnits, fractionDigits, toUnits, unitsAtMost } from "../decimal/exact";
import type { ApplicationKey, Cell, FsDocument, Item, RollupApplication, Statement } from "../types";

export function evaluateRollups(document: FsDocument): RollupApplication[] {
  const toleranceByUnit = tolerances(document);
  const applications: RollupApplication[] = [];
  for (const statement of document.statements) evaluateStatement(statement, toleranceByUnit, applications);
  return applications;
}

/** Each unit's default tolerance ("0" when it has none), by unit id. */
export function tolerances(document: FsDocument): Map<string, string> {
  const toleranceByUnit = new Map<string, string>();
  for (const unit of document.units) toleranceByUnit.set(unit.id, unit.defaultTolerance ?? "0");
  return toleranceByUnit;
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

export function evaluateApplication(statement: string, parent: Item, children: readonly Item[], period: string, tolerance: string): RollupApplication {
  const key = { statement, parent: parent.id, period };
  // One pass over the cells, parent first: the first one that is not a value ends the application;
  // otherwise it yields the scale every value is summed at.
  const actual = parent.values[period];
  if (typeof actual !== "string") return errorApplication(key, parent, actual);
  let scale = fractionDigits(actual);
  const cells = new Array<string>(children.length);
  for (let i = 0; i < children.length; i++) {
    const child = children[i] as Item;
    const cell = child.values[period];
    if (typeof cell !== "string") return errorApplication(key, child, cell);
    cells[i] = cell;
    const digits = fractionDigits(cell);
    if (digits > scale) scale = digits;
  }
  let expectedUnits = 0n;
  for (const cell of cells) expectedUnits += toUnits(cell, scale);
  const differenceUnits = toUnits(actual, scale) - expectedUnits;
  const satisfied = unitsAtMost(differenceUnits, scale, tolerance);
  return {
    key,
    status: satisfied ? "satisfied" : "unsatisfied",
    actual,
    expected: formatUnits(expectedUnits, scale),
    difference: formatUnits(differenceUnits, scale),
    tolerance,
  };
}

function errorApplication(key: ApplicationKey, item: Item, cell: Cell | undefined): RollupApplication {
  return {
    key,
    status: "error",
    reason: cell === null || cell === undefined ? "missing-value" : "unavailable-value",
    cell: { statement: key.statement, item: item.id, period: key.period },
  };
}
