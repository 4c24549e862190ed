// How a part of the document is named to a user. A statement or item without label and id is
// named by its ordinal, which is 1-based ("Item 1" is the first item), while pointers and
// indices stay 0-based; every reader (preview, hover, outline, diagnostics) uses these.

import * as l10n from "@vscode/l10n";
import { groupDigits } from "../render/format";
import type { ItemEntry, PeriodEntry, StatementEntry, UnitEntry } from "./document-model";

/** "Item 3" for the third item (index 2). */
export function ordinalName(kind: "Statement" | "Item", index: number): string {
  return kind === "Item" ? l10n.t("Item {0}", index + 1) : l10n.t("Statement {0}", index + 1);
}

export function itemName(item: Pick<ItemEntry, "label" | "id" | "index">): string {
  return item.label ?? item.id ?? ordinalName("Item", item.index);
}

export function statementName(statement: Pick<StatementEntry, "label" | "id" | "index">): string {
  return statement.label ?? statement.id ?? ordinalName("Statement", statement.index);
}

/** What stands between a duration's first and last day in its label: "2025-01-01 – 2025-12-31". */
export const PERIOD_DATES_SEPARATOR = " – ";

type PeriodDates = Pick<PeriodEntry, "kind" | "date" | "start" | "end">;

/** The dates a period is named by: an instant's date, a duration's first and last day; undefined where it has neither. */
export function periodDates(period: PeriodDates): readonly string[] | undefined {
  if (period.kind === "instant" && period.date !== undefined) return [period.date];
  if (period.kind === "duration" && period.start !== undefined && period.end !== undefined) return [period.start, period.end];
  return undefined;
}

/** A period's dates (periodDates) as one label, each date through `date`. */
export function datesLabel(dates: readonly string[], date: (iso: string) => string = (iso) => iso): string {
  return dates.map(date).join(PERIOD_DATES_SEPARATOR);
}

/**
 * A period as the preview's column heading names it: its date, or its first and last day ("2025-01-01
 * – 2025-12-31", each date through `date`: the display language's form in the editor, the ISO date
 * elsewhere); undefined where it has neither. The one rule every view names periods by.
 */
export function periodLabel(period: PeriodDates, date: (iso: string) => string = (iso) => iso): string | undefined {
  const dates = periodDates(period);
  return dates === undefined ? undefined : datesLabel(dates, date);
}

/** periodLabel, else the period's id. */
export function periodName(period: PeriodDates & Pick<PeriodEntry, "id">, date: (iso: string) => string = (iso) => iso): string {
  return periodLabel(period, date) ?? period.id;
}

/** A unit's scale in words, as the preview says it: 3 → "in thousands"; others "in units of 10,000" or "in units of 0.01". */
export function scaleInWords(scale: number): string {
  switch (scale) {
    case 0:
      return l10n.t("in units");
    case 2:
      return l10n.t("in hundreds");
    case 3:
      return l10n.t("in thousands");
    case 6:
      return l10n.t("in millions");
    case 9:
      return l10n.t("in billions");
    case 12:
      return l10n.t("in trillions");
  }
  const size = Math.abs(scale);
  // Scales are safe integers; beyond a few dozen digits the plain power is clearer than the digits.
  if (size > 24) return l10n.t("in units of 10 to the power {0}", scale);
  return l10n.t("in units of {0}", scale > 0 ? groupDigits(`1${"0".repeat(size)}`) : `0.${"0".repeat(size - 1)}1`);
}

/** scaleInWords for a scale as written (render keeps it as text): "3" → "in thousands". */
export function scaleTextInWords(scale: string): string {
  // A short integer converts exactly; anything longer is said as the power it is.
  return /^-?\d{1,3}$/.test(scale) ? scaleInWords(Number(scale)) : l10n.t("in units of 10 to the power {0}", scale);
}

/**
 * "krw-m (KRW, in millions)": the unit's name, then its measure and scale where the name does not
 * already say them. A label "GBP thousands" stays "GBP thousands", not "GBP thousands (GBP, in
 * thousands)".
 */
export function unitSummary(unit: UnitEntry): string {
  const name = unit.label ?? unit.id;
  const said = name.toLocaleLowerCase();
  const scale = unit.scale === undefined ? undefined : scaleInWords(unit.scale);
  // The scale's last word, singular: "thousand" of "in thousands", "Tausend" of "in Tausend".
  const scaleWord = scale?.split(" ").at(-1)?.replace(/s$/, "").toLocaleLowerCase();
  const details = [
    unit.measure !== undefined && !said.includes(unit.measure.toLocaleLowerCase()) ? unit.measure : undefined,
    scale !== undefined && scaleWord !== undefined && !said.includes(scaleWord) ? scale : undefined,
  ].filter((part): part is string => part !== undefined);
  return details.length === 0 ? name : `${name} (${details.join(", ")})`;
}

/** "instant 2025-12-31" or "duration 2025-01-01 – 2025-12-31"; `date` writes a date (the display language's form in the editor). */
export function periodSummary(period: PeriodEntry, date: (iso: string) => string = (iso) => iso): string {
  if (period.kind === "instant") return period.date === undefined ? l10n.t("instant (no date)") : l10n.t("instant {0}", date(period.date));
  if (period.kind === "duration") {
    return l10n.t("duration {0} – {1}", period.start === undefined ? l10n.t("(no start)") : date(period.start), period.end === undefined ? l10n.t("(no end)") : date(period.end));
  }
  return period.kind === undefined ? l10n.t("period without a kind") : l10n.t("period of unknown kind {0}", period.kind);
}
