// One statement as a worksheet: row 1 the statement label; row 2 the headers (Item, Item ID, Unit,
// then one column per period); rows 3… one row per item in document order, the label indented by
// its rollup depth. Cells:
//   value        a number when exact as a double (numbers.ts), else text with a note saying why;
//   missing      empty, grey, with the note "no value (null)": not 0, and SUM skips it;
//   unavailable  the text "unavailable", grey italic, with a note;
//   subtotal     for a satisfied or unsatisfied rollup application: a live SUM of its children's
//                cells, saved with the value it computes (subtotals.ts); the stated value, when it
//                differs, is in the note, and an unsatisfied one is filled red.
// Author text (labels, ids, units) is always a string cell: a label that begins with "=" is text,
// never a formula. Notes are written only when they say something.

import type ExcelJS from "exceljs";
import { groupDigits, unitText } from "../render/format";
import type { CellPresentation, RowPresentation, StatementPresentation } from "../render/model";
import { sum } from "../decimal/exact";
import { decimalShape, exactAsNumber, MAX_SHOWN_PLACES, numberFormat } from "./numbers";
import { escapeOoxml } from "./ooxmlText";
import type { StatedCell } from "./definitions";
import { planStatement, type CellPlan, type StatementPlan } from "./subtotals";
import { columnLetters } from "./a1";

export const FIRST_ROW = 3;
export const FIRST_PERIOD_COLUMN = 4;

const FILL = (argb: string): ExcelJS.Fill => ({ type: "pattern", pattern: "solid", fgColor: { argb } });
const GREY = FILL("FFEDEDED");
const RED = FILL("FFF8D7DA");
const AMBER = FILL("FFFFF3CD");

export interface WrittenStatement {
  /** How many values went in as text. */
  textValues: number;
  /** Every subtotal cell that is a formula, with its stated and its saved value (definitions.ts). */
  stated: StatedCell[];
}

export function writeStatement(sheet: ExcelJS.Worksheet, statement: StatementPresentation): WrittenStatement {
  let textValues = 0;
  const stated: StatedCell[] = [];
  sheet.getCell(1, 1).value = escapeOoxml(statement.label);
  sheet.getCell(1, 1).font = { bold: true, size: 13 };
  const header = ["Item", "Item ID", "Unit", ...statement.periods.map((period) => period.label)];
  header.forEach((text, index) => {
    const cell = sheet.getCell(2, index + 1);
    cell.value = escapeOoxml(text);
    cell.font = { bold: true };
  });
  sheet.getColumn(1).width = 40;
  sheet.getColumn(2).width = 18;
  sheet.getColumn(3).width = 24;
  statement.periods.forEach((_period, index) => (sheet.getColumn(FIRST_PERIOD_COLUMN + index).width = 18));

  const plan = planStatement(statement, FIRST_ROW, (column) => columnLetters(FIRST_PERIOD_COLUMN + column));
  statement.rows.forEach((row, position) => {
    const r = FIRST_ROW + position;
    const label = sheet.getCell(r, 1);
    label.value = escapeOoxml(row.label);
    label.alignment = { indent: Math.min(row.depth, 15) };
    if (row.isSubtotal) label.font = { bold: true };
    sheet.getCell(r, 2).value = escapeOoxml(row.id ?? "");
    sheet.getCell(r, 3).value = row.unit === undefined ? "" : escapeOoxml(unitText(row.unit));
    row.cells.forEach((cellData, column) => {
      const cell = sheet.getCell(r, FIRST_PERIOD_COLUMN + column);
      textValues += writeCell(cell, cellData, row, { statement, plan, position, column });
      const shown = plan.cells[position]?.[column];
      if (shown?.formula !== undefined && shown.shown !== undefined) stated.push({ ref: cell.address, stated: cellData.text, saved: shown.shown });
    });
  });
  return { textValues, stated };
}

interface Where {
  statement: StatementPresentation;
  plan: StatementPlan;
  position: number;
  column: number;
}

