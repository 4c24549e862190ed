// Each statement's table scrolls sideways on its own, in a wrapper of its own (.fs-table-scroll),
// while the page scrolls up and down. Three things follow from that, done here:
//
// - The header row stays at the top of the page while its table is in view. CSS `position: sticky`
//   sticks to the nearest scroll container, which is now the table's own wrapper (it scrolls
//   sideways only), so the header is moved down by hand, on every vertical scroll.
// - No number is ever shown in part. A value cell that slides under the sticky label column would
//   show only its last digits ("72,306.52" of "411,872,306.52"), which reads as a wrong number: the
//   label column's veil (`--fs-veil`, a ::after of the sticky cells) covers the rest of such a
//   column, so a column is either whole or hidden. At the right edge, a column the view shows only
//   the start of ("12/31/20", "45,") is cut off whole (a clip-path of the table's head and body);
//   so is one at the left edge where the labels scroll away with the columns.
// - A table shows that it scrolls: a shadow on the side where more columns are (fs-more-left,
//   fs-more-right), besides the wrapper's own scrollbar, and a button on the header row at each
//   side where more columns are (‹, ›) that scrolls one column. The buttons move down with the
//   header row, so they are in view while any of the table is, however long it is; the scrollbar
//   is at the table's bottom. (A sticky copy of the scrollbar at the view's bottom would need a
//   second scroller kept in step, and would not say which of two tables in view it moves.)
// - A table that scrolls uses the width there is: the label column is widened (--fs-fill) until
//   the columns shown whole reach the right sign, rather than leave a strip empty beside it.

import * as l10n from "@vscode/l10n";
import { settleUserScrolls } from "./scrollSettle";

const SCROLL_CLASS = "fs-table-scroll";
/** The width of a scroll button (preview.css, .fs-scroll-sign). */
const SIGN_PX = 22;
/** How far the "next column" button reaches left over the last column shown: into its heading's right padding (10px). */
const SIGN_OVER = 8;
/** The strip at the view's right kept for that button while more columns are to the right. */
const STRIP = SIGN_PX - SIGN_OVER;

interface Signs {
  left: HTMLButtonElement;
  right: HTMLButtonElement;
}

const signsOf = new WeakMap<HTMLElement, Signs>();

/** Wraps a statement's table in its own horizontal scroll container; returns the wrapper. */
export function wrapTable(document: Document, table: HTMLTableElement): HTMLElement {
  const wrapper = document.createElement("div");
  wrapper.className = SCROLL_CLASS;
  wrapper.append(table);
  const sign = (side: "left" | "right", text: string, label: string): HTMLButtonElement => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = `fs-scroll-sign fs-scroll-${side}`;
    button.textContent = text;
    button.title = label;
    button.setAttribute("aria-label", label);
    // Not a stop of the Tab order, and a click leaves the keyboard where it is (the grid's cell).
    button.tabIndex = -1;
    button.hidden = true;
    button.addEventListener("mousedown", (event) => event.preventDefault());
    // Only the table moves: the click is not one on its statement (which would select the
    // statement's source in the editor).
    button.addEventListener("click", (event) => {
      event.stopPropagation();
      scrollOneColumn(wrapper, side);
    });
    return button;
  };
  signsOf.set(wrapper, { left: sign("left", "‹", l10n.t("Show the previous column")), right: sign("right", "›", l10n.t("Show the next column")) });
  settleUserScrolls(wrapper, (direction) => columnStops(wrapper, direction));
  let frame: number | undefined;
  wrapper.addEventListener(
    "scroll",
    () => {
      if (frame !== undefined) return;
      frame = requestAnimationFrame(() => {
        frame = undefined;
        layoutSideways(wrapper);
      });
    },
    { passive: true },
  );
  return wrapper;
}

/** The scroll buttons of a wrapper, to be placed beside it (its parent is their containing block). */
export function scrollSigns(wrapper: HTMLElement): HTMLElement[] {
  const signs = signsOf.get(wrapper);
  return signs === undefined ? [] : [signs.left, signs.right];
}

