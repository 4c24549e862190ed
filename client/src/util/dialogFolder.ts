// The folder a file dialog opens in for a document, and the file a save dialog suggests beside it:
// its own folder when it is a file of a folder (file:, vscode-remote:, …), else the workspace's. An
// untitled document has no folder: a dialog given its URI's parent failed with "File system
// provider for untitled:. is not available" (a new user's Compare with… → Another FS file… on the
// walkthrough's example). A Git revision (git:, the left side of a diff, a file at a commit) is a
// version of a file of the working tree: its URI keeps that file's path (the revision is in its
// query), so its dialog opens in that file's folder, as file: — the Git file system is read-only
// and cannot list a folder — rather than at the top of the workspace, which in a repository of
// many folders is far from the file (and, in a multi-root workspace, may be another repository).

import type * as vscode from "vscode";

/** Schemes whose URIs name no folder a file dialog can show. */
const WITHOUT_FOLDER = new Set(["untitled", "webview-panel", "vscode-userdata"]);
/** Schemes of a revision of a working-tree file, whose path is the file's own (the git extension's toGitUri). */
const REVISION_OF_FILE = new Set(["git"]);

export function dialogFolder(uri: vscode.Uri, workspaceFolder: vscode.Uri | undefined): vscode.Uri | undefined {
  if (WITHOUT_FOLDER.has(uri.scheme)) return workspaceFolder;
  return uri.with({
    ...(REVISION_OF_FILE.has(uri.scheme) ? { scheme: "file" } : {}),
    path: uri.path.replace(/\/[^/]*$/, "") || "/",
    query: "",
    fragment: "",
  });
}

/** The file named `fileName` that a save dialog suggests for the document `uri`: in its dialogFolder. */
export function suggestedFile(uri: vscode.Uri, workspaceFolder: vscode.Uri | undefined, fileName: string): vscode.Uri | undefined {
  const folder = dialogFolder(uri, workspaceFolder);
  return folder?.with({ path: `${folder.path.replace(/\/$/, "")}/${fileName}` });
}
