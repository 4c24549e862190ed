// One side of a comparison, read leniently from any parsed JSON value: what can be read is indexed
// by id (Maps, so any id is data), what cannot is left out. A conforming document reads whole; a
// nonconforming one reads as far as its shape allows (the first of duplicate ids wins).

import { isDecimal } from "../decimal/grammar";
import { arrayMember, isRecord, member, stringMember } from "../json/read";
import type { CompareCell } from "./types";

export interface SideUnit {
  id: string;
  index: number;
  label: string | undefined;
  measure: string | undefined;
  /** The scale as written (an integer's text); undefined when it is not a safe integer. */
  scale: string | undefined;
  defaultTolerance: string | undefined;
}

export interface SidePeriod {
  id: string;
  index: number;
  kind: string | undefined;
  date: string | undefined;
  start: string | undefined;
  end: string | undefined;
  /** What the period is, without its id: "instant 2025-12-31" or "duration 2025-01-01 2025-12-31". */
  signature: string | undefined;
}

export interface SideItem {
  id: string;
  index: number;
  label: string | undefined;
  description: string | undefined;
  unit: string | undefined;
  rollupTo: string | undefined;
  values: unknown;
}

export interface SideStatement {
  id: string;
  index: number;
  label: string | undefined;
  /** The statement's period ids that are strings, in order, each once. */
  periods: string[];
  items: SideItem[];
  itemsById: Map<string, SideItem>;
}

export interface Side {
  value: unknown;
  units: Map<string, SideUnit>;
  periods: Map<string, SidePeriod>;
  statements: SideStatement[];
  statementsById: Map<string, SideStatement>;
}

export function readSide(value: unknown): Side {
  const side: Side = { value, units: new Map(), periods: new Map(), statements: [], statementsById: new Map() };
  arrayMember(value, "units").forEach((unit, index) => {
    const id = stringMember(unit, "id");
    if (id === undefined || side.units.has(id)) return;
    const scale = member(unit, "scale");
    side.units.set(id, {
      id,
      index,
      label: stringMember(unit, "label"),
      measure: stringMember(unit, "measure"),
      scale: typeof scale === "number" && Number.isSafeInteger(scale) ? String(scale) : undefined,
      defaultTolerance: stringMember(unit, "defaultTolerance"),
    });
  });
  arrayMember(value, "periods").forEach((period, index) => {
    const id = stringMember(period, "id");
    if (id === undefined || side.periods.has(id)) return;
    const kind = stringMember(period, "kind");
    const date = stringMember(period, "date");
    const start = stringMember(period, "start");
    const end = stringMember(period, "end");
    const signature =
      kind === "instant" && date !== undefined ? `instant ${date}` : kind === "duration" && start !== undefined && end !== undefined ? `duration ${start} ${end}` : undefined;
    side.periods.set(id, { id, index, kind, date, start, end, signature });
  });
  arrayMember(value, "statements").forEach((statement, index) => {
    const id = stringMember(statement, "id");
    if (id === undefined || side.statementsById.has(id)) return;
    const periods = [...new Set(arrayMember(statement, "periods").filter((period): period is string => typeof period === "string"))];
    const read: SideStatement = { id, index, label: stringMember(statement, "label"), periods, items: [], itemsById: new Map() };
    arrayMember(statement, "items").forEach((item, itemIndex) => {
      const itemId = stringMember(item, "id");
      if (itemId === undefined || read.itemsById.has(itemId)) return;
      const entry: SideItem = {
        id: itemId,
        index: itemIndex,
        label: stringMember(item, "label"),
        description: stringMember(item, "description"),
        unit: stringMember(item, "unit"),
        rollupTo: stringMember(item, "rollupTo"),
        values: member(item, "values"),
      };
      read.items.push(entry);
      read.itemsById.set(itemId, entry);
    });
    side.statements.push(read);
    side.statementsById.set(id, read);
  });
  return side;
}

/** The cell stored for `period`, as the comparison names it; undefined when there is none. */
export function cellOf(item: SideItem, period: string): CompareCell | undefined {
  if (!isRecord(item.values) || !Object.hasOwn(item.values, period)) return undefined;
  const cell = item.values[period];
  if (cell === null) return null;
  if (isDecimal(cell)) return cell;
  if (isRecord(cell) && cell.unavailable === true && Object.keys(cell).length === 1) return { unavailable: true };
  return { invalid: JSON.stringify(cell) };
}

/** Every cell of the item in the statement's periods, for an added or removed row. */
export function rowValues(item: SideItem, periods: readonly string[]): Record<string, CompareCell> {
  const values: Record<string, CompareCell> = Object.create(null) as Record<string, CompareCell>;
  for (const period of periods) {
    const cell = cellOf(item, period);
    if (cell !== undefined) values[period] = cell;
  }
  return values;
}
