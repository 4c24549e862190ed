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
//   the start of ("12/31/20", "45,") is cut off whole (`--fs-cut`, a clip of the table's rows); so
//   is one at the left edge where the labels scroll away with the columns (`--fs-cut-left`).
// - A table shows that it scrolls: a shadow on the side where more columns are (fs-more-left,
//   fs-more-right), besides the wrapper's own scrollbar.

const SCROLL_CLASS = "fs-table-scroll";

/** Wraps a statement's table in its own horizontal scroll container; returns the wrapper. */
export function wrapTable(document: Document, table: HTMLTableElement): HTMLElement {
  const wrapper = document.createElement("div");
  wrapper.className = SCROLL_CLASS;
  wrapper.append(table);
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
 */
export function layoutTables(tables: readonly ScrolledTable[], viewportTop: number): void {
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
  for (const { wrapper } of tables) layoutSideways(wrapper);
}

/** The veil over a column partly under the label column, and the "more columns" shadows. */
function layoutSideways(wrapper: HTMLElement): void {
  const table = wrapper.firstElementChild as HTMLTableElement | null;
  const cells = table?.tHead?.rows[0]?.cells;
  if (table === null || cells === undefined || cells.length === 0) return;
  // A column wider than the room beside the label column could never be seen whole: then the
  // labels scroll away with the columns (fs-labels-scroll) rather than hide it.
  const labelWidth = (cells[0] as HTMLElement).getBoundingClientRect().width;
  let widest = 0;
  for (let index = 1; index < cells.length; index += 1) widest = Math.max(widest, (cells[index] as HTMLElement).getBoundingClientRect().width);
  const labelsScroll = labelWidth + widest > wrapper.clientWidth + 0.5;
  wrapper.classList.toggle("fs-labels-scroll", labelsScroll);
  const left = wrapper.scrollLeft;
  const more = wrapper.scrollWidth - wrapper.clientWidth - left;
  wrapper.classList.toggle("fs-more-left", left > 0.5);
  wrapper.classList.toggle("fs-more-right", more > 0.5);
  // The column cut by the view's right edge: the rows are clipped from its left edge on.
  const view = wrapper.getBoundingClientRect().left + wrapper.clientLeft;
  const tableBox = table.getBoundingClientRect();
  const right = more > 0.5 ? crossed(cells, 1, view + wrapper.clientWidth, wrapper.clientWidth) : undefined;
  const cutValue = `${right === undefined ? 0 : Math.max(0, Math.ceil(tableBox.right - right.left))}px`;
  if (table.style.getPropertyValue("--fs-cut") !== cutValue) table.style.setProperty("--fs-cut", cutValue);
  // Where the labels scroll away with the columns, no veil covers the left edge: the column it cuts
  // (the labels' too) is clipped whole, from the table's left edge to that column's right.
  const leftCut = labelsScroll && left > 0.5 ? crossed(cells, 0, view, wrapper.clientWidth) : undefined;
  const cutLeftValue = `${leftCut === undefined ? 0 : Math.max(0, Math.ceil(leftCut.right - tableBox.left))}px`;
  if (table.style.getPropertyValue("--fs-cut-left") !== cutLeftValue) table.style.setProperty("--fs-cut-left", cutLeftValue);
  // The column the sticky label column's right edge crosses (read after fs-labels-scroll is set),
  // however wide: the veil covers its part beside the labels.
  const labelEdge = (cells[0] as HTMLElement).getBoundingClientRect().right;
  const under = left > 0.5 && !labelsScroll ? crossed(cells, 1, labelEdge, Infinity) : undefined;
  const veil = under === undefined ? 0 : under.right - labelEdge;
  const value = `${Math.ceil(veil)}px`;
  if (table.style.getPropertyValue("--fs-veil") !== value) table.style.setProperty("--fs-veil", value);
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
