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
  // parentOf[child index] = parent index, or -1: item indices are dense, so arrays beat maps here.
  const parentOf = new Int32Array(items.length).fill(-1);
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
    parentOf[edge.index] = parentIndex;
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
function findCycles(parentOf: Int32Array): Map<number, number[]> {
  const cycles = new Map<number, number[]>();
  // 0: not seen; w > 0: seen on walk w (still open); -1: finished, known to be on no new cycle.
  const seenOnWalk = new Int32Array(parentOf.length);
  let walkId = 0;
  for (let start = 0; start < parentOf.length; start++) {
    if (parentOf[start] === -1 || seenOnWalk[start] !== 0) continue;
    walkId++;
    let current = start;
    while (current !== -1 && seenOnWalk[current] === 0) {
      seenOnWalk[current] = walkId;
      current = parentOf[current] as number;
    }
    if (current !== -1 && seenOnWalk[current] === walkId) {
      const cycle = [current];
      for (let member = parentOf[current] as number; member !== current; member = parentOf[member] as number) cycle.push(member);
      for (const member of cycle) cycles.set(member, cycle);
    }
    for (let member = start; member !== -1 && seenOnWalk[member] === walkId; member = parentOf[member] as number) seenOnWalk[member] = -1;
  }
  return cycles;
}

function rotate<T>(values: readonly T[], start: number): T[] {
  return [...values.slice(start), ...values.slice(0, start)];
}

function itemId(item: unknown): string {
  return isRecord(item) && typeof item.id === "string" ? item.id : "?";
}
