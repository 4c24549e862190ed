// The FS entry in the language status area ("{ }" in the status bar) for the active FS document:
// conformance and calculations from fs/status, severity by the worst finding, click opens the
// preview. The item exists only while an FS document is active, so other JSON shows nothing.
// A second entry ("fs.limits") says once which features are limited on a large document and why
// (the outline's cap, statements the preview leaves out, VS Code's large-file mode); it exists only
// while the active FS document has such a limit.

import * as vscode from "vscode";
import { CLIENT_COMMANDS } from "../../../protocol/lsp";
import type { FsDocumentDetector } from "../detection";
import { describeStatus, type StatusSeverity } from "./describe";
import { describeLimits, overEditorLimits } from "./limits";
import type { StatusStore } from "./statusStore";

const SEVERITIES: Readonly<Record<StatusSeverity, vscode.LanguageStatusSeverity>> = {
  ok: vscode.LanguageStatusSeverity.Information,
  warning: vscode.LanguageStatusSeverity.Warning,
  error: vscode.LanguageStatusSeverity.Error,
};

export class FsLanguageStatus implements vscode.Disposable {
  private item: vscode.LanguageStatusItem | undefined;
  private limitsItem: vscode.LanguageStatusItem | undefined;
  /** Whether VS Code opened each document in its large-file mode: it decides once, when the model is created. */
  private readonly largeFile = new WeakMap<vscode.TextDocument, boolean>();
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly detector: FsDocumentDetector,
    private readonly statuses: StatusStore,
  ) {
    this.subscriptions = [
      vscode.window.onDidChangeActiveTextEditor(() => this.update()),
      detector.onDidDetect(() => this.update()),
      statuses.onDidChange((uri) => {
        if (vscode.window.activeTextEditor?.document.uri.toString() === uri) this.update();
      }),
    ];
    this.update();
  }

  private update(): void {
    const document = vscode.window.activeTextEditor?.document;
    if (document === undefined || !this.detector.isFsDocument(document)) {
      this.item?.dispose();
      this.item = undefined;
      this.updateLimits(undefined);
      return;
    }
    this.item ??= this.createItem();
    const item = this.item;
    item.selector = { language: document.languageId, scheme: document.uri.scheme };
    item.command = { title: vscode.l10n.t("Open Preview"), command: CLIENT_COMMANDS.openPreview, arguments: [document.uri] };
    const status = this.statuses.get(document.uri);
    this.updateLimits(document);
    if (status === undefined) {
      // Not busy: a document the server does not analyse (fs.enable off) would spin forever.
      item.text = vscode.l10n.t("FS: not validated yet");
      item.detail = undefined;
      item.busy = false;
      item.severity = vscode.LanguageStatusSeverity.Information;
      return;
    }
    const description = describeStatus(status);
    item.busy = false;
    item.text = vscode.l10n.t("FS: {0}", description.summary);
    item.detail = description.detail;
    item.severity = SEVERITIES[description.severity];
  }

  /** The limits entry for `document` (none, or nothing limited: no entry). */
  private updateLimits(document: vscode.TextDocument | undefined): void {
    const description = document === undefined ? undefined : describeLimits(this.statuses.get(document.uri)?.limits, this.isLargeFile(document));
    if (document === undefined || description === undefined) {
      this.limitsItem?.dispose();
      this.limitsItem = undefined;
      return;
    }
    if (this.limitsItem === undefined) {
      this.limitsItem = vscode.languages.createLanguageStatusItem("fs.limits", [{ language: "json" }, { language: "jsonc" }]);
      this.limitsItem.name = vscode.l10n.t("FS Large Document Limits");
      this.limitsItem.severity = vscode.LanguageStatusSeverity.Information;
    }
    const item = this.limitsItem;
    item.selector = { language: document.languageId, scheme: document.uri.scheme };
    item.text = description.text;
    item.detail = description.detail;
    item.accessibilityInformation = { label: `${description.text}. ${description.detail}` };
  }

  /** VS Code's large-file mode (editor.largeFileOptimizations), sized as its text model does: characters with line ends, and lines. */
  private isLargeFile(document: vscode.TextDocument): boolean {
    let large = this.largeFile.get(document);
    if (large === undefined) {
      const optimized = vscode.workspace.getConfiguration("editor", document).get<boolean>("largeFileOptimizations", true);
      const lines = document.lineCount;
      large = optimized && overEditorLimits({ characters: document.offsetAt(document.lineAt(lines - 1).range.end), lines });
      this.largeFile.set(document, large);
    }
    return large;
  }

  private createItem(): vscode.LanguageStatusItem {
    const item = vscode.languages.createLanguageStatusItem("fs.status", [{ language: "json" }, { language: "jsonc" }]);
    item.name = vscode.l10n.t("FS Document Status");
    item.accessibilityInformation = { label: vscode.l10n.t("FS document status") };
    return item;
  }

  dispose(): void {
    this.item?.dispose();
    this.limitsItem?.dispose();
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