function writeCell(cell: ExcelJS.Cell, data: CellPresentation, row: RowPresentation, where: Where): number {
  switch (data.kind) {
    case "missing":
      cell.fill = GREY;
      cell.note = "No value (null): missing, which is not the same as 0.";
      return 0;
    case "unavailable":
      cell.value = "unavailable";
      cell.fill = GREY;
      cell.font = { italic: true, color: { argb: "FF666666" } };
      cell.note = "Marked unavailable in the document: not known, which is not the same as 0.";
      return 0;
    case "invalid":
      cell.value = escapeOoxml(data.text);
      cell.note = "Not a valid value cell.";
      return 0;
    case "value":
      break;
  }
  const plan = where.plan.cells[where.position]?.[where.column] as CellPlan;
  const notes: string[] = [];
  const format = (places: number, shown: string) => {
    if (places > MAX_SHOWN_PLACES) notes.push(`Shown in scientific notation: spreadsheets show at most ${MAX_SHOWN_PLACES} decimal places, and this value has ${places}.`);
    return numberFormat(places, row.unit?.measure, row.unit?.scale, decimalShape(shown).digits);
  };
  const application = data.rollup;
  let asText = false;
  if (plan.formula !== undefined && plan.shown !== undefined) {
    const children = where.plan.children[where.position] ?? [];
    const places = Math.max(decimalShape(data.text).places, ...children.map((child) => decimalShape(shownAt(where, child) ?? "0").places));
    cell.value = { formula: plan.formula, result: Number(plan.shown) };
    cell.numFmt = format(places, plan.shown);
  } else if (exactAsNumber(data.text)) {
    // ≤ 15 significant digits: the double's shortest text is this decimal (numbers.ts).
    cell.value = Number(data.text);
    cell.numFmt = format(decimalShape(data.text).places, data.text);
  } else {
    asText = true;
    cell.value = data.text;
    cell.alignment = { horizontal: "right" };
    notes.push(`Exact value ${data.text}: it has more significant digits than a spreadsheet number holds (15), so it is stored as text rather than rounded.`);
  }
  if (application !== undefined && application.status !== "error") {
    if (application.status === "unsatisfied") {
      cell.fill = RED;
      notes.push(
        `Subtotal does not add up: ${groupDigits(application.actual)} stated, its children's stated values sum to ${groupDigits(application.expected)} (difference ${groupDigits(application.difference)}, tolerance ${groupDigits(application.tolerance)}).`,
      );
    } else if (application.actual !== application.expected) {
      notes.push(`Stated value ${data.text}; its children's stated values sum to ${application.expected}, within the tolerance of ${application.tolerance}.`);
    }
    if (plan.formula !== undefined) notes.push(...formulaNotes(where, data.text, plan.shown as string));
    else notes.push(noFormulaNote(where, plan));
  } else if (application?.status === "error") {
    cell.fill = AMBER;
    notes.push(
      `Subtotal not evaluated: a cell it needs is ${application.reason === "missing-value" ? "missing (null)" : "unavailable"} (${application.cell.item} ${application.cell.period}).`,
    );
  }
  if (notes.length > 0) cell.note = escapeOoxml(notes.join("\n"));
  return asText ? 1 : 0;
}

function shownAt(where: Where, position: number): string | undefined {
  return where.plan.cells[position]?.[where.column]?.shown;
}

function statedAt(where: Where, position: number): string | undefined {
  const cell = where.statement.rows[position]?.cells[where.column];
  return cell?.kind === "value" ? cell.text : undefined;
}

function rowName(where: Where, position: number): string {
  return `"${where.statement.rows[position]?.label ?? ""}"`;
}

/** What a formula cell's note adds when the cell shows another number than the stated one. */
function formulaNotes(where: Where, stated: string, shown: string): string[] {
  if (shown === stated) return [];
  const notes = [`The cell adds its children's cells as the sheet shows them: ${groupDigits(shown)}; the stated value is ${groupDigits(stated)}.`];
  for (const child of where.plan.children[where.position] ?? []) {
    const childShown = shownAt(where, child);
    const childStated = statedAt(where, child);
    if (childShown !== undefined && childStated !== undefined && childShown !== childStated) {
      notes.push(`${rowName(where, child)} shows the sum of its own children, ${groupDigits(childShown)}, not its stated ${groupDigits(childStated)}.`);
    }
  }
  return notes;
}

function noFormulaNote(where: Where, plan: CellPlan): string {
  switch (plan.noFormula) {
    case "text-child": {
      const names = plan.textChildren.map((child) => rowName(where, child)).join(", ");
      return `Not a formula: ${names} ${plan.textChildren.length === 1 ? "is" : "are"} stored as text (more than 15 significant digits), which SUM would skip; the cell keeps its stated value.`;
    }
    case "sum-too-long": {
      const total = sum((where.plan.children[where.position] ?? []).map((child) => shownAt(where, child) ?? "0"));
      return `Not a formula: its children's cells sum to ${total}, more significant digits than a spreadsheet number holds (15); the cell keeps its stated value.`;
    }
    default:
      return "Not a formula: the formula would be longer than a spreadsheet allows; the cell keeps its stated value.";
  }
}