/**
 * Where the columns in view start (the sticky label column's right edge, or the view's left where
 * the labels scroll away) and the boxes of the columns that scroll past it (the labels' too where
 * they scroll away), in client coordinates.
 */
function columnsPastEdge(wrapper: HTMLElement): { edge: number; boxes: DOMRect[] } | undefined {
  const cells = (wrapper.firstElementChild as HTMLTableElement | null)?.tHead?.rows[0]?.cells;
  if (cells === undefined || cells.length < 2) return undefined;
  const labelsScroll = wrapper.classList.contains("fs-labels-scroll");
  const edge = labelsScroll ? wrapper.getBoundingClientRect().left + wrapper.clientLeft : (cells[0] as HTMLElement).getBoundingClientRect().right;
  return { edge, boxes: [...cells].slice(labelsScroll ? 0 : 1).map((cell) => cell.getBoundingClientRect()) };
}

/**
 * Scrolls a table by one column: the first column beside the labels moves under them (›), or the
 * last one under them comes back (‹).
 */
function scrollOneColumn(wrapper: HTMLElement, side: "left" | "right"): void {
  const columns = columnsPastEdge(wrapper);
  if (columns === undefined) return;
  const { edge, boxes } = columns;
  if (side === "right") {
    const first = boxes.find((box) => box.right > edge + 0.5);
    if (first !== undefined) wrapper.scrollLeft += Math.max(1, first.right - edge);
  } else {
    const last = boxes.filter((box) => box.left < edge - 0.5).pop();
    if (last !== undefined) wrapper.scrollLeft -= Math.max(1, edge - last.left);
  }
}

/**
 * The scroll positions where a user's sideways scroll settles (scrollSettle.ts), on its leading
 * edge: to the right (`direction` 1), where a column ends at the view's right edge less the ›
 * button's strip (the next column comes in whole, as Arrow-Right's does); to the left (-1), where
 * a column starts beside the labels (the previous one comes back whole); both for 0. The table's
 * two ends are stops too. Columns of different widths leave room for less than a column at the
 * other edge: at the left, a column veiled beside the labels reads as a wider label column.
 */
function columnStops(wrapper: HTMLElement, direction: number): number[] {
  const max = wrapper.scrollWidth - wrapper.clientWidth;
  const stops = [0, max];
  const columns = columnsPastEdge(wrapper);
  if (columns === undefined) return stops;
  const left = wrapper.scrollLeft;
  // The strip is the › button's while more columns are to the right; a stop within it of the end is the end.
  const strip = Number.parseFloat(wrapper.style.getPropertyValue("scroll-padding-right")) || 0;
  const shownEnd = wrapper.getBoundingClientRect().left + wrapper.clientLeft + wrapper.clientWidth - strip;
  for (const box of columns.boxes) {
    if (direction <= 0) stops.push(left + box.left - columns.edge);
    if (direction >= 0) stops.push(left + box.right - shownEnd);
  }
  return stops.filter((stop, index) => index < 2 || (stop > 0.5 && stop < max - strip - 0.5));
}

/** A table as laid out here: its wrapper and its header and body sections. */
export interface ScrolledTable {
  wrapper: HTMLElement;
  head: HTMLTableSectionElement;
  body: HTMLTableSectionElement;
}

/**
 * Keeps each table's header row at the top of the page's scroll container (`viewportTop`, in client
 * coordinates) while the table's body is under it, and lays out each table's sideways state. Every
 * box is read before any header moves (a transform dirties no layout, so the later reads are cheap).
 * Returns each table's label column width as laid out (after its widening, --fs-fill): where it
 * differs from the width its drawn rows were measured at, their labels may wrap otherwise now.
 */
