// The LSP surface: capabilities, and one registration per request that finds the document's
// analysis in the store, calls the language service, and returns its answer. No feature logic
// lives here.

import {
  CodeActionKind,
  type CodeLens,
  type CallHierarchyIncomingCall,
  type CallHierarchyIncomingCallsParams,
  type CallHierarchyItem,
  type CallHierarchyOutgoingCall,
  type CallHierarchyOutgoingCallsParams,
  type CallHierarchyPrepareParams,
  type DocumentHighlight,
  type DocumentHighlightParams,
  type InlayHint,
  type InlayHintParams,
  type ServerCapabilities,
} from "vscode-languageserver";
import * as l10n from "@vscode/l10n";
import { isFsDocumentByName, isFsDocumentValue, mightBeFsDocument } from "../../../shared/src/detect";
import { asGridWrites } from "../../../protocol/webview";
import {
  CellEditsRequest,
  CellExplanationRequest,
  CodeLensesRequest,
  MAX_LENS_WINDOWS,
  ExportRequest,
  ExportXlsxRequest,
  ImportSpreadsheetRequest,
  PointerAtRequest,
  PreviewModelRequest,
  CompareViewRequest,
  CompareReleaseNotification,
  PreviewReleaseNotification,
  PreviewUpdateNotification,
  RangeOfRequest,
  RecordEditsRequest,
  RollupTreeRequest,
  SnapshotDiffRequest,
  ValidateTextRequest,
  type ExportResult,
  type ExportXlsxResult,
  type ImportSpreadsheetParams,
  type ImportSpreadsheetResult,
  type LineWindow,
  type ValidateTextResult,
} from "../../../protocol/lsp";
import { DocumentAnalysis, type ParsedVersion } from "../analysis";
import { OpenDocument } from "../textDocument";
import * as service from "../service/index";
import type { ClientFeatures } from "./clientFeatures";
import { describeError, type ServerContext } from "./context";
import { PreviewParts } from "./previewParts";

/**
 * The server's capabilities for a client with `client`'s features. A client with a code lens
 * provider of its own (FsInitializationOptions.ownCodeLensProvider) is not offered one: the lens
 * requests are answered all the same.
 */
export const capabilitiesFor = (client: ClientFeatures, ownCodeLensProvider = false): ServerCapabilities => ({
  // Titles and peek locations are resolved for the lenses in view only (service/codeLens.ts).
  ...(ownCodeLensProvider ? {} : { codeLensProvider: { resolveProvider: true } }),
  hoverProvider: true,
  documentSymbolProvider: true,
  completionProvider: { triggerCharacters: ['"', ":"] },
  definitionProvider: true,
  referencesProvider: true,
  // prepareProvider only for a client that sends prepareRename (LSP: "only valid if the client states prepareSupport").
  renameProvider: client.prepareRename ? { prepareProvider: true } : true,
  codeActionProvider: { codeActionKinds: service.CODE_ACTION_KINDS.filter((kind) => kind !== CodeActionKind.Empty) },
  inlayHintProvider: true,
  callHierarchyProvider: true,
  documentHighlightProvider: true,
});

/**
 * How long an outline asked while an edit waits for its analysis waits for the typing's pause at
 * most (documents.ts, `settled`); then the current version is analysed for it.
 */
export const OUTLINE_WAIT_MS = 2000;

