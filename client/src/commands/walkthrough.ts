// The commands behind the Get Started walkthrough's buttons (package.json, contributes.walkthroughs;
// the steps' text is in media/walkthrough/): open the bundled example, and go to a failing
// subtotal with its quick fixes shown. The other steps use the ordinary commands.

import * as vscode from "vscode";

/** The example the walkthrough opens, shipped in the extension (.vscodeignore). */
export const WALKTHROUGH_EXAMPLE = "fixtures/examples/northwind-group.json";

/** Opens a copy of the bundled example as an untitled document, so the user's edits never touch the extension. */
export async function openExample(extensionUri: vscode.Uri): Promise<void> {
  const bytes = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(extensionUri, WALKTHROUGH_EXAMPLE));
  const document = await vscode.workspace.openTextDocument({ language: "json", content: new TextDecoder().decode(bytes) });
  await vscode.window.showTextDocument(document);
}

function isUnsatisfiedRollup(diagnostic: vscode.Diagnostic): boolean {
  const code = typeof diagnostic.code === "object" ? diagnostic.code.value : diagnostic.code;
  return diagnostic.source === "fs" && code === "rollup-unsatisfied";
}

/** Puts the cursor on the first subtotal that does not add up and opens its quick fixes. */
export async function fixFailingSubtotal(): Promise<void> {
  const failingIn = (candidate: vscode.TextEditor) => vscode.languages.getDiagnostics(candidate.document.uri).filter(isUnsatisfiedRollup);
  // From the walkthrough the active editor is the walkthrough itself: take a visible FS editor then.
  const visible = vscode.window.activeTextEditor ?? vscode.window.visibleTextEditors.find((candidate) => failingIn(candidate).length > 0);
  const failing = visible === undefined ? undefined : failingIn(visible).sort((a, b) => a.range.start.compareTo(b.range.start))[0];
  if (visible === undefined || failing === undefined) {
    void vscode.window.showInformationMessage(
      visible === undefined
        ? vscode.l10n.t("Open an FS document first (the walkthrough's first step opens an example).")
        : vscode.l10n.t("No subtotal in this document fails: every rollup check is satisfied."),
    );
    return;
  }
  const editor = await vscode.window.showTextDocument(visible.document, visible.viewColumn);
  editor.selection = new vscode.Selection(failing.range.start, failing.range.start);
  editor.revealRange(failing.range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  await vscode.commands.executeCommand("editor.action.quickFix");
}
