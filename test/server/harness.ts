// Drives the real built server (dist/server.js --stdio) as an editor would, over the protocol.
// Waits on notifications, never on time.

import { after, before } from "node:test";
import assert from "node:assert/strict";
import { fork, spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import {
  createProtocolConnection,
  DidChangeTextDocumentNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  IPCMessageReader,
  IPCMessageWriter,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
  type ClientCapabilities,
  type InitializeResult,
  type TextDocumentContentChangeEvent,
} from "vscode-languageserver-protocol/node";
import { TextDocument } from "vscode-languageserver-textdocument";
import type { TextEdit, WorkspaceEdit } from "vscode-languageserver-protocol/node";
import { repoRoot } from "../support/paths";
import { DiagnosticGroupsNotification, PreviewUpdateNotification, type DiagnosticGroupsParams, type PreviewModelResult } from "../../protocol/lsp";
import { mergeGroups } from "../../client/src/server/diagnosticGroups";

export interface ServerUnderTest {
  connection: ProtocolConnection;
  process: ChildProcess;
  stderr: () => string;
  open(uri: string, text: string, version?: number): Promise<PublishDiagnosticsParams>;
  change(uri: string, version: number, changes: TextDocumentContentChangeEvent[]): Promise<PublishDiagnosticsParams>;
  close(uri: string): Promise<PublishDiagnosticsParams>;
  /** The next diagnostics published for `uri` that satisfy `accept`. */
  diagnostics(uri: string, accept?: (params: PublishDiagnosticsParams) => boolean): Promise<PublishDiagnosticsParams>;
  /**
   * Every publishDiagnostics seen so far, in order. For a server that sends fs/diagnosticGroups
   * (initializationOptions `diagnosticGroups`), each is the document's diagnostics after merging
   * one, as VS Code's client merges them: all of them, group after group.
   */
  published: PublishDiagnosticsParams[];
  /** Every fs/diagnosticGroups seen so far, in order. */
  groupUpdates: DiagnosticGroupsParams[];
  /** Every window/logMessage text, in order. */
  logs: string[];
  /** Every fs/previewUpdate the server pushed, in order. */
  previewUpdates: PreviewModelResult[];
  /** The next fs/previewUpdate for `uri` that satisfies `accept`. */
  previewUpdate(uri: string, accept?: (update: PreviewModelResult) => boolean): Promise<PreviewModelResult>;
  /** What the server answered to initialize. */
  initialized: InitializeResult;
  stop(): Promise<void>;
}

export interface ServerOptions {
  /** What the client sends as initializationOptions (the display language and its bundle). */
  initializationOptions?: unknown;
  /** Settings per scopeUri (a folder's settings), merged over `settings`; the window's when scopeUri is absent. */
  settingsFor?: (scopeUri: string | undefined) => Record<string, unknown>;
  /** How the server is started: over stdio (the default, as other editors start it) or --node-ipc, as VS Code's client does. */
  transport?: "stdio" | "node-ipc";
}

/** `textDocument`: client capabilities beyond the harness's own (e.g. completion or rename support). */
export async function startServer(
  settings: Record<string, unknown> = {},
  textDocument: ClientCapabilities["textDocument"] = {},
  options: ServerOptions = {},
): Promise<ServerUnderTest> {
  const ipc = options.transport === "node-ipc";
  const child = ipc
    ? fork(join(repoRoot, "dist", "server.js"), ["--node-ipc"], { stdio: ["pipe", "pipe", "pipe", "ipc"] })
    : spawn(process.execPath, [join(repoRoot, "dist", "server.js"), "--stdio"], { stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const connection = ipc
    ? createProtocolConnection(new IPCMessageReader(child), new IPCMessageWriter(child))
    : createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  const published: PublishDiagnosticsParams[] = [];
  const waiters: { uri: string; accept: (params: PublishDiagnosticsParams) => boolean; resolve: (params: PublishDiagnosticsParams) => void }[] = [];
  const deliver = (params: PublishDiagnosticsParams) => {
    published.push(params);
    for (const waiter of [...waiters]) {
      if (waiter.uri === params.uri && waiter.accept(params)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(params);
      }
    }
  };
  connection.onNotification(PublishDiagnosticsNotification.type, deliver);
  const groupUpdates: DiagnosticGroupsParams[] = [];
  const held = new Map<string, ReadonlyMap<string, readonly PublishDiagnosticsParams["diagnostics"][number][]>>();
  connection.onNotification(DiagnosticGroupsNotification, (params) => {
    groupUpdates.push(params);
    const merged = mergeGroups(held.get(params.uri), { whole: params.whole, groups: new Map(params.groups.map(({ group, diagnostics }) => [group, diagnostics])) }).held;
    held.set(params.uri, merged);
    deliver({ uri: params.uri, ...(params.version === undefined ? {} : { version: params.version }), diagnostics: [...merged.values()].flat() });
  });
  const logs: string[] = [];
  connection.onNotification("window/logMessage", (params: { message: string }) => {
    logs.push(params.message);
  });
  const previewUpdates: PreviewModelResult[] = [];
  const updateWaiters: { uri: string; accept: (update: PreviewModelResult) => boolean; resolve: (update: PreviewModelResult) => void }[] = [];
  connection.onNotification(PreviewUpdateNotification, (update) => {
    previewUpdates.push(update);
    for (const waiter of [...updateWaiters]) {
      if (waiter.uri === update.uri && waiter.accept(update)) {
        updateWaiters.splice(updateWaiters.indexOf(waiter), 1);
        waiter.resolve(update);
      }
    }
  });
  connection.onRequest("workspace/configuration", (params: { items: { section?: string; scopeUri?: string }[] }) =>
    params.items.map((item) => ({ validation: { delay: 20 }, ...settings, ...options.settingsFor?.(item.scopeUri) })),
  );
  connection.onRequest("client/registerCapability", () => null);
  connection.onRequest("workspace/codeLens/refresh", () => null);
  connection.onRequest("workspace/inlayHint/refresh", () => null);
  connection.listen();
  const initialized = await connection.sendRequest(InitializeRequest.type, {
    processId: process.pid,
    rootUri: null,
    initializationOptions: options.initializationOptions,
    capabilities: {
      workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: true } },
      textDocument: { publishDiagnostics: { relatedInformation: true, versionSupport: true }, ...textDocument },
    },
  });
  await connection.sendNotification(InitializedNotification.type, {});

  const diagnostics = (uri: string, accept: (params: PublishDiagnosticsParams) => boolean = () => true): Promise<PublishDiagnosticsParams> =>
    new Promise((resolve) => waiters.push({ uri, accept, resolve }));

  return {
    connection,
    process: child,
    stderr: () => stderr,
    published,
    groupUpdates,
    logs,
    previewUpdates,
    previewUpdate: (uri, accept = () => true) => new Promise((resolve) => updateWaiters.push({ uri, accept, resolve })),
    initialized,
    diagnostics,
    async open(uri, text, version = 1) {
      const next = diagnostics(uri, (params) => params.version === undefined || params.version === version);
      await connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: "json", version, text } });
      return next;
    },
    async change(uri, version, changes) {
      const next = diagnostics(uri, (params) => params.version === version);
      await connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version }, contentChanges: changes });
      return next;
    },
    async close(uri) {
      const next = diagnostics(uri, (params) => params.diagnostics.length === 0);
      await connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } });
      return next;
    },
    async stop() {
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      try {
        await connection.sendRequest(ShutdownRequest.type);
        await connection.sendNotification(ExitNotification.type);
      } catch {
        child.kill();
      }
      await exited;
      connection.dispose();
    },
  };
}

/** The text after applying LSP edits, as an editor would (edits are on the original text). */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  return TextDocument.applyEdits(TextDocument.create("file:///apply.json", "json", 0, text), [...edits]);
}

/** The edits a WorkspaceEdit makes to `uri` (failing loudly when it touches another document). */
export function editsFor(edit: WorkspaceEdit | null | undefined, uri: string): TextEdit[] {
  if (edit === null || edit === undefined) throw new Error("no workspace edit");
  for (const other of Object.keys(edit.changes ?? {})) if (other !== uri) throw new Error(`the edit touches ${other}`);
  return edit.changes?.[uri] ?? [];
}

/**
 * One server for a whole test file: started before its tests, stopped after them, and checked to
 * have written nothing to stderr (a stdio server's stdout is the protocol; stderr stays quiet).
 */
export function serveThisFile(use: (server: ServerUnderTest) => void | Promise<void>, settings?: Record<string, unknown>, options?: ServerOptions): void {
  let server: ServerUnderTest | undefined;
  before(async () => {
    server = await startServer(settings, {}, options);
    await use(server);
  });
  after(async () => {
    if (server === undefined) return;
    await server.stop();
    assert.equal(server.stderr(), "", "the server writes nothing to stderr");
  });
}
