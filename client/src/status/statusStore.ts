// The latest fs/status of every open FS document, as the server reports it.

import * as vscode from "vscode";
import type { DocumentStatus } from "../../../protocol/lsp";
import type { FsServer } from "../server/fsServer";

export class StatusStore implements vscode.Disposable {
  private readonly statuses = new Map<string, DocumentStatus>();
  private readonly changed = new vscode.EventEmitter<string>();
  /** Fires with the document URI (as a string) whose status changed. */
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(server: FsServer) {
    this.subscriptions = [
      this.changed,
      server.onStatus((status) => this.update(status)),
      vscode.workspace.onDidCloseTextDocument((document) => this.statuses.delete(document.uri.toString())),
    ];
  }

  get(uri: vscode.Uri): DocumentStatus | undefined {
    return this.statuses.get(uri.toString());
  }

  private update(status: DocumentStatus): void {
    const previous = this.statuses.get(status.uri);
    // Notifications can overtake each other only across versions; never go back to an older one.
    if (previous !== undefined && previous.version > status.version) return;
    this.statuses.set(status.uri, status);
    this.changed.fire(status.uri);
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
