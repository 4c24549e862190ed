// The preview page's script and stylesheet as text, for the shell to inline (shell.ts says why).
// Read once per extension host through workspace.fs, which reads the extension's own files on the
// desktop and on the web alike.

import * as vscode from "vscode";

export interface PageAssets {
  script: string;
  style: string;
}

let loading: Promise<PageAssets> | undefined;

async function readText(uri: vscode.Uri): Promise<string> {
  return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
}

/** dist/webview.js and media/preview.css of the extension at `extensionUri`; a failed read is tried again next time. */
export function pageAssets(extensionUri: vscode.Uri): Promise<PageAssets> {
  loading ??= Promise.all([readText(vscode.Uri.joinPath(extensionUri, "dist", "webview.js")), readText(vscode.Uri.joinPath(extensionUri, "media", "preview.css"))]).then(
    ([script, style]) => ({ script, style }),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
