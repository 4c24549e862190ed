// A workbook written by `fsdoc render --format xlsx` back to its document: definitions from the
// hidden FS definitions sheet (shared/src/xlsx/definitions.ts), labels and values from the
// statement sheets, so what was edited in the spreadsheet comes back. A subtotal's formula cell
// gives its stated value (from the definitions) while its saved result is still the one the
// export wrote; once the sheet has recalculated to another number, that number, and the report says so.
// The recorded validationSnapshot comes back from its JSON pieces, as it was recorded (historical
// evidence: `fsdoc diff` then shows what the spreadsheet changed); the report says whether it did.

import * as l10n from "@vscode/l10n";
import { canonicalDecimal } from "../decimal/grammar";
import { DEFINITIONS_MARKER, DEFINITIONS_VERSION } from "../xlsx/definitions";
import { address } from "../xlsx/a1";
import { cellAt, sortedRows, textAt, type Grid, type GridSheet } from "./grid";
import { doubleToDecimal, significantDigits } from "./numbers";
import type { ImportReport } from "./report";

const FIRST_ROW = 3;
const FIRST_PERIOD_COLUMN = 4;

export function definitionsSheet(grid: Grid): GridSheet | undefined {
  return grid.sheets.find((sheet) => textAt(sheet, 1, 1) === DEFINITIONS_MARKER);
}

type Json = { [key: string]: unknown };
export type Built = { ok: true; document: Json } | { ok: false; error: string };

interface StatementDraft {
  record: string[];
  items: string[][];
  stated: Map<string, { stated: string; saved: string }>;
}

export function fromExport(grid: Grid, definitions: GridSheet, report: ImportReport): Built {
  if (textAt(definitions, 1, 2) !== DEFINITIONS_VERSION)
    return {
      ok: false,
      error: l10n.t("its {0} sheet is of another version ({1}; this fsdoc reads {2})", definitions.name, textAt(definitions, 1, 2) ?? l10n.t("none"), DEFINITIONS_VERSION),
    };
  const records = sortedRows(definitions).map((row) => {
    const cells = definitions.rows.get(row) as Map<number, unknown>;
    const last = Math.max(...cells.keys());
    return Array.from({ length: last }, (_unused, index) => textAt(definitions, row, index + 1) ?? "");
  });
  const document: Json = {};
  const units: Json[] = [];
  const periods: Json[] = [];
  const drafts: StatementDraft[] = [];
  let snapshotPieces: string[] | undefined;
  for (const record of records) {
    const [kind = "", a = "", b = "", c = "", d = "", e = ""] = record;
    switch (kind) {
      case "document":
        if (c !== "") document.$schema = c;
        document.formatVersion = a;
        if (b !== "") document.documentId = b;
        break;
      case "entity":
        document.entity = withOptional({ name: a }, "id", b);
        break;
      case "scope":
        document.scope = withOptional({ label: a }, "id", b);
        break;
      case "unit":
        units.push(withOptional({ id: a, label: b, measure: c, scale: Number(d) }, "defaultTolerance", e));
        break;
      case "period":
        periods.push(b === "instant" ? { id: a, kind: b, date: c } : { id: a, kind: b, start: c, end: d });
        break;
      case "statement":
        drafts.push({ record, items: [], stated: new Map() });
        break;
      case "item":
        drafts[drafts.length - 1]?.items.push(record);
        break;
      case "stated":
        drafts[drafts.length - 1]?.stated.set(a, { stated: b, saved: c });
        break;
      case "snapshot":
        (snapshotPieces ??= []).push(a);
        break;
    }
  }
  document.units = units;
  document.periods = periods;
  const statements: Json[] = [];
  for (const draft of drafts) {
    const [, id = "", label = "", sheetName = "", ...periodIds] = draft.record;
    const sheet = grid.sheets.find((candidate) => candidate.name === sheetName);
    if (sheet === undefined) return { ok: false, error: l10n.t('the sheet "{0}" of statement {1} is not in the workbook', sheetName, id) };
    const rowOf = new Map<string, number>();
    for (const row of sortedRows(sheet)) {
      const itemId = textAt(sheet, row, 2);
      if (row >= FIRST_ROW && itemId !== undefined && !rowOf.has(itemId)) rowOf.set(itemId, row);
    }
    const items: Json[] = [];
    for (const [, itemId = "", itemLabel = "", unit = "", rollupTo = "", description = ""] of draft.items) {
      const row = rowOf.get(itemId);
      if (row === undefined) return { ok: false, error: l10n.t('item {0} of statement {1} has no row on the sheet "{2}" (column B holds the item ids)', itemId, id, sheetName) };
      const values: Json = Object.create(null) as Json;
      periodIds.forEach((period, index) => (values[period] = valueAt(sheet, row, FIRST_PERIOD_COLUMN + index, draft, report)));
      const item: Json = { id: itemId, label: textAt(sheet, row, 1) || itemLabel };
      if (description !== "") item.description = description;
      item.unit = unit;
      item.values = { ...values };
      if (rollupTo !== "") item.rollupTo = rollupTo;
      items.push(item);
    }
    statements.push({ id, label: textAt(sheet, 1, 1) || label, periods: periodIds, items });
  }
  document.statements = statements;
  const snapshot = readSnapshot(snapshotPieces);
  report.snapshot = snapshot.outcome;
  if (snapshot.outcome === "carried") document.validationSnapshot = snapshot.value;
  return { ok: true, document };
}

function readSnapshot(pieces: readonly string[] | undefined): { outcome: NonNullable<ImportReport["snapshot"]>; value?: unknown } {
  if (pieces === undefined) return { outcome: "not-in-workbook" };
  const json = pieces.join("");
  if (json === "") return { outcome: "none" };
  try {
    const value: unknown = JSON.parse(json);
    if (value !== null && typeof value === "object" && !Array.isArray(value)) return { outcome: "carried", value };
  } catch {
    // Edited or cut in the spreadsheet: reported as unreadable below.
  }
  return { outcome: "unreadable" };
}

function withOptional(object: Json, key: string, value: string): Json {
  if (value !== "") object[key] = value;
  return object;
}

function valueAt(sheet: GridSheet, row: number, column: number, draft: StatementDraft, report: ImportReport): unknown {
  const cell = cellAt(sheet, row, column);
  const ref = address(row, column);
  const where = `${sheet.name}!${ref}`;
  const value = cell?.value;
  if (cell?.formula !== undefined) {
    const stated = draft.stated.get(ref);
    const saved = value?.kind === "number" ? doubleToDecimal(value.value) : undefined;
    if (stated !== undefined && (saved === undefined || saved === stated.saved)) return stated.stated;
    if (saved !== undefined) {
      report.guesses.push({ what: "value", where, text: l10n.t("the formula's result {0}, since the sheet changed after the export", saved) });
      return saved;
    }
  }
  if (value === undefined) return null;
  if (value.kind === "number") {
    const decimal = doubleToDecimal(value.value);
    if (decimal !== undefined) {
      if (significantDigits(decimal) > 15) report.beyond15Digits.push(where);
      return decimal;
    }
  }
  if (value.kind === "text") {
    if (value.text === "unavailable") return { unavailable: true };
    const decimal = canonicalDecimal(value.text.replace(/,/g, ""));
    if (decimal !== undefined) return decimal;
  }
  report.skipped.push({
    sheet: sheet.name,
    cell: ref,
    value: value.kind === "text" || value.kind === "error" ? value.text : String(value.kind === "date" ? value.value.toISOString() : value.value),
    reason: l10n.t("not a number, so the value is missing (null)"),
  });
  return null;
}
