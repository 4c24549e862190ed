// A lenient index of what a document defines and references, for editor features (hover,
// completion, navigation, rename, symbols). Built from any parsed value, conforming or not: what
// cannot be read is skipped. Definitions and references carry JSON Pointers; ranges are made by
// the caller. Every lookup by id goes through a Map, so ids like "__proto__" are plain data.

import { pointer } from "../json/pointer";
import { arrayMember, isRecord, stringMember } from "../json/read";
import { cellPointer, itemPointer, statementPointer } from "./pointers";

export interface UnitEntry {
  id: string;
  index: number;
  pointer: string;
  label: string | undefined;
  measure: string | undefined;
  scale: number | undefined;
  defaultTolerance: string | undefined;
}

export interface PeriodEntry {
  id: string;
  index: number;
  pointer: string;
  kind: string | undefined;
  date: string | undefined;
  start: string | undefined;
  end: string | undefined;
}

export interface ItemEntry {
  id: string | undefined;
  index: number;
  pointer: string;
  label: string | undefined;
  description: string | undefined;
  unit: string | undefined;
  rollupTo: string | undefined;
  /** Indices of the items whose rollupTo names this item. */
  children: number[];
}

export interface StatementEntry {
  id: string | undefined;
  index: number;
  pointer: string;
  label: string | undefined;
  periods: string[];
  items: ItemEntry[];
  /** First item with each id. */
  itemsById: Map<string, ItemEntry>;
}

export type ReferenceKind = "unit" | "period" | "statement" | "item";

export interface Occurrence {
  kind: ReferenceKind;
  id: string;
  /** Pointer of the string holding the id (a value), or of the member whose name is the id (a key). */
  pointer: string;
  mark: "key" | "value";
  /** For items: the statement the id belongs to. */
  statementIndex: number | undefined;
  isDefinition: boolean;
}

export interface DocumentModel {
  units: Map<string, UnitEntry>;
  periods: Map<string, PeriodEntry>;
  statements: StatementEntry[];
  statementsById: Map<string, StatementEntry>;
  /** Every definition and reference of an id, in document order; computed on first use. */
  readonly occurrences: Occurrence[];
}

export function buildModel(value: unknown): DocumentModel {
  let occurrences: Occurrence[] | undefined;
  const model: DocumentModel = {
    units: new Map(),
    periods: new Map(),
    statements: [],
    statementsById: new Map(),
    // Navigation needs every reference (one per value cell); diagnostics and hovers do not, so
    // the list, the largest part of the model, is built only when first asked for.
    get occurrences(): Occurrence[] {
      occurrences ??= collectOccurrences(value);
      return occurrences;
    },
  };
  if (!isRecord(value)) return model;

  arrayMember(value, "units").forEach((unit, index) => {
    if (!isRecord(unit)) return;
    const id = stringMember(unit, "id");
    if (id === undefined || model.units.has(id)) return;
    model.units.set(id, {
      id,
      index,
      pointer: pointer("units", index),
      label: stringMember(unit, "label"),
      measure: stringMember(unit, "measure"),
      scale: typeof unit.scale === "number" ? unit.scale : undefined,
      defaultTolerance: stringMember(unit, "defaultTolerance"),
    });
  });

  arrayMember(value, "periods").forEach((period, index) => {
    if (!isRecord(period)) return;
    const id = stringMember(period, "id");
    if (id === undefined || model.periods.has(id)) return;
    model.periods.set(id, {
      id,
      index,
      pointer: pointer("periods", index),
      kind: stringMember(period, "kind"),
      date: stringMember(period, "date"),
      start: stringMember(period, "start"),
      end: stringMember(period, "end"),
    });
  });

  arrayMember(value, "statements").forEach((statement, statementIndex) => {
    if (!isRecord(statement)) return;
    const at = statementPointer(statementIndex);
    const entry: StatementEntry = {
      id: stringMember(statement, "id"),
      index: statementIndex,
      pointer: at,
      label: stringMember(statement, "label"),
      periods: arrayMember(statement, "periods").filter((period): period is string => typeof period === "string"),
      items: [],
      itemsById: new Map(),
    };
    arrayMember(statement, "items").forEach((item, index) => {
      if (!isRecord(item)) return;
      const itemEntry: ItemEntry = {
        id: stringMember(item, "id"),
        index,
        pointer: itemPointer(statementIndex, index),
        label: stringMember(item, "label"),
        description: stringMember(item, "description"),
        unit: stringMember(item, "unit"),
        rollupTo: stringMember(item, "rollupTo"),
        children: [],
      };
      entry.items.push(itemEntry);
      if (itemEntry.id !== undefined && !entry.itemsById.has(itemEntry.id)) entry.itemsById.set(itemEntry.id, itemEntry);
    });
    for (const item of entry.items) {
      if (item.rollupTo === undefined || item.rollupTo === item.id) continue;
      entry.itemsById.get(item.rollupTo)?.children.push(item.index);
    }
    model.statements.push(entry);
    if (entry.id !== undefined && !model.statementsById.has(entry.id)) model.statementsById.set(entry.id, entry);
  });
  return model;
}

