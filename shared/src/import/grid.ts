// What the import reads from a workbook or a CSV/TSV file: sheets of cells addressed as a
// spreadsheet addresses them ("D5"), each a value and, for a formula cell, its formula. One model
// for both sources, so the layout reader (layout.ts) does not know where the cells came from. A
// merged range holds its value in its first cell only, as spreadsheets store it.

export type GridValue =
  { kind: "number"; value: number } | { kind: "text"; text: string } | { kind: "boolean"; value: boolean } | { kind: "date"; value: Date } | { kind: "error"; text: string };

export interface GridCell {
  /** 1-based row and column. */
  row: number;
  column: number;
  /** The value, or for a formula the result saved with it; undefined when empty (or never computed). */
  value: GridValue | undefined;
  /** A formula's text without "=". */
  formula?: string | undefined;
}

export interface GridSheet {
  name: string;
  hidden: boolean;
  /** Cells by row, then column; only cells with a value or a formula. */
  rows: Map<number, Map<number, GridCell>>;
}

export interface Grid {
  sheets: GridSheet[];
}

export function cellAt(sheet: GridSheet, row: number, column: number): GridCell | undefined {
  return sheet.rows.get(row)?.get(column);
}

export function setCell(sheet: GridSheet, cell: GridCell): void {
  let row = sheet.rows.get(cell.row);
  if (row === undefined) sheet.rows.set(cell.row, (row = new Map()));
  row.set(cell.column, cell);
}

/** A cell's text, trimmed, when it is text. */
export function textAt(sheet: GridSheet, row: number, column: number): string | undefined {
  const value = cellAt(sheet, row, column)?.value;
  return value?.kind === "text" ? value.text : undefined;
}

export function sortedRows(sheet: GridSheet): number[] {
  return [...sheet.rows.keys()].sort((a, b) => a - b);
}
