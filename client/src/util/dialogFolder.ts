// The folder a file dialog opens in for a document: its own folder when it is a file of a folder
// (file:, vscode-remote:, …), else the workspace's. An untitled document has no folder: a dialog
// given its URI's parent failed with "File system provider for untitled:. is not available"
// (a new user's Compare with… → Another FS file… on the walkthrough's example). A git: revision's
// folder is the file's, in the workspace's scheme.

import type * as vscode from "vscode";

/** Schemes whose URIs name no folder a file dialog can show. */
const WITHOUT_FOLDER = new Set(["untitled", "git", "webview-panel", "vscode-userdata"]);

export function dialogFolder(uri: vscode.Uri, workspaceFolder: vscode.Uri | undefined): vscode.Uri | undefined {
  if (WITHOUT_FOLDER.has(uri.scheme)) return workspaceFolder;
  return uri.with({ path: uri.path.replace(/\/[^/]*$/, "") || "/", query: "", fragment: "" });
}
