// The changes views and their two commands: "FS: Compare with…" (an FS document against what the
// user picks) and "FS: Open Changes View" of a diff editor (exactly its two sides). One view per
// pair: asking again for the same pair shows the view that is open.

import * as vscode from "vscode";
import { uriArgument } from "../commands/target";
import { ComparePanel, COMPARE_VIEW_TYPE, type CompareDependencies, type OldSide } from "./comparePanel";
import { pickOldSide, readDiffSide } from "./sources";
import { pageWebviewOptions } from "../page/panel";
import { diffOf } from "../preview/diffTabs";

export class CompareViews implements vscode.Disposable {
  private readonly panels = new Set<ComparePanel>();

  constructor(private readonly dependencies: CompareDependencies) {}

  /**
   * FS: Compare with…: `argument` (a menu's Uri), else `active()` (the active FS editor's document,
   * or the focused preview's: PreviewManager.activeResource), against what the user picks.
   */
  async compareWith(argument: unknown, active: () => vscode.Uri | undefined): Promise<void> {
    const uri = uriArgument(argument) ?? active();
    if (uri === undefined) {
      void vscode.window.showInformationMessage(vscode.l10n.t("Open an FS document first."));
      return;
    }
    const old = await pickOldSide(uri);
    if (old !== undefined) this.open(uri, old);
  }

  /** The diff editor showing `argument` (its right side; else the active one): its left side is OLD, its right side NEW. */
  async compareDiff(argument?: unknown): Promise<void> {
    const diff = diffOf(uriArgument(argument));
    if (diff === undefined) {
      void vscode.window.showInformationMessage(vscode.l10n.t("Open a diff editor of an FS document first (Source Control: Open Changes)."));
      return;
    }
    const old = await readDiffSide(diff.input.original);
    if (old !== undefined) this.open(diff.input.modified, old);
  }

  open(newUri: vscode.Uri, old: OldSide): ComparePanel {
    for (const panel of this.panels) {
      if (panel.isFor(newUri, old)) {
        panel.panel.reveal(undefined, true);
        return panel;
      }
    }
    const webviewPanel = vscode.window.createWebviewPanel(COMPARE_VIEW_TYPE, "", { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, pageWebviewOptions());
    const panel = new ComparePanel(webviewPanel, newUri, old, this.dependencies);
    this.panels.add(panel);
    panel.onDidDispose(() => this.panels.delete(panel));
    return panel;
  }

  dispose(): void {
    for (const panel of [...this.panels]) panel.dispose();
    this.panels.clear();
  }
}
