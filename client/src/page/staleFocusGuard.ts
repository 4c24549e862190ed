// A page panel's (the preview's, the changes view's) guard against VS Code's stale report of its
// page's focus (staleFocus.ts): when the panel becomes active and its page does not say it has the
// keyboard within PAGE_FOCUS_GRACE_MS, although the keyboard went to a text editor just before (a
// click revealed the source there, Ctrl+1), the keyboard is given back to that editor.

import * as vscode from "vscode";
import { PAGE_FOCUS_GRACE_MS, StaleFocus } from "./staleFocus";

export class StaleFocusGuard implements vscode.Disposable {
  private readonly staleFocus = new StaleFocus();
  /** The text editor that last became active: where a stale activation gives the keyboard back. */
  private keyboardEditor: vscode.TextEditor | undefined;
  private check: ReturnType<typeof setTimeout> | undefined;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly panel: vscode.WebviewPanel) {
    this.subscription = vscode.window.onDidChangeActiveTextEditor((editor) => {
      if (editor === undefined) return;
      this.keyboardEditor = editor;
      this.staleFocus.editorActivated(Date.now());
    });
  }

  /** The page said it got or lost the keyboard (its window's focus and blur). */
  pageFocus(focused: boolean): void {
    this.staleFocus.pageFocus(focused, Date.now());
  }

  /** The panel became active: checked once the page has had time to say it has the keyboard. */
  activated(): void {
    clearTimeout(this.check);
    this.check = setTimeout(() => {
      const editor = this.keyboardEditor;
      if (!this.panel.active || editor === undefined || !this.staleFocus.isStale(Date.now())) return;
      if (!vscode.window.visibleTextEditors.includes(editor)) return;
      void vscode.window.showTextDocument(editor.document, { viewColumn: editor.viewColumn, preserveFocus: false });
    }, PAGE_FOCUS_GRACE_MS);
  }

  dispose(): void {
    clearTimeout(this.check);
    this.subscription.dispose();
  }
}
