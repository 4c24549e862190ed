// The document a command acts on: its argument (a Uri from a menu, or a URI string from a code
// lens), else the active FS editor or the focused preview.

import * as vscode from "vscode";

/** The scheme of a webview panel's own URI, what VS Code passes to a command run from its title menu. */
const WEBVIEW_PANEL_SCHEME = "webview-panel";

/** The document an argument names; a webview's title menu passes its own panel (`webview-panel:`), which names none. */
export function uriArgument(argument: unknown): vscode.Uri | undefined {
  if (argument instanceof vscode.Uri) return argument.scheme === WEBVIEW_PANEL_SCHEME ? undefined : argument;
  if (typeof argument === "string" && argument !== "") {
    try {
      return vscode.Uri.parse(argument, true);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export async function targetDocument(argument: unknown, fallback: () => vscode.Uri | undefined): Promise<vscode.TextDocument | undefined> {
  const uri = uriArgument(argument) ?? fallback();
  if (uri === undefined) {
    void vscode.window.showInformationMessage(vscode.l10n.t("Open an FS document first."));
    return undefined;
  }
  try {
    return await vscode.workspace.openTextDocument(uri);
  } catch (error) {
    void vscode.window.showErrorMessage(vscode.l10n.t("Cannot open {0}: {1}", uri.toString(true), error instanceof Error ? error.message : String(error)));
    return undefined;
  }
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
