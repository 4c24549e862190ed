// Keeps the `fs.activeEditorIsFsDocument` context key (menus, keybindings, command palette) in step
// with the active editor.

import * as vscode from "vscode";
import type { FsDocumentDetector } from "./detection";

export const ACTIVE_EDITOR_IS_FS_DOCUMENT = "fs.activeEditorIsFsDocument";

export class ActiveEditorContext implements vscode.Disposable {
  private value: boolean | undefined;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly detector: FsDocumentDetector) {
    this.subscriptions = [
      vscode.window.onDidChangeActiveTextEditor(() => this.update()),
      detector.onDidDetect(() => this.update()),
      vscode.workspace.onDidCloseTextDocument(() => this.update()),
    ];
    this.update();
  }

  private update(): void {
    const document = vscode.window.activeTextEditor?.document;
    const value = document !== undefined && this.detector.isFsDocument(document);
    if (value === this.value) return;
    this.value = value;
    void vscode.commands.executeCommand("setContext", ACTIVE_EDITOR_IS_FS_DOCUMENT, value);
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
