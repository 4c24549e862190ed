// The statements as virtualized tables: one <section><table> per statement with its caption and
// sticky header, but in the body only the rows in view plus a margin, between two spacer rows that
// stand for the rows not drawn. Row heights are measured when a row is drawn (labels wrap to at most
// two lines) and estimated until then; when a measurement moves rows, the row at the top of the
// view is kept in place. A patch repaints only the cells or rows it names, and only if drawn.
//
// Author text (labels, descriptions, invalid values, titles) is written with textContent and
// attributes only, never parsed as HTML.

import type { NumberFormat } from "../../protocol/webview";
import * as l10n from "@vscode/l10n";
import { display } from "./display";
import { cellDisplayText, type PreviewCell, type PreviewModel, type PreviewRow, type PreviewStatement } from "../../shared/src/render/previewModel";
import type { PreviewPatchOp } from "../../shared/src/render/previewPatch";
import { sameCell, type RowsInPlace } from "../../shared/src/render/patchInPlace";
import { escapeSegment, parentPointer } from "../../shared/src/json/pointer";
import { datesLabel, PERIOD_DATES_SEPARATOR } from "../../shared/src/model/names";
import { layoutTables, scrollSigns, veilNewLabel, wrapTable } from "./tableScroll";
import { firstWord, LabelWidths, sharingFirstWord } from "./labelWidth";
import {
  columnWidth,
  decimalWidths,
  FLAG_CH,
  FLAG_PX,
  leastWidth,
  numberElement,
  NO_WIDTH,
  PADDING_CH,
  textWidths,
  widest,
  type NumberWidths,
  type TextMeasure,
  type Widths,
} from "./columnWidth";

/** Pixels drawn above and below the visible area, so a scroll rarely shows undrawn rows. */
const MARGIN_PX = 400;
/**
 * After a jump to rows not drawn (the editor's cursor at a new place), the margin is drawn this
 * much at a time, when the thread is idle (fillMargin).
 */
const MARGIN_STEP_PX = 100;
/**
 * How long after such a jump, or after the last patch that came while the margin was not drawn
 * whole (postponeMargin), the margin's next step waits. In the editor the key typed at the new place
 * is answered in this time (its patch, its problem), and a patch lays out the cell's table, which has
 * only the rows in view until then. The page shares the workbench's thread: on 2 cores under load the
 * answer came 300–1,000 ms after the key, and the steps that began 500 ms after the jump (on `wide`
 * 140 ms of the page's script and layout per jump in a CPU profile of the bench's edits, s17) ran
 * between the answer and the screen. So the wait is a second, and each patch starts it again.
 */
const MARGIN_DELAY_MS = 1000;
/** The longest a margin step waits for an idle moment. */
const MARGIN_IDLE_TIMEOUT_MS = 1000;
const MAX_DEPTH_CLASS = 6;
/**
 * A model of this many cells or more draws its first paint without the margin (marginAfterPaint):
 * on `wide` at 5 MB (94,330 cells, 32 periods a row) the margin's rows were a third of the first
 * paint's cells, whose script, style and layout the window's first webview waited for (issue 25;
 * docs/performance.md, "The window's first webview, in reloaded windows").
 */
const VIEW_FIRST_CELLS = 20_000;

/**
 * Runs `task` when the thread is idle, within `timeout` ms, and returns what cancels it. Safari has
 * no requestIdleCallback (the preview runs there on vscode.dev): a timer stands in for it.
 */
function whenIdle(task: () => void, timeout: number): () => void {
  if (typeof requestIdleCallback === "function") {
    const handle = requestIdleCallback(task, { timeout });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, 0);
  return () => clearTimeout(timer);
}
/** The unit column's least width (its text is cut with "…" below it; the whole unit is its title), and its most. */
const UNIT_LEAST_CH = 6;
const UNIT_MOST_CH = 16;

/** A place in the model: a row (column -1: the whole row) or a cell (column in drawn order). */
export interface Place {
  statement: number;
  row: number;
  column: number;
}

export interface MarkedRange {
  statement: number;
  fromPosition: number;
  toPosition: number;
  fromColumn: number;
  toColumn: number;
}

export interface ViewHooks {
  /** Collapsed subtotal rows (by pointer) of the shown document. */
  isCollapsed(pointer: string): boolean;
  /** Scroll the container without reporting it as the user's scroll. */
  scrollOurselves(scroll: () => void): void;
  /** Adds to a row as it is drawn (the changes view marks what changed); the preview has none. */
  decorateRow?(row: HTMLTableRowElement, statement: number, rowIndex: number): void;
  /** The widths of what `decorateRow` adds to a cell (the changes view's old value and difference), in ch. */
  decorationWidths?(statement: number, rowIndex: number, column: number): Widths;
  /** A cell a patch must not replace (the one being edited: it keeps its editor). */
  keeps(element: Element): boolean;
}

/** A drawn row, by its pointer, and where its top edge (or its middle) is in the view. */
interface Anchor {
  pointer: string;
  /** Where the row's top is kept (client coordinates), or its middle with `middle`. */
  top: number;
  middle?: boolean;
}

interface StatementView {
  statement: PreviewStatement;
  section: HTMLElement;
  table: HTMLTableElement;
  /** The table's own horizontal scroll container (tableScroll.ts). */
  wrapper: HTMLElement;
  head: HTMLTableSectionElement;
  body: HTMLTableSectionElement;
  topSpacer: HTMLTableRowElement;
  bottomSpacer: HTMLTableRowElement;
  columns: HTMLTableColElement[];
  /** Each period column's widths (columnWidth.ts). */
  widths: Widths[];
  /** Rows whose label is shown whole, not cut after two lines (labelWidth.ts, sharingFirstWord). */
  wholeLabels: Set<number>;
  /** The label column's least width, px (--fs-label-least; LabelWidths.leastWidth), once sized. */
  labelLeast: number;
  /**
   * Whether its columns are sized (sizeColumns, which reads every cell of the statement): a
   * statement is sized when it first comes near the view, the others after the first paint
   * (sizeRest), so that a new model's first screen waits for the statements it shows only.
   */
  sized: boolean;
  /** Row indices shown (not hidden under a collapsed subtotal), in order. */
  visible: number[];
  /** Row index → position in `visible`, or -1 when hidden. */
  positions: Int32Array;
  /** Measured height by row index; 0 = not measured yet. */
  heights: number[];
  /**
   * The label column's width when the drawn rows' heights were measured (0: none measured yet).
   * Their labels wrap in it: where it is another now, those heights are measured again.
   */
  rowsLabelWidth: number;
  /** prefix[p] = top of position p; undefined when it must be recomputed. */
  prefix: Float64Array | undefined;
  /** Drawn rows by row index (a contiguous run of positions). */
  drawn: Map<number, HTMLTableRowElement>;
  first: number;
  last: number;
}

export class StatementsView {
  private model: PreviewModel | undefined;
  private views: StatementView[] = [];
  private format: NumberFormat = "full";
  private estimate = 0;
  private index: Map<string, Place> | undefined;
  /** Full-format widths by decimal shape (columnWidth.ts, decimalWidths), for the page's one display format. */
  private readonly shapes = new Map<string, NumberWidths>();
  /** How the numbers of `shapes` were measured (the tables' font), once. */
  private numberMeasure: TextMeasure | undefined;
  private readonly marked = new Map<string, Set<string>>();
  private readonly ranges = new Map<string, MarkedRange>();
  private labelWidths: LabelWidths | undefined;
  /** Whether a task that sizes the next statement not sized yet (sizeRest) is due. */
  private sizing = false;
  /** Where the view was scrolled to, and how tall it was, when draw() last drew its rows: undefined once anything moved rows since. */
  private drawnAt: { top: number; height: number } | undefined;
  /** The margin draw() draws above and below the view: MARGIN_PX, or less while fillMargin grows it after a jump. */
  private margin = MARGIN_PX;
  /** The timer, then the idle callback, that draws the next step of the margin, if one is due. */
  private marginTimer: ReturnType<typeof setTimeout> | undefined;
  /** Cancels the idle callback (whenIdle) that draws the margin's next step, if one is due. */
  private marginTask: (() => void) | undefined;

