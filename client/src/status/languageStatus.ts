// The FS entry in the language status area ("{ }" in the status bar) for the active FS document:
// conformance and calculations from fs/status, severity by the worst finding, click opens the
// preview. The item exists only while an FS document is active, so other JSON shows nothing.

import * as vscode from "vscode";
import { CLIENT_COMMANDS } from "../../../protocol/lsp";
import type { FsDocumentDetector } from "../detection";
import { describeStatus, type StatusSeverity } from "./describe";
import type { StatusStore } from "./statusStore";

const SEVERITIES: Readonly<Record<StatusSeverity, vscode.LanguageStatusSeverity>> = {
  ok: vscode.LanguageStatusSeverity.Information,
  warning: vscode.LanguageStatusSeverity.Warning,
  error: vscode.LanguageStatusSeverity.Error,
};

export class FsLanguageStatus implements vscode.Disposable {
  private item: vscode.LanguageStatusItem | undefined;
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
      return;
    }
    this.item ??= this.createItem();
    const item = this.item;
    item.selector = { language: document.languageId, scheme: document.uri.scheme };
    item.command = { title: vscode.l10n.t("Open Preview"), command: CLIENT_COMMANDS.openPreview, arguments: [document.uri] };
    const status = this.statuses.get(document.uri);
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

  private createItem(): vscode.LanguageStatusItem {
    const item = vscode.languages.createLanguageStatusItem("fs.status", [{ language: "json" }, { language: "jsonc" }]);
    item.name = vscode.l10n.t("FS Document Status");
    item.accessibilityInformation = { label: vscode.l10n.t("FS document status") };
    return item;
  }

  dispose(): void {
    this.item?.dispose();
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
