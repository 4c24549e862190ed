// The scan that finds a ValueCellIndex's cells (cellIndex.ts), a few thousand cells a step: at 5 MB the
// whole scan took 59–557 ms in one go, and the server makes the index in the background after an
// open, where a message that arrives meanwhile waits for the whole step (over node-ipc the server
// gets whole messages only between steps). One walk of the text guided by the parsed value, down to
// each item's values, whose members are the cells (in text order, as the index needs them);
// everything else is stepped over.

import { afterSpace, stepOver, walkArrayInSteps, walkObject, walkObjectInSteps } from "../json/guided-scan";
import type { FsDocument, Item, Statement } from "../types";

/** How many cells a step scans: it ends with the item that reaches this many (about 10 ms at 5 MB on a quiet machine). */
export const CELL_INDEX_STEP_CELLS = 4096;

/** What the index is made of, by cell in text order. */
export interface CellArrays {
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  readonly statements: Int32Array;
  readonly items: Int32Array;
  /** Each cell's period, as an index into `periodIds` (a few ids for thousands of cells). */
  readonly periods: Int32Array;
  readonly periodIds: readonly string[];
}

/**
 * The cells of `text`, whose parsed value is `document`, stopping after every CELL_INDEX_STEP_CELLS
 * or so; undefined if the text does not end where the value does. A mismatch between the text and
 * the value throws what json/guided-scan.ts's `guided` turns into undefined.
 */
export function* scanCells(text: string, document: FsDocument): Generator<void, CellArrays | undefined, undefined> {
  let count = 0;
  for (const statement of document.statements) for (const item of statement.items) for (const _ in item.values) count++;
  const cells = {
    starts: new Int32Array(count),
    ends: new Int32Array(count),
    statements: new Int32Array(count),
    items: new Int32Array(count),
    periods: new Int32Array(count),
    periodIds: [] as string[],
  };
  const periodIndex = new Map<string, number>();
  let next = 0;
  let stepEnds = CELL_INDEX_STEP_CELLS;
  const member = (record: object, name: string, at: number) => stepOver(text, (record as Record<string, unknown>)[name], at);
  // The item's cells, recorded as its values object is walked (no step within an item).
  const walkItem = (s: number, i: number, item: Item, at: number): number =>
    walkObject(text, item, at, (name, at) => {
      if (name !== "values") return member(item, name, at);
      return walkObject(text, item.values, at, (period, at) => {
        const end = member(item.values, period, at);
        // The count above missed a cell (it cannot, for a parsed value): no index.
        if (next >= count) throw new RangeError("more cells than counted");
        cells.starts[next] = at;
        cells.ends[next] = end;
        cells.statements[next] = s;
        cells.items[next] = i;
        // The parsed value's own key (walkObject's name), never a piece of the text: a V8 sliced
        // string would keep this version's whole text alive in every later version that inherits the index.
        let index = periodIndex.get(period);
        if (index === undefined) {
          index = cells.periodIds.push(period) - 1;
          periodIndex.set(period, index);
        }
        cells.periods[next] = index;
        next++;
        return end;
      });
    });
  const end = yield* walkObjectInSteps(text, document, afterSpace(text, 0), function* (name, at) {
    if (name !== "statements") return member(document, name, at);
    return yield* walkArrayInSteps(text, document.statements.length, at, function* (s, at) {
      const statement = document.statements[s] as Statement;
      return yield* walkObjectInSteps(text, statement, at, function* (name, at) {
        if (name !== "items") return member(statement, name, at);
        return yield* walkArrayInSteps(text, statement.items.length, at, function* (i, at) {
          const itemEnd = walkItem(s, i, statement.items[i] as Item, at);
          if (next >= stepEnds) {
            stepEnds = next + CELL_INDEX_STEP_CELLS;
            yield;
          }
          return itemEnd;
        });
      });
    });
  });
  return afterSpace(text, end) === text.length && next === count ? cells : undefined;
}
