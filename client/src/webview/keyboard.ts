// Keyboard access to the tables: each table is one tab stop with a roving tabindex over its body
// cells; the arrow keys, Home and End move within the table, Enter or Space reveals the source.

const CELL_SELECTOR = "tbody > tr.fs-row > th, tbody > tr.fs-row > td";

export function makeTablesNavigable(root: HTMLElement): void {
  for (const table of root.querySelectorAll<HTMLTableElement>("table.fs-table")) {
    const cells = table.querySelectorAll<HTMLElement>(CELL_SELECTOR);
    cells.forEach((cell, index) => cell.setAttribute("tabindex", index === 0 ? "0" : "-1"));
  }
}

/** Makes `cell` its table's tab stop (after a click or a focus move). */
export function makeTabStop(cell: HTMLElement): void {
  const table = cell.closest("table");
  if (table === null) return;
  for (const other of table.querySelectorAll<HTMLElement>('[tabindex="0"]')) other.setAttribute("tabindex", "-1");
  cell.setAttribute("tabindex", "0");
}

export function bodyCellOf(target: EventTarget | null): HTMLElement | undefined {
  if (!(target instanceof Element)) return undefined;
  const cell = target.closest<HTMLElement>("th, td");
  return cell !== null && cell.matches(CELL_SELECTOR) ? cell : undefined;
}

function rowCells(row: Element): HTMLElement[] {
  return [...row.children].filter((child): child is HTMLElement => child instanceof HTMLElement && (child.tagName === "TH" || child.tagName === "TD"));
}

/** The cell a navigation key leads to from `cell`, or undefined when the key is not ours. */
export function cellForKey(cell: HTMLElement, event: KeyboardEvent): HTMLElement | undefined {
  const row = cell.parentElement;
  const body = row?.parentElement;
  if (row === null || row === undefined || body === null || body === undefined) return undefined;
  const rows = [...body.children].filter((candidate) => candidate.classList.contains("fs-row"));
  const cells = rowCells(row);
  const column = cells.indexOf(cell);
  const rowIndex = rows.indexOf(row);
  const at = (r: number, c: number): HTMLElement | undefined => {
    const target = rows[Math.max(0, Math.min(rows.length - 1, r))];
    if (target === undefined) return undefined;
    const targetCells = rowCells(target);
    return targetCells[Math.max(0, Math.min(targetCells.length - 1, c))];
  };
  switch (event.key) {
    case "ArrowRight":
      return at(rowIndex, column + 1);
    case "ArrowLeft":
      return at(rowIndex, column - 1);
    case "ArrowDown":
      return at(rowIndex + 1, column);
    case "ArrowUp":
      return at(rowIndex - 1, column);
    case "Home":
      return event.ctrlKey ? at(0, 0) : at(rowIndex, 0);
    case "End":
      return event.ctrlKey ? at(rows.length - 1, Number.MAX_SAFE_INTEGER) : at(rowIndex, Number.MAX_SAFE_INTEGER);
    default:
      return undefined;
  }
}