export function layoutTables(tables: readonly ScrolledTable[], viewportTop: number): (number | undefined)[] {
  const offsets = tables.map(({ head, body }) => {
    const applied = Number(head.dataset.offset ?? "0");
    const headBox = head.getBoundingClientRect();
    const naturalTop = headBox.top - applied;
    const room = body.getBoundingClientRect().bottom - naturalTop - headBox.height;
    return Math.round(Math.max(0, Math.min(viewportTop - naturalTop, room)) * 2) / 2;
  });
  tables.forEach(({ head }, index) => {
    const offset = offsets[index] ?? 0;
    if (offset === Number(head.dataset.offset ?? "0")) return;
    head.dataset.offset = String(offset);
    head.style.transform = offset === 0 ? "" : `translateY(${offset}px)`;
  });
  return tables.map(({ wrapper }) => layoutSideways(wrapper));
}

/**
 * The label column's widening (--fs-fill) in a table wider than its view: up to where the columns
 * that fit whole beside it end at the right sign. Never so wide that the widest column no longer
 * fits beside it, nor past 40em (preview.css).
 */
function fill(wrapper: HTMLElement, table: HTMLTableElement, cells: HTMLCollectionOf<HTMLTableCellElement>): void {
  // On the label column's <col>, which uses it (preview.css, .fs-colw-item), not on the table.
  const column = table.querySelector<HTMLElement>("col.fs-colw-item");
  if (column === null) return;
  const applied = Number.parseFloat(column.style.getPropertyValue("--fs-fill")) || 0;
  const base = (cells[0] as HTMLElement).getBoundingClientRect().width - applied;
  const room = wrapper.clientWidth;
  const widths = [...cells].slice(1).map((cell) => cell.getBoundingClientRect().width);
  const total = widths.reduce((sum, width) => sum + width, 0);
  const widest = Math.max(0, ...widths);
  // The columns up to the first period's (a unit column, then the first period), which open beside the labels.
  const lead = leadWidth(cells);
  let wanted = 0;
  if (base + total > room + 0.5 && base + Math.max(widest, lead) <= room + 0.5) {
    let shown = 0;
    for (const width of widths) {
      if (base + shown + width > room - STRIP + 0.5) break;
      shown += width;
    }
    const em = Number.parseFloat(getComputedStyle(table).fontSize) || 13;
    // Never so wide that the first period no longer opens beside the labels (under a narrower button).
    wanted = Math.floor(Math.max(0, Math.min(room - STRIP - base - shown, room - STRIP - base - widest, room - base - lead, 40 * em - base)));
  }
  if (wanted !== applied) column.style.setProperty("--fs-fill", `${wanted}px`);
}

/**
 * What a table's sideways state sets is set on the elements that use it, never on the table: a
 * custom property of the table is inherited by every cell drawn, so each change computed the style
 * of all of them again (1,700–2,600 elements on `wide` at 5 MB, twice per reveal that scrolled a
 * table sideways, on the workbench's thread).
 */
const clips = new WeakMap<HTMLTableElement, string>();
const veils = new WeakMap<HTMLTableElement, string>();

/**
 * Clips the table's head and body from `right` px before its right edge and up to `left` px after
 * its left edge (a column cut by the view is hidden whole). Never no clip at all: preview.css
 * clips them at their edges from the start, so that a clip coming and going changes no layer.
 */
function clipRows(table: HTMLTableElement, right: number, left: number): void {
  const value = `inset(0px ${right}px 0px ${left}px)`;
  if ((clips.get(table) ?? "inset(0px 0px 0px 0px)") === value) return;
  clips.set(table, value);
  for (const section of [table.tHead, ...table.tBodies]) if (section !== null) section.style.clipPath = value;
}

/** The wrapper's scroll padding: `left` px under the sticky labels, `right` px under the › button. */
function setScrollPadding(wrapper: HTMLElement, left: number, right: number): void {
  setChangedStyles(wrapper, { "scroll-padding-left": `${Math.ceil(left)}px`, "scroll-padding-right": `${Math.ceil(right)}px` });
}

/** Sets each of `values` on the element's style where it differs (a write of the same value still dirties the style). */
function setChangedStyles(element: HTMLElement, values: Record<string, string>): void {
  for (const [name, value] of Object.entries(values)) if (element.style.getPropertyValue(name) !== value) element.style.setProperty(name, value);
}

