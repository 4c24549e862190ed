// Hierarchy from explicit rollupTo relationships only (section 1: it changes no values and no row
// order). Works on unchecked input: unresolved parents, self-rollups, duplicate ids and cycles
// give a finite depth instead of a hang or an exception.

export interface RowLinks {
  /** Row position of the parent, when rollupTo names another row of the statement. */
  readonly parent: number | undefined;
  readonly depth: number;
  readonly isSubtotal: boolean;
}

/**
 * `ids[i]` and `rollupTo[i]` describe row i. An id that occurs twice resolves to its first row,
 * as a lookup by id would; the duplicate is reported by validation, not here.
 */
export function rowLinks(ids: readonly (string | undefined)[], rollupTo: readonly (string | undefined)[]): RowLinks[] {
  const rowById = new Map<string, number>();
  ids.forEach((id, row) => {
    if (id !== undefined && !rowById.has(id)) rowById.set(id, row);
  });
  const parents = rollupTo.map((target, row) => {
    const parent = target === undefined ? undefined : rowById.get(target);
    return parent === row ? undefined : parent;
  });
  const depths = ancestorCounts(parents);
  const hasChild = new Set<number>();
  for (const parent of parents) if (parent !== undefined) hasChild.add(parent);
  return parents.map((parent, row) => ({ parent, depth: depths[row] ?? 0, isSubtotal: hasChild.has(row) }));
}

/**
 * The number of distinct ancestors of each row, in linear time. A walk stops at a row whose count
 * is known or at a row already on the walk (a cycle): every member of a cycle of length L has the
 * other L - 1 members as its ancestors, and each row before it on the walk has one more than its
 * successor.
 */
function ancestorCounts(parents: readonly (number | undefined)[]): number[] {
  const counts = new Array<number | undefined>(parents.length).fill(undefined);
  for (let start = 0; start < parents.length; start++) {
    if (counts[start] !== undefined) continue;
    const walk: number[] = [];
    const onWalk = new Map<number, number>();
    let current: number | undefined = start;
    let next = 0;
    while (current !== undefined) {
      const known = counts[current];
      if (known !== undefined) {
        next = known + 1;
        break;
      }
      const seenAt = onWalk.get(current);
      if (seenAt !== undefined) {
        const cycleLength = walk.length - seenAt;
        for (let i = seenAt; i < walk.length; i++) counts[walk[i] as number] = cycleLength - 1;
        walk.length = seenAt;
        next = cycleLength;
        break;
      }
      onWalk.set(current, walk.length);
      walk.push(current);
      current = parents[current];
    }
    for (let i = walk.length - 1; i >= 0; i--) {
      counts[walk[i] as number] = next;
      next += 1;
    }
  }
  return counts.map((count) => count ?? 0);
}
