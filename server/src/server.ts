// The language server: settings, the document store, diagnostics and the registration of every
// handler. Transport-agnostic, so tests can run it over in-memory streams.

import {
  CodeLensRefreshRequest,
  DidChangeConfigurationNotification,
  InlayHintRefreshRequest,
  TextDocumentSyncKind,
  type Connection,
  type InitializeResult,
  type PublishDiagnosticsParams,
} from "vscode-languageserver";
import { DiagnosticGroupsNotification, DiagnosticsResyncNotification, StatusNotification, type FsInitializationOptions } from "../../protocol/lsp";
import { DocumentStore } from "./documents";
import { weakly } from "./steps";
import { describeError, type ServerContext } from "./lsp/context";
import { NO_CLIENT_FEATURES, readClientFeatures, type ClientFeatures } from "./lsp/clientFeatures";
import { capabilitiesFor, registerHandlers } from "./lsp/handlers";
import { registerOpenAhead, type FileTextReader } from "./lsp/openAhead";
import { registerTextSync } from "./lsp/textSync";
import { DiagnosticDeltas } from "./lsp/diagnosticDeltas";
import { laterMacrotask } from "./lsp/waitingMessages";
import { diagnostics, failingToRelate, relateStep, RELATED_LATER_MIN, statusOf, type DocumentAnalysis } from "./service/index";
import { NEUTRAL_FORMAT, type DisplayFormat } from "../../shared/src/render/localeFormat";
import { configureLanguage } from "./lsp/l10n";
import { DEFAULT_SETTINGS, readSettings, sameForCodeLenses, sameForDiagnostics, sameForInlayHints, samePatterns, type Settings } from "./settings";

/** What the transport adds: the Node server reads files (fs/openAhead); the web worker cannot. */
export interface ServerHost {
  readFileText?: FileTextReader;
  /** Runs background work once the messages that have arrived are handled (lsp/waitingMessages.ts); a later macrotask without it. */
  whenIdle?: (work: () => void) => void;
}

