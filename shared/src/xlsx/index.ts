// renderXlsx: a conforming document's statements as an XLSX workbook, for people who receive the
// statements as a spreadsheet. Pure: (parsed value, validation result) → bytes; no file system, so
// the CLI writes the bytes to a file and the editor can hand them to workspace.fs.writeFile.
//
// Layout of each statement sheet (one per statement, named after its label):
//   row 1   the statement label; row 2 the headers: Item, Item ID, Unit, then one column per period;
//   rows 3… one row per item in document order, the label indented by its rollup depth.
// Cells:
//   value        a number when exact as a double (numbers.ts), else text with a note saying why;
//   missing      empty, grey, with the note "no value (null)": not 0, and SUM skips it;
//   unavailable  the text "unavailable", grey italic, with a note;
//   subtotal     for a satisfied or unsatisfied rollup application: a live SUM of its children's
//                cells, so the sheet recomputes when a child is edited; the stated value is kept in
//                the note, and an unsatisfied one is filled red and says by how much it differs.
//                A subtotal whose children include a value stored as text, or whose formula would
//                be too long, keeps its stated value (with a note saying why).
// Author text (labels, ids, units) is always a string cell: a label that begins with "=" is text,
// never a formula. A "Validation" sheet summarizes conformance and every rollup application that
// is not satisfied.

import type ExcelJS from "exceljs";
import { checkShape, unknownStatement, type RenderError } from "../render/limits";
import type { CellPresentation, RowPresentation, StatementPresentation } from "../render/model";
import { presentDocument, statementIds } from "../render/presentation";
import { groupDigits, unitText } from "../render/format";
import type { RollupApplication, ValidationResult } from "../types";
import { decimalShape, exactAsNumber, numberFormat } from "./numbers";

export interface XlsxOptions {
  /** Only this statement's sheet (plus the Validation sheet). */
  statement?: string | undefined;
}

export type XlsxOutcome = { ok: true; bytes: Uint8Array; textValues: number } | { ok: false; error: RenderError };

const FIRST_ROW = 3;
const FIRST_PERIOD_COLUMN = 4;
/** Excel's limit on a formula's length is 8,192 characters. */
const MAX_FORMULA = 8000;

const FILL = (argb: string): ExcelJS.Fill => ({ type: "pattern", pattern: "solid", fgColor: { argb } });
const GREY = FILL("FFEDEDED");
const RED = FILL("FFF8D7DA");
const AMBER = FILL("FFFFF3CD");

export async function renderXlsx(document: unknown, result: ValidationResult, options: XlsxOptions = {}): Promise<XlsxOutcome> {
  const { statements, entity, scope } = presentDocument(document, result, options.statement);
  if (options.statement !== undefined && statements.length === 0) return { ok: false, error: unknownStatement(options.statement, statementIds(document)) };
  const shapeError = checkShape(statements);
  if (shapeError !== undefined) return { ok: false, error: shapeError };

  // Loaded on first use: fsdoc's other commands never pay for the XLSX writer's start-up.
  const { default: excel } = await import("exceljs");
  const workbook = new excel.Workbook();
  workbook.creator = "fsdoc";
  // No time of export in the properties: the same document gives the same workbook content.
  workbook.created = new Date(0);
  workbook.modified = new Date(0);
  workbook.calcProperties.fullCalcOnLoad = true;
  const names = new SheetNames();
  // The summary sheet comes first in the workbook; it is filled in last, since it lists the sheets.
  const summary = workbook.addWorksheet(names.take("Validation"));
  let textValues = 0;
  const sheetOf = new Map<number, string>();
  for (const statement of statements) {
    const name = names.take(statement.label);
    sheetOf.set(statement.index, name);
    textValues += writeStatement(workbook.addWorksheet(name, { views: [{ state: "frozen", xSplit: 1, ySplit: 2 }] }), statement);
  }
  writeSummary(summary, result, { entity, scope, statements, sheetOf });
  const buffer = await workbook.xlsx.writeBuffer();
  return { ok: true, bytes: new Uint8Array(buffer as ArrayBuffer), textValues };
}

/** Excel sheet names: ≤ 31 characters, none of []:*?/\, unique ignoring case. */
class SheetNames {
  private readonly used = new Set<string>();

