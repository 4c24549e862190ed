// Where the statements are on a sheet: each starts at a header row of periods, with the rows
// above it back to the previous statement's last row of numbers as its titles, and runs to the next
// statement's titles. A header row holds periods ("2025", "31 Dec 2025", a date cell…) in every
// filled cell but perhaps the leftmost (a caption such as "EUR thousands" or "Notes" columns are
// not periods and are left out), and rows of a label and numbers follow it.

import { cellAt, sortedRows, type GridCell, type GridSheet } from "./grid";
import { parseNumberText } from "./numbers";
import { parseHeaderDate, parseHeaderNumber, parseHeaderText, type PeriodHeader } from "./periods";

export interface PeriodColumn {
  column: number;
  header: PeriodHeader;
  /** The header cell's text as written, for the report. */
  text: string;
}

export interface Block {
  sheet: GridSheet;
  /** Rows above the header that belong to this statement (titles, unit lines). */
  titleRows: number[];
  header: number;
  columns: PeriodColumn[];
  /** Columns the header row names with a caption that is no period ("Note"). */
  captions: number[];
  /** The last row of the statement (inclusive). */
  end: number;
}

export function cellsOf(sheet: GridSheet, row: number): GridCell[] {
  return [...(sheet.rows.get(row)?.values() ?? [])].sort((a, b) => a.column - b.column);
}

export function cellText(cell: GridCell): string {
  const value = cell.value;
  if (value === undefined) return "";
  if (value.kind === "text" || value.kind === "error") return value.text;
  if (value.kind === "date") return value.value.toISOString().slice(0, 10);
  return String(value.value);
}

function headerOf(cell: GridCell): PeriodHeader | undefined {
  const value = cell.value;
  if (value === undefined || cell.formula !== undefined) return undefined;
  if (value.kind === "text") return parseHeaderText(value.text);
  if (value.kind === "number") return parseHeaderNumber(value.value);
  if (value.kind === "date") return parseHeaderDate(value.value);
  return undefined;
}

function isNumberish(cell: GridCell): boolean {
  if (cell.value?.kind === "number") return true;
  if (cell.value?.kind !== "text") return false;
  const text = stripCurrency(cell.value.text);
  return parseNumberText(text, "point") !== undefined || parseNumberText(text, "comma") !== undefined;
}

function isNumberAt(sheet: GridSheet, row: number, column: number): boolean {
  const cell = cellAt(sheet, row, column);
  return cell !== undefined && (cell.formula !== undefined || isNumberish(cell));
}

export function stripCurrency(text: string): string {
  return text.replace(/^\s*(?:[€$£¥]|EUR|USD|GBP|CHF)\s*|\s*(?:[€$£¥]|EUR|USD|GBP|CHF)\s*$/g, "");
}

/** The header's period columns, when the row is a header row. */
function headerColumns(sheet: GridSheet, row: number): { columns: PeriodColumn[]; captions: number[] } | undefined {
  const cells = cellsOf(sheet, row).filter((cell) => cellText(cell).trim() !== "");
  const columns: PeriodColumn[] = [];
  const captions: number[] = [];
  for (const cell of cells) {
    const header = headerOf(cell);
    if (header !== undefined) columns.push({ column: cell.column, header, text: cellText(cell).trim() });
    else if (columns.length === 0 && cell.value?.kind === "text") captions.push(cell.column);
    else return undefined;
  }
  if (columns.length === 0 || captions.length > 2) return undefined;
  // Years written as numbers: different ones, so that a row of equal amounts is no header.
  const bare = columns.every((column) => column.header.day === undefined && !/[a-z]/i.test(column.text));
  if (bare && new Set(columns.map((column) => column.header.year)).size !== columns.length) return undefined;
  return { columns, captions };
}

/** A row of a label and numbers under the header's columns follows within the next rows. */
function hasDataBelow(sheet: GridSheet, rows: number[], from: number, columns: PeriodColumn[]): boolean {
  const first = Math.min(...columns.map((column) => column.column));
  for (const row of rows.slice(from + 1, from + 13)) {
    const cells = cellsOf(sheet, row);
    const label = cells.some((cell) => cell.column < first && cell.value?.kind === "text");
    const numbers = columns.some((column) => {
      const cell = cellAt(sheet, row, column.column);
      return cell !== undefined && (isNumberish(cell) || cell.formula !== undefined);
    });
    if (label && numbers) return true;
    if (headerColumns(sheet, row) !== undefined) return false;
  }
  return false;
}

export function findBlocks(sheet: GridSheet): Block[] {
  const rows = sortedRows(sheet);
  const headers: { index: number; row: number; columns: PeriodColumn[]; captions: number[] }[] = [];
  rows.forEach((row, index) => {
    const found = headerColumns(sheet, row);
    if (found === undefined || !hasDataBelow(sheet, rows, index, found.columns)) return;
    const { columns, captions } = found;
    // Years written as numbers start a statement only after titles or at the top, never right
    // under a row of numbers (then "Revenue | 2025" is an amount).
    const bare = columns.every((column) => column.header.day === undefined && !/[a-z]/i.test(column.text));
    const before = rows[index - 1];
    if (bare && before !== undefined && columns.some((column) => isNumberAt(sheet, before, column.column))) return;
    headers.push({ index, row, columns, captions });
  });
  const blocks: Block[] = [];
  headers.forEach((header, at) => {
    const previous = headers[at - 1];
    // Titles: the rows above, back to the last row with a number of the previous statement.
    const above = rows.slice(previous === undefined ? 0 : previous.index + 1, header.index);
    let start = 0;
    if (previous !== undefined) above.forEach((row, index) => cellsOf(sheet, row).some(isNumberish) && (start = index + 1));
    blocks.push({ sheet, titleRows: above.slice(start), header: header.row, columns: header.columns, captions: header.captions, end: Number.MAX_SAFE_INTEGER });
  });
  blocks.forEach((block, index) => {
    const next = blocks[index + 1];
    if (next !== undefined) block.end = (next.titleRows[0] ?? next.header) - 1;
  });
  return blocks;
}
