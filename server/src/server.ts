// The language server: settings, the document store, diagnostics and the registration of every
// handler. Transport-agnostic, so tests can run it over in-memory streams.

import { CodeLensRefreshRequest, DidChangeConfigurationNotification, TextDocumentSyncKind, type Connection, type InitializeResult } from "vscode-languageserver/node";
import { StatusNotification } from "../../protocol/lsp";
import { DocumentStore } from "./documents";
import { describeError, type ServerContext } from "./lsp/context";
import { NO_CLIENT_FEATURES, readClientFeatures, type ClientFeatures } from "./lsp/clientFeatures";
import { capabilitiesFor, registerHandlers } from "./lsp/handlers";
import { registerTextSync } from "./lsp/textSync";
import { diagnostics, statusOf } from "./service/index";
import { DEFAULT_SETTINGS, readPatterns, readSettings, type Settings } from "./settings";

export function startServer(connection: Connection): void {
  let settings: Settings = DEFAULT_SETTINGS;
  let canAskConfiguration = false;
  let client: ClientFeatures = NO_CLIENT_FEATURES;
  // fs.files is a resource setting: each document's patterns are asked for with its URI.
  const resourcePatterns = new Map<string, readonly string[]>();
  const store = new DocumentStore({
    delay: () => settings.validationDelay,
    enabled: () => settings.enable,
    patternsFor: (uri) => resourcePatterns.get(uri) ?? settings.files,
  });

  const context: ServerContext = {
    connection,
    store,
    settings: () => settings,
    client: () => client,
    guard: (name, fallback, handler) => async (params, token) => {
      try {
        return await handler(params, token);
      } catch (error) {
        connection.console.error(`${name} failed: ${describeError(error)}`);
        return fallback;
      }
    },
  };

  connection.onInitialize((params): InitializeResult => {
    canAskConfiguration = params?.capabilities?.workspace?.configuration === true;
    client = readClientFeatures(params?.capabilities);
    return {
      capabilities: { textDocumentSync: TextDocumentSyncKind.Incremental, ...capabilitiesFor(client) },
      serverInfo: { name: "fsdoc-language-server" },
    };
  });

  connection.onInitialized(async () => {
    if (!canAskConfiguration) return;
    void connection.client.register(DidChangeConfigurationNotification.type, { section: "fs" }).catch(() => undefined);
    await loadSettings();
  });

  connection.onDidChangeConfiguration(async (change) => {
    if (canAskConfiguration) {
      await loadSettings();
      resourcePatterns.clear();
      await Promise.all(store.openUris().map((uri) => loadPatterns(uri)));
    } else settings = readSettings((change?.settings as { fs?: unknown } | undefined)?.fs);
    store.refresh();
    void connection.sendRequest(CodeLensRefreshRequest.type).catch(() => undefined);
  });

  async function loadSettings(): Promise<void> {
    try {
      settings = readSettings(await connection.workspace.getConfiguration("fs"));
    } catch (error) {
      connection.console.warn(`Could not read the fs settings, using defaults: ${String(error)}`);
    }
  }

  /** The fs.files patterns for one document (folder settings may differ from the window's). */
  async function loadPatterns(uri: string): Promise<void> {
    try {
      const section = (await connection.workspace.getConfiguration({ scopeUri: uri, section: "fs" })) as { files?: unknown } | null;
      resourcePatterns.set(uri, readPatterns(section?.files));
    } catch {
      // The window's settings apply.
    }
  }

  store.onAnalyzed((analysis) => {
    try {
      void connection.sendDiagnostics({ uri: analysis.uri, version: analysis.version, diagnostics: diagnostics(analysis, settings) });
      void connection.sendNotification(StatusNotification, statusOf(analysis));
    } catch (error) {
      connection.console.error(`Publishing diagnostics for ${analysis.uri} failed: ${describeError(error)}`);
    }
  });
  store.onForgotten((uri) => void connection.sendDiagnostics({ uri, diagnostics: [] }));
  store.onOpened((uri) => {
    if (!canAskConfiguration) return;
    void loadPatterns(uri).then(() => store.recheck(uri));
  });
  store.onClosed((uri) => resourcePatterns.delete(uri));

  registerHandlers(context);
  registerTextSync(connection, store);
  connection.listen();
}
