// Inlay hints after a subtotal's value: the children's sum, "Σ 1,234 (off by 6)" when it differs
// (and "Σ 1,234" when it agrees, if the user asks to see them always). Pure: offsets in the
// analysed text; the registration turns them into positions.

import { pointer, type NumericApplication } from "../../../shared/src/index";
import * as l10n from "@vscode/l10n";
import { NEUTRAL_FORMAT, type DisplayFormat } from "../../../shared/src/render/localeFormat";
import type { ParsedVersion } from "../analysis";

export type RollupSumsMode = "whenDifferent" | "always" | "never";

export interface RollupSumHint {
  /** Just after the subtotal's value. */
  offset: number;
  label: string;
  tooltip: string;
}

/** The hints whose offset lies in [start, end], in text order. */
export function rollupSumHints(good: ParsedVersion, mode: RollupSumsMode, start = 0, end = Number.MAX_SAFE_INTEGER, display: DisplayFormat = NEUTRAL_FORMAT): RollupSumHint[] {
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
    const [expected, actual, difference, tolerance] = [application.expected, application.actual, application.difference, application.tolerance].map((value) =>
      display.number(value),
    ) as [string, string, string, string];
    const sum = `Σ ${expected}`;
    // In parentheses: the JSON comma that follows the value must not read as part of the hint ("off by 1,").
    const label = application.difference === "0" ? sum : l10n.t("{0} (off by {1})", sum, difference);
    const tooltip =
      application.status === "satisfied"
        ? l10n.t("The children sum to {0}; stated {1}, a difference of {2}, within the tolerance {3}.", expected, actual, difference, tolerance)
        : l10n.t("The children sum to {0}; stated {1}, a difference of {2}, beyond the tolerance {3}.", expected, actual, difference, tolerance);
    hints.push({ offset, label, tooltip });
  });
  return hints.sort((a, b) => a.offset - b.offset);
}
