// The client's side of the language server over node-ipc, as VS Code's client starts it: its
// initialization options (the preview's model ahead, diagnostics by group) and answers to the
// server's own requests. For the node-ipc benchmarks (ipc-edits.mjs, editor-session.mjs).
import { createRequire } from "node:module";

const protocol = createRequire(import.meta.url)("vscode-languageserver-protocol/node");

/**
 * A connection to the server `child` (forked with an IPC channel), listening and initialized;
 * `settings` is what each workspace/configuration item answers.
 */
export async function initializedOverIpc(child, { settings = {}, onNotifications = () => undefined } = {}) {
  const connection = protocol.createProtocolConnection(new protocol.IPCMessageReader(child), new protocol.IPCMessageWriter(child));
  onNotifications(connection);
  connection.onNotification(() => undefined);
  connection.onRequest("workspace/configuration", (params) => params.items.map(() => settings));
  connection.onRequest("client/registerCapability", () => null);
  connection.onRequest("workspace/codeLens/refresh", () => null);
  connection.onRequest("workspace/inlayHint/refresh", () => null);
  connection.listen();
  await connection.sendRequest("initialize", {
    processId: process.pid,
    rootUri: null,
    capabilities: { workspace: { configuration: true } },
    initializationOptions: { previewAhead: true, diagnosticGroups: true },
  });
  await connection.sendNotification("initialized", {});
  return connection;
}