export function registerHandlers(context: ServerContext): void {
  const { connection, store, guard } = context;
  const analysis = (uri: string): DocumentAnalysis | undefined => store.get(uri);

  // codeLens/resolve names no document: a lens carries a short key for its URI instead.
  const lensDocuments = new LensDocuments();
  store.onClosed((uri) => lensDocuments.forget(uri));
  connection.onCodeLens(
    guard("codeLens", null, ({ textDocument }, token) => {
      const open = analysis(textDocument.uri);
      return open === undefined ? null : service.codeLenses(open, context.settings(textDocument.uri), token, lensDocuments.key(textDocument.uri));
    }),
  );
  connection.onRequest(
    CodeLensesRequest,
    guard("codeLenses", null, (params, token) => {
      const uri = typeof params?.uri === "string" ? params.uri : undefined;
      const lines = lineWindows(params?.lines);
      // Optional: absent, none come resolved; malformed, no request (as malformed lines).
      const resolved = params?.resolved === undefined ? [] : lineWindows(params.resolved);
      const open = uri === undefined ? undefined : analysis(uri);
      if (uri === undefined || lines === undefined || resolved === undefined || open === undefined) return null;
      return service.codeLensesNear(open, context.settings(uri), lines, token, lensDocuments.key(uri), resolved);
    }),
  );
  const resolveLens = guard<CodeLens, CodeLens | undefined>("codeLensResolve", undefined, (lens) => {
    const key = service.lensDocumentKey(lens);
    const uri = key === undefined ? undefined : lensDocuments.uri(key);
    return service.resolveCodeLens(uri === undefined ? undefined : analysis(uri), lens, context.settings(uri));
  });
  // Even a failure answers a lens with a command: VS Code shows one without as "!!MISSING: command!!".
  connection.onCodeLensResolve(async (lens, token) => (await resolveLens(lens, token)) ?? service.unresolvableLens(lens));
  connection.onHover(
    guard("hover", null, ({ textDocument, position }) => {
      const open = analysis(textDocument.uri);
      const settings = context.settings(textDocument.uri);
      return open === undefined ? null : service.hover(open, position, settings.display, settings.rollupSeverity !== undefined);
    }),
  );
  // The outline asks again after every edit: the cap is logged once per open document, not each time.
  const outlineCapLogged = new Set<string>();
  store.onClosed((uri) => outlineCapLogged.delete(uri));
  connection.onDocumentSymbol(
    guard("documentSymbol", null, async ({ textDocument }, token) => {
      // Asked again after every edit (outline, breadcrumbs, sticky scroll): mid-typing, answered
      // once the typing's pause has the current version analysed, not by analysing each key's text.
      await store.settled(textDocument.uri, OUTLINE_WAIT_MS, token);
      if (token.isCancellationRequested) return null;
      const open = analysis(textDocument.uri);
      const outline = open === undefined ? undefined : service.documentSymbols(open, token);
      if (outline === undefined) return null;
      if (outline.limited && !outlineCapLogged.has(textDocument.uri)) {
        outlineCapLogged.add(textDocument.uri);
        connection.console.info(`Outline of ${textDocument.uri} limited to ${service.OUTLINE_SYMBOLS} symbols.`);
      }
      return outline.symbols;
    }),
  );
  connection.onCompletion(
    guard("completion", null, ({ textDocument, position }) => {
      const open = analysis(textDocument.uri);
      return open === undefined ? null : service.completion(open, position, { snippets: context.client().snippets });
    }),
  );
  connection.onDefinition(
    guard("definition", null, ({ textDocument, position }) => {
      const open = analysis(textDocument.uri);
      return open === undefined ? null : service.definition(open, position);
    }),
  );
  connection.onReferences(
    guard("references", null, ({ textDocument, position, context: { includeDeclaration } }) => {
      const open = analysis(textDocument.uri);
      return open === undefined ? null : service.references(open, position, includeDeclaration);
    }),
  );
  connection.onPrepareRename(
    guard("prepareRename", null, ({ textDocument, position }) => {
      const open = analysis(textDocument.uri);
      return open === undefined ? null : service.prepareRename(open, position);
    }),
  );
  connection.onRenameRequest(
    guard("rename", null, ({ textDocument, position, newName }) => {
      const open = analysis(textDocument.uri);
      return open === undefined ? null : service.rename(open, position, newName);
    }),
  );
  connection.onCodeAction(
    guard("codeAction", null, ({ textDocument, context: actionContext }) => {
      const open = analysis(textDocument.uri);
      return open === undefined ? null : service.codeActions(open, actionContext, context.settings(textDocument.uri).display);
    }),
  );

  const previewBases = new service.PreviewBases();
  store.onForgotten((uri) => previewBases.forget(uri));
  // With each publication, the preview's update, if a preview holds a model: after the diagnostics
  // (server.ts) as a rule; after a value edit, whose patch is ready at once, before them, which are
  // built once it is written (documents.ts).
  const previewParts = new PreviewParts(connection);
  store.onAnalyzed(
    (published) =>
      previewParts.afterAnswer(published.uri, () => {
        try {
          const update = service.previewUpdate(published, previewBases);
          return update === undefined ? undefined : connection.sendNotification(PreviewUpdateNotification, update);
        } catch (error) {
          connection.console.error(`previewUpdate failed: ${describeError(error)}`);
          return undefined;
        }
      }),
    { firstOnValueEdits: true },
  );
  // Documents a preview shows that the server does not hold (a git: side), as the client sent them.
  const sentDocuments = new service.SentDocuments();
  const held = (uri: string): DocumentAnalysis | undefined => analysis(uri) ?? sentDocuments.get(uri);
  /** The sent document at `uri`: from the text sent with a request (or the one kept), unless the store holds `uri` or fs.enable is off. */
  const sentOrKept = (uri: string, sent: unknown): DocumentAnalysis | undefined => {
    const settings = context.settings(uri);
    return store.isOpen(uri) || !settings.enable ? undefined : sentDocuments.hold(uri, readSentText(sent), isFsDocumentByName(uri, settings.files));
  };
  connection.onNotification(PreviewReleaseNotification, (params: unknown) => {
    const uri = (params as { uri?: unknown } | null)?.uri;
    if (typeof uri !== "string") return;
    previewBases.forget(uri);
    sentDocuments.release(uri);
  });
  connection.onRequest(
    PreviewModelRequest,
    guard(PreviewModelRequest.method, null, ({ uri, baseVersion, partialResultToken, sentDocument }) => {
      const open = analysis(uri) ?? sentOrKept(uri, sentDocument);
      if (open === undefined) return null;
      const { result, wire } = service.previewAnswer(open, previewBases, typeof baseVersion === "number" ? baseVersion : undefined);
      const token = typeof partialResultToken === "string" || typeof partialResultToken === "number" ? partialResultToken : undefined;
      return previewParts.answer(result, wire, token);
    }),
  );
  const compareSessions = new service.CompareSessions();
  connection.onRequest(
    CompareViewRequest,
    guard(CompareViewRequest.method, null, ({ uri, session, oldText, oldName, newName, newSide, baseVersion }) => {
      if (typeof session !== "string") return null;
      // NEW is an open document, or a side the client sent (one the server does not hold: the index, a commit).
      const open = analysis(uri) ?? (context.settings(uri).enable ? compareSessions.newSide(session, uri, readSentText(newSide)) : undefined);
      if (open === undefined) return null;
      const old = compareSessions.old(session, typeof oldText === "string" ? oldText : undefined);
      const base = { sent: compareSessions.sentView(session), baseVersion: typeof baseVersion === "number" ? baseVersion : undefined };
      const { result, sent } = service.compareView(open, old, String(oldName), String(newName), context.settings(uri).display, base);
      compareSessions.setSentView(session, sent);
      return result;
    }),
  );
  connection.onNotification(CompareReleaseNotification, (params: unknown) => {
    const session = (params as { session?: unknown } | null)?.session;
    if (typeof session === "string") compareSessions.release(session);
  });
  connection.onRequest(
    CellExplanationRequest,
    guard(CellExplanationRequest.method, null, ({ uri, modelVersion, pointer }) => {
      const open = held(uri);
      return open === undefined || typeof modelVersion !== "number" ? null : service.cellExplanation(open, modelVersion, pointer, context.settings(uri).display);
    }),
  );
  connection.onRequest(
    CellEditsRequest,
    guard(CellEditsRequest.method, null, ({ uri, writes }) => {
      const open = analysis(uri);
      const checked = asGridWrites(writes);
      return open === undefined || checked === undefined ? null : service.cellEdits(open, checked);
    }),
  );
  connection.onRequest(
    PointerAtRequest,
    guard(PointerAtRequest.method, null, ({ uri, version, offset }) => {
      // While a label is typed, from the last analysis: the typed key's text is analysed at the pause.
      const typing = store.stringEdited(uri);
      if (typing !== undefined) return service.pointerAtEdited(typing.edited, typing.version, version, offset);
      const open = held(uri);
      return open === undefined ? null : service.pointerAt(open, version, offset);
    }),
  );
  connection.onRequest(
    RangeOfRequest,
    guard(RangeOfRequest.method, null, ({ uri, version, pointer }) => {
      const open = held(uri) ?? compareSessions.heldNewSide(uri);
      return open === undefined ? null : service.rangeOf(open, version, pointer);
    }),
  );
  connection.onRequest(
    SnapshotDiffRequest,
    guard(SnapshotDiffRequest.method, null, ({ uri }) => {
      const open = analysis(uri);
      return open === undefined ? null : service.snapshotDiff(open, context.settings(uri).display);
    }),
  );
  connection.onRequest(
    RecordEditsRequest,
    guard(RecordEditsRequest.method, null, ({ uri }) => {
      const open = analysis(uri);
      return open === undefined ? null : service.recordEdits(open);
    }),
  );
  connection.onRequest(
    ExportRequest,
    guard<{ uri: string; format: "html" | "tsv" }, ExportResult>(
      ExportRequest.method,
      { files: [], problem: l10n.t("Export failed; see the FS output channel.") },
      ({ uri, format }) => {
        const open = analysis(uri);
        return open === undefined ? { files: [], problem: l10n.t("This document is not open as an FS document.") } : service.exportFiles(open, format);
      },
    ),
  );
  connection.onRequest(
    ExportXlsxRequest,
    // The fallback's words are looked up when it is sent (a getter): the bundle arrives after registration.
    guard<{ uri: string }, ExportXlsxResult>(
      ExportXlsxRequest.method,
      {
        textValues: 0,
        get problem() {
          return l10n.t("Export failed; see the FS output channel.");
        },
      },
      async ({ uri }) => {
        const open = analysis(uri);
        return open === undefined ? { textValues: 0, problem: l10n.t("This document is not open as an FS document.") } : service.exportXlsx(open);
      },
    ),
  );
  connection.onRequest(
    ImportSpreadsheetRequest,
    guard<ImportSpreadsheetParams, ImportSpreadsheetResult>(
      ImportSpreadsheetRequest.method,
      {
        get problem() {
          return l10n.t("Import failed; see the FS output channel.");
        },
      },
      (params) => service.importFile(params),
    ),
  );
  connection.onRequest(
    ValidateTextRequest,
    guard<{ uri: string; text: string }, ValidateTextResult>(ValidateTextRequest.method, { isFsDocument: false, status: undefined }, ({ uri, text }) => {
      // Open documents are already validated live; their diagnostics must not be overwritten.
      if (store.isOpen(uri)) {
        const open = analysis(uri);
        return { isFsDocument: open !== undefined, status: open === undefined ? undefined : service.statusOf(open, { limits: false }) };
      }
      if (typeof uri !== "string" || typeof text !== "string") return { isFsDocument: false, status: undefined };
      const named = isFsDocumentByName(uri, context.settings(uri).files);
      if (!named && !mightBeFsDocument(text)) return { isFsDocument: false, status: undefined };
      const closed = DocumentAnalysis.of(OpenDocument.create(uri, "json", 0, text), undefined);
      if (!named && closed.parsed !== undefined && !isFsDocumentValue(closed.parsed.value)) return { isFsDocument: false, status: undefined };
      void context.publishDiagnostics({ uri, diagnostics: service.diagnostics(closed, context.settings(uri)) }, { open: false });
      return { isFsDocument: true, status: service.statusOf(closed, { limits: false }) };
    }),
  );
  registerRollupViews(context);
}

