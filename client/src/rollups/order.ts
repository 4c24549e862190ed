// The Rollups view's "failing first" order, free of the vscode API so that it is tested in-process.

import type { RollupNodeStatus } from "../../../protocol/lsp";

const FAILING_RANK: Record<RollupNodeStatus, number> = { error: 0, unsatisfied: 1, "not-checked": 2, satisfied: 3 };

/** Failing (errors, then unsatisfied) before the rest; the sort is stable, so document order holds within each. */
export function failingFirst<T extends { status?: RollupNodeStatus }>(nodes: readonly T[]): T[] {
  return [...nodes].sort((a, b) => FAILING_RANK[a.status ?? "satisfied"] - FAILING_RANK[b.status ?? "satisfied"]);
}
