// The language server in a Worker, for the web (vscode.dev, github.dev, code-server's web-worker
// extension host): the same server as server/src/main.ts, with the Worker's messages as transport.

import { BrowserMessageReader, BrowserMessageWriter, createConnection } from "vscode-languageserver/browser";
import { startServer } from "./server";
import { WaitingMessages } from "./lsp/waitingMessages";

declare const self: DedicatedWorkerGlobalScope;

const messages = new WaitingMessages();
startServer(createConnection(messages.reader(new BrowserMessageReader(self)), messages.writer(new BrowserMessageWriter(self)), { messageStrategy: messages.strategy }), {
  whenIdle: (work) => messages.whenIdle(work),
});