  constructor(
    private readonly document: Document,
    /** The scroll container (the page's main element). */
    readonly root: HTMLElement,
    private readonly hooks: ViewHooks,
  ) {}

  get current(): PreviewModel | undefined {
    return this.model;
  }

  get statementCount(): number {
    return this.views.length;
  }

  setModel(model: PreviewModel | undefined, format: NumberFormat): void {
    this.drawnAt = undefined;
    this.model = model;
    this.format = format;
    this.index = undefined;
    this.views = [];
    this.root.replaceChildren();
    if (model === undefined) return;
    const fragment = this.document.createDocumentFragment();
    for (const statement of model.statements) {
      const view = this.createStatement(statement);
      this.views.push(view);
      fragment.append(view.section);
    }
    // Each statement holds its rows' room at their estimated heights (createStatement), so that the
    // caller can scroll before the first draw; drawing (and sizing the statements in view) is the
    // caller's next step.
    this.root.append(fragment);
    if (cellCount(model) >= VIEW_FIRST_CELLS) this.marginAfterPaint();
  }

  setFormat(format: NumberFormat): void {
    if (format === this.format || this.model === undefined) return;
    this.drawnAt = undefined;
    this.format = format;
    for (const view of this.views) {
      view.sized = false;
      this.clearDrawn(view);
    }
    this.draw();
  }

  /**
   * Applies a patch's operations to the DOM; the model has already been patched in place. `inPlace`
   * (patchInPlace.ts, found before the model was patched) names the `rows` ops that move no row:
   * those repaint only what changed in their drawn rows (applyInPlace).
   */
  applyOps(ops: readonly PreviewPatchOp[], inPlace: readonly RowsInPlace[] = []): void {
    if (this.model === undefined) return;
    if (inPlace.length > 0) {
      this.applyInPlace(ops, inPlace);
      return;
    }
    const moves = ops.some((op) => op.op !== "cells" && op.op !== "title");
    // Taken before rows are cleared: a statement emptied of its drawn rows shortens the page under
    // any row anchored after it, and keeping that one scrolled a label's edit by the rows' height.
    const anchor = moves ? this.anchor() : undefined;
    for (const op of ops) {
      switch (op.op) {
        case "title":
          break;
        case "statements": {
          const removed = this.views.splice(op.start, op.deleteCount);
          for (const view of removed) view.section.remove();
          const next = this.views[op.start]?.section ?? null;
          const created = op.statements.map((statement) => this.createStatement(statement));
          for (const view of created) this.root.insertBefore(view.section, next);
          this.views.splice(op.start, 0, ...created);
          this.index = undefined;
          break;
        }
        case "rows": {
          const view = this.views[op.statement];
          if (view === undefined) break;
          view.statement = this.model.statements[op.statement] as PreviewStatement;
          const tail = view.heights.splice(op.start + op.deleteCount);
          view.heights.length = op.start;
          for (let index = 0; index < op.rows.length; index += 1) view.heights.push(0);
          for (const height of tail) view.heights.push(height);
          this.clearDrawn(view);
          this.computeVisible(view);
          if (view.sized) this.sizeColumns(view);
          this.setRowCount(view);
          this.index = undefined;
          break;
        }
        case "cells":
          this.applyCells(op);
          break;
      }
    }
    // Cells replaced in place move no row (a value is one line): nothing to draw or measure, so the
    // patch of a value edit costs no layout of the page here (it shares the workbench's thread).
    if (moves) {
      this.drawnAt = undefined;
      this.draw(anchor);
    }
  }

  /** A `cells` op: the cells repainted where drawn, their columns widened when they need it. */
  private applyCells(op: Extract<PreviewPatchOp, { op: "cells" }>): void {
    const view = this.views[op.statement];
    if (view === undefined || this.model === undefined) return;
    view.statement = this.model.statements[op.statement] as PreviewStatement;
    const row = view.statement.rows[op.row];
    const element = view.drawn.get(op.row);
    if (row === undefined) return;
    // A value that widens its column moves the table's columns: its sideways state is laid
    // out again at the next draw. One that does not moves nothing: the scroll event of a
    // reveal drawn just before the patch has nothing to draw (drawnHere), as without it.
    if (this.growColumns(view, op.cells)) this.drawnAt = undefined;
    if (element !== undefined) this.repaintCells(view, op.row, element, op.cells);
  }

  /** Replaces the drawn cells of `columns` of a row from the model, but a cell the hooks keep (the one being edited). */
  private repaintCells(view: StatementView, rowIndex: number, element: HTMLTableRowElement, columns: readonly { column: number }[]): void {
    const row = view.statement.rows[rowIndex];
    if (row === undefined) return;
    const offset = this.cellOffset(view.statement);
    for (const { column } of columns) {
      const old = element.children[offset + column];
      const cell = row.cells[column];
      if (old === undefined || cell === undefined || this.hooks.keeps(old)) continue;
      const fresh = this.cellElement(cell, offset + column, old.getAttribute("tabindex"), unitOf(view.statement, row));
      for (const name of this.classesOf(view, rowIndex, offset + column)) fresh.classList.add(name);
      old.replaceWith(fresh);
    }
  }

  /**
   * A patch whose `rows` ops move no row (a label typed in the editor: one op per key, replacing
   * its row): each drawn row changed gets a new label cell and the cells whose content changed, no
   * more. The statement keeps its drawn rows, heights, visible rows and index, and is not sized
   * again: the label column's least width and the period columns only grow, as a value's edit
   * grows them (growColumns). Only a row whose height changed, or a column that grew, draws the
   * view again. Replacing the row's statement instead (its drawn rows removed, every cell of it
   * read to size its columns, the rows in view drawn and measured, every table's sideways state
   * laid out) cost each key tens of ms on the workbench's thread, which the preview shares.
   */
  private applyInPlace(ops: readonly PreviewPatchOp[], inPlace: readonly RowsInPlace[]): void {
    const model = this.model as PreviewModel;
    // Taken before anything is written (a read of a layout that is clean), and only if a drawn row changes.
    const anchor = inPlace.some(({ op }) => op.rows.some((_, index) => this.views[op.statement]?.drawn.has(op.start + index))) ? this.anchor() : undefined;
    let redraw = false;
    const changed: { view: StatementView; row: number; element: HTMLTableRowElement }[] = [];
    for (const op of ops) {
      if (op.op === "cells") this.applyCells(op);
      if (op.op !== "rows") continue;
      const view = this.views[op.statement];
      const replaced = inPlace.find((entry) => entry.op === op)?.replaced;
      if (view === undefined || replaced === undefined) continue;
      view.statement = model.statements[op.statement] as PreviewStatement;
      // Another first word can change which labels are shown whole (sharingFirstWord): other drawn rows' too.
      if (view.sized && replaced.some((row, index) => firstWord(row.label) !== firstWord(op.rows[index]?.label ?? ""))) {
        for (const { row, element } of this.setWholeLabels(view, sharingFirstWord(view.statement.rows))) changed.push({ view, row, element });
      }
      if (view.sized) {
        const least = this.textMeasure().leastWidth(op.rows);
        if (least > view.labelLeast) {
          view.labelLeast = least;
          view.table.style.setProperty("--fs-label-least", `${least}px`);
          redraw = true;
        }
        const cells = op.rows.flatMap((row) => row.cells.map((cell, column) => ({ column, cell })));
        if (this.growColumns(view, cells)) redraw = true;
      }
      op.rows.forEach((row, index) => {
        const rowIndex = op.start + index;
        const old = replaced[index] as PreviewRow;
        const element = view.drawn.get(rowIndex);
        if (element === undefined) return;
        if (this.hooks.decorateRow !== undefined) {
          this.repaintRow(op.statement, rowIndex);
          changed.push({ view, row: rowIndex, element: view.drawn.get(rowIndex) as HTMLTableRowElement });
          return;
        }
        let repainted = false;
        if (old.label !== row.label || old.description !== row.description) {
          const cell = element.children[0];
          if (cell !== undefined && !this.hooks.keeps(cell)) {
            const fresh = this.labelCell(view, row, rowIndex);
            fresh.tabIndex = cell.getAttribute("tabindex") === "0" ? 0 : -1;
            for (const name of this.classesOf(view, rowIndex, 0)) fresh.classList.add(name);
            cell.replaceWith(fresh);
            repainted = true;
          }
        }
        const cells = row.cells.flatMap((cell, column) => (sameCell(cell, old.cells[column] as PreviewCell) ? [] : [{ column }]));
        if (cells.length > 0) {
          this.repaintCells(view, rowIndex, element, cells);
          repainted = true;
        }
        if (repainted) changed.push({ view, row: rowIndex, element });
      });
    }
    // A label that now wraps onto another line (or no longer does) moves the rows below it.
    for (const { view, row, element } of changed) {
      const height = element.getBoundingClientRect().height;
      if (height > 0 && Math.abs(height - (view.heights[row] || this.estimate)) >= 0.5) {
        view.heights[row] = height;
        view.prefix = undefined;
        redraw = true;
      }
    }
    if (redraw) {
      this.drawnAt = undefined;
      this.draw(anchor);
    }
  }

