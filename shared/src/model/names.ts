// How a part of the document is named to a user. A statement or item without label and id is
// named by its ordinal, which is 1-based ("Item 1" is the first item), while pointers and
// indices stay 0-based; every reader (preview, hover, outline, diagnostics) uses these.

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

/** "KRW millions (KRW, ×10^6)". */
export function unitSummary(unit: UnitEntry): string {
  const details = [unit.measure, unit.scale === undefined ? undefined : `×10^${unit.scale}`].filter((part): part is string => part !== undefined);
  const name = unit.label ?? unit.id;
  return details.length === 0 ? name : `${name} (${details.join(", ")})`;
}

/** "instant 2025-12-31" or "duration 2025-01-01 – 2025-12-31". */
export function periodSummary(period: PeriodEntry): string {
  if (period.kind === "instant") return `instant ${period.date ?? "(no date)"}`;
  if (period.kind === "duration") return `duration ${period.start ?? "(no start)"} – ${period.end ?? "(no end)"}`;
  return period.kind === undefined ? "period without a kind" : `period of unknown kind ${period.kind}`;
}
