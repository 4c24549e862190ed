// "FS: Show Snapshot Diff": a read-only virtual Markdown document (scheme fs-diff) per FS document,
// refreshed whenever the server reports a new analysis of that document.

import * as vscode from "vscode";
import { documentName } from "../preview/previewPanel";
import type { FsServer } from "../server/fsServer";
import { snapshotDiffText } from "../snapshot/diffText";
import type { StatusStore } from "../status/statusStore";
import { errorText } from "./target";

export const SNAPSHOT_DIFF_SCHEME = "fs-diff";

export function snapshotDiffUri(source: vscode.Uri): vscode.Uri {
  return vscode.Uri.from({ scheme: SNAPSHOT_DIFF_SCHEME, path: `/${documentName(source)} (snapshot diff).md`, query: source.toString() });
}

function sourceOf(diffUri: vscode.Uri): vscode.Uri {
  return vscode.Uri.parse(diffUri.query, true);
}

export class SnapshotDiffProvider implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly server: FsServer,
    statuses: StatusStore,
  ) {
    this.subscriptions = [
      this.changed,
      statuses.onDidChange((uri) => {
        const open = vscode.workspace.textDocuments.find((document) => document.uri.scheme === SNAPSHOT_DIFF_SCHEME && document.uri.query === uri);
        if (open !== undefined) this.changed.fire(open.uri);
      }),
    ];
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const source = sourceOf(uri);
    const name = documentName(source);
    try {
      const result = await this.server.snapshotDiff(source);
      if (result === null) return snapshotDiffText(name, undefined, "The document is not open as an FS document; open it to see its snapshot diff.");
      return snapshotDiffText(name, result.diff, result.problem);
    } catch (error) {
      return snapshotDiffText(name, undefined, `The snapshot diff could not be computed: ${errorText(error)}`);
    }
  }

  async show(source: vscode.Uri): Promise<void> {
    const document = await vscode.workspace.openTextDocument(snapshotDiffUri(source));
    await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preview: true, preserveFocus: true });
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