  /** Sets which rows' labels are shown whole; returns the drawn rows whose label changed so. */
  private setWholeLabels(view: StatementView, whole: Set<number>): { row: number; element: HTMLTableRowElement }[] {
    const changed: { row: number; element: HTMLTableRowElement }[] = [];
    for (const [row, element] of view.drawn) {
      if (whole.has(row) === view.wholeLabels.has(row)) continue;
      element.querySelector(".fs-item-label")?.classList.toggle("fs-item-label-whole", whole.has(row));
      changed.push({ row, element });
    }
    view.wholeLabels = whole;
    return changed;
  }

  /** Draws a drawn row again from the model (after an edit that was not written). */
  repaintRow(statement: number, row: number): void {
    this.drawnAt = undefined;
    const view = this.views[statement];
    const old = view?.drawn.get(row);
    if (view === undefined || old === undefined) return;
    const fresh = this.rowElement(view, row, view.positions[row] ?? 0);
    old.querySelectorAll('[tabindex="0"]').forEach((element) => {
      const column = [...old.children].indexOf(element);
      fresh.children[column]?.setAttribute("tabindex", "0");
    });
    old.replaceWith(fresh);
    view.drawn.set(row, fresh);
  }

  /** "Cash, 2025-12-31: 1,234.5": a cell as a screen reader announces it (row label, period, value). */
  describe(place: Place): string | undefined {
    const statement = this.views[place.statement]?.statement;
    const row = statement?.rows[place.row];
    if (statement === undefined || row === undefined) return undefined;
    const offset = this.cellOffset(statement);
    if (place.column < offset) return place.column === 0 ? row.label : row.unit?.text;
    const cell = row.cells[place.column - offset];
    const name = this.cellName(place);
    return cell === undefined || name === undefined ? undefined : l10n.t("{0}: {1}", name, cellDisplayText(cell, "full", display.number));
  }

  /** "Cash, 2025-12-31": a cell by its row label and period (a label cell: its row label). */
  cellName(place: Place): string | undefined {
    const statement = this.views[place.statement]?.statement;
    const row = statement?.rows[place.row];
    if (statement === undefined || row === undefined) return undefined;
    const column = statement.columns[place.column - this.cellOffset(statement)];
    return column === undefined ? row.label : l10n.t("{0}, {1}", row.label, columnLabel(column));
  }

  /** Recomputes which rows are shown (after a collapse or expand) and redraws. */
  refreshVisibility(): void {
    for (const view of this.views) {
      this.computeVisible(view);
      this.clearDrawn(view);
      this.setRowCount(view);
    }
    this.draw();
  }

  // ---- Lookups ----

  statementAt(index: number): PreviewStatement | undefined {
    return this.views[index]?.statement;
  }

  /** The place of `pointer`, or of its nearest ancestor that is shown in the preview. */
  nearest(pointer: string): Place | undefined {
    this.index ??= this.buildIndex();
    for (let current = pointer; current !== ""; current = parentPointer(current)) {
      const place = this.index.get(current) ?? this.derivedCell(current);
      if (place !== undefined) return place;
    }
    return undefined;
  }

  /** Visible position of a row, or -1 when it is hidden under a collapsed subtotal. */
  positionOf(statement: number, row: number): number {
    return this.views[statement]?.positions[row] ?? -1;
  }

  rowAtPosition(statement: number, position: number): number | undefined {
    return this.views[statement]?.visible[position];
  }

  visibleCount(statement: number): number {
    return this.views[statement]?.visible.length ?? 0;
  }

  /** Cells per drawn row: label, the unit cell of mixed-unit statements, then the periods. */
  columnCount(statement: number): number {
    const model = this.views[statement]?.statement;
    return model === undefined ? 0 : this.cellOffset(model) + model.columns.length;
  }

  /** The drawn element of a row or cell, if it is drawn. */
  elementAt(place: Place): HTMLElement | undefined {
    const row = this.views[place.statement]?.drawn.get(place.row);
    if (row === undefined) return undefined;
    if (place.column < 0) return row;
    return (row.children[place.column] as HTMLElement | undefined) ?? undefined;
  }

  tableOf(statement: number): HTMLTableElement | undefined {
    return this.views[statement]?.table;
  }

  sectionOf(statement: number): HTMLElement | undefined {
    return this.views[statement]?.section;
  }

  /** The place of a drawn cell or row element. */
  placeOf(element: Element): Place | undefined {
    const rowElement = element.closest<HTMLElement>("tr.fs-row");
    const section = element.closest<HTMLElement>("section.fs-statement");
    if (rowElement === null || section === null) return undefined;
    const statement = this.views.findIndex((view) => view.section === section);
    const row = Number(rowElement.dataset.row);
    if (statement < 0 || !Number.isInteger(row)) return undefined;
    const cell = element.closest<HTMLElement>("th, td");
    const column = cell !== null && cell.parentElement === rowElement ? [...rowElement.children].indexOf(cell) : -1;
    return { statement, row, column };
  }

  /** The topmost drawn row whose bottom is below the container's top edge (under the sticky header). */
  topRow(): { place: Place; pointer: string } | undefined {
    const top = this.root.getBoundingClientRect().top;
    for (let statement = 0; statement < this.views.length; statement += 1) {
      const view = this.views[statement] as StatementView;
      if (view.drawn.size === 0) continue;
      const headBottom = Math.max(top, this.headerBox(view).bottom);
      for (let position = view.first; position < view.last; position += 1) {
        const row = view.visible[position] as number;
        const element = view.drawn.get(row);
        if (element !== undefined && element.getBoundingClientRect().bottom > headBottom + 1) {
          return { place: { statement, row, column: -1 }, pointer: element.dataset.pointer ?? "" };
        }
      }
    }
    return undefined;
  }

  // ---- Marks: classes kept on rows/cells across redraws (highlight, selection, find) ----

  /** Sets the places that carry `className` (a row place marks the row element). */
  mark(className: string, places: readonly Place[]): void {
    for (const element of this.root.querySelectorAll(`.${className}`)) element.classList.remove(className);
    const keys = new Set(places.map(placeKey));
    this.marked.set(className, keys);
    for (const place of places) this.elementAt(place)?.classList.add(className);
  }

  /** Marks a rectangle of cells (visible positions, drawn columns; inclusive) with `className`. */
  markRange(className: string, range: MarkedRange | undefined): void {
    for (const element of this.root.querySelectorAll(`.${className}`)) element.classList.remove(className);
    if (range === undefined) this.ranges.delete(className);
    else this.ranges.set(className, range);
    const view = range === undefined ? undefined : this.views[range.statement];
    if (range === undefined || view === undefined) return;
    for (const [row, element] of view.drawn) {
      const position = view.positions[row] ?? -1;
      if (position < range.fromPosition || position > range.toPosition) continue;
      for (let column = range.fromColumn; column <= range.toColumn; column += 1) element.children[column]?.classList.add(className);
    }
  }

