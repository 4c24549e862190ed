// The rollupTo rules of section 2.7 within one statement: the parent exists and is not the item
// itself, child and parent share a unit, and the relationships form no cycle.

import { IssueList, isRecord } from "./issue";

export interface RollupEdge {
  index: number;
  /** The child's id when it is a valid identifier. */
  id: string | undefined;
  unit: string | undefined;
  rollupTo: string;
}

export function checkRollupGraph(
  issues: IssueList,
  statementPath: string,
  itemIndexById: ReadonlyMap<string, number>,
  edges: readonly RollupEdge[],
  items: readonly unknown[],
): void {
  const parentOf = new Map<number, number>();
  for (const edge of edges) {
    const path = `${statementPath}/items/${edge.index}/rollupTo`;
    if (edge.rollupTo === edge.id) {
      issues.report("self-rollup", path, `Item "${edge.rollupTo}" rolls up to itself; rollupTo must name another item of the statement.`, { id: edge.rollupTo });
      continue;
    }
    const parentIndex = itemIndexById.get(edge.rollupTo);
    if (parentIndex === undefined) {
      issues.report("unresolved-reference", path, `No item of this statement has the id "${edge.rollupTo}"; rollupTo must name an item in the same statement.`, {
        target: "item",
        id: edge.rollupTo,
      });
      continue;
    }
    parentOf.set(edge.index, parentIndex);
    const parent = items[parentIndex];
    const parentUnit = isRecord(parent) && typeof parent.unit === "string" ? parent.unit : undefined;
    if (edge.unit !== undefined && parentUnit !== undefined && edge.unit !== parentUnit) {
      issues.report(
        "unit-mismatch",
        path,
        `This item is in unit "${edge.unit}" but its parent "${edge.rollupTo}" is in unit "${parentUnit}"; a child and its parent must use the same unit.`,
        { unit: edge.unit, parentUnit, parent: edge.rollupTo },
      );
    }
  }
  const cycles = findCycles(parentOf);
  for (const edge of edges) {
    const cycle = cycles.get(edge.index);
    if (cycle === undefined) continue;
    const ids = rotate(cycle, cycle.indexOf(edge.index)).map((index) => itemId(items[index]));
    issues.report(
      "cyclic-rollup",
      `${statementPath}/items/${edge.index}/rollupTo`,
      `Rollups form a cycle (${[...ids, ids[0]].join(" → ")}); a subtotal cannot contain itself.`,
      { cycle: ids },
    );
  }
}

/** Every index on a cycle of the child → parent graph, mapped to that cycle's members in order. */
function findCycles(parentOf: ReadonlyMap<number, number>): Map<number, number[]> {
  const cycles = new Map<number, number[]>();
  const finished = new Set<number>();
  for (const start of parentOf.keys()) {
    if (finished.has(start)) continue;
    const walk: number[] = [];
    const onWalk = new Set<number>();
    let current: number | undefined = start;
    while (current !== undefined && !finished.has(current) && !onWalk.has(current)) {
      onWalk.add(current);
      walk.push(current);
      current = parentOf.get(current);
    }
    if (current !== undefined && onWalk.has(current)) {
      const cycle = walk.slice(walk.indexOf(current));
      for (const member of cycle) cycles.set(member, cycle);
    }
    for (const visited of walk) finished.add(visited);
  }
  return cycles;
}

function rotate<T>(values: readonly T[], start: number): T[] {
  return [...values.slice(start), ...values.slice(0, start)];
}

function itemId(item: unknown): string {
  return isRecord(item) && typeof item.id === "string" ? item.id : "?";
}
