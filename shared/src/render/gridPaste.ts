// Pasting a block of cells into the preview grid, and the text a copy writes. A block copied from
// Excel, LibreOffice or Google Sheets is tab-separated text: rows end with CRLF or LF, a cell that
// holds a tab, a line break or a quote is quoted ("…", with "" for a quote). Its numbers are read
// by the grid's input parser (cellInput.ts) in the display language's conventions. A paste is all
// or nothing: a block that runs past the table or holds anything that is not a number (a label in
// the label column is text) writes nothing, and the error names the cells.

import * as l10n from "@vscode/l10n";
import type { CellWrite } from "../fix/cellEdits";
import { parseCellInput } from "./cellInput";
import type { NumberSymbols } from "./localeFormat";
import type { PreviewStatement } from "./previewModel";

/** At most this many cells in one paste: more is not a block anyone copies from a sheet. */
export const MAX_PASTE_CELLS = 100_000;

/** The rows and cells of tab-separated text, quotes resolved; a final line break ends the last row. */
export function parseTsvBlock(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  let atCellStart = true;
  for (let index = 0; index < text.length; index++) {
    const char = text[index] as string;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = false;
      else cell += char;
      continue;
    }
    if (char === '"' && atCellStart) {
      quoted = true;
      atCellStart = false;
    } else if (char === "\t") {
      row.push(cell);
      cell = "";
      atCellStart = true;
    } else if (char === "\r" || char === "\n") {
      if (char === "\r" && text[index + 1] === "\n") index++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      atCellStart = true;
    } else {
      cell += char;
      atCellStart = false;
    }
  }
  if (cell !== "" || row.length > 0 || quoted) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

export interface PasteTarget {
  statement: PreviewStatement;
  /** Row indices of the statement in the order shown (rows under a collapsed subtotal are not shown). */
  rows: readonly number[];
  /** The focused cell: a position in `rows`, and a drawn column (0 the label, then the unit cell of a mixed-unit statement, then the periods). */
  position: number;
  column: number;
}

export interface PasteProblem {
  /** Row position (in `rows`) and drawn column of the cell, in the block's place. */
  position: number;
  column: number;
  message: string;
}

export type PastePlan = { writes: CellWrite[] } | { problems: PasteProblem[]; message: string };

/** The writes that paste `block` at the target, or the problems (nothing is written then). */
export function planPaste(block: readonly (readonly string[])[], target: PasteTarget, symbols: NumberSymbols): PastePlan {
  const { statement, rows } = target;
  const offset = statement.unitPerRow ? 2 : 1;
  const columns = offset + statement.columns.length;
  const width = Math.max(0, ...block.map((line) => line.length));
  if (block.length * width > MAX_PASTE_CELLS) return { problems: [], message: l10n.t("The block has more than {0} cells; nothing was pasted.", MAX_PASTE_CELLS) };
  if (statement.omitted !== undefined) return { problems: [], message: statement.omitted };
  const pastRows = target.position + block.length - rows.length;
  const pastColumns = target.column + width - columns;
  if (pastRows > 0 || pastColumns > 0) {
    const parts: string[] = [];
    if (pastRows > 0) parts.push(pastRows === 1 ? l10n.t("its last row has no row in the table") : l10n.t("its last {0} rows have no row in the table", pastRows));
    if (pastColumns > 0)
      parts.push(pastColumns === 1 ? l10n.t("its last column has no column in the table") : l10n.t("its last {0} columns have no column in the table", pastColumns));
    return { problems: [], message: l10n.t("The block of {0} × {1} cells runs past the table: {2}. Nothing was pasted.", block.length, width, parts.join("; ")) };
  }
  const writes: CellWrite[] = [];
  const problems: PasteProblem[] = [];
  block.forEach((line, lineIndex) => {
    const position = target.position + lineIndex;
    const row = statement.rows[rows[position] as number];
    if (row === undefined) return;
    line.forEach((text, cellIndex) => {
      const column = target.column + cellIndex;
      if (column === 0) {
        if (text.trim() === "") problems.push({ position, column, message: l10n.t("A label cannot be empty.") });
        else writes.push({ pointer: `${row.pointer}/label`, content: { kind: "text", text } });
        return;
      }
      if (column < offset) {
        problems.push({ position, column, message: l10n.t("The unit column cannot be pasted into.") });
        return;
      }
      const cell = row.cells[column - offset];
      if (cell === undefined) return;
      const parsed = parseCellInput(text, symbols);
      if (parsed.kind === "error") problems.push({ position, column, message: parsed.message });
      else writes.push({ pointer: cell.pointer, content: parsed.kind === "value" ? { kind: "value", decimal: parsed.decimal } : parsed });
    });
  });
  if (problems.length > 0) {
    const message =
      problems.length === 1
        ? l10n.t("Nothing was pasted: 1 cell of the block is not a number.")
        : l10n.t("Nothing was pasted: {0} cells of the block are not numbers.", problems.length);
    return { problems, message };
  }
  return { writes };
}

/**
 * A label as a copy writes it: a tab or line break inside becomes a space, and text that a
 * spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage return) is
 * guarded with a leading apostrophe, which Excel, LibreOffice and Google Sheets read as "text".
 */
export function guardedLabel(label: string): string {
  const guarded = /^[=+\-@\t\r]/.test(label) ? `'${label}` : label;
  return guarded.replace(/[\t\r\n]+/g, " ");
}
