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
    private readonly periods: readonly string[],
  ) {}

  /** The index of `text`, whose parsed value is the conforming `document`; undefined if the scan fails. */
  static build(text: string, document: FsDocument): ValueCellIndex | undefined {
    const pointers: string[][] = [];
    const statements: number[] = [];
    const items: number[] = [];
    const periods: string[] = [];
    document.statements.forEach((statement, s) => {
      statement.items.forEach((item, i) => {
        for (const period of Object.keys(item.values)) {
          pointers.push(["statements", String(s), "items", String(i), "values", period]);
          statements.push(s);
          items.push(i);
          periods.push(period);
        }
      });
    });
    if (text.length > 0x7fffffff) return undefined;
    const hits = scanPointers(text, document, pointers);
    if (hits === undefined) return undefined;
    const starts = new Int32Array(hits.length);
    const ends = new Int32Array(hits.length);
    let last = -1;
    for (let index = 0; index < hits.length; index++) {
      const hit = hits[index];
      // Every cell exists, in text order (period ids are identifiers, never integer-like keys).
      if (hit === undefined || hit.missing !== 0 || hit.node.offset <= last) return undefined;
      starts[index] = hit.node.offset;
      ends[index] = hit.node.offset + hit.node.length;
      last = hit.node.offset;
    }
    return new ValueCellIndex(starts, ends, Int32Array.from(statements), Int32Array.from(items), periods);
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
      period: this.periods[found] as string,
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
    return new ValueCellIndex(starts, ends, this.statements, this.items, this.periods);
  }
}