/** The veil's width (preview.css, --fs-veil) on each drawn label cell, whose ::after draws it. */
function setVeil(table: HTMLTableElement, value: string): void {
  if ((veils.get(table) ?? "0px") === value) return;
  veils.set(table, value);
  for (const cell of table.querySelectorAll<HTMLElement>("th.fs-item, th.fs-col-item")) cell.style.setProperty("--fs-veil", value);
}

/** Gives a label cell drawn after the veil was set (a row drawn later) the table's veil. */
export function veilNewLabel(table: HTMLTableElement, cell: HTMLElement): void {
  const value = veils.get(table);
  if (value !== undefined && value !== "0px") cell.style.setProperty("--fs-veil", value);
}

/**
 * The veil over a column partly under the label column, the "more columns" shadows and buttons.
 * Returns the label column's width, as widened.
 */
function layoutSideways(wrapper: HTMLElement): number | undefined {
  const table = wrapper.firstElementChild as HTMLTableElement | null;
  const cells = table?.tHead?.rows[0]?.cells;
  if (table === null || cells === undefined || cells.length === 0) return undefined;
  fill(wrapper, table, cells);
  // A column wider than the room beside the label column could never be seen whole, nor the first
  // period's column after a unit column too wide beside them: then the labels scroll away with the
  // columns (fs-labels-scroll) rather than hide it.
  const labelWidth = (cells[0] as HTMLElement).getBoundingClientRect().width;
  let widest = 0;
  for (let index = 1; index < cells.length; index += 1) widest = Math.max(widest, (cells[index] as HTMLElement).getBoundingClientRect().width);
  const left = wrapper.scrollLeft;
  const more = wrapper.scrollWidth - wrapper.clientWidth - left;
  const labelsScroll = labelWidth + Math.max(widest, leadWidth(cells)) > wrapper.clientWidth + 0.5;
  // While more columns are to the right, the view's last STRIP px are the "next column" button's,
  // unless the labels and the widest column need them (then the button is narrower).
  const strip = wrapper.scrollWidth > wrapper.clientWidth + 0.5 && (labelsScroll || labelWidth + widest <= wrapper.clientWidth - STRIP + 0.5) ? STRIP : 0;
  wrapper.classList.toggle("fs-labels-scroll", labelsScroll);
  // Where scrollIntoView puts a cell (the keyboard's next cell, a reveal): beside the sticky labels
  // and left of the › button's strip, where the clip of a column cut by the view would hide it.
  setScrollPadding(wrapper, labelsScroll ? 0 : labelWidth, strip);
  wrapper.classList.toggle("fs-more-left", left > 0.5);
  wrapper.classList.toggle("fs-more-right", more > 0.5);
  // The column cut by the view's right edge, less the button's strip: the rows are clipped from its left edge on.
  const view = wrapper.getBoundingClientRect().left + wrapper.clientLeft;
  const tableBox = table.getBoundingClientRect();
  const viewEnd = view + wrapper.clientWidth;
  const crossing = more > 0.5 ? crossed(cells, 1, viewEnd - strip, wrapper.clientWidth) : undefined;
  // A column that starts where the columns in view do and fits the view only without the strip is
  // shown whole, under a narrower button.
  const free = labelsScroll ? view : (cells[0] as HTMLElement).getBoundingClientRect().right;
  // So is the first period's column, or the unit column before it, while the table is scrolled to its start.
  const leadEnd = left > 0.5 ? -Infinity : free + leadWidth(cells);
  const whole = crossing !== undefined && (crossing.left <= free + 0.5 || crossing.right <= leadEnd + 0.5) && crossing.right <= viewEnd + 0.5 ? crossing : undefined;
  const right = whole === undefined ? crossing : undefined;
  // Nothing shows in the button's strip either (a column that starts there).
  const cutFrom = right?.left ?? (more > 0.5 && strip > 0 && whole === undefined ? viewEnd - strip : undefined);
  const cut = cutFrom === undefined ? 0 : Math.max(0, Math.ceil(tableBox.right - cutFrom));
  // Where the labels scroll away with the columns, no veil covers the left edge: the column it cuts
  // (the labels' too) is clipped whole, from the table's left edge to that column's right.
  const leftCut = labelsScroll && left > 0.5 ? crossed(cells, 0, view, wrapper.clientWidth) : undefined;
  clipRows(table, cut, leftCut === undefined ? 0 : Math.max(0, Math.ceil(leftCut.right - tableBox.left)));
  // The column the sticky label column's right edge crosses (read after fs-labels-scroll is set),
  // however wide: the veil covers its part beside the labels.
  const labelEdge = (cells[0] as HTMLElement).getBoundingClientRect().right;
  const under = left > 0.5 && !labelsScroll ? crossed(cells, 1, labelEdge, Infinity) : undefined;
  const veil = under === undefined ? 0 : under.right - labelEdge;
  setVeil(table, `${Math.ceil(veil)}px`);
  placeSigns(
    wrapper,
    table,
    labelsScroll ? view : labelEdge,
    whole?.right ?? (right === undefined ? viewEnd - strip : Math.min(right.left, viewEnd - strip)),
    viewEnd,
    left > 0.5,
    more > 0.5,
  );
  return labelWidth;
}

