// The language server in a Worker, for the web (vscode.dev, github.dev, code-server's web-worker
// extension host): the same server as server/src/main.ts, with the Worker's messages as transport.

import { BrowserMessageReader, BrowserMessageWriter, createConnection } from "vscode-languageserver/browser";
import { startServer } from "./server";
import { WaitingMessages } from "./lsp/waitingMessages";
import { chainedStrategies, LensFirst } from "./lsp/lensFirst";

declare const self: DedicatedWorkerGlobalScope;

const messages = new WaitingMessages();
// A document's lenses answered before its outline and code actions sent just before them (lsp/lensFirst.ts).
const lensFirst = new LensFirst();
const connection = createConnection(messages.reader(lensFirst.reader(new BrowserMessageReader(self))), messages.writer(new BrowserMessageWriter(self)), {
  messageStrategy: chainedStrategies(messages.strategy, lensFirst.strategy),
});
startServer(connection, {
  whenIdle: (work) => messages.whenIdle(work),
});
