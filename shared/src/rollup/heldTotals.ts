// Where a failing subtotal added up earlier at the very value it still states: its children changed
// and the subtotal was not updated, the simplest explanation (explain.ts, "stale-subtotal"). The
// source is the document's recorded validationSnapshot (an application recorded satisfied whose
// stated value is the one stated now). Not the editor's history of edits: the causes, like every
// diagnostic, are a function of the text alone (a value edit's equal a fresh analysis's).

import { fractionDigits, toUnits } from "../decimal/exact";
import type { ApplicationKey, ValidationSnapshot } from "../types";

/** Stated values at which subtotals added up, by application key (heldKey). */
export type HeldTotals = ReadonlyMap<string, string>;

/** One key for a (statement, parent, period): ids are data, any character included. */
export const heldKey = (key: ApplicationKey): string => JSON.stringify([key.statement, key.parent, key.period]);

/** The subtotals a snapshot recorded as adding up, with the value they stated then. */
export function heldInSnapshot(snapshot: ValidationSnapshot | undefined): HeldTotals {
  const held = new Map<string, string>();
  if (snapshot === undefined || !Array.isArray(snapshot.applications)) return held;
  for (const application of snapshot.applications) {
    if (application.status === "satisfied" && typeof application.actual === "string") held.set(heldKey(application.key), application.actual);
  }
  return held;
}

/** Whether two decimal strings are the same amount ("1.50" and "1.5" are). */
export function sameAmount(a: string, b: string): boolean {
  if (a === b) return true;
  const scale = Math.max(fractionDigits(a), fractionDigits(b));
  return toUnits(a, scale) === toUnits(b, scale);
}
