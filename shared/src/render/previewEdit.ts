// The preview model of a version that differs from the last one by a value edit, in the wire form
// the server keeps (previewWire.ts): the edited statement is built again, everything else is the
// previous version's, shared. Rows that came out equal are the previous rows themselves, so the
// patch (previewPatch.ts) skips them by identity and the server's work per edit follows the
// statement, not the document. A row is shared only when it decodes to the same model row in both
// statements (same columns, and its parent index names a row with the same pointer), which is what
// makes skipping by identity right. Equal to previewWireOf of the new version (test/render/previewEdit.test.ts).

import { statementPointer } from "../model/pointers";
import type { ValidationResult } from "../types";
import { presentStatementAt } from "./presentation";
import { previewStatement } from "./previewModel";
import { sameColumns, sameWireRow } from "./previewPatch";
import { encodeWireStatement, type PreviewWire, type WireRow } from "./previewWire";

/** `previous` with statement `index` (of the document's statements) rebuilt from `document` and `result`. */
export function withStatementRebuilt(previous: PreviewWire, document: unknown, result: ValidationResult, index: number): PreviewWire {
  const pointer = statementPointer(index);
  const at = previous.statements.findIndex((statement) => statement.pointer === pointer);
  const old = previous.statements[at];
  // A statement beyond the render bounds shows no cells: a value edit changes nothing in it.
  if (old === undefined || old.omitted !== undefined) return previous;
  const presented = presentStatementAt(document, result, index);
  if (presented === undefined) return previous;
  const next = encodeWireStatement(previewStatement(presented));
  // Rows of equal columns only: a cell's pointer is derived from its column.
  if (next.rows.length === old.rows.length && sameColumns(old.columns, next.columns)) {
    const rows = next.rows;
    const itemsPrefix = `${pointer}/items/`;
    next.rows = rows.map((row, position): WireRow => {
      const kept = old.rows[position] as WireRow;
      return sameWireRow(kept, old.rows, row, rows, itemsPrefix) ? kept : row;
    });
  }
  const statements = previous.statements.slice();
  statements[at] = next;
  return { v: previous.v, title: previous.title, statements };
}
