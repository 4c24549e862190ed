import * as vscode from "vscode";

/** The document VS Code has open at `uri` (its text synced to extensions), if any. */
export function openDocument(uri: vscode.Uri): vscode.TextDocument | undefined {
  const key = uri.toString();
  return vscode.workspace.textDocuments.find((document) => document.uri.toString() === key);
}
