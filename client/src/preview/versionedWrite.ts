// The version rule of a grid write, apart from VS Code (gridEdits.ts is the glue): the server's
// edits are for the version it analysed, so they are applied only while the document is still at
// that version. If the text moved in between, the edits are asked for again, so the write goes to
// the same cells by their pointers in the new text; a cell that is gone writes nothing.

import type { CellEditsResult } from "../../../protocol/lsp";

export type VersionedWriteOutcome =
  | { kind: "written" }
  /** The server has no FS document at this address (closed, not FS, or it did not answer). */
  | { kind: "not-fs" }
  | { kind: "missing"; pointers: string[] }
  | { kind: "refused"; pointers: string[]; problem: string | undefined }
  /** The editor refused the edit while the text was still at the version the edits were for. */
  | { kind: "editor-refused" }
  /** The text moved between every answer and its edit. */
  | { kind: "kept-changing" };

export interface VersionedDocument {
  /** The document's version now. */
  version(): number;
  /** The server's edits for the version it holds now; null or undefined when it has none. */
  ask(): PromiseLike<CellEditsResult | null | undefined>;
  /** Applies the edits as one edit (one undo step); false when the editor did not. */
  apply(edits: CellEditsResult["edits"]): PromiseLike<boolean>;
}

/** Answers asked for when the text keeps changing between the server's answer and the edit. */
export const WRITE_ATTEMPTS = 3;

export async function writeAtVersion(document: VersionedDocument): Promise<VersionedWriteOutcome> {
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    const result = await document.ask();
    if (result === undefined || result === null) return { kind: "not-fs" };
    if (result.missing.length > 0) return { kind: "missing", pointers: result.missing };
    if (result.refused.length > 0 || result.problem !== undefined) return { kind: "refused", pointers: result.refused, problem: result.problem };
    // The text moved on since the server's answer: ask again, for the same pointers.
    if (result.version !== document.version()) continue;
    if (result.edits.length === 0) return { kind: "written" };
    // The edit fails if the text moved between the check above and now: then ask again as well.
    if (await document.apply(result.edits)) return { kind: "written" };
    if (document.version() === result.version) return { kind: "editor-refused" };
  }
  return { kind: "kept-changing" };
}