  private classesOf(view: StatementView, row: number, column: number): string[] {
    const statement = this.views.indexOf(view);
    const key = placeKey({ statement, row, column });
    const names: string[] = [];
    for (const [name, keys] of this.marked) if (keys.has(key)) names.push(name);
    if (column >= 0) {
      const position = view.positions[row] ?? -1;
      for (const [name, range] of this.ranges) {
        if (range.statement === statement && position >= range.fromPosition && position <= range.toPosition && column >= range.fromColumn && column <= range.toColumn)
          names.push(name);
      }
    }
    return names;
  }

  /** The header row's box where it is drawn: its cells are sticky, the thead element is not. */
  private headerBox(view: StatementView): DOMRect {
    const cell = view.head.rows[0]?.cells[0];
    return (cell ?? view.head).getBoundingClientRect();
  }

  // ---- Scrolling ----

  /**
   * Whether the row is drawn and wholly in view, below its table's header row (sticky: where it is
   * drawn now).
   */
  rowInView(statement: number, row: number): boolean {
    const view = this.views[statement];
    const element = view?.drawn.get(row);
    if (view === undefined || element === undefined) return false;
    const viewport = this.root.getBoundingClientRect();
    const box = element.getBoundingClientRect();
    const top = Math.max(viewport.top, this.headerBox(view).bottom);
    return box.height > 0 && box.top >= top - 0.5 && box.bottom <= viewport.bottom + 0.5;
  }

