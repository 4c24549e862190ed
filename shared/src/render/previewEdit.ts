// The preview model of a version that differs from the last one by a value edit, in the wire form
// the server keeps (previewWire.ts). Only the rows the edit can change are presented again (the
// edited item's, and the subtotals whose checks it took part in), from the statement's shell
// (presentation.ts, StatementShell: its rows without cells, made once and kept across value
// edits); every other row, and every other statement, is the previous version's own object. The
// patch (previewPatch.ts) skips those by identity, so the server's work per edit follows the rows
// it changed, not the statement (a statement of 3,000 rows presented again took 30–126 ms an edit
// at 5 MB). A rebuilt row whose cells came out equal is the previous row itself. Equal to
// previewWireOf of the new version (test/render/previewEdit.test.ts).

import { arrayMember, member } from "../json/read";
import { statementPointer } from "../model/pointers";
import type { RollupApplication, ValidationResult } from "../types";
import { presentStatementAt, type StatementShell } from "./presentation";
import { sameColumns, sameWireRow } from "./previewPatch";
import { wireCellsOf, wireStatementOf, type PreviewWire, type WireRow } from "./previewWire";
import type { ApplicationIndex } from "./rollups";

/**
 * `previous` with the rows `rows` (positions in statement `shell.statement.index`) presented again
 * from `document`, the version's value, and `application`, its checks; undefined when the shell
 * does not fit the previous model's statement (then the caller rebuilds the whole statement).
 */
export function withRowsRebuilt(
  previous: PreviewWire,
  shell: StatementShell,
  document: unknown,
  rows: ReadonlySet<number>,
  application: ApplicationIndex["application"],
): PreviewWire | undefined {
  const presented = shell.statement;
  const at = previous.statements.findIndex((statement) => statement.pointer === presented.pointer);
  const old = previous.statements[at];
  // A statement beyond the render bounds shows no cells: a value edit changes nothing in it.
  if (old === undefined || old.omitted !== undefined) return previous;
  if (old.rows.length !== presented.rows.length || old.columns.length !== presented.periods.length) return undefined;
  const items = arrayMember(arrayMember(document, "statements")[presented.index], "items");
  const itemsPrefix = `${presented.pointer}/items/`;
  let next: WireRow[] | undefined;
  for (const position of rows) {
    const head = presented.rows[position];
    const kept = old.rows[position];
    if (head === undefined || kept === undefined) return undefined;
    const row = kept.slice() as WireRow;
    row[5] = wireCellsOf(presented, old.columns, head.pointer, shell.cellsAt(position, member(items[head.index], "values"), application));
    if (sameWireRow(kept, old.rows, row, old.rows, itemsPrefix)) continue;
    next ??= old.rows.slice();
    next[position] = row;
  }
  if (next === undefined) return previous;
  const statements = previous.statements.slice();
  statements[at] = { ...old, rows: next };
  return { v: previous.v, title: previous.title, statements };
}

/**
 * `previous` with statement `index` (of the document's statements) presented again whole from
 * `document` and `result`: what a value edit falls back to when no shell fits. Rows that came out
 * equal are the previous rows themselves (a row is shared only when it decodes to the same model
 * row in both statements, which is what makes the patch's skipping by identity right).
 */
export function withStatementRebuilt(previous: PreviewWire, document: unknown, result: ValidationResult, index: number): PreviewWire {
  const pointer = statementPointer(index);
  const at = previous.statements.findIndex((statement) => statement.pointer === pointer);
  const old = previous.statements[at];
  if (old === undefined || old.omitted !== undefined) return previous;
  const presented = presentStatementAt(document, result, index);
  if (presented === undefined) return previous;
  const next = wireStatementOf(presented);
  // Rows of equal columns only: a cell's pointer is derived from its column.
  if (next.rows.length === old.rows.length && sameColumns(old.columns, next.columns)) {
    const itemsPrefix = `${pointer}/items/`;
    next.rows = next.rows.map((row, position): WireRow => {
      const kept = old.rows[position] as WireRow;
      return sameWireRow(kept, old.rows, row, next.rows, itemsPrefix) ? kept : row;
    });
  }
  const statements = previous.statements.slice();
  statements[at] = next;
  return { v: previous.v, title: previous.title, statements };
}

/**
 * The rows of the shell's statement a value edit of item `item` (its index among the statement's
 * items) can change: the item's own, and those of the subtotals whose checks it took part in
 * (`changed`: the positions in `applications` of those evaluated again). Blocked checks name only
 * missing and unavailable cells, which a value edit leaves as they were. Undefined when the
 * statement has items that are not rows (not objects), so that positions are not item indexes.
 */
export function rowsOfValueEdit(
  shell: StatementShell,
  document: unknown,
  item: number,
  changed: readonly number[],
  applications: readonly RollupApplication[],
): Set<number> | undefined {
  const items = arrayMember(arrayMember(document, "statements")[shell.statement.index], "items");
  if (items.length !== shell.statement.rows.length) return undefined;
  const rows = new Set<number>([item]);
  for (const position of changed) {
    const parent = applications[position]?.key.parent;
    const row = parent === undefined ? undefined : shell.rowsById.get(parent);
    if (row !== undefined) rows.add(row);
  }
  return rows;
}
