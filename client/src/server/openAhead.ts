// Large files: when the editor opens a local JSON file in a tab, the language server is asked to
// read and analyse it (fs/openAhead, server/src/lsp/openAhead.ts) while VS Code is still loading
// its text, which at 5 MB reaches the extension 1.5–2.5 s after the tab. The didOpen then finds
// the analysis ready. Only the active tab of a group (a background tab's text is not loaded until
// it is shown; a new tab becomes active in a `changed` event just after its `opened` one); which
// files, and when the server is started for one, is decided in openAheadRule.ts.

import * as vscode from "vscode";
import { isFsDocumentByName } from "../../../shared/src/detect";
import { filePatterns } from "../detection";
import { openDocument } from "../util/openDocument";
import type { FsServer } from "./fsServer";
import { OpenAheadRequests } from "./openAheadRule";

export class OpenAhead implements vscode.Disposable {
  private readonly requests: OpenAheadRequests<vscode.Uri>;
  private readonly subscriptions: vscode.Disposable[];

  constructor(server: FsServer) {
    this.requests = new OpenAheadRequests<vscode.Uri>({
      isOpen: (uri) => openDocument(uri) !== undefined,
      isNamed: (uri) => isFsDocumentByName(uri.path, filePatterns(uri)),
      isWanted: (uri) => {
        // fs.openAhead off: a file on a slow network drive is better read once.
        const settings = vscode.workspace.getConfiguration("fs", uri);
        return settings.get<boolean>("enable") !== false && settings.get<boolean>("openAhead") !== false;
      },
      size: async (uri) => (await vscode.workspace.fs.stat(uri)).size,
      bytes: async (uri) => vscode.workspace.fs.readFile(uri),
      serverRunning: () => server.isStarted,
      ask: (uri) => server.openAhead(uri),
    });
    this.subscriptions = [
      vscode.window.tabGroups.onDidChangeTabs(({ opened, changed }) => {
        for (const tab of [...opened, ...changed]) {
          if (tab.isActive && tab.input instanceof vscode.TabInputText) void this.requests.tabShown(tab.input.uri).catch(() => undefined);
        }
      }),
      vscode.workspace.onDidOpenTextDocument((document) => this.requests.opened(document.uri.toString())),
    ];
  }

  dispose(): void {
    this.requests.dispose();
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
