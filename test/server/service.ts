// Runs the language service in-process, the way the server does but without a connection: the
// real document store (with its detection and staleness rule) feeds the pure service functions.
// Feature tests call the service through this; test/server/protocol.test.ts checks the wiring
// over the protocol with a spawned server.

import type { PublishDiagnosticsParams } from "vscode-languageserver-protocol";
import type { TextDocumentContentChangeEvent } from "vscode-languageserver-textdocument";
import { DocumentStore } from "../../server/src/documents";
import { diagnostics, type DocumentAnalysis } from "../../server/src/service/index";
import { DEFAULT_SETTINGS, readSettings, type Settings } from "../../server/src/settings";

export interface ServiceUnderTest {
  settings: Settings;
  /** Opens a document that must be an FS document; returns its diagnostics. */
  open(uri: string, text: string, version?: number): PublishDiagnosticsParams;
  /** Opens any document; returns its diagnostics, or undefined when it is not an FS document. */
  openAny(uri: string, text: string, version?: number): PublishDiagnosticsParams | undefined;
  change(uri: string, version: number, changes: TextDocumentContentChangeEvent[]): PublishDiagnosticsParams;
  /** Applies an edit without waiting for its diagnostics (a value edit publishes them after a short timer). */
  edit(uri: string, version: number, changes: TextDocumentContentChangeEvent[]): void;
  close(uri: string): void;
  /** The analysis of the document's current version (what every LSP handler starts from). */
  analysis(uri: string): DocumentAnalysis | undefined;
  /** Calls `use` with the analysis, or answers `fallback` when the document is no FS document (as the handlers do). */
  with<R, F = null>(uri: string, use: (analysis: DocumentAnalysis) => R, fallback?: F): R | F;
  /** Every set of diagnostics published, in order. */
  published: PublishDiagnosticsParams[];
}

/**
 * `previewFirst`: a listener that, as the server's preview update does, goes before the diagnostics
 * when a value edit is published (the diagnostics then follow once what it returns settles).
 */
export function createService(settings: Record<string, unknown> = {}, { previewFirst }: { previewFirst?: (analysis: DocumentAnalysis) => unknown } = {}): ServiceUnderTest {
  const current: Settings = Object.keys(settings).length === 0 ? DEFAULT_SETTINGS : readSettings(settings);
  const store = new DocumentStore({ delay: () => current.validationDelay, enabled: () => current.enable, patternsFor: () => current.files, previewAhead: () => true });
  const published: PublishDiagnosticsParams[] = [];
  store.onAnalyzed((analysis) => published.push({ uri: analysis.uri, version: analysis.version, diagnostics: diagnostics(analysis, current) }));
  if (previewFirst !== undefined) store.onAnalyzed(previewFirst, { firstOnValueEdits: true });
  store.onForgotten((uri) => published.push({ uri, diagnostics: [] }));
  const latest = (uri: string, version: number): PublishDiagnosticsParams | undefined => {
    // Asking for the analysis is what brings a pending edit up to date (the store's staleness rule).
    if (store.get(uri) === undefined) return undefined;
    return [...published].reverse().find((params) => params.uri === uri && params.version === version);
  };
  const service: ServiceUnderTest = {
    settings: current,
    published,
    openAny(uri, text, version = 1) {
      store.open(uri, "json", version, text);
      return latest(uri, version);
    },
    open(uri, text, version = 1) {
      const result = service.openAny(uri, text, version);
      if (result === undefined) throw new Error(`${uri} was not recognised as an FS document`);
      return result;
    },
    change(uri, version, changes) {
      store.change(uri, version, changes);
      const result = latest(uri, version);
      if (result === undefined) throw new Error(`${uri} is not an open FS document`);
      return result;
    },
    edit(uri, version, changes) {
      store.change(uri, version, changes);
    },
    close(uri) {
      store.close(uri);
    },
    analysis: (uri) => store.get(uri),
    with(uri, use, fallback) {
      const analysis = store.get(uri);
      return analysis === undefined ? (fallback ?? (null as never)) : use(analysis);
    },
  };
  return service;
}

/** A token that is never cancelled. */
export const NOT_CANCELLED = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose() {} }) };