  take(wanted: string): string {
    const base =
      wanted
        .replace(/[[\]:*?/\\]/g, " ")
        .replace(/^'+|'+$/g, "")
        .trim()
        .slice(0, 31) || "Sheet";
    let name = base;
    for (let n = 2; this.used.has(name.toLowerCase()) || name.toLowerCase() === "history"; n++) {
      const suffix = ` (${n})`;
      name = base.slice(0, 31 - suffix.length) + suffix;
    }
    this.used.add(name.toLowerCase());
    return name;
  }
}

function columnLetter(column: number): string {
  let letters = "";
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

function writeStatement(sheet: ExcelJS.Worksheet, statement: StatementPresentation): number {
  let textValues = 0;
  sheet.getCell(1, 1).value = statement.label;
  sheet.getCell(1, 1).font = { bold: true, size: 13 };
  const header = ["Item", "Item ID", "Unit", ...statement.periods.map((period) => period.label)];
  header.forEach((text, index) => {
    const cell = sheet.getCell(2, index + 1);
    cell.value = text;
    cell.font = { bold: true };
  });
  sheet.getColumn(1).width = 40;
  sheet.getColumn(2).width = 18;
  sheet.getColumn(3).width = 24;
  statement.periods.forEach((_period, index) => (sheet.getColumn(FIRST_PERIOD_COLUMN + index).width = 18));

  const childrenOf = new Map<number, number[]>();
  statement.rows.forEach((row, position) => {
    if (row.parentRow === undefined) return;
    const list = childrenOf.get(row.parentRow) ?? [];
    list.push(position);
    childrenOf.set(row.parentRow, list);
  });
  // Which value cells went in as text: SUM skips text, so a parent over one cannot be a formula.
  const asText = statement.rows.map((row) => row.cells.map((cell) => cell.kind === "value" && !exactAsNumber(cell.text)));

  statement.rows.forEach((row, position) => {
    const r = FIRST_ROW + position;
    const label = sheet.getCell(r, 1);
    label.value = row.label;
    label.alignment = { indent: Math.min(row.depth, 15) };
    if (row.isSubtotal) label.font = { bold: true };
    sheet.getCell(r, 2).value = row.id ?? "";
    sheet.getCell(r, 3).value = row.unit === undefined ? "" : unitText(row.unit);
    row.cells.forEach((cellData, column) => {
      const cell = sheet.getCell(r, FIRST_PERIOD_COLUMN + column);
      const children = childrenOf.get(position) ?? [];
      textValues += writeCell(cell, cellData, row, children, column, asText);
    });
  });
  return textValues;
}

function writeCell(cell: ExcelJS.Cell, data: CellPresentation, row: RowPresentation, children: number[], column: number, asText: boolean[][]): number {
  const measure = row.unit?.measure;
  const scale = row.unit?.scale;
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
      cell.value = data.text;
      cell.note = "Not a valid value cell.";
      return 0;
    case "value":
      break;
  }
  const application = data.rollup;
  const numeric = application !== undefined && application.status !== "error" ? application : undefined;
  const exact = exactAsNumber(data.text);
  const notes: string[] = [];
  const formula = numeric !== undefined && exact ? sumFormula(children, column, asText) : undefined;
  if (numeric !== undefined && formula !== undefined) {
    const places = Math.max(decimalShape(numeric.actual).places, decimalShape(numeric.expected).places);
    cell.value = exactAsNumber(numeric.expected) ? { formula, result: Number(numeric.expected) } : { formula };
    cell.numFmt = numberFormat(places, measure, scale);
    if (numeric.status === "unsatisfied") {
      cell.fill = RED;
      notes.push(
        `Subtotal does not add up: ${groupDigits(numeric.actual)} stated, children sum to ${groupDigits(numeric.expected)} (difference ${groupDigits(numeric.difference)}, tolerance ${groupDigits(numeric.tolerance)}). The cell shows the children's sum; the stated value is ${data.text}.`,
      );
    } else if (numeric.actual !== numeric.expected) {
      notes.push(`Stated value ${data.text}; the children sum to ${numeric.expected}, within the tolerance of ${numeric.tolerance}.`);
    }
    cell.note = notes.join("\n");
    return 0;
  }
  if (exact) {
    // ≤ 15 significant digits: the double's shortest text is this decimal (numbers.ts).
    cell.value = Number(data.text);
    cell.numFmt = numberFormat(decimalShape(data.text).places, measure, scale);
  } else {
    cell.value = data.text;
    cell.alignment = { horizontal: "right" };
    notes.push(`Exact value ${data.text}: it has more significant digits than a spreadsheet number holds (15), so it is stored as text rather than rounded.`);
  }
  if (numeric !== undefined) {
    if (numeric.status === "unsatisfied") {
      cell.fill = RED;
      notes.push(`Subtotal does not add up: children sum to ${groupDigits(numeric.expected)} (difference ${groupDigits(numeric.difference)}).`);
    }
    notes.push(exact ? "Not a formula: the formula would be too long." : "Not a formula: this value, or a child's, is stored as text.");
  } else if (application?.status === "error") {
    cell.fill = AMBER;
    notes.push(
      `Subtotal not evaluated: a cell it needs is ${application.reason === "missing-value" ? "missing (null)" : "unavailable"} (${application.cell.item} ${application.cell.period}).`,
    );
  }
  if (notes.length > 0) cell.note = notes.join("\n");
  return exact ? 0 : 1;
}

