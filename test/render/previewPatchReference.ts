// The patch semantics as the model defines them, over PreviewModel objects: the diff the server
// made before it kept its models in the wire form (shared/src/render/previewPatch.ts diffs those).
// The tests hold the wire diff to exactly these operations, in the same JSON text.

import type { PreviewCell, PreviewColumn, PreviewModel, PreviewRow, PreviewStatement } from "../../shared/src/render/previewModel";
import type { PreviewPatchOp } from "../../shared/src/render/previewPatch";

/** The operations that turn `before` into `after` (empty when they are equal). */
export function referenceDiff(before: PreviewModel, after: PreviewModel): PreviewPatchOp[] {
  const ops: PreviewPatchOp[] = [];
  if (before.title !== after.title) ops.push({ op: "title", title: after.title });
  const shared = Math.min(before.statements.length, after.statements.length);
  for (let index = 0; index < shared; index += 1) {
    const old = before.statements[index] as PreviewStatement;
    const next = after.statements[index] as PreviewStatement;
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

function sameRow(a: PreviewRow, b: PreviewRow): boolean {
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
