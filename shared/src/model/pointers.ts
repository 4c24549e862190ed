// JSON Pointers of the document's parts, built one way. Indices are positions in the document's
// arrays (0-based, as in every pointer); periods are values keys.

import { pointer } from "../json/pointer";

export function statementPointer(statementIndex: number): string {
  return pointer("statements", statementIndex);
}

export function itemPointer(statementIndex: number, itemIndex: number): string {
  return pointer("statements", statementIndex, "items", itemIndex);
}

/** The pointer of an item's value cell: /statements/S/items/I/values/<period>. */
export function cellPointer(statementIndex: number, itemIndex: number, period: string): string {
  return pointer("statements", statementIndex, "items", itemIndex, "values", period);
}
