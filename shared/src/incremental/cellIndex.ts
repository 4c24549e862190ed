// Where each value cell's token lies in the text of a conforming document, ordered by offset, so
// that an edit can be matched to the one cell it changes without reading the text from the start.
// Built once by a scan guided by the parsed value (cellScan.ts), whole or a few thousand cells a
// step (ValueCellIndexBuilder); a value edit then shifts the offsets after it instead of scanning again.

import type { FsDocument } from "../types";
import { guided } from "../json/guided-scan";
import { scanCells, type CellArrays } from "./cellScan";

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
    return new ValueCellIndexBuilder(text, document).finish();
  }

  /** The index of the cells a scan found (ValueCellIndexBuilder). */
  static of(cells: CellArrays): ValueCellIndex {
    return new ValueCellIndex(cells.starts, cells.ends, cells.statements, cells.items, cells.periods, cells.periodIds);
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

/** A ValueCellIndex built a step at a time (cellScan.ts: CELL_INDEX_STEP_CELLS cells a step), so that the server answers messages between steps. */
export class ValueCellIndexBuilder {
  private readonly scan: Generator<void, CellArrays | undefined, undefined> | undefined;
  /** Set once the scan is over: the index, or undefined when the scan failed. */
  private built: { index: ValueCellIndex | undefined } | undefined;

  constructor(text: string, document: FsDocument) {
    // Offsets are kept in Int32Arrays.
    if (text.length > 0x7fffffff) this.built = { index: undefined };
    else this.scan = scanCells(text, document);
  }

  /** Scans the next cells; false once the index is built or the scan failed. */
  step(): boolean {
    const scan = this.scan;
    if (this.built !== undefined || scan === undefined) return false;
    // A mismatch between the text and the value ends the scan without an index.
    const next = guided(() => scan.next());
    if (next !== undefined && next.done !== true) return true;
    const cells = next?.value;
    this.built = { index: cells === undefined ? undefined : ValueCellIndex.of(cells) };
    return false;
  }

  /** The index, scanning what is left first; undefined if the scan fails (the text does not match the value). */
  finish(): ValueCellIndex | undefined {
    while (this.step());
    return this.built?.index;
  }
}
