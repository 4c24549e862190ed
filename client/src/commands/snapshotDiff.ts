// "FS: Show Snapshot Diff": a webview beside the document (one per FS document) showing the recorded
// snapshot against the current validation as a table (client/src/snapshot/diffHtml.ts), refreshed
// whenever the server reports a new analysis of that document. The page is static HTML made here
// with a strict Content-Security-Policy; it runs no script.

import { createNonce } from "../util/nonce";
import * as vscode from "vscode";
import { documentName } from "../preview/previewPanel";
import type { FsServer } from "../server/fsServer";
import { snapshotDiffHtml } from "../snapshot/diffHtml";
import type { StatusStore } from "../status/statusStore";
import { errorText } from "./target";

export const SNAPSHOT_DIFF_VIEW_TYPE = "fs.snapshotDiff";

export class SnapshotDiffProvider implements vscode.Disposable {
  /** Open panels by their document's URI string. */
  private readonly panels = new Map<string, vscode.WebviewPanel>();
  /** The last refresh asked for per document: an older answer arriving late is dropped. */
  private readonly generations = new Map<string, number>();
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly server: FsServer,
    statuses: StatusStore,
  ) {
    this.subscriptions = [
      statuses.onDidChange((uri) => {
        if (this.panels.has(uri)) void this.refresh(vscode.Uri.parse(uri, true));
      }),
    ];
  }

  private async html(source: vscode.Uri): Promise<string> {
    const name = documentName(source);
    const nonce = createNonce(16);
    try {
      const result = await this.server.snapshotDiff(source);
      if (result === null)
        return snapshotDiffHtml(name, undefined, vscode.l10n.t("The document is not open as an FS document; open it to see its snapshot diff."), nonce, vscode.env.language);
      return snapshotDiffHtml(name, result.diff, result.problem, nonce, vscode.env.language, result.names);
    } catch (error) {
      return snapshotDiffHtml(name, undefined, vscode.l10n.t("The snapshot diff could not be computed: {0}", errorText(error)), nonce, vscode.env.language);
    }
  }

  private async refresh(source: vscode.Uri): Promise<void> {
    const key = source.toString();
    const generation = (this.generations.get(key) ?? 0) + 1;
    this.generations.set(key, generation);
    const html = await this.html(source);
    const panel = this.panels.get(key);
    if (panel !== undefined && this.generations.get(key) === generation) panel.webview.html = html;
  }

  async show(source: vscode.Uri): Promise<void> {
    const key = source.toString();
    const open = this.panels.get(key);
    if (open !== undefined) {
      open.reveal(vscode.ViewColumn.Beside, true);
    } else {
      const panel = vscode.window.createWebviewPanel(
        SNAPSHOT_DIFF_VIEW_TYPE,
        vscode.l10n.t("Snapshot diff: {0}", documentName(source)),
        { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
        { enableScripts: false, localResourceRoots: [] },
      );
      this.panels.set(key, panel);
      panel.onDidDispose(() => {
        this.panels.delete(key);
        this.generations.delete(key);
      });
    }
    await this.refresh(source);
  }

  dispose(): void {
    for (const panel of [...this.panels.values()]) panel.dispose();
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