/** Short keys for the URIs of open documents, for data that must name one cheaply (a lens each). */
class LensDocuments {
  private next = 1;
  private readonly keys = new Map<string, number>();
  private readonly uris = new Map<number, string>();

  key(uri: string): number {
    let key = this.keys.get(uri);
    if (key === undefined) {
      key = this.next++;
      this.keys.set(uri, key);
      this.uris.set(key, uri);
    }
    return key;
  }

  uri(key: number): string | undefined {
    return this.uris.get(key);
  }

  /** A closed document's key is never reused: a lens from before answers nothing. */
  forget(uri: string): void {
    const key = this.keys.get(uri);
    if (key === undefined) return;
    this.keys.delete(uri);
    this.uris.delete(key);
  }
}

/**
 * The rollup views: inlay hints with the children's sum, call hierarchy and document highlight over
 * rollupTo, and the Rollups tree's request. They answer only while the current text parses.
 */
function registerRollupViews(context: ServerContext): void {
  const { connection, store, guard } = context;
  const current = (uri: string): { good: ParsedVersion; document: DocumentAnalysis["document"] } | undefined => {
    const open = store.get(uri);
    return open?.parsed === undefined ? undefined : { good: open.parsed, document: open.document };
  };

  connection.languages.inlayHint.on(
    guard<InlayHintParams, InlayHint[] | null>("inlayHint", null, ({ textDocument, range }) => {
      const found = current(textDocument.uri);
      if (found === undefined) return null;
      const { good, document } = found;
      const settings = context.settings(textDocument.uri);
      return service.rollupSumHints(good, settings.rollupSums, document.offsetAt(range.start), document.offsetAt(range.end), settings.display).map((hint) => ({
        position: document.positionAt(hint.offset),
        label: hint.label,
        tooltip: hint.tooltip,
        paddingLeft: true,
      }));
    }),
  );
  connection.languages.callHierarchy.onPrepare(
    guard<CallHierarchyPrepareParams, CallHierarchyItem[] | null>("prepareCallHierarchy", null, ({ textDocument, position }) => {
      const found = current(textDocument.uri);
      const at = found === undefined ? undefined : service.itemAtOffset(found.good, found.document.offsetAt(position));
      const item = found === undefined || at === undefined ? undefined : service.hierarchyItem(found.good, found.document, at);
      return item === undefined ? null : [item];
    }),
  );
  connection.languages.callHierarchy.onIncomingCalls(
    guard<CallHierarchyIncomingCallsParams, CallHierarchyIncomingCall[] | null>("incomingCalls", null, ({ item }) => {
      const found = current(item.uri);
      const at = found === undefined ? undefined : service.resolveItem(found.good, item.data);
      return found === undefined || at === undefined ? null : service.incomingCalls(found.good, found.document, at);
    }),
  );
  connection.languages.callHierarchy.onOutgoingCalls(
    guard<CallHierarchyOutgoingCallsParams, CallHierarchyOutgoingCall[] | null>("outgoingCalls", null, ({ item }) => {
      const found = current(item.uri);
      const at = found === undefined ? undefined : service.resolveItem(found.good, item.data);
      return found === undefined || at === undefined ? null : service.outgoingCalls(found.good, found.document, at);
    }),
  );
  connection.onDocumentHighlight(
    guard<DocumentHighlightParams, DocumentHighlight[] | null>("documentHighlight", null, ({ textDocument, position }) => {
      const found = current(textDocument.uri);
      return found === undefined ? null : service.rollupHighlights(found.good, found.document, found.document.offsetAt(position));
    }),
  );
  connection.onRequest(
    RollupTreeRequest,
    guard(RollupTreeRequest.method, null, ({ uri }) => {
      const found = current(uri);
      return found === undefined ? null : { uri, version: found.document.version, statements: service.rollupTree(found.good, found.document, context.settings(uri).display) };
    }),
  );
}

/** The line windows of an fs/codeLenses request, checked (a client's data): undefined when malformed. */
function lineWindows(value: unknown): LineWindow[] | undefined {
  if (!Array.isArray(value) || value.length > MAX_LENS_WINDOWS) return undefined;
  const line = (n: unknown): n is number => typeof n === "number" && Number.isSafeInteger(n) && n >= 0;
  const windows: LineWindow[] = [];
  for (const window of value as unknown[]) {
    const { start, end } = (typeof window === "object" && window !== null ? window : {}) as Partial<Record<string, unknown>>;
    if (!line(start) || !line(end) || end < start) return undefined;
    windows.push({ start, end });
  }
  return windows;
}

/** A document's text sent by the client (NEW's side in fs/compareView, a preview's sentDocument), checked (a client's data): undefined when absent or malformed. */
function readSentText(value: unknown): { text: string; version: number } | undefined {
  const { text, version } = (typeof value === "object" && value !== null ? value : {}) as Partial<Record<string, unknown>>;
  return typeof text === "string" && typeof version === "number" && Number.isSafeInteger(version) ? { text, version } : undefined;
}
