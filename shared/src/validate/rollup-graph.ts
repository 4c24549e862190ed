// The rollupTo rules of section 2.7 within one statement: the parent exists and is not the item
// itself, child and parent share a unit, and the relationships form no cycle.

import * as l10n from "@vscode/l10n";
import { IssueList, isRecord, show } from "./issue";

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
      issues.report("self-rollup", path, l10n.t("Item {0} rolls up to itself; rollupTo must name another item of the statement.", show(edge.rollupTo)), { id: edge.rollupTo });
      continue;
    }
    const parentIndex = itemIndexById.get(edge.rollupTo);
    if (parentIndex === undefined) {
      issues.report("unresolved-reference", path, l10n.t("No item of this statement has the id {0}; rollupTo must name an item in the same statement.", show(edge.rollupTo)), {
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
        l10n.t(
          "This item is in unit {0} but its parent {1} is in unit {2}; a child and its parent must use the same unit.",
          show(edge.unit),
          show(edge.rollupTo),
          show(parentUnit),
        ),
        // Not the parent's unit: it is another item's text, and a parent of many children would
        // repeat it in every child's error.
        { unit: edge.unit, parent: edge.rollupTo },
      );
    }
  }
  const cycles = findCycles(parentOf);
  for (const edge of edges) {
    const cycle = cycles.get(edge.index);
    if (cycle === undefined) continue;
    // Linear in total: each error names at most CYCLE_IDS_SHOWN ids, starting from its own item.
    const position = cycle.positionOf.get(edge.index) as number;
    const length = cycle.members.length;
    const shown: string[] = [];
    for (let step = 0; step < Math.min(length, CYCLE_IDS_SHOWN); step++) shown.push(itemId(items[cycle.members[(position + step) % length] as number]));
    const route =
      length <= CYCLE_IDS_SHOWN
        ? [...shown, shown[0]].map((id) => show(id)).join(" → ")
        : l10n.t("{0} → … ({1} more)", shown.map((id) => show(id)).join(" → "), length - shown.length);
    issues.report(
      "cyclic-rollup",
      `${statementPath}/items/${edge.index}/rollupTo`,
      length === 1
        ? l10n.t("Rollups form a cycle of 1 item ({0}); a subtotal cannot contain itself.", route)
        : l10n.t("Rollups form a cycle of {0} items ({1}); a subtotal cannot contain itself.", length, route),
      { cycle: shown, cycleLength: length },
    );
  }
}

/** How many ids of a cycle an error names; the count says how long the cycle is. */
export const CYCLE_IDS_SHOWN = 5;

interface Cycle {
  /** Item indices in child → parent order. */
  members: number[];
  positionOf: Map<number, number>;
}

/** Every index on a cycle of the child → parent graph, mapped to that cycle's members in order. */
function findCycles(parentOf: Int32Array): Map<number, Cycle> {
  const cycles = new Map<number, Cycle>();
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
      const found: Cycle = { members: cycle, positionOf: new Map(cycle.map((member, position) => [member, position])) };
      for (const member of cycle) cycles.set(member, found);
    }
    for (let member = start; member !== -1 && seenOnWalk[member] === walkId; member = parentOf[member] as number) seenOnWalk[member] = -1;
  }
  return cycles;
}

function itemId(item: unknown): string {
  return isRecord(item) && typeof item.id === "string" ? item.id : "?";
}
