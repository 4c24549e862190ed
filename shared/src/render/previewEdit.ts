// The preview model of a version that differs from the last one by a value edit: the edited
// statement is built again, everything else is the previous model's, shared. Rows that came out
// equal are the previous rows themselves, so the patch (previewPatch.ts) skips them by identity and
// the server's work per edit follows the statement, not the document. Equal to buildPreviewModel
// of the new version (test/render/previewEdit.test.ts).

import { statementPointer } from "../model/pointers";
import type { ValidationResult } from "../types";
import { presentStatementAt } from "./presentation";
import { previewStatement, type PreviewModel, type PreviewRow } from "./previewModel";
import { sameRow } from "./previewPatch";

/** `previous` with statement `index` (of the document's statements) rebuilt from `document` and `result`. */
export function withStatementRebuilt(previous: PreviewModel, document: unknown, result: ValidationResult, index: number): PreviewModel {
  const pointer = statementPointer(index);
  const at = previous.statements.findIndex((statement) => statement.pointer === pointer);
  const old = previous.statements[at];
  // A statement beyond the render bounds shows no cells: a value edit changes nothing in it.
  if (old === undefined || old.omitted !== undefined) return previous;
  const presented = presentStatementAt(document, result, index);
  if (presented === undefined) return previous;
  const next = previewStatement(presented);
  if (next.rows.length === old.rows.length) {
    next.rows = next.rows.map((row, position): PreviewRow => {
      const kept = old.rows[position] as PreviewRow;
      return sameRow(kept, row) ? kept : row;
    });
  }
  const statements = previous.statements.slice();
  statements[at] = next;
  return { title: previous.title, statements };
}
