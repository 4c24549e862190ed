// Patches between two versions of a preview model: only the statements, rows and cells that
// changed. The server diffs the model it sent last against the new one, both in the wire form it
// keeps per version (previewWire.ts), and sends the operations as model objects; the page script
// applies them to its copy and repaints only what they touch. Pure functions over plain data.

import type { PreviewCell, PreviewColumn, PreviewModel, PreviewRow, PreviewStatement } from "./previewModel";
import { decodeWireStatement, wirePointer, wireStatementDecoder, type PreviewWire, type WireCell, type WireRow, type WireStatement } from "./previewWire";

export type PreviewPatchOp =
  /** The page title changed. */
  | { op: "title"; title: string }
  /** Replace statements [start, start + deleteCount) by `statements`. */
  | { op: "statements"; start: number; deleteCount: number; statements: PreviewStatement[] }
  /** Replace rows [start, start + deleteCount) of one statement by `rows`. */
  | { op: "rows"; statement: number; start: number; deleteCount: number; rows: PreviewRow[] }
  /** Replace some cells of one row (by column index). */
  | { op: "cells"; statement: number; row: number; cells: { column: number; cell: PreviewCell }[] };

/**
 * The operations that turn the model of `before` into the model of `after` (empty when they are
 * equal), from their wire forms as encodePreviewWire / previewWireOf make them: a cell, row or
 * statement is compared on the wire (a canonical form, so equal on the wire is equal as a model),
 * and only what an operation carries is decoded.
 */
export function diffPreviewWires(before: PreviewWire, after: PreviewWire): PreviewPatchOp[] {
  const ops: PreviewPatchOp[] = [];
  if (before.title !== after.title) ops.push({ op: "title", title: after.title });
  const shared = Math.min(before.statements.length, after.statements.length);
  for (let index = 0; index < shared; index += 1) {
    const old = before.statements[index] as WireStatement;
    const next = after.statements[index] as WireStatement;
    // A model derived from the last one (previewEdit.ts) shares what did not change.
    if (old === next) continue;
    if (!sameStatementHead(old, next)) ops.push({ op: "statements", start: index, deleteCount: 1, statements: [decodeWireStatement(next)] });
    else diffRows(index, old, next, ops);
  }
  if (before.statements.length !== after.statements.length) {
    ops.push({ op: "statements", start: shared, deleteCount: before.statements.length - shared, statements: after.statements.slice(shared).map(decodeWireStatement) });
  }
  return ops;
}

/** Rows of two statements with the same head (so the same pointer and columns). */
function diffRows(statement: number, old: WireStatement, next: WireStatement, ops: PreviewPatchOp[]): void {
  const before = old.rows;
  const after = next.rows;
  const decoder = wireStatementDecoder(next);
  const itemsPrefix = `${next.pointer}/items/`;
  if (before.length === after.length) {
    before.forEach((oldRow, row) => {
      const nextRow = after[row] as WireRow;
      if (oldRow === nextRow) return;
      if (!sameWireRowHead(oldRow, before, nextRow, after, itemsPrefix) || oldRow[5].length !== nextRow[5].length) {
        ops.push({ op: "rows", statement, start: row, deleteCount: 1, rows: [decoder.row(row)] });
        return;
      }
      const cells: { column: number; cell: PreviewCell }[] = [];
      nextRow[5].forEach((cell, column) => {
        if (!sameWireCell(oldRow[5][column] as WireCell, cell)) cells.push({ column, cell: decoder.cell(row, column) });
      });
      if (cells.length > 0) ops.push({ op: "cells", statement, row, cells });
    });
    return;
  }
  // Rows were inserted or removed: keep the equal prefix and suffix, replace the middle.
  const limit = Math.min(before.length, after.length);
  const same = (a: number, b: number): boolean => sameWireRow(before[a] as WireRow, before, after[b] as WireRow, after, itemsPrefix);
  let prefix = 0;
  while (prefix < limit && same(prefix, prefix)) prefix += 1;
  let suffix = 0;
  while (suffix < limit - prefix && same(before.length - 1 - suffix, after.length - 1 - suffix)) suffix += 1;
  const rows: PreviewRow[] = [];
  for (let row = prefix; row < after.length - suffix; row += 1) rows.push(decoder.row(row));
  ops.push({ op: "rows", statement, start: prefix, deleteCount: before.length - prefix - suffix, rows });
}