  /** Scrolls so that the row is in view: at the top under the header, centred, or only if outside. */
  scrollToRow(statement: number, row: number, align: "top" | "center" | "nearest"): void {
    const view = this.views[statement];
    if (view === undefined) return;
    // A jump to a row not drawn (the editor's cursor at a new place) draws the rows in view first,
    // and the margin around them when the thread is idle: in the editor the page shares the
    // workbench's thread, and a reveal's rows are drawn between the key and its problem on the
    // screen, the margin's (400 px above and below) more than half of them.
    if (!view.drawn.has(row)) this.startMargin();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const position = view.positions[row] ?? -1;
      if (position < 0) return;
      const prefix = this.prefixOf(view);
      const viewport = this.root.getBoundingClientRect();
      const headHeight = this.headerBox(view).height;
      const bodyTop = view.body.getBoundingClientRect().top;
      const rowTop = bodyTop + (prefix[position] ?? 0);
      const rowHeight = (prefix[position + 1] ?? 0) - (prefix[position] ?? 0);
      let delta: number;
      if (align === "top") delta = rowTop - (viewport.top + headHeight);
      else if (align === "center") delta = rowTop + rowHeight / 2 - (viewport.top + headHeight + (viewport.height - headHeight) / 2);
      else if (rowTop < viewport.top + headHeight) delta = rowTop - (viewport.top + headHeight);
      else if (rowTop + rowHeight > viewport.bottom) delta = rowTop + rowHeight - viewport.bottom;
      else delta = 0;
      if (Math.abs(delta) < 1) return;
      const before = this.root.scrollTop;
      this.hooks.scrollOurselves(() => {
        this.root.scrollTop = before + delta;
      });
      // The draw keeps this row where the scroll put it while it measures the rows it adds. At a new
      // place every row drawn is measured for the first time; kept by the view's top row instead
      // (a row drawn before, far away, or none), the row moved at each measure, and each pass and
      // attempt drew and laid out rows again (5–6 layouts of a jump's rows on `wide`). A centred
      // row is kept by its middle: its own height is an estimate until it is drawn.
      const pointer = view.statement.rows[row]?.pointer;
      const moved = this.root.scrollTop - before;
      const middle = align === "center";
      this.draw(pointer === undefined ? undefined : { pointer, top: rowTop + (middle ? rowHeight / 2 : 0) - moved, middle });
      if (this.root.scrollTop === before) return;
    }
  }

  /**
   * Whether draw() last drew at the view's present offset and height, nothing having moved rows
   * since: the scroll event of a scroll of ours (scrollToRow, keep) that draw() followed finds the
   * rows, the sticky headers and the tables' sideways state as that draw left them.
   */
  drawnHere(): boolean {
    return this.drawnAt !== undefined && this.drawnAt.top === this.root.scrollTop && this.drawnAt.height === this.root.clientHeight;
  }

  /** Scrolls a statement's section to the top. */
  scrollToStatement(statement: number): void {
    const section = this.views[statement]?.section;
    if (section === undefined) return;
    const delta = section.getBoundingClientRect().top - this.root.getBoundingClientRect().top;
    const before = this.root.scrollTop;
    this.hooks.scrollOurselves(() => {
      this.root.scrollTop = before + delta;
    });
    this.draw();
  }

  // ---- Drawing ----

  /** Draws the view with no margin from now on, and the margin a step at a time when the thread is idle, after MARGIN_DELAY_MS. */
  private startMargin(): void {
    this.margin = 0;
    this.postponeMargin();
  }

  /**
   * A large model's first paint draws the rows in view only: their margin (MARGIN_PX above and
   * below) comes a step at a time once the thread is idle after that frame (scheduleMargin), with no
   * MARGIN_DELAY_MS: no answer to an edit is due then.
   */
  private marginAfterPaint(): void {
    this.margin = 0;
    this.marginTask?.();
    this.marginTask = undefined;
    clearTimeout(this.marginTimer);
    this.marginTimer = undefined;
    this.scheduleMargin();
  }

  /**
   * A patch came (an edit being answered): the margin's next step, if one is still to come, waits
   * MARGIN_DELAY_MS from now, so that it runs after the answer is on the screen, not between.
   */
  postponeMargin(): void {
    if (this.margin >= MARGIN_PX) return;
    this.marginTask?.();
    this.marginTask = undefined;
    clearTimeout(this.marginTimer);
    this.marginTimer = setTimeout(() => {
      this.marginTimer = undefined;
      this.scheduleMargin();
    }, MARGIN_DELAY_MS);
  }

  private scheduleMargin(): void {
    if (this.marginTask !== undefined) return;
    this.marginTask = whenIdle(() => this.fillMargin(), MARGIN_IDLE_TIMEOUT_MS);
  }

  /** Draws one more step of the margin around the view (fillMargin's steps end at MARGIN_PX). */
  private fillMargin(): void {
    this.marginTask = undefined;
    if (this.margin >= MARGIN_PX) return;
    this.margin = Math.min(MARGIN_PX, this.margin + MARGIN_STEP_PX);
    this.draw();
    if (this.margin < MARGIN_PX) this.scheduleMargin();
  }

  /**
   * Draws the rows in view plus the margin in every statement, measuring new rows. Reads and writes
   * of the layout are batched: every statement's position is read before any row is added, and the
   * new rows are measured after all are added, so one pass costs two layouts, not two per statement.
   */
  draw(anchor = this.anchor()): void {
    if (this.views.length === 0) return;
    // A second round where laying the tables out gave a label column another width (its widening
    // to the view, --fs-fill, on a table's first draw or a new width of the view): the rows drawn
    // were measured with their labels wrapped in the old width. Left so (two labels of the
    // manufacturing example at 466 px: 36 px), every row below them stood that much lower than
    // the estimates said, and each follow of the editor scrolled there and back (keep()).
    for (let round = 0; round < 2; round += 1) {
      for (let pass = 0; pass < 3; pass += 1) {
        const viewport = this.root.getBoundingClientRect();
        let tops = this.views.map((view) => view.body.getBoundingClientRect().top);
        // Sizing a statement can change its header's height, and so where the statements after it are.
        if (this.sizeNear(viewport, tops)) tops = this.views.map((view) => view.body.getBoundingClientRect().top);
        const added = this.views.map((view, index) => this.drawWindow(view, viewport, tops[index] ?? 0));
        let measuredChange = false;
        this.views.forEach((view, index) => {
          if (this.measure(view, added[index] ?? [])) measuredChange = true;
        });
        for (const view of this.views) this.setSpacers(view);
        if (!measuredChange) break;
        this.keep(anchor);
      }
      // Where the rows were drawn, before keep() scrolls: a scroll event of ours at this offset has
      // nothing more to draw, and one after keep() moved the view draws the rows it brought in.
      this.drawnAt = { top: this.root.scrollTop, height: this.root.clientHeight };
      this.keep(anchor);
      const sized = this.views.filter((view) => view.sized);
      const labelWidths = layoutTables(sized, this.root.getBoundingClientRect().top);
      let rewrapped = false;
      sized.forEach((view, index) => {
        const width = labelWidths[index];
        if (width !== undefined && view.drawn.size > 0 && Math.abs(width - view.rowsLabelWidth) >= 0.5 && this.measureDrawn(view, width)) rewrapped = true;
      });
      if (!rewrapped) break;
      this.drawnAt = undefined;
    }
    this.scheduleSizing();
  }

  /**
   * Sizes the statements not sized yet whose rows come within the margin of the view (their
   * body's top is `tops[i]`); true when it sized one.
   */
  private sizeNear(viewport: DOMRect, tops: readonly number[]): boolean {
    let sized = false;
    this.views.forEach((view, index) => {
      if (view.sized) return;
      const top = tops[index] ?? 0;
      const bottom = top + (this.prefixOf(view)[view.visible.length] ?? 0);
      // The header above the body counts as near too: a statement's caption and headings show sized.
      if (top - MARGIN_PX > viewport.bottom + MARGIN_PX || bottom < viewport.top - MARGIN_PX) return;
      this.sizeColumns(view);
      sized = true;
    });
    return sized;
  }

  /**
   * After a draw, the statements not sized yet are sized one per task (sizeRest), the first after
   * the next frame: the rows drawn now are painted first.
   */
  private scheduleSizing(): void {
    if (this.sizing || this.views.every((view) => view.sized)) return;
    this.sizing = true;
    requestAnimationFrame(() =>
      setTimeout(() => {
        this.sizing = false;
        this.sizeRest();
      }, 0),
    );
  }

  /**
   * Sizes the next statement not sized yet (one per task: each reads all its cells), keeping the
   * row at the top of the view where it is; the last one lays out the tables again.
   */
  private sizeRest(): void {
    const view = this.views.find((candidate) => !candidate.sized);
    if (view === undefined) return;
    const anchor = this.anchor();
    this.sizeColumns(view);
    if (this.views.every((candidate) => candidate.sized)) this.draw(anchor);
    else {
      this.keep(anchor);
      this.sizing = true;
      setTimeout(() => {
        this.sizing = false;
        this.sizeRest();
      }, 0);
    }
  }

  /** The row at the top of the view and where it is: drawing keeps it there. */
  private anchor(): Anchor | undefined {
    const found = this.topRow();
    if (found === undefined) return undefined;
    const element = this.elementAt(found.place);
    return element === undefined ? undefined : { pointer: found.pointer, top: element.getBoundingClientRect().top };
  }

  /** Scrolls the anchor's row (found by its pointer: a patch may have redrawn it) back to where it was. */
  private keep(anchor: Anchor | undefined): void {
    const place = anchor === undefined ? undefined : this.nearest(anchor.pointer);
    const element = place === undefined || place.row < 0 ? undefined : this.elementAt({ ...place, column: -1 });
    if (anchor === undefined || element === undefined || element.dataset.pointer !== anchor.pointer) return;
    const box = element.getBoundingClientRect();
    const delta = box.top + (anchor.middle === true ? box.height / 2 : 0) - anchor.top;
    if (Math.abs(delta) < 0.5) return;
    const before = this.root.scrollTop;
    this.hooks.scrollOurselves(() => {
      this.root.scrollTop = before + delta;
    });
  }

  /** Adds the rows of the window in view (from the statement's body top) and removes the others; writes only. Returns the added rows. */
  private drawWindow(view: StatementView, viewport: DOMRect, bodyTop: number): { row: number; element: HTMLTableRowElement }[] {
    const count = view.visible.length;
    if (count === 0 || view.statement.omitted !== undefined) return [];
    const prefix = this.prefixOf(view);
    const start = viewport.top - this.margin - bodyTop;
    const end = viewport.bottom + this.margin - bodyTop;
    let first = lowerBound(count, (position) => (prefix[position + 1] ?? 0) > start);
    let last = lowerBound(count, (position) => (prefix[position] ?? 0) >= end);
    if (last < first) last = first;
    if (first >= count || last <= 0) {
      first = 0;
      last = 0;
    }
    if (first === view.first && last === view.last && view.drawn.size === last - first) return [];
    // Its rows are drawn with its columns' widths and whole labels (sizeNear sizes it before, unless sizing another moved it here).
    if (!view.sized && last > first) this.sizeColumns(view);

    // Remove rows outside [first, last), then add the missing ones at either end.
    for (const [row, element] of view.drawn) {
      const position = view.positions[row] ?? -1;
      if (position < first || position >= last) {
        element.remove();
        view.drawn.delete(row);
      }
    }
    const added: { row: number; element: HTMLTableRowElement }[] = [];
    const keptFirst = view.drawn.size === 0 ? last : Math.max(first, view.first);
    const keptLast = view.drawn.size === 0 ? last : Math.min(last, view.last);
    const before = view.drawn.size === 0 ? view.bottomSpacer : (view.drawn.get(view.visible[keptFirst] as number) ?? view.bottomSpacer);
    for (let position = first; position < keptFirst; position += 1) {
      const row = view.visible[position] as number;
      const element = this.rowElement(view, row, position);
      view.body.insertBefore(element, before);
      view.drawn.set(row, element);
      added.push({ row, element });
    }
    for (let position = keptLast; position < last; position += 1) {
      const row = view.visible[position] as number;
      const element = this.rowElement(view, row, position);
      view.body.insertBefore(element, view.bottomSpacer);
      view.drawn.set(row, element);
      added.push({ row, element });
    }
    view.first = first;
    view.last = last;
    return added;
  }

  /**
   * Measures newly drawn rows (all drawn rows where the label column's width is not the one they
   * were measured at); reads only. True when a height differs from its estimate.
   */
  private measure(view: StatementView, added: readonly { row: number; element: HTMLTableRowElement }[]): boolean {
    if (added.length === 0) return false;
    // Read with the rows' own: the layout is already made.
    const labelWidth = this.headerBox(view).width;
    if (Math.abs(labelWidth - view.rowsLabelWidth) >= 0.5) return this.measureDrawn(view, labelWidth);
    return this.measureRows(view, added);
  }

  /** Measures every drawn row of the view, its label column `labelWidth` wide; reads only. True when a height changed. */
  private measureDrawn(view: StatementView, labelWidth: number): boolean {
    view.rowsLabelWidth = labelWidth;
    return this.measureRows(
      view,
      [...view.drawn].map(([row, element]) => ({ row, element })),
    );
  }

  private measureRows(view: StatementView, rows: readonly { row: number; element: HTMLTableRowElement }[]): boolean {
    let changed = false;
    for (const { row, element } of rows) {
      const height = element.getBoundingClientRect().height;
      if (this.estimate === 0 && height > 0) {
        this.estimate = height;
        for (const other of this.views) other.prefix = undefined;
        changed = true;
      }
      if (height > 0 && Math.abs(height - (view.heights[row] || this.estimate)) >= 0.5) changed = true;
      view.heights[row] = height;
    }
    if (changed) view.prefix = undefined;
    return changed;
  }

  private setSpacers(view: StatementView): void {
    const prefix = this.prefixOf(view);
    const total = prefix[view.visible.length] ?? 0;
    const top = view.drawn.size === 0 ? total : (prefix[view.first] ?? 0);
    const bottom = view.drawn.size === 0 ? 0 : total - (prefix[view.last] ?? 0);
    setHeight(view.topSpacer, top);
    setHeight(view.bottomSpacer, bottom);
  }

  private prefixOf(view: StatementView): Float64Array {
    if (view.prefix !== undefined) return view.prefix;
    const estimate = this.estimate || 24;
    const prefix = new Float64Array(view.visible.length + 1);
    for (let position = 0; position < view.visible.length; position += 1) {
      prefix[position + 1] = (prefix[position] ?? 0) + (view.heights[view.visible[position] as number] || estimate);
    }
    view.prefix = prefix;
    return prefix;
  }

  private clearDrawn(view: StatementView): void {
    for (const element of view.drawn.values()) element.remove();
    view.drawn.clear();
    view.first = 0;
    view.last = 0;
    view.prefix = undefined;
    // As a new statement's: the statements below stay where they are until the rows are drawn again.
    this.setSpacers(view);
  }

  private computeVisible(view: StatementView): void {
    const rows = view.statement.rows;
    // No row collapsed (a new preview's every statement): every row shows, and no index of the
    // rows by pointer is made (5,662 rows on `wide` at 5 MB, before the first paint).
    if (!rows.some((row) => this.hooks.isCollapsed(row.pointer))) {
      view.visible = rows.map((_, index) => index);
      view.positions = Int32Array.from(view.visible);
      view.prefix = undefined;
      return;
    }
    const byPointer = new Map<string, number>();
    rows.forEach((row, index) => byPointer.set(row.pointer, index));
    const hidden = new Uint8Array(rows.length);
    const visible: number[] = [];
    const positions = new Int32Array(rows.length).fill(-1);
    rows.forEach((row, index) => {
      // Hidden when an ancestor (following rollupTo, at most depth steps: cycle-safe) is collapsed.
      let parent = row.parent;
      for (let step = 0; parent !== undefined && step <= row.depth; step += 1) {
        const parentIndex = byPointer.get(parent);
        if (parentIndex === undefined) break;
        const parentRow = rows[parentIndex] as PreviewRow;
        if (this.hooks.isCollapsed(parentRow.pointer)) {
          hidden[index] = 1;
          break;
        }
        parent = parentRow.parent;
      }
      if (hidden[index] === 0) {
        positions[index] = visible.length;
        visible.push(index);
      }
    });
    view.visible = visible;
    view.positions = positions;
    view.prefix = undefined;
  }

  /**
   * Statements, columns and rows by pointer, and the few cells whose pointer is not their row's
   * followed by `/values/<column id>` (the rest are found by derivedCell): tens of thousands of
   * cells are not indexed one by one each time a patch moves rows.
   */
  private buildIndex(): Map<string, Place> {
    const index = new Map<string, Place>();
    const keep = (pointer: string, place: Place): void => {
      if (!index.has(pointer)) index.set(pointer, place);
    };
    this.views.forEach((view, statement) => {
      const model = view.statement;
      const offset = this.cellOffset(model);
      const suffixes = model.columns.map((column) => `/values/${escapeSegment(column.id)}`);
      keep(model.pointer, { statement, row: -1, column: -1 });
      model.columns.forEach((column, columnIndex) => keep(column.pointer, { statement, row: -1, column: offset + columnIndex }));
      model.rows.forEach((row, rowIndex) => keep(row.pointer, { statement, row: rowIndex, column: -1 }));
      model.rows.forEach((row, rowIndex) => {
        row.cells.forEach((cell, cellIndex) => {
          const suffix = suffixes[cellIndex] ?? "";
          const derived = cell.pointer.length === row.pointer.length + suffix.length && cell.pointer.startsWith(row.pointer) && cell.pointer.endsWith(suffix);
          if (!derived) keep(cell.pointer, { statement, row: rowIndex, column: offset + cellIndex });
        });
      });
    });
    return index;
  }

  /** The cell at `<row pointer>/values/<column id>` of an indexed row, when there is one. */
  private derivedCell(pointer: string): Place | undefined {
    const at = pointer.lastIndexOf("/values/");
    if (at < 0 || pointer.indexOf("/", at + "/values/".length) >= 0) return undefined;
    const row = this.index?.get(pointer.slice(0, at));
    const view = row === undefined || row.row < 0 || row.column >= 0 ? undefined : this.views[row.statement];
    if (row === undefined || view === undefined) return undefined;
    const id = pointer.slice(at + "/values/".length);
    const cells = view.statement.rows[row.row]?.cells ?? [];
    const columnIndex = view.statement.columns.findIndex((column, index) => escapeSegment(column.id) === id && cells[index]?.pointer === pointer);
    return columnIndex < 0 ? undefined : { statement: row.statement, row: row.row, column: this.cellOffset(view.statement) + columnIndex };
  }

  // ---- Elements ----

  private cellOffset(statement: PreviewStatement): number {
    return statement.unitPerRow ? 2 : 1;
  }

  private createStatement(statement: PreviewStatement): StatementView {
    const doc = this.document;
    const section = doc.createElement("section");
    section.className = "fs-statement";
    if (statement.id !== undefined) section.dataset.statement = statement.id;
    section.dataset.pointer = statement.pointer;
    const table = doc.createElement("table");
    table.className = "fs-table";
    // A grid: cells are focused and edited one by one (aria-readonly is set while the document is read-only).
    table.setAttribute("role", "grid");
    const caption = table.createCaption();
    caption.className = "fs-caption";
    // One box that stays in view while the table scrolls and wraps at the visible width (preview.css).
    const captionText = doc.createElement("span");
    captionText.className = "fs-caption-text";
    const label = doc.createElement("span");
    label.className = "fs-caption-label";
    label.textContent = statement.label;
    captionText.append(label);
    if (statement.unit !== undefined) {
      const unit = doc.createElement("span");
      unit.className = "fs-caption-unit";
      unit.textContent = ` — ${l10n.t("Unit: {0}", statement.unit)}`;
      captionText.append(unit);
    }
    caption.append(captionText);
    const colgroup = doc.createElement("colgroup");
    const columns: HTMLTableColElement[] = [];
    const addColumn = (className: string): void => {
      const col = doc.createElement("col");
      col.className = className;
      colgroup.append(col);
      columns.push(col);
    };
    addColumn("fs-colw-item");
    if (statement.unitPerRow) addColumn("fs-colw-unit");
    for (let index = 0; index < statement.columns.length; index += 1) addColumn("fs-colw-period");
    table.append(colgroup);

    const head = table.createTHead();
    const headRow = head.insertRow();
    headRow.setAttribute("aria-rowindex", "1");
    const itemHeader = headerCell(doc, "fs-col-item", l10n.t("Item"));
    headRow.append(itemHeader);
    if (statement.unitPerRow) headRow.append(headerCell(doc, "fs-col-unit", l10n.t("Unit")));
    for (const column of statement.columns) {
      const th = headerCell(doc, "fs-col-period", "");
      th.dataset.period = column.id;
      th.dataset.periodKind = column.kind;
      th.dataset.pointer = column.pointer;
      th.title = column.label;
      columnParts(column).forEach((part, index) => {
        if (index > 0) th.append(PERIOD_DATES_SEPARATOR);
        const span = doc.createElement("span");
        span.className = "fs-nobreak";
        span.textContent = part;
        th.append(span);
      });
      headRow.append(th);
    }
    const body = table.createTBody();
    const view: StatementView = {
      statement,
      section,
      table,
      wrapper: wrapTable(doc, table),
      head,
      body,
      topSpacer: spacerRow(doc),
      bottomSpacer: spacerRow(doc),
      columns,
      widths: [],
      wholeLabels: new Set(),
      labelLeast: 0,
      sized: false,
      visible: [],
      positions: new Int32Array(0),
      heights: new Array<number>(statement.rows.length).fill(0),
      rowsLabelWidth: 0,
      prefix: undefined,
      drawn: new Map(),
      first: 0,
      last: 0,
    };
    const span = this.cellOffset(statement) + statement.columns.length;
    if (statement.omitted !== undefined) body.append(noteRow(doc, "fs-omitted", statement.omitted, span));
    else if (statement.rows.length === 0) body.append(noteRow(doc, "fs-empty", l10n.t("This statement has no items."), span));
    body.append(view.topSpacer, view.bottomSpacer);
    section.append(view.wrapper, ...scrollSigns(view.wrapper));
    this.computeVisible(view);
    this.setRowCount(view);
    // The body stands for its rows' estimated height before any is drawn: with empty bodies every
    // statement's top would be in view, and the first draw would add the rows in view to each of
    // them (18 statements of 32 columns: 26,000 cells laid out, a second, to be removed at once).
    this.setSpacers(view);
    return view;
  }

  private setRowCount(view: StatementView): void {
    view.table.setAttribute("aria-rowcount", String(view.visible.length + 1));
  }

  /**
   * Period columns as wide as their widest text (in ch), so drawing other rows never reflows them,
   * within the bounds columnWidth.ts sets (at most the room beside the labels, never cutting an
   * integer part).
   */
  private sizeColumns(view: StatementView): void {
    view.sized = true;
    const statement = view.statement;
    // Its index in the model (a statement being created is not among the views yet).
    const statementIndex = this.model?.statements.indexOf(statement) ?? -1;
    view.widths = statement.columns.map((column, index) => {
      const parts = columnParts(column);
      // A duration's heading may wrap between its two dates, never inside one: its longest line, in ch, and measured in its bold font.
      const lines = parts.map((part, partIndex) => (partIndex === 0 && parts.length > 1 ? `${part}${PERIOD_DATES_SEPARATOR.trimEnd()}` : part));
      let widths: Widths = {
        keep: 0,
        keepPx: Math.ceil(Math.max(...lines.map((line) => this.textMeasure().textWidthPx(line, true)))) + 1,
        full: Math.max(...lines.map((line) => line.length)),
      };
      statement.rows.forEach((row, rowIndex) => {
        widths = widest(widths, this.cellWidths(row.cells[index]));
        if (this.hooks.decorationWidths !== undefined && statementIndex >= 0) widths = widest(widths, this.hooks.decorationWidths(statementIndex, rowIndex, index));
      });
      return { ...widths, keep: Math.max(6, widths.keep), full: Math.max(6, widths.full) };
    });
    if (statement.unitPerRow) {
      let widestUnit = 4;
      for (const row of statement.rows) widestUnit = Math.max(widestUnit, Math.min(UNIT_MOST_CH, row.unit?.text.length ?? 0));
      const full = widestUnit + PADDING_CH;
      const least = Math.min(widestUnit, UNIT_LEAST_CH) + PADDING_CH;
      // It gives way, down to its least, to the first period's kept width beside the labels' least (preview.css, --fs-cap).
      const first = leastWidth(view.widths[0] ?? NO_WIDTH);
      view.table.style.setProperty("--fs-unit-w", least >= full ? `${full}ch` : `clamp(${least}ch, calc(100cqw - var(--fs-label-floor) - ${first} - 14px), ${full}ch)`);
      const col = view.columns[1];
      if (col !== undefined) col.style.width = "var(--fs-unit-w)";
    }
    view.labelLeast = this.textMeasure().leastWidth(statement.rows);
    view.table.style.setProperty("--fs-label-least", `${view.labelLeast}px`);
    // What shows every label whole (preview.css, .fs-colw-item): sized with the columns, not again
    // for a label's in-place edit, whose every key would then lay out the drawn rows again (issue 25).
    view.table.style.setProperty("--fs-label-want", `${this.textMeasure().wholeWidth(statement.rows)}px`);
    view.wholeLabels = sharingFirstWord(statement.rows);
    this.setColumnWidths(view);
  }

  /**
   * The period columns' widths, and the label column's room (preview.css, .fs-colw-item): it takes
   * the width the other columns leave, within bounds, so the table fills the width there is before
   * any label wraps or any column scrolls away.
   */
  private setColumnWidths(view: StatementView): void {
    const offset = this.cellOffset(view.statement);
    const widths = view.widths.map(columnWidth);
    widths.forEach((width, index) => {
      const col = view.columns[offset + index];
      if (col !== undefined && col.style.width !== width) col.style.width = width;
    });
    const unit = view.statement.unitPerRow ? "var(--fs-unit-w) + " : "";
    view.table.style.setProperty("--fs-rest", `calc(${unit}${widths.length === 0 ? "0px" : widths.join(" + ")})`);
    // The unit column, if any, and the first period's: the label column gives way to them.
    view.table.style.setProperty("--fs-first", `calc(${unit}${widths[0] ?? "0px"})`);
  }

  /**
   * Widens the column of each changed cell whose new text is wider than it. Only the changed cells
   * are measured: every column is already as wide as every other cell of it (sizeColumns), so
   * measuring the whole column again, for each cell of a patch, was work in proportion to the
   * statement's rows before every value edit's paint.
   */
  private growColumns(view: StatementView, changed: readonly { column: number; cell: PreviewCell }[]): boolean {
    let grown = false;
    for (const { column, cell } of changed) {
      const old = view.widths[column];
      if (old === undefined) continue;
      const wanted = widest(old, this.cellWidths(cell));
      if (wanted.keep === old.keep && wanted.keepPx === old.keepPx && wanted.full === old.full) continue;
      view.widths[column] = wanted;
      grown = true;
    }
    if (grown) this.setColumnWidths(view);
    return grown;
  }

  /** The widths of a cell's text (and flag), in ch. */
  private cellWidths(cell: PreviewCell | undefined): Widths {
    if (cell === undefined) return NO_WIDTH;
    const flag = cell.flag === "" ? 0 : FLAG_CH;
    if (cell.kind === "value" && this.format === "full") {
      const widths = this.numberWidths(cell.value);
      return { keep: widths.keep + flag, keepPx: widths.keepPx === 0 ? 0 : widths.keepPx + (flag === 0 ? 0 : FLAG_PX), full: widths.full + flag };
    }
    return textWidths(Math.min(40, cellDisplayText(cell, this.format, display.number).length) + flag);
  }

  /** The widths of a decimal in the full format (by its shape: a 5 MB document has 52,854 cells to size). */
  numberWidths(decimal: string): NumberWidths {
    if (this.numberMeasure === undefined) {
      const measure = this.textMeasure();
      this.numberMeasure = { bold: (text) => measure.textWidthPx(text, true), ch: measure.chPx() };
    }
    return decimalWidths(decimal, display.number, this.numberMeasure, this.shapes);
  }

  /** Text widths in the tables' font (a canvas: no layout of the page). */
  private textMeasure(): LabelWidths {
    this.labelWidths ??= new LabelWidths(this.document, this.root);
    return this.labelWidths;
  }

  /** Sizes every table's columns again (the changes view's marks changed what its cells show). */
  resizeColumns(): void {
    this.drawnAt = undefined;
    for (const view of this.views) if (view.sized) this.sizeColumns(view);
  }

  private rowElement(view: StatementView, rowIndex: number, position: number): HTMLTableRowElement {
    const doc = this.document;
    const row = view.statement.rows[rowIndex] as PreviewRow;
    const tr = doc.createElement("tr");
    tr.className = `fs-row fs-depth-${Math.min(row.depth, MAX_DEPTH_CLASS)}${row.subtotal ? " fs-subtotal" : ""}`;
    if (row.id !== undefined) tr.dataset.item = row.id;
    tr.dataset.depth = String(row.depth);
    tr.dataset.pointer = row.pointer;
    tr.dataset.row = String(rowIndex);
    if (row.parent !== undefined) tr.dataset.parentPointer = row.parent;
    tr.setAttribute("aria-rowindex", String(position + 2));

    if (row.subtotal && this.hooks.isCollapsed(row.pointer)) tr.classList.add("fs-collapsed");
    tr.append(this.labelCell(view, row, rowIndex));
    if (view.statement.unitPerRow) {
      const td = doc.createElement("td");
      td.tabIndex = -1;
      if (row.unit === undefined || row.unit.text === "") {
        td.className = "fs-unit fs-invalid";
        td.textContent = l10n.t("no unit");
      } else {
        td.className = "fs-unit";
        td.title = row.unit.title;
        // Cut with "…" where the column gives way (preview.css, .fs-unit-text); the whole unit is the title.
        const text = doc.createElement("span");
        text.className = "fs-unit-text";
        text.textContent = row.unit.text;
        td.append(text);
      }
      tr.append(td);
    }
    const offset = this.cellOffset(view.statement);
    const unit = unitOf(view.statement, row);
    row.cells.forEach((cell, index) => tr.append(this.cellElement(cell, offset + index, null, unit)));
    for (let column = -1; column < tr.children.length; column += 1) {
      const names = this.classesOf(view, rowIndex, column);
      if (names.length === 0) continue;
      const target = column < 0 ? tr : tr.children[column];
      for (const name of names) target?.classList.add(name);
    }
    this.hooks.decorateRow?.(tr, this.views.indexOf(view), rowIndex);
    return tr;
  }

  /** A row's label cell: its outline toggle (a subtotal's), label and description. */
  private labelCell(view: StatementView, row: PreviewRow, rowIndex: number): HTMLTableCellElement {
    const doc = this.document;
    const th = doc.createElement("th");
    th.scope = "row";
    th.className = "fs-item";
    th.tabIndex = -1;
    veilNewLabel(view.table, th);
    if (row.subtotal) {
      const collapsed = this.hooks.isCollapsed(row.pointer);
      const toggle = doc.createElement("button");
      toggle.type = "button";
      toggle.className = "fs-toggle";
      toggle.tabIndex = -1;
      toggle.setAttribute("aria-expanded", String(!collapsed));
      toggle.setAttribute("aria-label", collapsed ? l10n.t("Expand the rows of {0}", row.label) : l10n.t("Collapse the rows of {0}", row.label));
      toggle.textContent = collapsed ? "▸" : "▾";
      th.append(toggle);
    }
    const label = doc.createElement("span");
    label.className = view.wholeLabels.has(rowIndex) ? "fs-item-label fs-item-label-whole" : "fs-item-label";
    label.textContent = row.label;
    th.title = row.description === undefined ? row.label : `${row.label}\n${row.description}`;
    th.append(label);
    if (row.description !== undefined) {
      const description = doc.createElement("span");
      description.className = "fs-item-description";
      description.textContent = row.description;
      th.append(description);
    }
    return th;
  }

  private cellElement(cell: PreviewCell, column: number, tabindex: string | null, unit: string | undefined): HTMLTableCellElement {
    const doc = this.document;
    const td = doc.createElement("td");
    const classes = ["fs-cell", `fs-${cell.kind}`];
    if (cell.check === "satisfied") classes.push("fs-rollup-satisfied");
    else if (cell.check === "inconsistent") classes.push("fs-inconsistent");
    else if (cell.check === "rollup-error") classes.push("fs-rollup-error");
    if (cell.blocks === true) classes.push("fs-error-cell");
    td.className = classes.join(" ");
    td.dataset.pointer = cell.pointer;
    td.dataset.col = String(column);
    td.tabIndex = tabindex === "0" ? 0 : -1;
    const text = cellDisplayText(cell, this.format, display.number);
    // What scale a typed value is in: the unit's, as the table shows it.
    const scale = unit === undefined || unit === "" ? [] : [scaleHint(unit)];
    if (cell.kind === "value") {
      td.dataset.value = cell.value;
      const full = cellDisplayText(cell, "full", display.number);
      // The whole value in the tooltip wherever the column may cut its fraction (columnWidth.ts).
      const widths = this.numberWidths(cell.value);
      const titles = text === full && !widths.cuts ? [] : [full];
      if (cell.title !== "") titles.push(cell.title);
      if (titles.length + scale.length > 0) td.title = [...titles, ...scale].join("\n");
      if (this.format === "full") td.append(numberElement(doc, text, widths, cell.flag === "" ? "100%" : `calc(100% - ${FLAG_CH}ch)`));
      else td.append(text);
    } else {
      const titles = [...(cell.title === "" ? [] : [cell.title]), ...scale];
      if (titles.length > 0) td.title = titles.join("\n");
      if (cell.kind === "missing" || cell.kind === "unavailable") {
        const shown = doc.createElement("span");
        shown.setAttribute("aria-hidden", "true");
        shown.textContent = text;
        td.append(shown, srOnly(doc, cell.kind === "missing" ? l10n.t("missing") : l10n.t("unavailable")));
      } else {
        td.append(text, srOnly(doc, ` (${l10n.t("invalid cell")})`));
      }
    }
    if (cell.flag !== "") {
      const flag = doc.createElement("span");
      flag.className = "fs-flag";
      flag.setAttribute("aria-hidden", "true");
      flag.textContent = cell.flag;
      td.append(flag, srOnly(doc, ` (${cell.title})`));
    }
    return td;
  }
}

