// The language server in a Worker, for the web (vscode.dev, github.dev, code-server's web-worker
// extension host): the same server as server/src/main.ts, with the Worker's messages as transport.

import { BrowserMessageReader, BrowserMessageWriter, createConnection } from "vscode-languageserver/browser";
import { startServer } from "./server";
import { serverTransport } from "./lsp/serverTransport";

declare const self: DedicatedWorkerGlobalScope;

const transport = serverTransport(new BrowserMessageReader(self), new BrowserMessageWriter(self));
startServer(createConnection(transport.reader, transport.writer, transport.options), { whenIdle: transport.whenIdle });
