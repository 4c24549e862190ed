// The Rollups view's "failing first" order and its status icons, free of the vscode API so that
// they are tested in-process.

import type { RollupNodeStatus } from "../../../protocol/lsp";

/**
 * A subtotal that does not add up first (it has an answer: the difference, its causes, its fixes),
 * then the ones that cannot be checked (a value is missing or unavailable), then the rest.
 */
const FAILING_RANK: Record<RollupNodeStatus, number> = { unsatisfied: 0, error: 1, "not-checked": 2, satisfied: 3 };

/** Failing (unsatisfied, then cannot be checked) before the rest; the sort is stable, so document order holds within each. */
export function failingFirst<T extends { status?: RollupNodeStatus }>(nodes: readonly T[]): T[] {
  return [...nodes].sort((a, b) => FAILING_RANK[a.status ?? "satisfied"] - FAILING_RANK[b.status ?? "satisfied"]);
}

/** `fs.rollups.severity`: the severity the Problems panel gives every rollup problem of a document. */
export type RollupSeverity = "error" | "warning" | "information" | "hint" | "off";

export interface StatusIcon {
  /** A codicon id. */
  id: string;
  /** A theme colour id, when the icon is coloured. */
  color?: string;
}

const SEVERITY_ICONS: Record<Exclude<RollupSeverity, "off">, StatusIcon> = {
  error: { id: "error", color: "problemsErrorIcon.foreground" },
  warning: { id: "warning", color: "problemsWarningIcon.foreground" },
  information: { id: "info", color: "problemsInfoIcon.foreground" },
  hint: { id: "lightbulb" },
};

/**
 * A node's icon. A subtotal that does not add up wears the icon the Problems panel gives its
 * diagnostic (`fs.rollups.severity`: a warning by default, never a red ✗ for a warning); one that
 * cannot be checked wears a question mark in the same colour, so the two stay apart at a glance.
 */
export function statusIcon(status: RollupNodeStatus | undefined, severity: RollupSeverity): StatusIcon {
  const problem = severity === "off" ? { id: "circle-outline" } : SEVERITY_ICONS[severity];
  switch (status) {
    case "satisfied":
      return { id: "pass", color: "testing.iconPassed" };
    case "unsatisfied":
      return problem;
    case "error":
      return problem.color === undefined ? { id: "question" } : { id: "question", color: problem.color };
    case "not-checked":
      return { id: "circle-slash" };
    default:
      return { id: "symbol-field" };
  }
}

/** A setting's value as a severity; anything else is the default, as the server reads it (server/src/settings.ts). */
export function rollupSeverity(value: unknown): RollupSeverity {
  return value === "error" || value === "warning" || value === "information" || value === "hint" || value === "off" ? value : "warning";
}