/** SUM over the children's cells in one period column, contiguous rows as ranges. */
function sumFormula(children: readonly number[], column: number, asText: boolean[][]): string | undefined {
  if (children.length === 0 || children.some((child) => asText[child]?.[column] === true)) return undefined;
  const letter = columnLetter(FIRST_PERIOD_COLUMN + column);
  const rows = children.map((child) => FIRST_ROW + child).sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < rows.length;) {
    let j = i;
    while (j + 1 < rows.length && rows[j + 1] === (rows[j] as number) + 1) j++;
    parts.push(i === j ? `${letter}${rows[i]}` : `${letter}${rows[i]}:${letter}${rows[j]}`);
    i = j + 1;
  }
  const formula = `SUM(${parts.join(",")})`;
  return formula.length > MAX_FORMULA ? undefined : formula;
}

interface SummaryContext {
  entity: string | undefined;
  scope: string | undefined;
  statements: readonly StatementPresentation[];
  sheetOf: ReadonlyMap<number, string>;
}

function writeSummary(sheet: ExcelJS.Worksheet, result: ValidationResult, context: SummaryContext): void {
  const applications = result.calculations.applications;
  const count = (test: (application: RollupApplication) => boolean) => applications.filter(test).length;
  const rows: [string, string | number][] = [
    ["Entity", context.entity ?? ""],
    ["Scope", context.scope ?? ""],
    ["Conformance", result.conformance.status],
    ["Errors", result.conformance.errors.length],
    ["Calculations", result.calculations.status],
    ["Rollups satisfied", count((a) => a.status === "satisfied")],
    ["Rollups not satisfied", count((a) => a.status === "unsatisfied")],
    ["Rollups not evaluated: missing value", count((a) => a.status === "error" && a.reason === "missing-value")],
    ["Rollups not evaluated: unavailable value", count((a) => a.status === "error" && a.reason === "unavailable-value")],
  ];
  sheet.getColumn(1).width = 40;
  for (let c = 2; c <= 8; c++) sheet.getColumn(c).width = 20;
  sheet.getCell(1, 1).value = "Validation summary";
  sheet.getCell(1, 1).font = { bold: true, size: 13 };
  rows.forEach(([name, value], index) => {
    sheet.getCell(2 + index, 1).value = name;
    sheet.getCell(2 + index, 2).value = value;
  });
  let r = 3 + rows.length;
  sheet.getCell(r, 1).value = "Sheets";
  sheet.getCell(r++, 1).font = { bold: true };
  for (const statement of context.statements) {
    sheet.getCell(r, 1).value = statement.label;
    sheet.getCell(r++, 2).value = context.sheetOf.get(statement.index) ?? "";
  }
  r++;
  const problems = applications.filter((application) => application.status !== "satisfied");
  sheet.getCell(r, 1).value = problems.length === 0 ? "Every rollup is satisfied." : "Rollups not satisfied or not evaluated";
  sheet.getCell(r++, 1).font = { bold: true };
  if (problems.length === 0) return;
  ["Statement", "Parent", "Period", "Status", "Stated", "Children sum", "Difference", "Tolerance"].forEach((text, index) => {
    sheet.getCell(r, index + 1).value = text;
    sheet.getCell(r, index + 1).font = { bold: true };
  });
  r++;
  for (const application of problems) {
    const { key } = application;
    // Exact decimals as text: this sheet reports them, nothing computes with them.
    const values =
      application.status === "error"
        ? [`not evaluated: ${application.reason} at ${application.cell.item} ${application.cell.period}`, "", "", "", ""]
        : ["not satisfied", application.actual, application.expected, application.difference, application.tolerance];
    [key.statement, key.parent, key.period, ...values].forEach((text, index) => (sheet.getCell(r, index + 1).value = text));
    r++;
  }
}
