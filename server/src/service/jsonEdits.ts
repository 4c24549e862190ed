// Offset edits on JSON come from the engine (shared/src/fix/jsonEdits.ts), which `fsdoc fix` uses
// too; this module only turns them into LSP TextEdits at the edge.

import type { TextEdit } from "vscode-languageserver-protocol";
import type { TextDocument } from "vscode-languageserver-textdocument";
import type { Edit } from "../../../shared/src/fix/jsonEdits";

export function toTextEdits(document: TextDocument, edits: readonly Edit[]): TextEdit[] {
  return edits.map((edit) => ({
    range: { start: document.positionAt(edit.offset), end: document.positionAt(edit.offset + edit.length) },
    newText: edit.content,
  }));
}
