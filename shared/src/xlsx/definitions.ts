// The hidden "FS definitions" sheet: what `fsdoc import` needs to rebuild the document from the
// workbook and that the statement sheets do not show (ids of units, periods and statements, unit
// and period definitions, rollupTo, descriptions, optional identities, and the stated value of
// each subtotal whose cell is a formula). A hidden sheet, so a spreadsheet user sees only the
// statements and the Validation sheet; the statement sheets stay the source of labels and values,
// so edits made in the spreadsheet come back on import (shared/src/import/fromExport.ts).
//
// One record per row, its kind in column A (all cells text, escaped as OOXML strings):
//   fsdoc definitions | 1 | (a sentence for a curious user)
//   document  | formatVersion | documentId | $schema
//   entity    | name | id              scope | label | id
//   unit      | id | label | measure | scale | defaultTolerance
//   period    | id | "instant" | date     or     period | id | "duration" | start | end
//   statement | id | label | sheet name | period id…       (period i is the sheet's column D + i)
//   item      | id | label | unit | rollupTo | description   (its row: the one whose column B is the id)
//   stated    | cell | stated value | saved value            (a formula cell of the statement above)
//   snapshot  | JSON text…                                  (the recorded validationSnapshot, see below)
// The snapshot is historical evidence no sheet shows, so it travels here as its JSON text, cut into
// pieces of at most SNAPSHOT_PIECE characters (a cell holds at most 32,767), one row each, joined
// in order on import. A document without one gets a lone "snapshot" row, so that a workbook
// written before snapshots were carried (no such row) can be told apart and the import says so.
// An optional member that is absent is an empty cell: every member it could hold is nonempty.

import type ExcelJS from "exceljs";
import { arrayMember, member, stringMember, type JsonRecord } from "../json/read";
import type { StatementPresentation } from "../render/model";
import { escapeOoxml } from "./ooxmlText";

export const DEFINITIONS_SHEET = "FS definitions";
export const DEFINITIONS_MARKER = "fsdoc definitions";
export const DEFINITIONS_VERSION = "1";
/** Characters of snapshot JSON per cell: escaped (ooxmlText.ts) at most twice as long, well under a cell's 32,767. */
export const SNAPSHOT_PIECE = 8000;

export interface StatedCell {
  ref: string;
  stated: string;
  saved: string;
}

export interface SheetRecord {
  statement: StatementPresentation;
  sheetName: string;
  stated: readonly StatedCell[];
}

const text = (value: unknown): string => (typeof value === "string" ? value : "");

export function writeDefinitions(sheet: ExcelJS.Worksheet, document: unknown, sheets: readonly SheetRecord[]): void {
  sheet.state = "hidden";
  const rows: string[][] = [
    [DEFINITIONS_MARKER, DEFINITIONS_VERSION, "What fsdoc import needs to rebuild the FS document from this workbook. Edit the statement sheets, not this one."],
    ["document", text(member(document, "formatVersion")), text(member(document, "documentId")), text(member(document, "$schema"))],
    ["entity", text(member(member(document, "entity"), "name")), text(member(member(document, "entity"), "id"))],
    ["scope", text(member(member(document, "scope"), "label")), text(member(member(document, "scope"), "id"))],
  ];
  for (const unit of arrayMember(document, "units")) {
    const scale = member(unit, "scale");
    rows.push([
      "unit",
      text(member(unit, "id")),
      text(member(unit, "label")),
      text(member(unit, "measure")),
      typeof scale === "number" ? String(scale) : "",
      text(member(unit, "defaultTolerance")),
    ]);
  }
  for (const period of arrayMember(document, "periods")) {
    const kind = text(member(period, "kind"));
    rows.push(
      kind === "instant"
        ? ["period", text(member(period, "id")), kind, text(member(period, "date"))]
        : ["period", text(member(period, "id")), kind, text(member(period, "start")), text(member(period, "end"))],
    );
  }
  const statements = arrayMember(document, "statements");
  for (const { statement, sheetName, stated } of sheets) {
    const source = statements[statement.index] as JsonRecord;
    rows.push(["statement", text(source.id), text(source.label), sheetName, ...statement.periods.map((period) => period.id)]);
    const items = arrayMember(source, "items");
    for (const row of statement.rows) {
      const item = items[row.index];
      rows.push([
        "item",
        text(member(item, "id")),
        text(member(item, "label")),
        text(member(item, "unit")),
        stringMember(item, "rollupTo") ?? "",
        stringMember(item, "description") ?? "",
      ]);
    }
    for (const cell of stated) rows.push(["stated", cell.ref, cell.stated, cell.saved]);
  }
  const snapshot = member(document, "validationSnapshot");
  const pieces = snapshot === undefined ? [] : snapshotPieces(JSON.stringify(snapshot));
  rows.push(...(pieces.length === 0 ? [["snapshot"]] : pieces.map((piece) => ["snapshot", piece])));
  rows.forEach((values, index) => {
    const row = sheet.getRow(index + 1);
    values.forEach((value, column) => {
      if (value !== "") row.getCell(column + 1).value = escapeOoxml(value);
    });
  });
}

/** `json` cut into pieces of at most SNAPSHOT_PIECE characters, never between the halves of a surrogate pair. */
export function snapshotPieces(json: string): string[] {
  const pieces: string[] = [];
  for (let at = 0; at < json.length;) {
    let end = Math.min(at + SNAPSHOT_PIECE, json.length);
    const code = json.charCodeAt(end);
    if (end < json.length && code >= 0xdc00 && code <= 0xdfff) end--;
    pieces.push(json.slice(at, end));
    at = end;
  }
  return pieces;
}
