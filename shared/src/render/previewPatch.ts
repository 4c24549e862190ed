// Patches between two versions of a preview model: only the statements, rows and cells that
// changed. The server diffs the model it sent last against the new one; the page script applies the
// operations to its copy and repaints only what they touch. Pure functions over plain data.

import type { PreviewCell, PreviewColumn, PreviewModel, PreviewRow, PreviewStatement } from "./previewModel";

export type PreviewPatchOp =
  /** The page title changed. */
  | { op: "title"; title: string }
  /** Replace statements [start, start + deleteCount) by `statements`. */
  | { op: "statements"; start: number; deleteCount: number; statements: PreviewStatement[] }
  /** Replace rows [start, start + deleteCount) of one statement by `rows`. */
  | { op: "rows"; statement: number; start: number; deleteCount: number; rows: PreviewRow[] }
  /** Replace some cells of one row (by column index). */
  | { op: "cells"; statement: number; row: number; cells: { column: number; cell: PreviewCell }[] };

/** The operations that turn `before` into `after` (empty when they are equal). */
export function diffPreviewModels(before: PreviewModel, after: PreviewModel): PreviewPatchOp[] {
  const ops: PreviewPatchOp[] = [];
  if (before.title !== after.title) ops.push({ op: "title", title: after.title });
  const shared = Math.min(before.statements.length, after.statements.length);
  for (let index = 0; index < shared; index += 1) {
    const old = before.statements[index] as PreviewStatement;
    const next = after.statements[index] as PreviewStatement;
    // A model derived from the last one (previewEdit.ts) shares what did not change.
    if (old === next) continue;
    if (!sameStatementHead(old, next)) ops.push({ op: "statements", start: index, deleteCount: 1, statements: [next] });
    else diffRows(index, old.rows, next.rows, ops);
  }
  if (before.statements.length !== after.statements.length) {
    ops.push({ op: "statements", start: shared, deleteCount: before.statements.length - shared, statements: after.statements.slice(shared) });
  }
  return ops;
}

function diffRows(statement: number, before: readonly PreviewRow[], after: readonly PreviewRow[], ops: PreviewPatchOp[]): void {
  if (before.length === after.length) {
    before.forEach((old, row) => {
      const next = after[row] as PreviewRow;
      if (old === next) return;
      if (!sameRowHead(old, next) || old.cells.length !== next.cells.length) {
        ops.push({ op: "rows", statement, start: row, deleteCount: 1, rows: [next] });
        return;
      }
      const cells: { column: number; cell: PreviewCell }[] = [];
      next.cells.forEach((cell, column) => {
        if (!sameCell(old.cells[column] as PreviewCell, cell)) cells.push({ column, cell });
      });
      if (cells.length > 0) ops.push({ op: "cells", statement, row, cells });
    });
    return;
  }
  // Rows were inserted or removed: keep the equal prefix and suffix, replace the middle.
  const limit = Math.min(before.length, after.length);
  let prefix = 0;
  while (prefix < limit && sameRow(before[prefix] as PreviewRow, after[prefix] as PreviewRow)) prefix += 1;
  let suffix = 0;
  while (suffix < limit - prefix && sameRow(before[before.length - 1 - suffix] as PreviewRow, after[after.length - 1 - suffix] as PreviewRow)) {
    suffix += 1;
  }
  ops.push({ op: "rows", statement, start: prefix, deleteCount: before.length - prefix - suffix, rows: after.slice(prefix, after.length - suffix) });
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

function sameStatementHead(a: PreviewStatement, b: PreviewStatement): boolean {
  return (
    a.pointer === b.pointer &&
    a.id === b.id &&
    a.label === b.label &&
    a.unit === b.unit &&
    a.unitPerRow === b.unitPerRow &&
    a.omitted === b.omitted &&
    a.columns.length === b.columns.length &&
    a.columns.every((column, index) => sameColumn(column, b.columns[index] as PreviewColumn))
  );
}

function sameColumn(a: PreviewColumn, b: PreviewColumn): boolean {
  return a.id === b.id && a.label === b.label && a.parts.join("\n") === b.parts.join("\n") && a.kind === b.kind && a.pointer === b.pointer;
}

function sameRowHead(a: PreviewRow, b: PreviewRow): boolean {
  return (
    a.pointer === b.pointer &&
    a.id === b.id &&
    a.label === b.label &&
    a.description === b.description &&
    a.depth === b.depth &&
    a.subtotal === b.subtotal &&
    a.parent === b.parent &&
    a.unit?.text === b.unit?.text &&
    a.unit?.title === b.unit?.title
  );
}

export function sameRow(a: PreviewRow, b: PreviewRow): boolean {
  return sameRowHead(a, b) && a.cells.length === b.cells.length && a.cells.every((cell, index) => sameCell(cell, b.cells[index] as PreviewCell));
}

function sameCell(a: PreviewCell, b: PreviewCell): boolean {
  return (
    a.pointer === b.pointer &&
    a.kind === b.kind &&
    a.value === b.value &&
    a.absent === b.absent &&
    a.check === b.check &&
    a.blocks === b.blocks &&
    a.title === b.title &&
    a.flag === b.flag
  );
}
