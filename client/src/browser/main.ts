// The web entry point (package.json `browser`), for vscode.dev, github.dev and any web-worker
// extension host: the same extension, with the same language server in a Worker (built from
// server/src/browserMain.ts into this bundle).

import * as vscode from "vscode";
import { LanguageClient } from "vscode-languageclient/browser";
import { activateExtension } from "../extension";
import { startServerWorker } from "./serverWorker";

export { deactivate } from "../extension";

export function activate(context: vscode.ExtensionContext): void {
  activateExtension(context, async (id, name, options) => {
    const worker = startServerWorker();
    context.subscriptions.push(worker);
    return new LanguageClient(id, name, worker.worker, options);
  });
}