/**
 * The scroll buttons on the header row (where it is drawn now, moved down or not): ‹ at the right
 * end of the label column (or at the view's left where the labels scroll away), › where the columns
 * shown whole end (`shownEnd`), over the last heading's right padding, up to the view's right edge.
 */
function placeSigns(wrapper: HTMLElement, table: HTMLTableElement, leftEdge: number, shownEnd: number, viewEnd: number, moreLeft: boolean, moreRight: boolean): void {
  const signs = signsOf.get(wrapper);
  const parent = wrapper.parentElement;
  if (signs === undefined || parent === null || table.tHead === null) return;
  const origin = parent.getBoundingClientRect();
  const head = table.tHead.getBoundingClientRect();
  const place = (button: HTMLButtonElement, shown: boolean, x: number, width: number): void => {
    if (button.hidden !== !shown) button.hidden = !shown;
    if (!shown) return;
    setChangedStyles(button, {
      left: `${Math.round(x - origin.left)}px`,
      top: `${Math.round(head.top - origin.top)}px`,
      width: `${Math.floor(width)}px`,
      height: `${Math.round(head.height)}px`,
    });
  };
  place(signs.left, moreLeft, wrapper.classList.contains("fs-labels-scroll") ? leftEdge : leftEdge - SIGN_PX, SIGN_PX);
  place(signs.right, moreRight, shownEnd - SIGN_OVER, Math.min(SIGN_PX, viewEnd - shownEnd + SIGN_OVER));
}

/** The width of the columns after the labels up to the first period's (the unit column, if any, and the first period). */
function leadWidth(cells: HTMLCollectionOf<HTMLTableCellElement>): number {
  let width = 0;
  for (let index = 1; index < cells.length; index += 1) {
    const cell = cells[index] as HTMLElement;
    width += cell.getBoundingClientRect().width;
    if (cell.classList.contains("fs-col-period")) break;
  }
  return width;
}

/**
 * The first header cell from `from` on that the edge at `edge` crosses, unless it is wider than the
 * view (`room`): such a column could never be seen whole, so it is shown as far as the view goes
 * rather than never.
 */
function crossed(cells: HTMLCollectionOf<HTMLTableCellElement>, from: number, edge: number, room: number): DOMRect | undefined {
  for (let index = from; index < cells.length; index += 1) {
    const cell = (cells[index] as HTMLElement).getBoundingClientRect();
    if (cell.right <= edge + 0.5) continue;
    return cell.left < edge - 0.5 && cell.width <= room + 0.5 ? cell : undefined;
  }
  return undefined;
}
