// The preview model of a version that differs from the last one by a value edit, in the wire form
// the server keeps (previewWire.ts): the edited statement is built again, everything else is the
// previous version's, shared. Rows that came out equal are the previous rows themselves, so the
// patch (previewPatch.ts) skips them by identity and the server's work per edit follows the
// statement, not the document. A row is shared only when it decodes to the same model row in both
// statements (same columns, and its parent index names a row with the same pointer), which is what
// makes skipping by identity right. Equal to previewWireOf of the new version (test/render/previewEdit.test.ts).

import { statementPointer } from "../model/pointers";
import type { RollupApplication, ValidationResult } from "../types";
import { presentStatementAt } from "./presentation";
import { sameColumns, sameWireRow } from "./previewPatch";
import { wireStatementOf, type PreviewWire, type WireRow } from "./previewWire";

/**
 * `previous` with statement `index` (of the document's statements) rebuilt from `document` and
 * `result`; with `cellRows`, only the cells of those rows (positions in the statement), the other
 * rows being the previous version's (a value edit changes no label, depth, parent or unit).
 */
export function withStatementRebuilt(previous: PreviewWire, document: unknown, result: ValidationResult, index: number, cellRows?: ReadonlySet<number>): PreviewWire {
  const pointer = statementPointer(index);
  const at = previous.statements.findIndex((statement) => statement.pointer === pointer);
  const old = previous.statements[at];
  // A statement beyond the render bounds shows no cells: a value edit changes nothing in it.
  if (old === undefined || old.omitted !== undefined) return previous;
  const presented = presentStatementAt(document, result, index, cellRows);
  if (presented === undefined) return previous;
  const next = wireStatementOf(presented);
  // Rows of equal columns only: a cell's pointer is derived from its column.
  const comparable = next.rows.length === old.rows.length && sameColumns(old.columns, next.columns);
  // Without all cells the rebuilt statement is only good for the rows that have them.
  if (cellRows !== undefined && !comparable) return withStatementRebuilt(previous, document, result, index);
  if (comparable) {
    const rows = next.rows;
    const itemsPrefix = `${pointer}/items/`;
    if (cellRows !== undefined) {
      for (let position = 0; position < rows.length; position++) {
        const kept = old.rows[position] as WireRow;
        if (!cellRows.has(position)) rows[position] = kept;
        else {
          const row = kept.slice() as WireRow;
          row[5] = (rows[position] as WireRow)[5];
          rows[position] = row;
        }
      }
    }
    next.rows = rows.map((row, position): WireRow => {
      const kept = old.rows[position] as WireRow;
      return row === kept || sameWireRow(kept, old.rows, row, rows, itemsPrefix) ? kept : row;
    });
  }
  const statements = previous.statements.slice();
  statements[at] = next;
  return { v: previous.v, title: previous.title, statements };
}

/**
 * The rows of statement `statement` a value edit of item `item` can change: the item's own, and
 * those of the subtotals whose checks it took part in (`changed`: the positions in `applications` of
 * those evaluated again), by position among the statement's items. Blocked checks name only missing and unavailable cells,
 * which a value edit leaves as they were.
 */
export function rowsOfValueEdit(
  document: unknown,
  statement: number,
  item: number,
  changed: readonly number[],
  applications: readonly RollupApplication[],
): Set<number> | undefined {
  const items = (document as { statements?: { items?: unknown[] }[] }).statements?.[statement]?.items;
  if (!Array.isArray(items) || !items.every((entry) => typeof entry === "object" && entry !== null && !Array.isArray(entry))) return undefined;
  const parents = new Set(changed.flatMap((position) => applications[position]?.key.parent ?? []));
  const rows = new Set<number>([item]);
  items.forEach((entry, position) => {
    const id = (entry as { id?: unknown }).id;
    if (typeof id === "string" && parents.has(id)) rows.add(position);
  });
  return rows;
}
