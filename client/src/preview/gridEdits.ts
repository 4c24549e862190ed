// The preview grid's writes, applied to the document: the server turns them into minimal edits of
// its current version (fs/cellEdits, each value found by its pointer), and they are applied as ONE
// WorkspaceEdit (one step of the editor's undo stack) only to exactly that version, by the version
// rule of versionedWrite.ts; a cell that no longer exists writes nothing, and the page says which.

import * as vscode from "vscode";
import type { GridWrite } from "../../../protocol/lsp";
import { matchesFilePatterns } from "../../../shared/src/detect";
import type { FsServer } from "../server/fsServer";
import { readOnlyKind } from "./readOnlyRule";
import { writeAtVersion } from "./versionedWrite";

/** What became of a grid write: written, or not (with why, and the cells concerned). */
export type GridWriteOutcome = { written: true } | { written: false; message: string; pointers: string[] };

/**
 * Why `uri` is shown read-only in the grid, or undefined when it can be edited (readOnlyRule.ts).
 * `served`: documents of its scheme are synced to the language server, which makes the grid's
 * edits; any other document (the left side of a Git diff, a git: URI) is previewed from its text.
 */
export function readOnlyReason(uri: vscode.Uri, served: boolean): string | undefined {
  // Files the user marked read-only, as the editor shows them.
  const files = vscode.workspace.getConfiguration("files", uri);
  const patterns = (name: string): string[] => Object.entries(files.get<Record<string, boolean>>(name) ?? {}).flatMap(([glob, on]) => (on === true ? [glob] : []));
  const kind = readOnlyKind({
    trusted: vscode.workspace.isTrusted,
    scheme: uri.scheme,
    served,
    writable: vscode.workspace.fs.isWritableFileSystem(uri.scheme),
    markedReadOnly: matchesFilePatterns(uri.path, patterns("readonlyInclude")) && !matchesFilePatterns(uri.path, patterns("readonlyExclude")),
  });
  switch (kind) {
    case undefined:
      return undefined;
    case "untrusted":
      return vscode.l10n.t("Read-only: the workspace is not trusted.");
    case "git":
      return vscode.l10n.t("Read-only: this is a version of the file from Git.");
    case "unwritable":
      return vscode.l10n.t("Read-only: this file cannot be changed here.");
  }
}

/** Writes the grid's `writes` to `uri`, unless `refusal` says why it is read-only (readOnlyReason). */
export async function applyGridWrites(server: FsServer, uri: vscode.Uri, writes: GridWrite[], refusal: string | undefined): Promise<GridWriteOutcome> {
  if (refusal !== undefined) return { written: false, message: refusal, pointers: [] };
  let document: vscode.TextDocument;
  try {
    document = await vscode.workspace.openTextDocument(uri);
  } catch (error) {
    return { written: false, message: error instanceof Error ? error.message : String(error), pointers: [] };
  }
  const outcome = await writeAtVersion({
    version: () => document.version,
    ask: () => server.cellEdits(uri, writes).catch(() => undefined),
    apply: (edits) => {
      const edit = new vscode.WorkspaceEdit();
      for (const { offset, length, content } of edits) {
        edit.replace(uri, new vscode.Range(document.positionAt(offset), document.positionAt(offset + length)), content);
      }
      return vscode.workspace.applyEdit(edit);
    },
  });
  switch (outcome.kind) {
    case "written":
      return { written: true };
    case "not-fs":
      return { written: false, message: vscode.l10n.t("Nothing was written: the document is not open as an FS document."), pointers: [] };
    case "missing":
      return { written: false, message: vscode.l10n.t("Nothing was written: these cells are no longer in the document."), pointers: outcome.pointers };
    case "refused":
      return { written: false, message: outcome.problem ?? vscode.l10n.t("Nothing was written: these cells cannot take this content."), pointers: outcome.pointers };
    case "editor-refused":
      return { written: false, message: vscode.l10n.t("Nothing was written: the editor refused the change."), pointers: [] };
    case "kept-changing":
      return { written: false, message: vscode.l10n.t("Nothing was written: the document kept changing. Try again."), pointers: [] };
  }
}

/** Undo or redo in the document's editor, for Ctrl+Z / Ctrl+Y pressed in the preview; the preview keeps the focus. */
export async function undoInDocument(uri: vscode.Uri, command: "undo" | "redo", panel: vscode.WebviewPanel): Promise<void> {
  const editor = vscode.window.visibleTextEditors.find((candidate) => candidate.document.uri.toString() === uri.toString());
  const document = editor?.document ?? (await vscode.workspace.openTextDocument(uri));
  await vscode.window.showTextDocument(document, { viewColumn: editor?.viewColumn ?? vscode.ViewColumn.Beside, preserveFocus: false, preview: false });
  await vscode.commands.executeCommand(command);
  panel.reveal(panel.viewColumn, false);
}
