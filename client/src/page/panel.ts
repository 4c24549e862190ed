// What the panels of our pages (the preview, the changes view) share on the extension side: the
// webview's options, its page (the shell around the inlined assets) and the number format setting.

import * as vscode from "vscode";
import type { NumberFormat } from "../../../protocol/webview";
import { createNonce } from "../util/nonce";
import { pageAssets, type PageScript } from "./assets";
import type { ShellOptions } from "./shell";

/** The page loads nothing (its script and stylesheet are inline): no local resource is reachable. */
export function pageWebviewOptions(): vscode.WebviewOptions {
  return { enableScripts: true, enableCommandUris: false, localResourceRoots: [] };
}

/** The fs.preview.numberFormat setting for `uri`, which both pages follow. */
export function numberFormat(uri: vscode.Uri): NumberFormat {
  return vscode.workspace.getConfiguration("fs", uri).get<string>("preview.numberFormat") === "compact" ? "compact" : "full";
}

/**
 * Loads the page into `webview`: `build` makes its shell around the script and stylesheet (read
 * once, so only the first page waits), with a fresh nonce and the display language. A failed read
 * is shown as `failure(reason)`. Nothing happens once `disposed()`.
 */
export function loadPage(
  webview: vscode.Webview,
  extensionUri: vscode.Uri,
  script: PageScript,
  build: (options: ShellOptions) => string,
  failure: (reason: string) => string,
  disposed: () => boolean,
): void {
  webview.options = pageWebviewOptions();
  void pageAssets(extensionUri, script).then(
    (assets) => {
      if (!disposed()) webview.html = build({ ...assets, scriptName: script, nonce: createNonce(18), locale: vscode.env.language, bundle: vscode.l10n.bundle });
    },
    (error: unknown) => {
      if (!disposed()) void vscode.window.showErrorMessage(failure(error instanceof Error ? error.message : String(error)));
    },
  );
}
