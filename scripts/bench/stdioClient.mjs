// The LSP client side of the stdio server benches: a connection on a spawned server's stdio that
// answers what the server asks of a client, initialized as VS Code initializes it.
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));
const protocol = createRequire(`${root}package.json`)("vscode-languageserver-protocol/node");

/** Connects to `child`'s stdio, calls `onPublish` with each publishDiagnostics, and initializes the server. */
export async function connectStdioClient(child, onPublish) {
  const connection = protocol.createProtocolConnection(new protocol.StreamMessageReader(child.stdout), new protocol.StreamMessageWriter(child.stdin));
  connection.onNotification("textDocument/publishDiagnostics", onPublish);
  connection.onRequest("workspace/configuration", (params) => params.items.map(() => ({})));
  connection.onRequest("client/registerCapability", () => null);
  connection.onRequest("workspace/codeLens/refresh", () => null);
  connection.onRequest("workspace/inlayHint/refresh", () => null);
  connection.onNotification("window/logMessage", () => {});
  connection.onNotification("fs/status", () => {});
  connection.listen();
  await connection.sendRequest("initialize", {
    processId: process.pid,
    rootUri: null,
    capabilities: { workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: true } } },
  });
  await connection.sendNotification("initialized", {});
  return connection;
}
