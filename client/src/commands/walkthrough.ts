// The commands behind the Get Started walkthrough's buttons (package.json, contributes.walkthroughs;
// the steps' text is in media/walkthrough/): open the bundled example, and go to a failing
// subtotal with its quick fixes shown. The other steps use the ordinary commands.

import * as vscode from "vscode";
import { shortRollupMessage } from "./fixPick";
import { textGroupColumn } from "./newDocument";
import { stepDone } from "./walkthroughProgress";

/** The example the walkthrough opens, shipped in the extension (.vscodeignore). */
export const WALKTHROUGH_EXAMPLE = "fixtures/examples/northwind-group.json";

/**
 * Opens a copy of the bundled example as an untitled document, so the user's edits never touch the
 * extension. The walkthrough's button (`command:toSide:`) focuses the group beside it first, and
 * the example opens there; run from the palette while another kind of editor is active (the
 * walkthrough itself), it opens beside that, so the walkthrough stays in view.
 */
export async function openExample(extensionUri: vscode.Uri): Promise<void> {
  const bytes = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(extensionUri, WALKTHROUGH_EXAMPLE));
  const document = await vscode.workspace.openTextDocument({ language: "json", content: new TextDecoder().decode(bytes) });
  // A concrete column of text editors, not ViewColumn.Beside: VS Code resolves Beside later,
  // against whichever group is active by then (see client/src/commands/newDocumentColumn.ts).
  await vscode.window.showTextDocument(document, textGroupColumn());
  stepDone("exampleOpened");
}

function isUnsatisfiedRollup(diagnostic: vscode.Diagnostic): boolean {
  const code = typeof diagnostic.code === "object" ? diagnostic.code.value : diagnostic.code;
  return diagnostic.source === "fs" && code === "rollup-unsatisfied";
}

/**
 * Puts the cursor on the first subtotal that does not add up and lists its quick fixes in a quick
 * pick; the chosen one is applied. (The editor's own quick fix menu needs the editor to keep the
 * focus, which the walkthrough page takes back once its button's command has run.) `again`: a fix
 * just applied left this one failing (a subtotal added up from the fixed one, say).
 */
export async function fixFailingSubtotal(again = false): Promise<void> {
  const failingIn = (candidate: vscode.TextDocument) => vscode.languages.getDiagnostics(candidate.uri).filter(isUnsatisfiedRollup);
  // With no text editor active (a preview or the walkthrough has the focus), a visible FS editor
  // with a failing subtotal, or else an open document with one (hidden under a preview, say).
  const visible =
    vscode.window.activeTextEditor ??
    vscode.window.visibleTextEditors.find((candidate) => failingIn(candidate.document).length > 0) ??
    vscode.workspace.textDocuments.find((candidate) => failingIn(candidate).length > 0);
  const target = visible === undefined ? undefined : "document" in visible ? visible.document : visible;
  const failing = target === undefined ? undefined : failingIn(target).sort((a, b) => a.range.start.compareTo(b.range.start))[0];
  if (visible === undefined || target === undefined || failing === undefined) {
    void vscode.window.showInformationMessage(
      visible === undefined
        ? vscode.l10n.t("Open an FS document first (the walkthrough's first step opens an example).")
        : vscode.l10n.t("No subtotal in this document fails: every rollup check is satisfied."),
    );
    return;
  }
  const editor = await vscode.window.showTextDocument(target, "viewColumn" in visible ? visible.viewColumn : undefined);
  // Inside the value, not before its opening quote.
  const inside = failing.range.isSingleLine && failing.range.end.character - failing.range.start.character > 1 ? failing.range.start.translate(0, 1) : failing.range.start;
  editor.selection = new vscode.Selection(inside, inside);
  editor.revealRange(failing.range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  const fixes = (
    (await vscode.commands.executeCommand<vscode.CodeAction[] | undefined>(
      "vscode.executeCodeActionProvider",
      editor.document.uri,
      new vscode.Range(inside, inside),
      vscode.CodeActionKind.QuickFix.value,
    )) ?? []
  ).filter((fix) => fix.edit !== undefined);
  if (fixes.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t("{0} No quick fix applies; the hover on the value shows the whole breakdown.", failing.message));
    return;
  }
  // The question goes away by itself once its subtotal stops failing (edited by hand meanwhile): it
  // never stays on screen saying what is no longer true.
  const stale = whenFixed(target.uri, failing.message);
  const chosen = await Promise.resolve(
    vscode.window.showQuickPick(
      fixes.map((fix) => ({ label: fix.title, description: fix.isPreferred === true ? vscode.l10n.t("preferred") : undefined, fix })),
      { title: again ? vscode.l10n.t("Fix the next subtotal") : vscode.l10n.t("Fix the subtotal"), placeHolder: shortRollupMessage(failing.message), ignoreFocusOut: true },
      stale.token,
    ),
  ).finally(() => stale.dispose());
  if (chosen?.fix.edit === undefined) return;
  // Subscribed before the edit: the server's answer to it can come at once.
  const answered = fixedOrTimedOut(target.uri, failing.message);
  if (!(await vscode.workspace.applyEdit(chosen.fix.edit))) return;
  await answered;
  // Done only when the fix leaves every subtotal adding up: setting a rounded subtotal to its
  // children's sum moves the difference to the subtotal stated from it, which is not fixed. Then
  // the next one's fixes are asked at once, in the same kind of question: not in a notification,
  // which VS Code cannot close and which would stay after it stopped being true.
  if (failingIn(target).length === 0) {
    stepDone("subtotalFixed");
    return;
  }
  await fixFailingSubtotal(true);
}

/** A cancellation that fires once `uri`'s diagnostics no longer hold the failing one with `message`. */
function whenFixed(uri: vscode.Uri, message: string): { token: vscode.CancellationToken; dispose(): void } {
  const source = new vscode.CancellationTokenSource();
  const listener = vscode.languages.onDidChangeDiagnostics((event) => {
    if (!event.uris.some((changed) => changed.toString() === uri.toString())) return;
    if (!vscode.languages.getDiagnostics(uri).some((diagnostic) => isUnsatisfiedRollup(diagnostic) && diagnostic.message === message)) source.cancel();
  });
  return {
    token: source.token,
    dispose: () => {
      listener.dispose();
      source.dispose();
    },
  };
}

/** How long the server may take to answer a fix with the document's new diagnostics. */
const ANSWER_MS = 10_000;

/**
 * Resolves once the document's diagnostics no longer hold the failing one that was fixed (the
 * server has analysed the fixed text), or after ANSWER_MS.
 */
function fixedOrTimedOut(uri: vscode.Uri, fixedMessage: string): Promise<void> {
  const fixed = whenFixed(uri, fixedMessage);
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      fixed.dispose();
      resolve();
    };
    const timer = setTimeout(done, ANSWER_MS);
    fixed.token.onCancellationRequested(done);
  });
}
