// A page's script and the pages' stylesheet as text, for the shell to inline (page/shell.ts says
// why). Read once per extension host and script through workspace.fs, which reads the extension's
// own files on the desktop and on the web alike.

import * as vscode from "vscode";

export interface PageAssets {
  script: string;
  style: string;
}

/** The built page scripts under dist/: the preview's and the changes view's. */
export type PageScript = "webview.js" | "compare.js";

const loading = new Map<PageScript, Promise<PageAssets>>();

async function readText(uri: vscode.Uri): Promise<string> {
  return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
}

/** dist/`script` and media/preview.css of the extension at `extensionUri`; a failed read is tried again next time. */
export function pageAssets(extensionUri: vscode.Uri, script: PageScript): Promise<PageAssets> {
  let assets = loading.get(script);
  if (assets === undefined) {
    assets = Promise.all([readText(vscode.Uri.joinPath(extensionUri, "dist", script)), readText(vscode.Uri.joinPath(extensionUri, "media", "preview.css"))]).then(
      ([text, style]) => ({ script: text, style }),
      (error: unknown) => {
        loading.delete(script);
        throw error;
      },
    );
    loading.set(script, assets);
  }
  return assets;
}
