// Random edits of the upstream example's statements (values, labels, rows inserted, removed and
// moved, re-parented, units, periods, statements, the entity), for the property tests of the
// preview's patches (previewPatch.test.ts) and of the changes view's (test/server/compareViewPatch.test.ts).

import { join } from "node:path";
import fc from "fast-check";
import { readJson, upstreamRoot } from "../support/paths";

export interface Item {
  id: string;
  label: string;
  description?: string;
  unit?: string;
  rollupTo?: string;
  values: Record<string, unknown>;
}
export interface Doc {
  entity: { name: string };
  statements: { id: string; label: string; periods: string[]; items: Item[] }[];
}

export const example = (): Doc => readJson<Doc>(join(upstreamRoot, "examples", "manufacturing-group.json"));

/** Every [statement, item] index pair of `document`, the places an edit can be made at. */
export const placesOf = (document: Doc): (readonly [number, number])[] => document.statements.flatMap((statement, s) => statement.items.map((_, i) => [s, i] as const));

export type DocumentEdit = { kind: string; at: readonly [number, number]; to: number; value: string | null };

export const documentEdit = (ids: readonly (readonly [number, number])[]): fc.Arbitrary<DocumentEdit> =>
  fc.record({
    kind: fc.constantFrom("value", "label", "description", "remove", "insert", "move", "rollupTo", "unit", "period", "statement", "statementLabel", "entity"),
    at: fc.constantFrom(...ids),
    to: fc.nat(),
    value: fc.oneof(fc.integer({ min: -5000, max: 5000 }).map(String), fc.constant(null), fc.constant("x"), fc.string()),
  });

export function applyEdit(document: Doc, { kind, at, to, value }: DocumentEdit): void {
  const statement = document.statements[at[0]];
  const item = statement?.items[at[1]];
  if (statement === undefined || item === undefined) return;
  const period = Object.keys(item.values)[0] ?? "fy2025";
  const other = statement.items[to % statement.items.length] as Item;
  if (kind === "value") item.values[period] = value;
  else if (kind === "label") item.label = String(value);
  else if (kind === "description") item.description = String(value);
  else if (kind === "remove") statement.items.splice(at[1], 1);
  else if (kind === "insert") statement.items.splice(at[1], 0, { id: `new-${String(value)}`, label: String(value), values: {} });
  else if (kind === "move") statement.items.splice(to % statement.items.length, 0, ...statement.items.splice(at[1], 1));
  else if (kind === "rollupTo") item.rollupTo = other.id;
  else if (kind === "unit") item.unit = String(value);
  else if (kind === "period") statement.periods.splice(to % Math.max(1, statement.periods.length), 1);
  else if (kind === "statementLabel") statement.label = String(value);
  else if (kind === "entity") document.entity.name = String(value);
  else document.statements.splice(at[0], 1);
}
