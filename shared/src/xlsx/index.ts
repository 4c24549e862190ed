// renderXlsx: a conforming document's statements as an XLSX workbook, for people who receive the
// statements as a spreadsheet. Pure: (parsed value, validation result) → bytes; no file system, so
// the CLI writes the bytes to a file and the editor can hand them to workspace.fs.writeFile.
//
// Layout: one sheet per statement (sheet.ts, with the subtotal rule of subtotals.ts), named after
// its label, made valid and unique.
// Author text (labels, ids, units) is always a string cell: a label that begins with "=" is text,
// never a formula. A "Validation" sheet summarizes conformance and every rollup application that
// is not satisfied.

import type ExcelJS from "exceljs";
import { checkShape, unknownStatement, type RenderError } from "../render/limits";
import type { StatementPresentation } from "../render/model";
import { presentDocument, statementIds } from "../render/presentation";
import type { RollupApplication, ValidationResult } from "../types";
import { escapeOoxml } from "./ooxmlText";
import { writeStatement } from "./sheet";
import { DEFINITIONS_SHEET, writeDefinitions, type SheetRecord } from "./definitions";

export interface XlsxOptions {
  /** Only this statement's sheet (plus the Validation sheet). */
  statement?: string | undefined;
}

export type XlsxOutcome = { ok: true; bytes: Uint8Array; textValues: number } | { ok: false; error: RenderError };

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
  const written: SheetRecord[] = [];
  for (const statement of statements) {
    const name = names.take(statement.label);
    sheetOf.set(statement.index, name);
    const sheet = writeStatement(workbook.addWorksheet(name, { views: [{ state: "frozen", xSplit: 1, ySplit: 2 }] }), statement);
    textValues += sheet.textValues;
    written.push({ statement, sheetName: name, stated: sheet.stated });
  }
  writeSummary(summary, result, { entity, scope, statements, sheetOf });
  writeDefinitions(workbook.addWorksheet(names.take(DEFINITIONS_SHEET)), document, written);
  const buffer = await workbook.xlsx.writeBuffer();
  return { ok: true, bytes: new Uint8Array(buffer as ArrayBuffer), textValues };
}

/** Excel sheet names: ≤ 31 characters, none of []:*?/\, unique ignoring case. */
class SheetNames {
  private readonly used = new Set<string>();

  take(wanted: string): string {
    const base =
      wanted
        .replace(/[[\]:*?/\\\u0000-\u001F\u007F]/g, " ")
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
    ["Entity", escapeOoxml(context.entity ?? "")],
    ["Scope", escapeOoxml(context.scope ?? "")],
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
    sheet.getCell(r, 1).value = escapeOoxml(statement.label);
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
    [key.statement, key.parent, key.period, ...values].forEach((text, index) => (sheet.getCell(r, index + 1).value = escapeOoxml(text)));
    r++;
  }
}
