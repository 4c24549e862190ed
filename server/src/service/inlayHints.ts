// Inlay hints after a subtotal's value: the children's sum, "Σ 1,234 (off by 6)" when it differs
// (and "Σ 1,234" when it agrees, if the user asks to see them always). Pure: offsets in the
// analysed text; the registration turns them into positions.
//
// VS Code asks for the hints of the lines in view, again after every edit and scroll. So the work
// follows the requested range, not the document: the statements and items that overlap it are
// found by binary search over their ranges (which a large text's span index answers without
// reading the text, json/spans.ts), and only their subtotals' values are located. Over a 5 MB draft
// with 6,200 rollup checks, the whole list was walked, keyed and looked up for each request.

import { pointer, type NumericApplication } from "../../../shared/src/index";
import * as l10n from "@vscode/l10n";
import { NEUTRAL_FORMAT, type DisplayFormat } from "../../../shared/src/render/localeFormat";
import type { ItemEntry, StatementEntry } from "../../../shared/src/model/document-model";
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
  const applications = good.analysis.result.calculations.applications;
  const shown: { application: NumericApplication; path: string }[] = [];
  for (const { statement, item } of itemsOverlapping(good, start, end)) {
    // An application names its statement and parent by id; the first statement and item with those
    // ids are where its value is (the only ones, in a conforming document).
    if (statement.id === undefined || item.id === undefined) continue;
    if (good.model.statementsById.get(statement.id) !== statement || statement.itemsById.get(item.id) !== item) continue;
    for (const position of good.applicationsOfParent(statement.id, item.id)) {
      const application = applications[position];
      if (application === undefined || application.status === "error" || (mode === "whenDifferent" && application.difference === "0")) continue;
      shown.push({ application, path: pointer("statements", statement.index, "items", item.index, "values", application.key.period) });
    }
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

/** The items (with their statements) whose text overlaps [start, end], in text order. */
function* itemsOverlapping(good: ParsedVersion, start: number, end: number): Generator<{ statement: StatementEntry; item: ItemEntry }> {
  const overlaps = (at: string): boolean => {
    const range = good.locator.locate(at, "value");
    return range.offset <= end && range.offset + range.length >= start;
  };
  for (const statement of good.model.statements) {
    if (!overlaps(statement.pointer)) continue;
    const items = statement.items;
    // Items are array elements, in text order and apart: the first one that ends at or after `start`…
    let low = 0;
    let high = items.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const range = good.locator.locate(items[middle]!.pointer, "value");
      if (range.offset + range.length < start) low = middle + 1;
      else high = middle;
    }
    // …and those after it that start at or before `end`.
    for (let index = low; index < items.length && overlaps(items[index]!.pointer); index++) yield { statement, item: items[index]! };
  }
}
