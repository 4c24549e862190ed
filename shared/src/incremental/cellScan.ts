// The scan that finds a ValueCellIndex's cells (cellIndex.ts), a few thousand cells a step: at 5 MB the
// whole scan took 59–557 ms in one go, and the server makes the index in the background after an
// open, where a message that arrives meanwhile waits for the whole step (over node-ipc the server
// gets whole messages only between steps). One walk of the text guided by the parsed value, down to
// each item's values, whose members are the cells (in text order, as the index needs them);
// everything else is stepped over. A large text's span scan (json/spans.ts) walks the same items:
// `scanSpansAndCells` records the cells in that walk, so that the text is read once, not twice.

import { afterSpace, scanSpans, stepOver, walkArrayInSteps, walkObject, walkObjectInSteps, type SpanTable } from "../json/guided-scan";
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

/** The cells of a document's items, recorded as a walk of its text meets each item, in text order. */
class CellRecorder {
  private readonly cells: CellArrays & { periodIds: string[] };
  private readonly periodIndex = new Map<string, number>();
  /** How many cells are recorded. */
  next = 0;

  constructor(
    private readonly text: string,
    document: FsDocument,
  ) {
    let count = 0;
    for (const statement of document.statements) for (const item of statement.items) for (const _ in item.values) count++;
    this.cells = {
      starts: new Int32Array(count),
      ends: new Int32Array(count),
      statements: new Int32Array(count),
      items: new Int32Array(count),
      periods: new Int32Array(count),
      periodIds: [],
    };
  }

  /** Walks item `i` of statement `s`, whose token starts at `at`, recording its cells; returns its end. */
  item(s: number, i: number, item: Item, at: number): number {
    const { text, cells } = this;
    return walkObject(text, item, at, (name, at) => {
      if (name !== "values") return stepOver(text, (item as unknown as Record<string, unknown>)[name], at);
      return walkObject(text, item.values, at, (period, at) => {
        const end = stepOver(text, item.values[period], at);
        const next = this.next;
        // The count missed a cell (it cannot, for a parsed value): no index.
        if (next >= cells.starts.length) throw new RangeError("more cells than counted");
        cells.starts[next] = at;
        cells.ends[next] = end;
        cells.statements[next] = s;
        cells.items[next] = i;
        // The parsed value's own key (walkObject's name), never a piece of the text: a V8 sliced
        // string would keep this version's whole text alive in every later version that inherits the index.
        let index = this.periodIndex.get(period);
        if (index === undefined) {
          index = cells.periodIds.push(period) - 1;
          this.periodIndex.set(period, index);
        }
        cells.periods[next] = index;
        this.next = next + 1;
        return end;
      });
    });
  }

  /** The cells, when every counted one was recorded. */
  result(): CellArrays | undefined {
    return this.next === this.cells.starts.length ? this.cells : undefined;
  }
}

/**
 * The cells of `text`, whose parsed value is `document`, stopping after every CELL_INDEX_STEP_CELLS
 * or so; undefined if the text does not end where the value does. A mismatch between the text and
 * the value throws what json/guided-scan.ts's `guided` turns into undefined.
 */
export function* scanCells(text: string, document: FsDocument): Generator<void, CellArrays | undefined, undefined> {
  const recorder = new CellRecorder(text, document);
  let stepEnds = CELL_INDEX_STEP_CELLS;
  const member = (record: object, name: string, at: number) => stepOver(text, (record as Record<string, unknown>)[name], at);
  const end = yield* walkObjectInSteps(text, document, afterSpace(text, 0), function* (name, at) {
    if (name !== "statements") return member(document, name, at);
    return yield* walkArrayInSteps(text, document.statements.length, at, function* (s, at) {
      const statement = document.statements[s] as Statement;
      return yield* walkObjectInSteps(text, statement, at, function* (name, at) {
        if (name !== "items") return member(statement, name, at);
        return yield* walkArrayInSteps(text, statement.items.length, at, function* (i, at) {
          // The item's cells, recorded as its values object is walked (no step within an item).
          const itemEnd = recorder.item(s, i, statement.items[i] as Item, at);
          if (recorder.next >= stepEnds) {
            stepEnds = recorder.next + CELL_INDEX_STEP_CELLS;
            yield;
          }
          return itemEnd;
        });
      });
    });
  });
  return afterSpace(text, end) === text.length ? recorder.result() : undefined;
}

/**
 * The span table of `text` down to `maxDepth` (json/guided-scan.ts, `scanSpans`), whose parsed
 * value is the conforming `document`, and the value-edit index's cells, from one walk: the span
 * scan's items (/statements/S/items/I, at depth 4) are walked by the cell recorder instead of
 * stepped over. `cells` is undefined when the items are not at `maxDepth` or a cell was missed
 * (then scanCells finds them alone); undefined when the text does not match the value.
 */
export function scanSpansAndCells(text: string, document: FsDocument, maxDepth: number): { spans: SpanTable; cells: CellArrays | undefined } | undefined {
  const recorder = new CellRecorder(text, document);
  let missed = false;
  const spans = scanSpans(text, document, maxDepth, (value, at, span, table) => {
    const items = table.parents[span] as number;
    const statement = table.parents[items] as number;
    const statements = table.parents[statement] as number;
    if (missed || table.segments[items] !== "items" || table.segments[statements] !== "statements" || table.parents[statements] !== 0) return undefined;
    const s = Number(table.segments[statement]);
    const i = Number(table.segments[span]);
    // Items in text order, each the one its indices name: anything else leaves the cells to scanCells.
    if (document.statements[s]?.items[i] !== value) {
      missed = true;
      return undefined;
    }
    try {
      return recorder.item(s, i, value as Item, at);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      missed = true;
      return undefined;
    }
  });
  if (spans === undefined) return undefined;
  return { spans, cells: missed ? undefined : recorder.result() };
}
