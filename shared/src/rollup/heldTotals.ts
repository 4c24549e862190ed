// Where a failing subtotal added up earlier at the very value it still states: its children changed
// and the subtotal was not updated, the simplest explanation (explain.ts, "stale-subtotal"). Two
// sources: the document's recorded validationSnapshot (an application recorded satisfied whose
// stated value is the one stated now), and, in the editor, the value edits since the subtotal last
// added up (heldAfterValueEdit, carried from version to version by the server's analysis).

import { fractionDigits, toUnits } from "../decimal/exact";
import type { ApplicationKey, RollupApplication, ValidationSnapshot } from "../types";

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

/**
 * The held totals after a value edit of `cell`, from those before it (`held`) and the application
 * of the cell's parent in its period before it (`parentBefore`): a parent that added up just before
 * remembers the value it stated then; a subtotal the edit itself changed forgets its own (the user
 * is updating it); every other entry carries over. Undefined while nothing is remembered.
 */
export function heldAfterValueEdit(
  held: HeldTotals | undefined,
  cell: { readonly statement: string; readonly item: string; readonly period: string },
  parentBefore: RollupApplication | undefined,
): HeldTotals | undefined {
  const own = heldKey({ statement: cell.statement, parent: cell.item, period: cell.period });
  const remember = parentBefore?.status === "satisfied" ? parentBefore : undefined;
  if (remember === undefined && (held === undefined || !held.has(own))) return held;
  const next = new Map(held);
  next.delete(own);
  if (remember !== undefined) next.set(heldKey(remember.key), remember.actual);
  return next.size === 0 ? undefined : next;
}

/** Whether two decimal strings are the same amount ("1.50" and "1.5" are). */
export function sameAmount(a: string, b: string): boolean {
  if (a === b) return true;
  const scale = Math.max(fractionDigits(a), fractionDigits(b));
  return toUnits(a, scale) === toUnits(b, scale);
}