function collectOccurrences(value: unknown): Occurrence[] {
  const occurrences: Occurrence[] = [];
  if (!isRecord(value)) return occurrences;
  const occur = (kind: ReferenceKind, id: unknown, at: string, isDefinition: boolean, statementIndex?: number, mark: "key" | "value" = "value"): void => {
    if (typeof id === "string") occurrences.push({ kind, id, pointer: at, mark, statementIndex, isDefinition });
  };
  arrayMember(value, "units").forEach((unit, index) => {
    if (isRecord(unit)) occur("unit", unit.id, pointer("units", index, "id"), true);
  });
  arrayMember(value, "periods").forEach((period, index) => {
    if (isRecord(period)) occur("period", period.id, pointer("periods", index, "id"), true);
  });
  arrayMember(value, "statements").forEach((statement, statementIndex) => {
    if (!isRecord(statement)) return;
    const at = statementPointer(statementIndex);
    occur("statement", statement.id, `${at}/id`, true);
    arrayMember(statement, "periods").forEach((period, index) => occur("period", period, `${at}/periods/${index}`, false));
    arrayMember(statement, "items").forEach((item, index) => {
      if (!isRecord(item)) return;
      const itemAt = itemPointer(statementIndex, index);
      occur("item", item.id, `${itemAt}/id`, true, statementIndex);
      occur("unit", item.unit, `${itemAt}/unit`, false);
      if (isRecord(item.values)) {
        for (const key in item.values) occur("period", key, cellPointer(statementIndex, index, key), false, undefined, "key");
      }
      occur("item", item.rollupTo, `${itemAt}/rollupTo`, false, statementIndex);
    });
  });
  return occurrences;
}

/** The occurrences that denote the same thing as `occurrence` (same kind, id and, for items, statement). */
export function sameTarget(occurrence: Occurrence, other: Occurrence): boolean {
  return occurrence.kind === other.kind && occurrence.id === other.id && (occurrence.kind !== "item" || occurrence.statementIndex === other.statementIndex);
}

/** The item at a document index (`items` skips array elements that are not objects). */
export function itemAt(statement: StatementEntry, index: number): ItemEntry | undefined {
  const direct = statement.items[index];
  return direct?.index === index ? direct : statement.items.find((item) => item.index === index);
}

/** The statement at a document index (`statements` skips array elements that are not objects). */
export function statementAt(model: DocumentModel, index: number): StatementEntry | undefined {
  const direct = model.statements[index];
  return direct?.index === index ? direct : model.statements.find((statement) => statement.index === index);
}

/** The item `item` rolls into, when rollupTo names another item of the statement. */
export function parentOf(statement: StatementEntry, item: ItemEntry): ItemEntry | undefined {
  if (item.rollupTo === undefined) return undefined;
  const parent = statement.itemsById.get(item.rollupTo);
  return parent === item ? undefined : parent;
}

export function childrenOf(statement: StatementEntry, parent: ItemEntry): ItemEntry[] {
  return parent.children.flatMap((index) => itemAt(statement, index) ?? []);
}

/** Would making `child` roll up to `parent` create a cycle in the statement? */
export function wouldCycle(statement: StatementEntry, childId: string, parentId: string): boolean {
  const seen = new Set<string>();
  let current: string | undefined = parentId;
  while (current !== undefined && !seen.has(current)) {
    if (current === childId) return true;
    seen.add(current);
    current = statement.itemsById.get(current)?.rollupTo;
  }
  return false;
}