const scaleHints = new Map<string, string>();

/** The line of a cell's title that says what unit and scale a typed value is in (one string per unit). */
function scaleHint(unit: string): string {
  let hint = scaleHints.get(unit);
  if (hint === undefined) {
    hint = l10n.t("Unit: {0}. Values are typed as the table shows them.", unit);
    scaleHints.set(unit, hint);
  }
  return hint;
}

/** The unit text of a row's values: the statement's, or the row's own in a mixed-unit statement. */
function unitOf(statement: PreviewStatement, row: PreviewRow): string | undefined {
  return statement.unit ?? row.unit?.title;
}

function placeKey(place: Place): string {
  return `${place.statement}:${place.row}:${place.column}`;
}

function headerCell(doc: Document, className: string, text: string): HTMLTableCellElement {
  const th = doc.createElement("th");
  th.scope = "col";
  th.className = className;
  th.textContent = text;
  return th;
}

function srOnly(doc: Document, text: string): HTMLSpanElement {
  const span = doc.createElement("span");
  span.className = "fs-sr-only";
  span.textContent = text;
  return span;
}

function spacerRow(doc: Document): HTMLTableRowElement {
  const tr = doc.createElement("tr");
  tr.className = "fs-spacer";
  tr.setAttribute("aria-hidden", "true");
  tr.append(doc.createElement("td"));
  return tr;
}

