// Open documents and their analyses. A newly opened document is analysed at once; edits are
// debounced; an analysis whose version is no longer the document's is dropped. Requests that
// arrive while an edit is pending analyse the current version first, so they never answer from
// stale text.

import { TextDocuments, type Connection } from "vscode-languageserver/node";
import { TextDocument } from "vscode-languageserver-textdocument";
import { analyzeVersion, type DocumentState } from "./analysis";
import { isFsDocumentValue, mightBeFsDocument } from "../../shared/src/detect";

export class DocumentStore {
  readonly documents = new TextDocuments(TextDocument);
  private readonly states = new Map<string, DocumentState>();
  private readonly pending = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly listeners: ((state: DocumentState, document: TextDocument) => void)[] = [];
  private readonly closeListeners: ((uri: string) => void)[] = [];

  constructor(private readonly delay: () => number, private readonly enabled: () => boolean) {
    this.documents.onDidOpen(({ document }) => this.schedule(document, true));
    this.documents.onDidChangeContent(({ document }) => {
      // onDidChangeContent also fires on open; the open handler has already analysed that version.
      if (this.states.get(document.uri)?.version !== document.version) this.schedule(document, false);
    });
    this.documents.onDidClose(({ document }) => this.forget(document.uri));
  }

  listen(connection: Connection): void {
    this.documents.listen(connection);
  }

  onAnalyzed(listener: (state: DocumentState, document: TextDocument) => void): void {
    this.listeners.push(listener);
  }

  onForgotten(listener: (uri: string) => void): void {
    this.closeListeners.push(listener);
  }

  /** The analysis of the document's current version, or undefined for documents that are not FS documents. */
  current(uri: string): { state: DocumentState; document: TextDocument } | undefined {
    const document = this.documents.get(uri);
    if (document === undefined) return undefined;
    const state = this.states.get(uri);
    if (state !== undefined && state.version === document.version) return { state, document };
    if (state === undefined && !this.pending.has(uri)) return undefined;
    const fresh = this.analyze(document);
    return fresh === undefined ? undefined : { state: fresh, document };
  }

  all(): { state: DocumentState; document: TextDocument }[] {
    return [...this.states.keys()].flatMap((uri) => this.current(uri) ?? []);
  }

  /** Re-analyse every open document (settings changed). */
  refresh(): void {
    for (const document of this.documents.all()) this.schedule(document, true);
  }

  private schedule(document: TextDocument, immediate: boolean): void {
    const timer = this.pending.get(document.uri);
    if (timer !== undefined) clearTimeout(timer);
    this.pending.delete(document.uri);
    if (!this.enabled()) {
      this.forget(document.uri);
      return;
    }
    if (!this.states.has(document.uri) && !mightBeFsDocument(document.getText())) return;
    if (immediate) {
      this.analyze(document);
      return;
    }
    this.pending.set(
      document.uri,
      setTimeout(() => {
        this.pending.delete(document.uri);
        const latest = this.documents.get(document.uri);
        if (latest !== undefined) this.analyze(latest);
      }, this.delay()),
    );
  }

  private analyze(document: TextDocument): DocumentState | undefined {
    const timer = this.pending.get(document.uri);
    if (timer !== undefined) clearTimeout(timer);
    this.pending.delete(document.uri);
    const previous = this.states.get(document.uri);
    const state = analyzeVersion(document.uri, document.version, document.getText(), previous);
    // A document becomes an FS document when a parse confirms it, and stays one while it is broken.
    if (previous === undefined && state.good !== undefined && !isFsDocumentValue(state.good.value)) return undefined;
    if (this.documents.get(document.uri)?.version !== document.version) return undefined;
    this.states.set(document.uri, state);
    for (const listener of this.listeners) listener(state, document);
    return state;
  }

  private forget(uri: string): void {
    const timer = this.pending.get(uri);
    if (timer !== undefined) clearTimeout(timer);
    this.pending.delete(uri);
    if (this.states.delete(uri)) for (const listener of this.closeListeners) listener(uri);
  }
}
