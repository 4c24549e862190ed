// The desktop entry point (package.json `main`): the language server runs as a Node process
// (dist/server.js) and talks to the extension over IPC.

import * as vscode from "vscode";
import { LanguageClient, TransportKind, type ServerOptions } from "vscode-languageclient/node";
import { SERVER_ENV, SERVER_NODE_OPTIONS } from "../../../protocol/serverProcess";
import { activateExtension } from "../extension";

export { deactivate } from "../extension";

export function activate(context: vscode.ExtensionContext): void {
  const module = vscode.Uri.joinPath(context.extensionUri, "dist", "server.js").fsPath;
  const serverOptions: ServerOptions = {
    // The server's own settings (protocol/serverProcess.ts), given here because over IPC it runs in
    // the process started (a re-executed one could not inherit the channel, server/src/launch.ts).
    // The client adds process.env to `env`.
    run: { module, transport: TransportKind.ipc, options: { execArgv: [...SERVER_NODE_OPTIONS], env: { ...SERVER_ENV } } },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: [...SERVER_NODE_OPTIONS, "--nolazy", "--inspect=6019"], env: { ...SERVER_ENV } } },
  };
  activateExtension(context, async (id, name, options) => new LanguageClient(id, name, serverOptions, options));
}
