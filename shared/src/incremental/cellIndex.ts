// Where each value cell's token lies in the text of a conforming document, ordered by offset, so
// that an edit can be matched to the one cell it changes without reading the text from the start.
// Built once by a scan guided by the parsed value (json/guided-scan.ts); a value edit then shifts
// the offsets after it instead of scanning again.

import { scanPointers } from "../json/guided-scan";
import type { FsDocument } from "../types";

export interface CellAt {
  /** Position of the cell in the index (for `shifted`). */
  readonly position: number;
  readonly statement: number;
  readonly item: number;
  readonly period: string;
  /** The token's range in the text, quotes included. */
  readonly start: number;
  readonly end: number;
}

export class ValueCellIndex {
  private constructor(
    private readonly starts: Int32Array,
    private readonly ends: Int32Array,
    // The cell identities never change under a value edit: versions share these arrays.
    private readonly statements: Int32Array,
    private readonly items: Int32Array,
    /** Each cell's period, as an index into `periodIds` (a few ids for thousands of cells). */
    private readonly periods: Int32Array,
    private readonly periodIds: readonly string[],
  ) {}

  /** The index of `text`, whose parsed value is the conforming `document`; undefined if the scan fails. */
  static build(text: string, document: FsDocument): ValueCellIndex | undefined {
    if (text.length > 0x7fffffff) return undefined;
    // The guided scan finds each item's values object (one request per item, not per cell); the
    // cells inside are read from there.
    const owners: { statement: number; item: number; values: Record<string, unknown> }[] = [];
    const pointers: string[][] = [];
    document.statements.forEach((statement, s) => {
      statement.items.forEach((item, i) => {
        owners.push({ statement: s, item: i, values: item.values });
        pointers.push(["statements", String(s), "items", String(i), "values"]);
      });
    });
    const hits = scanPointers(text, document, pointers);
    if (hits === undefined) return undefined;
    const starts: number[] = [];
    const ends: number[] = [];
    const statements: number[] = [];
    const items: number[] = [];
    const periods: number[] = [];
    const periodIds: string[] = [];
    const periodIndex = new Map<string, number>();
    for (let index = 0; index < owners.length; index++) {
      const hit = hits[index];
      const owner = owners[index] as (typeof owners)[number];
      if (hit === undefined || hit.missing !== 0) return undefined;
      const cells = readCells(text, hit.node.offset, hit.node.offset + hit.node.length);
      const keys = Object.keys(owner.values);
      // Every cell, in text order (period ids are identifiers, never integer-like keys).
      if (cells === undefined || cells.length !== keys.length) return undefined;
      for (let at = 0; at < cells.length; at++) {
        const cell = cells[at] as ReadCell;
        if (cell.key !== keys[at] || (starts.length > 0 && cell.start <= (starts[starts.length - 1] as number))) return undefined;
        starts.push(cell.start);
        ends.push(cell.end);
        statements.push(owner.statement);
        items.push(owner.item);
        // The parsed value's own key, not the one read from the text: a piece of the text (a V8
        // sliced string, from 13 characters) would keep this version's whole text alive in every
        // later version that inherits the index, and a short one would be a string per cell.
        const key = keys[at] as string;
        let period = periodIndex.get(key);
        if (period === undefined) {
          period = periodIds.push(key) - 1;
          periodIndex.set(key, period);
        }
        periods.push(period);
      }
    }
    return new ValueCellIndex(Int32Array.from(starts), Int32Array.from(ends), Int32Array.from(statements), Int32Array.from(items), Int32Array.from(periods), periodIds);
  }

  get size(): number {
    return this.starts.length;
  }

  /** The string cell whose content (inside its quotes) contains the range [from, to), if any. */
  containing(text: string, from: number, to: number): CellAt | undefined {
    let low = 0;
    let high = this.starts.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if ((this.starts[middle] as number) <= from) {
        found = middle;
        low = middle + 1;
      } else high = middle - 1;
    }
    if (found < 0) return undefined;
    const start = this.starts[found] as number;
    const end = this.ends[found] as number;
    if (text.charCodeAt(start) !== 0x22 || from < start + 1 || to > end - 1) return undefined;
    return {
      position: found,
      statement: this.statements[found] as number,
      item: this.items[found] as number,
      period: this.periodIds[this.periods[found] as number] as string,
      start,
      end,
    };
  }

  /** The index after the token of cell `position` changed length by `delta`. */
  shifted(position: number, delta: number): ValueCellIndex {
    if (delta === 0) return this;
    const starts = this.starts.slice();
    const ends = this.ends.slice();
    ends[position] = (ends[position] as number) + delta;
    for (let index = position + 1; index < starts.length; index++) {
      starts[index] = (starts[index] as number) + delta;
      ends[index] = (ends[index] as number) + delta;
    }
    return new ValueCellIndex(starts, ends, this.statements, this.items, this.periods, this.periodIds);
  }
}

interface ReadCell {
  key: string;
  start: number;
  end: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** The members of the values object at [from, to): key and value token range; undefined if it is not as expected. */
function readCells(text: string, from: number, to: number): ReadCell[] | undefined {
  const cells: ReadCell[] = [];
  let at = skipSpace(text, from + 1);
  if (text.charCodeAt(at) === 0x7d) return cells;
  for (;;) {
    if (text.charCodeAt(at) !== QUOTE) return undefined;
    const keyEnd = stringEnd(text, at);
    if (keyEnd === undefined) return undefined;
    const raw = text.slice(at + 1, keyEnd - 1);
    const key = raw.includes("\\") ? (JSON.parse(text.slice(at, keyEnd)) as string) : raw;
    at = skipSpace(text, keyEnd);
    if (text.charCodeAt(at) !== 0x3a) return undefined;
    const start = skipSpace(text, at + 1);
    const end = valueEnd(text, start, to);
    if (end === undefined) return undefined;
    cells.push({ key, start, end });
    at = skipSpace(text, end);
    const next = text.charCodeAt(at);
    if (next === 0x7d) return at + 1 === to ? cells : undefined;
    if (next !== 0x2c) return undefined;
    at = skipSpace(text, at + 1);
  }
}

/** The end of the cell value at `at`: a string, null, or the {"unavailable": true} object. */
function valueEnd(text: string, at: number, limit: number): number | undefined {
  const first = text.charCodeAt(at);
  if (first === QUOTE) return stringEnd(text, at);
  if (first === 0x7b) {
    for (let i = at + 1; i < limit; i++) {
      const code = text.charCodeAt(i);
      if (code === QUOTE) {
        const end = stringEnd(text, i);
        if (end === undefined) return undefined;
        i = end - 1;
      } else if (code === 0x7d) return i + 1;
    }
    return undefined;
  }
  let end = at;
  while (end < limit && /[a-z0-9.eE+-]/.test(text.charAt(end))) end++;
  return end === at ? undefined : end;
}

function stringEnd(text: string, at: number): number | undefined {
  for (let i = at + 1; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === BACKSLASH) i++;
    else if (code === QUOTE) return i + 1;
  }
  return undefined;
}

function skipSpace(text: string, at: number): number {
  let code = text.charCodeAt(at);
  while (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09) code = text.charCodeAt(++at);
  return at;
}
