// An XLSX workbook as a Grid, read with exceljs (the library the export writes with). exceljs's
// streaming reader (WorkbookReader) yields rows but neither formulas' shared definitions nor the
// sheets' hidden state reliably, and a workbook is capped (container.ts) before it is read, so the
// whole-workbook reader is used: memory stays within the cap's bounds.

import type ExcelJS from "exceljs";
import { setCell, type Grid, type GridSheet, type GridValue } from "./grid";

type ExcelModule = typeof ExcelJS;

export async function readXlsxGrid(excel: ExcelModule, bytes: Uint8Array): Promise<Grid> {
  const workbook = new excel.Workbook();
  await workbook.xlsx.load(bytes as never);
  const sheets: GridSheet[] = [];
  for (const worksheet of workbook.worksheets) {
    const sheet: GridSheet = { name: worksheet.name, hidden: worksheet.state !== "visible", rows: new Map() };
    worksheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
      row.eachCell({ includeEmpty: false }, (cell, columnNumber) => {
        if (cell.type === excel.ValueType.Merge) return;
        if (cell.type === excel.ValueType.Formula) {
          setCell(sheet, { row: rowNumber, column: columnNumber, value: valueOf(cell.result), formula: cell.formula });
          return;
        }
        const value = cell.type === excel.ValueType.RichText || cell.type === excel.ValueType.Hyperlink ? text(cell.text) : valueOf(cell.value);
        if (value !== undefined) setCell(sheet, { row: rowNumber, column: columnNumber, value });
      });
    });
    sheets.push(sheet);
  }
  return { sheets };
}

function text(value: string): GridValue {
  return { kind: "text", text: value };
}

function valueOf(value: unknown): GridValue | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === "number") return { kind: "number", value };
  if (typeof value === "string") return text(value);
  if (typeof value === "boolean") return { kind: "boolean", value };
  if (value instanceof Date) return { kind: "date", value };
  if (typeof value === "object") {
    const record = value as Record<string, unknown>;
    if (typeof record.error === "string") return { kind: "error", text: record.error };
    if (Array.isArray(record.richText)) return text(record.richText.map((run) => String((run as { text?: unknown }).text ?? "")).join(""));
    if (typeof record.text === "string") return text(record.text);
  }
  return undefined;
}
