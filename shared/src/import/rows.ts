// The rows of one statement block: items (a label and at least one filled period cell), section
// headings (a label without numbers), and each value cell read as an exact decimal. Cells the
// import does not use are listed in the report with their sheet and address.

import * as l10n from "@vscode/l10n";
import { address } from "../xlsx/a1";
import { cellAt, sortedRows, type GridCell, type GridSheet } from "./grid";
import { cellsOf, cellText, stripCurrency, type Block } from "./blocks";
import { doubleToDecimal, parseNumberText, significantDigits, type NumberLocale } from "./numbers";
import type { ImportReport } from "./report";

export type Cell = string | null | { unavailable: true };

export interface RowDraft {
  row: number;
  label: string;
  /** Per period column: the value as shown in the sheet (before any sign change). */
  shown: Cell[];
  /** Per period column: the formula, if any. */
  formulas: (string | undefined)[];
  /** Per period column: a formula whose result was not saved. */
  unsaved: boolean[];
}

export interface BlockRows {
  items: RowDraft[];
  /** Texts of the rows between the header and the first item (unit lines, kind wording). */
  headerTexts: string[];
  headings: number[];
}

const DASH = /^[-–—]$/;

export function readRows(block: Block, locale: NumberLocale, report: ImportReport): BlockRows {
  const { sheet, columns } = block;
  const first = Math.min(...columns.map((column) => column.column));
  const periodColumns = new Set(columns.map((column) => column.column));
  const result: BlockRows = { items: [], headerTexts: [], headings: [] };
  const rows = sortedRows(sheet).filter((candidate) => candidate > block.header && candidate <= block.end);
  // A captioned column ("Note") right of the labels holds no label.
  let leftmost = first;
  for (const row of rows) for (const cell of cellsOf(sheet, row)) if (cell.column < leftmost && cell.value?.kind === "text") leftmost = cell.column;
  const notLabel = new Set(block.captions.filter((column) => column > leftmost));
  for (const row of rows) {
    const cells = cellsOf(sheet, row);
    const labelCells = cells.filter((cell) => cell.column < first && !notLabel.has(cell.column) && cell.value?.kind === "text" && cellText(cell).trim() !== "");
    const label = labelCells.map((cell) => cellText(cell).trim()).join(" ");
    const filled = columns.filter((column) => {
      const cell = cellAt(sheet, row, column.column);
      return cell !== undefined && (cell.formula !== undefined || cellText(cell).trim() !== "");
    });
    const numbers = filled.filter((column) => {
      const cell = cellAt(sheet, row, column.column) as GridCell;
      return cell.formula !== undefined || cell.value?.kind === "number" || (cell.value?.kind === "text" && parseNumberText(stripCurrency(cell.value.text), locale) !== undefined);
    });
    // Before the first item, a row without numbers and without digits under the periods is part of the header ("EUR '000").
    const digits = filled.some((column) => /\d/.test(cellText(cellAt(sheet, row, column.column) as GridCell)));
    if (filled.length === 0 || (result.items.length === 0 && numbers.length === 0 && !digits)) {
      // A heading, a unit line under the header, or a blank row.
      if (result.items.length === 0) result.headerTexts.push(...cells.map((cell) => cellText(cell)).filter((text) => text.trim() !== ""));
      else if (label !== "") result.headings.push(row);
      for (const cell of cells)
        if (cell.column < first && cell.value !== undefined && cell.value.kind !== "text") skip(report, sheet, cell, l10n.t("left of the periods, not a label"));
      continue;
    }
    for (const cell of cells) {
      if (cell.column < first && !labelCells.includes(cell) && cellText(cell).trim() !== "") skip(report, sheet, cell, l10n.t("left of the periods, not a label"));
      if (cell.column >= first && !periodColumns.has(cell.column) && cellText(cell).trim() !== "") skip(report, sheet, cell, l10n.t("not under a period header"));
    }
    const draft: RowDraft = { row, label, shown: [], formulas: [], unsaved: [] };
    for (const column of columns) {
      const cell = cellAt(sheet, row, column.column);
      draft.formulas.push(cell?.formula);
      draft.unsaved.push(cell?.formula !== undefined && cell.value === undefined);
      draft.shown.push(cell === undefined || (cell.formula !== undefined && cell.value === undefined) ? null : valueOf(sheet, cell, locale, report));
    }
    result.items.push(draft);
  }
  return result;
}

function valueOf(sheet: GridSheet, cell: GridCell, locale: NumberLocale, report: ImportReport): Cell {
  const value = cell.value;
  if (value === undefined) return null;
  if (value.kind === "number") {
    const decimal = doubleToDecimal(value.value);
    if (decimal !== undefined) {
      if (significantDigits(decimal) > 15) report.beyond15Digits.push(`${sheet.name}!${address(cell.row, cell.column)}`);
      return decimal;
    }
  }
  if (value.kind === "text") {
    const text = value.text.trim();
    if (text === "") return null;
    if (text.toLowerCase() === "unavailable") return { unavailable: true };
    const decimal = parseNumberText(stripCurrency(text), locale);
    if (decimal !== undefined) return decimal;
    skip(report, sheet, cell, DASH.test(text) ? l10n.t("a dash, read as missing (null): write 0 where it means nil") : l10n.t("not a number, so the value is missing (null)"));
    return null;
  }
  skip(report, sheet, cell, value.kind === "date" ? l10n.t("a date, not a number, so the value is missing (null)") : l10n.t("not a number, so the value is missing (null)"));
  return null;
}

export function skip(report: ImportReport, sheet: GridSheet, cell: GridCell, reason: string): void {
  report.skipped.push({ sheet: sheet.name, cell: address(cell.row, cell.column), value: cell.formula !== undefined ? `=${cell.formula}` : cellText(cell), reason });
}
