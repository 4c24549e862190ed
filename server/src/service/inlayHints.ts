// Inlay hints after a subtotal's value: the children's sum, "Σ 1,234, off by 6" when it differs
// (and "Σ 1,234" when it agrees, if the user asks to see them always). Pure: offsets in the
// analysed text; the registration turns them into positions.

import { pointer, type NumericApplication } from "../../../shared/src/index";
import { groupDigits } from "../../../shared/src/render/format";
import type { ParsedVersion } from "../analysis";

export type RollupSumsMode = "whenDifferent" | "always" | "never";

export interface RollupSumHint {
  /** Just after the subtotal's value. */
  offset: number;
  label: string;
  tooltip: string;
}

/** The hints whose offset lies in [start, end], in text order. */
export function rollupSumHints(good: ParsedVersion, mode: RollupSumsMode, start = 0, end = Number.MAX_SAFE_INTEGER): RollupSumHint[] {
  if (mode === "never") return [];
  const shown: { application: NumericApplication; path: string }[] = [];
  for (const application of good.analysis.result.calculations.applications) {
    if (application.status === "error" || (mode === "whenDifferent" && application.difference === "0")) continue;
    const statement = good.model.statementsById.get(application.key.statement);
    const parent = statement?.itemsById.get(application.key.parent);
    if (statement === undefined || parent === undefined) continue;
    shown.push({ application, path: pointer("statements", statement.index, "items", parent.index, "values", application.key.period) });
  }
  if (shown.length === 0) return [];
  const ranges = good.locator.locateAll(shown.map(({ path }) => ({ path, mark: "value" as const })));
  const hints: RollupSumHint[] = [];
  shown.forEach(({ application }, index) => {
    const range = ranges[index];
    if (range === undefined) return;
    const offset = range.offset + range.length;
    if (offset < start || offset > end) return;
    const sum = `Σ ${groupDigits(application.expected)}`;
    const label = application.difference === "0" ? sum : `${sum}, off by ${groupDigits(application.difference)}`;
    const verdict = application.status === "satisfied" ? "within" : "beyond";
    hints.push({
      offset,
      label,
      tooltip: `The children sum to ${groupDigits(application.expected)}; stated ${groupDigits(application.actual)}, a difference of ${groupDigits(application.difference)}, ${verdict} the tolerance ${groupDigits(application.tolerance)}.`,
    });
  });
  return hints.sort((a, b) => a.offset - b.offset);
}
