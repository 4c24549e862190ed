// Which rows a preview patch replaces in place: a typed key in an item's label comes to the page
// as a `rows` op replacing that one row (its label is part of the row's head, previewPatch.ts),
// and a page that takes every such op as rows moving redraws and re-sizes the whole statement
// for each key (issue 25: typing on `wide` and `deep`). Found before the patch is applied, while
// the model still holds the rows it replaces. Pure functions over plain data.

import type { PreviewCell, PreviewModel, PreviewRow } from "./previewModel";
import type { PreviewPatchOp } from "./previewPatch";

/** A `rows` op of a patch that moves no row, with the rows it replaces (same order as `op.rows`). */
export interface RowsInPlace {
  op: Extract<PreviewPatchOp, { op: "rows" }>;
  replaced: readonly PreviewRow[];
}

/**
 * The patch's `rows` ops when every one replaces rows one for one by rows of the same place in the
 * outline (pointer, id, depth, subtotal, parent), the same unit and the same cells by pointer, and
 * the patch has no `statements` op: then no row moves, and only what a row shows changed (its
 * label, description, cells' values and checks). Undefined when any op may move rows. Called with
 * the model the patch applies to, before applying it.
 */
export function rowsInPlace(model: PreviewModel, ops: readonly PreviewPatchOp[]): RowsInPlace[] | undefined {
  const found: RowsInPlace[] = [];
  for (const op of ops) {
    if (op.op === "statements") return undefined;
    if (op.op !== "rows") continue;
    const rows = model.statements[op.statement]?.rows;
    if (rows === undefined || op.deleteCount !== op.rows.length || op.start + op.deleteCount > rows.length) return undefined;
    const replaced = rows.slice(op.start, op.start + op.deleteCount);
    if (!replaced.every((row, index) => sameRowPlace(row, op.rows[index] as PreviewRow))) return undefined;
    found.push({ op, replaced });
  }
  return found;
}

/** Whether `next` stands where `row` stood, with the same unit and cells (by pointer): only what it shows may differ. */
function sameRowPlace(row: PreviewRow, next: PreviewRow): boolean {
  return (
    row.pointer === next.pointer &&
    row.id === next.id &&
    row.depth === next.depth &&
    row.subtotal === next.subtotal &&
    row.parent === next.parent &&
    row.unit?.text === next.unit?.text &&
    row.unit?.title === next.unit?.title &&
    row.cells.length === next.cells.length &&
    row.cells.every((cell, index) => cell.pointer === next.cells[index]?.pointer)
  );
}

/** Whether two cells of the same pointer show alike (previewModel.ts, PreviewCell). */
export function sameCell(a: PreviewCell, b: PreviewCell): boolean {
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