function noteRow(doc: Document, className: string, text: string, span: number): HTMLTableRowElement {
  const tr = doc.createElement("tr");
  tr.className = className;
  const td = doc.createElement("td");
  td.colSpan = span;
  td.textContent = text;
  tr.append(td);
  return tr;
}

function setHeight(spacer: HTMLTableRowElement, height: number): void {
  const cell = spacer.firstElementChild as HTMLElement | null;
  spacer.hidden = height <= 0;
  if (cell !== null) cell.style.height = `${Math.max(0, height)}px`;
}

/** The first index in [0, count) for which `test` holds (test is monotonic), else count. */
function lowerBound(count: number, test: (index: number) => boolean): number {
  let low = 0;
  let high = count;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (test(middle)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** A column's dates in the display language (an unresolved period shows its id). */
function columnParts(column: PreviewStatement["columns"][number]): string[] {
  return column.kind === "instant" || column.kind === "duration" ? column.parts.map((part) => display.date(part)) : column.parts;
}

/** A column's period as one label, by the one period-label rule (model/names.ts): "01/01/2025 – 12/31/2025". */
function columnLabel(column: PreviewStatement["columns"][number]): string {
  return datesLabel(columnParts(column));
}

/** How many cells a model has (its rows' period cells). */
function cellCount(model: PreviewModel): number {
  let cells = 0;
  for (const statement of model.statements) for (const row of statement.rows) cells += row.cells.length;
  return cells;
}
