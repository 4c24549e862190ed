// "FS: Record Validation Snapshot": the server computes the edits against the version it analysed;
// they are applied as ONE WorkspaceEdit (one undo reverts it), and only if the document is still at
// that version — a text that moved meanwhile is never patched with stale offsets.

import * as vscode from "vscode";
import type { FsServer } from "../server/fsServer";
import { errorText } from "./target";
import { stepDone } from "./walkthroughProgress";

export async function recordSnapshot(server: FsServer, document: vscode.TextDocument): Promise<void> {
  let result;
  try {
    result = await server.recordEdits(document.uri);
  } catch (error) {
    void vscode.window.showErrorMessage(vscode.l10n.t("Recording the validation snapshot failed: {0}", errorText(error)));
    return;
  }
  if (result === null) {
    void vscode.window.showWarningMessage(vscode.l10n.t("This document is not open as an FS document."));
    return;
  }
  if (result.problem !== undefined) {
    void vscode.window.showWarningMessage(vscode.l10n.t("Cannot record the validation snapshot: {0}", result.problem));
    return;
  }
  if (result.version !== document.version) {
    void vscode.window.showWarningMessage(vscode.l10n.t("The document changed while the snapshot was being prepared; nothing was recorded. Run the command again."));
    return;
  }
  if (result.edits.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t("The recorded validation snapshot is already up to date."));
    stepDone("snapshotRecorded");
    return;
  }
  const edit = new vscode.WorkspaceEdit();
  for (const { offset, length, content } of result.edits) {
    edit.replace(document.uri, new vscode.Range(document.positionAt(offset), document.positionAt(offset + length)), content);
  }
  // applyEdit carries the document version it was made for and fails if the text moved since.
  const applied = await vscode.workspace.applyEdit(edit);
  if (!applied) {
    void vscode.window.showWarningMessage(vscode.l10n.t("The document changed while the snapshot was being recorded; nothing was recorded. Run the command again."));
    return;
  }
  void vscode.window.setStatusBarMessage(vscode.l10n.t("FS: validation snapshot recorded"), 4000);
  stepDone("snapshotRecorded");
}
