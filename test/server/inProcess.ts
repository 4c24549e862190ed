// The server in this process over in-memory streams, with a protocol client: its background work
// (StoreOptions.whenIdle) waits until the test runs it, so a test decides what comes between the
// client's messages and the server's idle work.

import { PassThrough } from "node:stream";
import { createConnection, ProposedFeatures, StreamMessageReader, StreamMessageWriter } from "vscode-languageserver/node";
import {
  createProtocolConnection,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  StreamMessageReader as ClientReader,
  StreamMessageWriter as ClientWriter,
  type PublishDiagnosticsParams,
} from "vscode-languageserver-protocol/node";
import { startServer, type ServerHost } from "../../server/src/server";
import { DiagnosticGroupsNotification, type DiagnosticGroupsParams } from "../../protocol/lsp";

/** The server in this process; its background work waits in `idle` until the test runs it. */
/** `diagnosticGroups`: the client asks for fs/diagnosticGroups, as VS Code's does (they are in `groupUpdates`). */
export async function inProcessServer(host: Omit<ServerHost, "whenIdle"> = {}, { diagnosticGroups = false }: { diagnosticGroups?: boolean } = {}) {
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  const idle: (() => void)[] = [];
  const connection = createConnection(ProposedFeatures.all, new StreamMessageReader(toServer), new StreamMessageWriter(toClient));
  startServer(connection, { ...host, whenIdle: (work) => void idle.push(work) });
  const client = createProtocolConnection(new ClientReader(toClient), new ClientWriter(toServer));
  const published: PublishDiagnosticsParams[] = [];
  client.onNotification(PublishDiagnosticsNotification.type, (params) => void published.push(params));
  const groupUpdates: DiagnosticGroupsParams[] = [];
  client.onNotification(DiagnosticGroupsNotification, (params) => void groupUpdates.push(params));
  client.onRequest("workspace/configuration", (params: { items: unknown[] }) => params.items.map(() => ({ validation: { delay: 0 } })));
  client.onRequest("client/registerCapability", () => null);
  client.listen();
  await client.sendRequest(InitializeRequest.type, {
    // No process to watch (the server would poll it on a timer).
    processId: null,
    rootUri: null,
    initializationOptions: { previewAhead: true, diagnosticGroups },
    capabilities: { workspace: { configuration: true }, textDocument: { publishDiagnostics: { relatedInformation: true, versionSupport: true } } },
  });
  await client.sendNotification(InitializedNotification.type, {});
  /** Lets the streams and the connection's own turns run until `done()`. */
  const until = async (done: () => boolean, what: string) => {
    for (let turn = 0; !done(); turn++) {
      if (turn > 5_000) throw new Error(`never: ${what}`);
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  /** Runs the idle work queued so far, one piece; false when there is none. */
  const runIdle = () => {
    const work = idle.shift();
    work?.();
    return work !== undefined;
  };
  return { client, published, groupUpdates, idle, until, runIdle, dispose: () => (client.dispose(), connection.dispose(), toServer.end(), toClient.end()) };
}
