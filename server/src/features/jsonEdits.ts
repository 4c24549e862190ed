// Offset edits → LSP TextEdits. The JSON edit helpers themselves are pure and live in the engine
// (shared/src/fix/jsonEdits.ts), shared with `fsdoc fix`.

import type { Edit } from "jsonc-parser";
import type { TextEdit } from "vscode-languageserver/node";
import type { TextDocument } from "vscode-languageserver-textdocument";

export { replaceValue, removeMember, memberNamed, formattingOf, editObjectMembers, differenceEdit, disjoint } from "../../../shared/src/fix/jsonEdits";

export function toTextEdits(document: TextDocument, edits: readonly Edit[]): TextEdit[] {
  return edits.map((edit) => ({
    range: { start: document.positionAt(edit.offset), end: document.positionAt(edit.offset + edit.length) },
    newText: edit.content,
  }));
}
