// The language server: capabilities, settings, the document store, diagnostics and the feature
// handlers. Transport-agnostic, so tests can run it over in-memory streams.

import { CodeLensRefreshRequest, DidChangeConfigurationNotification, TextDocumentSyncKind, type Connection, type InitializeResult } from "vscode-languageserver/node";
import { STATUS_NOTIFICATION, type DocumentStatus } from "../../shared/src/protocol";
import type { DocumentState } from "./analysis";
import type { ServerContext } from "./context";
import { diagnosticsFor } from "./diagnostics";
import { DocumentStore } from "./documents";
import { registerFeatures, featureCapabilities } from "./features/index";
import { DEFAULT_SETTINGS, readSettings, type Settings } from "./settings";

export function startServer(connection: Connection): void {
  let settings: Settings = DEFAULT_SETTINGS;
  let canAskConfiguration = false;
  const store = new DocumentStore(() => settings.validationDelay, () => settings.enable);

  const context: ServerContext = {
    connection,
    store,
    settings: () => settings,
    guard: (name, fallback, handler) => async (params, token) => {
      try {
        return await handler(params, token);
      } catch (error) {
        connection.console.error(`${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        return fallback;
      }
    },
  };

  connection.onInitialize((params): InitializeResult => {
    canAskConfiguration = params.capabilities.workspace?.configuration === true;
    return {
      capabilities: { textDocumentSync: TextDocumentSyncKind.Incremental, ...featureCapabilities },
      serverInfo: { name: "fsdoc-language-server" },
    };
  });

  connection.onInitialized(async () => {
    if (!canAskConfiguration) return;
    void connection.client.register(DidChangeConfigurationNotification.type, { section: "fs" }).catch(() => undefined);
    await loadSettings();
  });

  connection.onDidChangeConfiguration(async (change) => {
    if (canAskConfiguration) await loadSettings();
    else settings = readSettings((change.settings as { fs?: unknown } | undefined)?.fs);
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

  store.onAnalyzed((state, document) => {
    try {
      void connection.sendDiagnostics({ uri: state.uri, version: state.version, diagnostics: diagnosticsFor(state, document, settings) });
      void connection.sendNotification(STATUS_NOTIFICATION, statusOf(state));
    } catch (error) {
      connection.console.error(`Publishing diagnostics for ${state.uri} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
  });
  store.onForgotten((uri) => void connection.sendDiagnostics({ uri, diagnostics: [] }));

  registerFeatures(context);
  store.listen(connection);
  connection.listen();
}

export function statusOf(state: DocumentState): DocumentStatus {
  if (state.syntax.length > 0 || state.good === undefined) {
    return { uri: state.uri, version: state.version, conformance: "syntax-error", calculations: "not-run", errorCount: state.syntax.length, failingApplications: 0, notEvaluated: { missingValue: 0, unavailableValue: 0 }, applications: 0 };
  }
  const { result } = state.good.analysis;
  return {
    uri: state.uri,
    version: state.version,
    conformance: result.conformance.status,
    calculations: result.calculations.status,
    errorCount: result.conformance.errors.length,
    failingApplications: result.calculations.applications.filter((application) => application.status !== "satisfied").length,
    notEvaluated: {
      missingValue: result.calculations.applications.filter((application) => application.status === "error" && application.reason === "missing-value").length,
      unavailableValue: result.calculations.applications.filter((application) => application.status === "error" && application.reason === "unavailable-value").length,
    },
    applications: result.calculations.applications.length,
  };
}