/** Applies `ops` to `model` in place (the page script's copy). Returns false when an op does not fit. */
export function applyPreviewPatch(model: PreviewModel, ops: readonly PreviewPatchOp[]): boolean {
  for (const op of ops) {
    switch (op.op) {
      case "title":
        model.title = op.title;
        break;
      case "statements":
        if (op.start + op.deleteCount > model.statements.length) return false;
        model.statements.splice(op.start, op.deleteCount, ...op.statements);
        break;
      case "rows": {
        const statement = model.statements[op.statement];
        if (statement === undefined || op.start + op.deleteCount > statement.rows.length) return false;
        spliceLarge(statement.rows, op.start, op.deleteCount, op.rows);
        break;
      }
      case "cells": {
        const row = model.statements[op.statement]?.rows[op.row];
        if (row === undefined) return false;
        for (const { column, cell } of op.cells) {
          if (column >= row.cells.length) return false;
          row.cells[column] = cell;
        }
        break;
      }
    }
  }
  return true;
}

/** Array.prototype.splice with spread arguments overflows the stack for very many rows. */
function spliceLarge<T>(target: T[], start: number, deleteCount: number, items: readonly T[]): void {
  const tail = target.splice(start + deleteCount);
  target.length = start;
  for (const item of items) target.push(item);
  for (const item of tail) target.push(item);
}

/** The members of a statement other than its rows, which the model and the wire form share. */
type StatementHead = Pick<PreviewStatement, "pointer" | "id" | "label" | "unit" | "unitPerRow" | "omitted" | "columns">;

function sameStatementHead(a: StatementHead, b: StatementHead): boolean {
  return (
    a.pointer === b.pointer &&
    a.id === b.id &&
    a.label === b.label &&
    a.unit === b.unit &&
    a.unitPerRow === b.unitPerRow &&
    a.omitted === b.omitted &&
    sameColumns(a.columns, b.columns)
  );
}

export function sameColumns(a: readonly PreviewColumn[], b: readonly PreviewColumn[]): boolean {
  return a.length === b.length && a.every((column, index) => sameColumn(column, b[index] as PreviewColumn));
}

function sameColumn(a: PreviewColumn, b: PreviewColumn): boolean {
  return a.id === b.id && a.label === b.label && a.parts.join("\n") === b.parts.join("\n") && a.kind === b.kind && a.pointer === b.pointer;
}

/**
 * Whether two pointers on the wire (an item index or a literal pointer) are the same pointer, for
 * rows of statements whose items are under `itemsPrefix`.
 */
function samePointer(a: number | string, b: number | string, itemsPrefix: string): boolean {
  return typeof a === typeof b ? a === b : wirePointer(a, itemsPrefix) === wirePointer(b, itemsPrefix);
}

/** The rollup parent as a pointer on the wire: a parent row index is that row's own pointer. */
function parentOf(row: WireRow, rows: readonly WireRow[]): number | string | null {
  const parent = row[4];
  return typeof parent === "number" ? ((rows[parent] as WireRow | undefined)?.[0] ?? null) : parent;
}

/** Rows `a` (of the statement rows `aRows`) and `b` (of `bRows`) head alike: pointer, label, id, description, depth, subtotal, parent, unit. */
function sameWireRowHead(a: WireRow, aRows: readonly WireRow[], b: WireRow, bRows: readonly WireRow[], itemsPrefix: string): boolean {
  if (!samePointer(a[0], b[0], itemsPrefix) || a[1] !== b[1] || a[2] !== b[2] || a[3] !== b[3]) return false;
  if ((a[6] ?? null) !== (b[6] ?? null) || (a[7] ?? null) !== (b[7] ?? null)) return false;
  const aUnit = a[8] ?? null;
  const bUnit = b[8] ?? null;
  if (aUnit === null || bUnit === null ? aUnit !== bUnit : aUnit[0] !== bUnit[0] || aUnit[1] !== bUnit[1]) return false;
  const aParent = parentOf(a, aRows);
  const bParent = parentOf(b, bRows);
  return aParent === null || bParent === null ? aParent === bParent : samePointer(aParent, bParent, itemsPrefix);
}

/** The rows decode to equal model rows (of statements with the same pointer and columns). */
export function sameWireRow(a: WireRow, aRows: readonly WireRow[], b: WireRow, bRows: readonly WireRow[], itemsPrefix: string): boolean {
  if (a === b && aRows === bRows) return true;
  const aCells = a[5];
  const bCells = b[5];
  return sameWireRowHead(a, aRows, b, bRows, itemsPrefix) && aCells.length === bCells.length && aCells.every((cell, index) => sameWireCell(cell, bCells[index] as WireCell));
}

/**
 * Cells of rows with the same pointer in the same column: their derived pointers are equal, and
 * every other cell is carried literally, so equal on the wire is equal as a model.
 */
function sameWireCell(a: WireCell, b: WireCell): boolean {
  if (typeof a === "string" || typeof b === "string") return a === b;
  return a.length === b.length && a.every((value, index) => value === b[index]);
}
