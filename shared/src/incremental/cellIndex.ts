// Where each value cell's token lies in the text of a conforming document, ordered by offset, so
// that an edit can be matched to the one cell it changes without reading the text from the start.
// Built once by a scan guided by the parsed value (json/guided-scan.ts); a value edit then shifts
// the offsets after it instead of scanning again.

import { afterSpace, guided, stepOver, walkArray, walkObject } from "../json/guided-scan";
import type { FsDocument, Item, Statement } from "../types";

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
    let count = 0;
    for (const statement of document.statements) for (const item of statement.items) for (const _ in item.values) count++;
    const starts = new Int32Array(count);
    const ends = new Int32Array(count);
    const statements = new Int32Array(count);
    const items = new Int32Array(count);
    const periods = new Int32Array(count);
    const periodIds: string[] = [];
    const periodIndex = new Map<string, number>();
    let next = 0;
    // One walk of the text guided by the value, down to each item's values, whose members are the
    // cells (in text order, as the index needs them); everything else is stepped over.
    const member = (record: object, name: string, at: number) => stepOver(text, (record as Record<string, unknown>)[name], at);
    const complete = guided(() => {
      const end = walkObject(text, document, afterSpace(text, 0), (name, at) => {
        if (name !== "statements") return member(document, name, at);
        return walkArray(text, document.statements.length, at, (s, at) => {
          const statement = document.statements[s] as Statement;
          return walkObject(text, statement, at, (name, at) => {
            if (name !== "items") return member(statement, name, at);
            return walkArray(text, statement.items.length, at, (i, at) => {
              const item = statement.items[i] as Item;
              return walkObject(text, item, at, (name, at) => {
                if (name !== "values") return member(item, name, at);
                return walkObject(text, item.values, at, (period, at) => {
                  const end = member(item.values, period, at);
                  // The count above missed a cell (it cannot, for a parsed value): no index.
                  if (next >= count) throw new RangeError("more cells than counted");
                  starts[next] = at;
                  ends[next] = end;
                  statements[next] = s;
                  items[next] = i;
                  // The parsed value's own key (walkObject's name), never a piece of the text: a V8
                  // sliced string would keep this version's whole text alive in every later
                  // version that inherits the index.
                  let index = periodIndex.get(period);
                  if (index === undefined) {
                    index = periodIds.push(period) - 1;
                    periodIndex.set(period, index);
                  }
                  periods[next] = index;
                  next++;
                  return end;
                });
              });
            });
          });
        });
      });
      return afterSpace(text, end) === text.length;
    });
    return complete === true && next === count ? new ValueCellIndex(starts, ends, statements, items, periods, periodIds) : undefined;
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