export function startServer(connection: Connection, host: ServerHost = {}): void {
  let display: DisplayFormat = NEUTRAL_FORMAT;
  let settings: Settings = DEFAULT_SETTINGS;
  let canAskConfiguration = false;
  // Resource settings (severity, lenses, inlay hints, problem cap, fs.files) may differ per folder:
  // each open document's settings are asked for with its URI.
  const resourceSettings = new Map<string, Settings>();
  const settingsFor = (uri?: string): Settings => (uri === undefined ? undefined : resourceSettings.get(uri)) ?? settings;
  let client: ClientFeatures = NO_CLIENT_FEATURES;
  let previewAhead = false;
  /** Set for a client that takes diagnostics by group (fs/diagnosticGroups): what it was sent of each document. */
  let deltas: DiagnosticDeltas | undefined;
  const whenIdle = host.whenIdle ?? laterMacrotask;
  const store = new DocumentStore({
    whenIdle,
    delay: () => settings.validationDelay,
    enabled: () => settings.enable,
    patternsFor: (uri) => settingsFor(uri).files,
    previewAhead: () => previewAhead,
  });

  const publishDiagnostics = (params: PublishDiagnosticsParams, { open = true, whole = false }: { open?: boolean; whole?: boolean } = {}): Promise<void> =>
    deltas === undefined
      ? connection.sendDiagnostics(params)
      : connection.sendNotification(DiagnosticGroupsNotification, deltas.next(params.uri, params.version, params.diagnostics, { whole, keep: open }));

  const context: ServerContext = {
    connection,
    publishDiagnostics,
    store,
    settings: settingsFor,
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
    display = configureLanguage(params?.initializationOptions);
    settings = { ...DEFAULT_SETTINGS, display };
    client = readClientFeatures(params?.capabilities);
    const options = params?.initializationOptions as FsInitializationOptions | null | undefined;
    previewAhead = options?.previewAhead === true;
    deltas = options?.diagnosticGroups === true ? new DiagnosticDeltas() : undefined;
    return {
      capabilities: { textDocumentSync: TextDocumentSyncKind.Incremental, ...capabilitiesFor(client, options?.ownCodeLensProvider === true) },
      serverInfo: { name: "fsdoc-language-server" },
    };
  });

  connection.onInitialized(async () => {
    if (!canAskConfiguration) return;
    void connection.client.register(DidChangeConfigurationNotification.type, { section: "fs" }).catch(() => undefined);
    await loadSettings();
  });

  connection.onDidChangeConfiguration(async (change) => {
    const windowBefore = settings;
    const before = new Map(store.openUris().map((uri) => [uri, settingsFor(uri)]));
    if (canAskConfiguration) {
      await loadSettings();
      resourceSettings.clear();
      await Promise.all(store.openUris().map((uri) => loadResourceSettings(uri)));
    } else settings = readSettings((change?.settings as { fs?: unknown } | undefined)?.fs, display);
    applySettingsChange(windowBefore, before);
  });

  /**
   * Acts on what changed, only: the client sends a configuration change at start-up (and for any
   * setting of any extension), usually with the settings already in use, and re-analysing and
   * re-publishing a 5 MB document for nothing costs as much as opening it. The analysis itself
   * depends on no setting but `fs.enable`; diagnostics on the severity, the cap and the display;
   * lenses and inlay hints on their own switches.
   */
  function applySettingsChange(windowBefore: Settings, before: ReadonlyMap<string, Settings>): void {
    let lenses = !sameForCodeLenses(windowBefore, settings);
    let hints = !sameForInlayHints(windowBefore, settings);
    if (windowBefore.enable !== settings.enable) {
      store.refresh();
      lenses = hints = true;
    } else {
      for (const uri of store.openUris()) {
        const old = before.get(uri) ?? windowBefore;
        const now = settingsFor(uri);
        lenses ||= !sameForCodeLenses(old, now);
        hints ||= !sameForInlayHints(old, now);
        // New fs.files patterns may make it an FS document (one already recognised stays one).
        if (!samePatterns(old.files, now.files)) store.recheck(uri);
        // Published again from the analysis there is; one still pending will use the new settings.
        const analysis = store.analysed(uri);
        const used = publishedWith.get(uri)?.used;
        if (analysis !== undefined && used !== undefined && !sameForDiagnostics(used, now)) publish(analysis);
      }
    }
    if (lenses) void connection.sendRequest(CodeLensRefreshRequest.type).catch(() => undefined);
    if (hints) void connection.sendRequest(InlayHintRefreshRequest.type).catch(() => undefined);
  }

  async function loadSettings(): Promise<void> {
    try {
      settings = readSettings(await connection.workspace.getConfiguration("fs"), display);
    } catch (error) {
      connection.console.warn(`Could not read the fs settings, using defaults: ${String(error)}`);
    }
  }

  /** One document's settings: its folder's values of the resource settings (the window's for the rest). */
  async function loadResourceSettings(uri: string): Promise<void> {
    try {
      const section = await connection.workspace.getConfiguration({ scopeUri: uri, section: "fs" });
      resourceSettings.set(uri, readSettings(section, display));
    } catch {
      // The window's settings apply.
    }
  }

  /** The analysis each document's diagnostics were last published from, and the settings used. */
  const publishedWith = new Map<string, { used: Settings; analysis: DocumentAnalysis }>();
  /** Settles when the messages are written (the store's work after an open waits for it). */
  const publish = (analysis: DocumentAnalysis, { resync = false }: { resync?: boolean } = {}): Promise<unknown> | undefined => {
    try {
      const used = settingsFor(analysis.uri);
      const last = publishedWith.get(analysis.uri);
      // Published already from this analysis with these settings: a file prepared ahead (fs/openAhead)
      // whose didOpen brought the same text. What the client has stands, and the whole publication,
      // if one is due, is on its way; publishing again built and sent the diagnostics once more
      // (474 KB on a 5 MB draft), and on a draft started a second chain of related steps. A text
      // that does not parse is published again: VS Code's client leaves out the syntax problems the
      // built-in JSON shows only once the document is open (builtInJsonOverlap.ts).
      // A resync (the client lost what it held, fs/diagnosticsResync) is published whatever was before.
      if (!resync && last?.analysis === analysis && analysis.parsed !== undefined && sameForDiagnostics(last.used, used)) return undefined;
      // The same analysis again (that text that does not parse, now open), or a resync: whole, so
      // that the client filters every group again now that the document is open.
      const again = resync || last?.analysis === analysis;
      publishedWith.set(analysis.uri, { used, analysis });
      // Hundreds of failing subtotals not built yet (an open, a full analysis of a draft): the
      // problems first, their related information once those are written, unless the version moved on.
      const relatedLater = failingToRelate(analysis, used) >= RELATED_LATER_MIN;
      const written = Promise.allSettled([
        publishDiagnostics({ uri: analysis.uri, version: analysis.version, diagnostics: diagnostics(analysis, used, { related: !relatedLater }) }, { whole: again }),
        connection.sendNotification(StatusNotification, statusOf(analysis)),
      ]);
      // After the requests that came meanwhile (the open's lenses in view, outline, inlay hints),
      // and after what the open builds in the background (the preview's model ahead: a preview
      // opened right after the open asks for all of it at once).
      // The wait holds the analysis weakly, and no closure here holds it (one would keep it in this
      // call's scope for all of them): superseded meanwhile, it goes (steps.ts).
      const uri = analysis.uri;
      if (relatedLater) void written.then(() => store.backgroundOf(uri)).then(weakly(analysis, (held) => held !== undefined && whenIdle(wholeLater(held, used))));
      return written;
    } catch (error) {
      connection.console.error(`Publishing diagnostics for ${analysis.uri} failed: ${describeError(error)}`);
      return undefined;
    }
  };
  /**
   * The whole publication of a version first published without related information: its failing
   * subtotals explained a step at a time (relateStep), each step once the client's waiting messages
   * are handled, so that a request sent meanwhile (the preview's model as the preview opens, a
   * hover) waits for one step, not for all of them; then published, unless the version moved on.
   */
  const publishWhole = (analysis: DocumentAnalysis, used: Settings): void => {
    if (!store.isCurrent(analysis.uri, analysis) || publishedWith.get(analysis.uri)?.used !== used) return;
    try {
      if (relateStep(analysis, used)) {
        whenIdle(wholeLater(analysis, used));
        return;
      }
      void publishDiagnostics({ uri: analysis.uri, version: analysis.version, diagnostics: diagnostics(analysis, used) });
    } catch (error) {
      connection.console.error(`Publishing diagnostics for ${analysis.uri} failed: ${describeError(error)}`);
    }
  };
  /** publishWhole of `analysis` for a later turn, which holds it weakly while it waits. */
  const wholeLater = (analysis: DocumentAnalysis, used: Settings): (() => void) => weakly(analysis, (held) => held !== undefined && publishWhole(held, used));
  store.onAnalyzed(publish);
  // A file analysed ahead of its opening (fs/openAhead): its problems show while VS Code still loads its text.
  store.onPrepared(publish);
  store.onForgotten((uri) => {
    publishedWith.delete(uri);
    // Withdrawn: an empty whole publication, and the next one whole.
    void publishDiagnostics({ uri, diagnostics: [] }, { open: false, whole: true });
  });
  store.onOpened((uri) => {
    if (!canAskConfiguration) return;
    void loadResourceSettings(uri).then(() => {
      // Its folder's fs.files may make it an FS document; and diagnostics already published used the
      // window's settings (severity, problem cap): publish them again with the folder's.
      store.recheck(uri);
      const analysis = store.get(uri);
      const used = publishedWith.get(uri)?.used;
      // Usually the folder's settings are the window's: then what was published stands (at 5 MB a
      // second publication costs the diagnostics again and 200 KB through the editor).
      if (analysis !== undefined && (used === undefined || !sameForDiagnostics(used, settingsFor(uri)))) publish(analysis);
    });
  });
  store.onClosed((uri) => {
    resourceSettings.delete(uri);
    publishedWith.delete(uri);
    deltas?.forget(uri);
  });

  // The client could not take a publication of `uri`: it is sent whole again (a pending analysis's
  // publication is whole anyway, nothing being held).
  connection.onNotification(DiagnosticsResyncNotification, (params: unknown) => {
    const uri = (params as { uri?: unknown } | null)?.uri;
    if (typeof uri !== "string") return;
    deltas?.forget(uri);
    const analysis = store.analysed(uri);
    if (analysis !== undefined) void publish(analysis, { resync: true });
  });

  registerHandlers(context);
  registerOpenAhead(context, host.readFileText);
  registerTextSync(connection, store);
  connection.listen();
}
