// How a part of the document is named to a user. A statement or item without label and id is
// named by its ordinal, which is 1-based ("Item 1" is the first item), while pointers and
// indices stay 0-based; every reader (preview, hover, outline, diagnostics) uses these.

import { groupDigits } from "../render/format";
import type { ItemEntry, PeriodEntry, StatementEntry, UnitEntry } from "./document-model";

/** "Item 3" for the third item (index 2). */
export function ordinalName(kind: "Statement" | "Item", index: number): string {
  return `${kind} ${index + 1}`;
}

export function itemName(item: Pick<ItemEntry, "label" | "id" | "index">): string {
  return item.label ?? item.id ?? ordinalName("Item", item.index);
}

export function statementName(statement: Pick<StatementEntry, "label" | "id" | "index">): string {
  return statement.label ?? statement.id ?? ordinalName("Statement", statement.index);
}

const SCALE_WORDS = new Map<number, string>([
  [0, "in units"],
  [2, "in hundreds"],
  [3, "in thousands"],
  [6, "in millions"],
  [9, "in billions"],
  [12, "in trillions"],
]);

/** A unit's scale in words, as the preview says it: 3 → "in thousands"; others "in units of 10,000" or "in units of 0.01". */
export function scaleInWords(scale: number): string {
  const named = SCALE_WORDS.get(scale);
  if (named !== undefined) return named;
  const size = Math.abs(scale);
  // Scales are safe integers; beyond a few dozen digits the plain power is clearer than the digits.
  if (size > 24) return `in units of 10 to the power ${scale}`;
  return `in units of ${scale > 0 ? groupDigits(`1${"0".repeat(size)}`) : `0.${"0".repeat(size - 1)}1`}`;
}

/** scaleInWords for a scale as written (render keeps it as text): "3" → "in thousands". */
export function scaleTextInWords(scale: string): string {
  // A short integer converts exactly; anything longer is said as the power it is.
  return /^-?\d{1,3}$/.test(scale) ? scaleInWords(Number(scale)) : `in units of 10 to the power ${scale}`;
}

/** "KRW millions (KRW, in millions)". */
export function unitSummary(unit: UnitEntry): string {
  const details = [unit.measure, unit.scale === undefined ? undefined : scaleInWords(unit.scale)].filter((part): part is string => part !== undefined);
  const name = unit.label ?? unit.id;
  return details.length === 0 ? name : `${name} (${details.join(", ")})`;
}

/** "instant 2025-12-31" or "duration 2025-01-01 – 2025-12-31". */
export function periodSummary(period: PeriodEntry): string {
  if (period.kind === "instant") return `instant ${period.date ?? "(no date)"}`;
  if (period.kind === "duration") return `duration ${period.start ?? "(no start)"} – ${period.end ?? "(no end)"}`;
  return period.kind === undefined ? "period without a kind" : `period of unknown kind ${period.kind}`;
}
