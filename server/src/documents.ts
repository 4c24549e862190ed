// Open documents and the analysis of each FS document's current version. A newly opened document
// is analysed at once; edits are debounced. The one staleness rule lives in `get`: a caller gets
// the analysis of the document's current version, analysed now if an edit is still pending, so
// no feature ever answers from stale text, and none needs to check versions itself.
//
// Which documents are FS documents (shared/src/detect.ts): a `*.fs.json` name, an `fs.files`
// pattern, or the shape of the text. Once recognised, a document stays one until it is closed.
//
// A large file can also be analysed ahead of its opening, from its text on disk (`prepare`,
// fs/openAhead): its didOpen takes that analysis over when it brings the same text.

import type { TextDocument, TextDocumentContentChangeEvent } from "vscode-languageserver-textdocument";
import { isFsDocumentByName, isFsDocumentValue, mightBeFsDocument } from "../../shared/src/detect";
import type { Range } from "vscode-languageserver-protocol";
import type { TextEdit } from "../../shared/src/incremental/valueEdit";
import { OPEN_AHEAD } from "../../protocol/lsp";
import { DocumentAnalysis } from "./analysis";
import { OpenDocument } from "./textDocument";
import { buildPreviewAhead } from "./previewAhead";
import { OneStringEdited } from "./stringEdited";
import { inSteps, weakly } from "./steps";

export interface StoreOptions {
  /** Milliseconds to wait after an edit before analysing. */
  delay(): number;
  enabled(): boolean;
  /** The fs.files patterns that apply to a document. */
  patternsFor(uri: string): readonly string[];
  /** Whether the client shows the preview, so that a large document's model is built ahead (FsInitializationOptions.previewAhead). */
  previewAhead(): boolean;
  /** Runs background work once the client's waiting messages are handled (lsp/waitingMessages.ts); by default in a later macrotask. */
  whenIdle?(work: () => void): void;
}

/**
 * A value edit's diagnostics are published at once; later value edits within this many
 * milliseconds (at most the configured delay) are gathered and published when it ends, so a burst
 * of keystrokes costs one publication per interval, not one per key.
 */
export const VALUE_EDIT_DELAY = 30;

/** The language VS Code gives a file by its name, as an analysis made ahead assumes it. */
function languageOfFile(uri: string): string {
  return /\.jsonc$/i.test(uri) ? "jsonc" : "json";
}

/** An analysis made ahead of its document's opening, from the text on disk. */
interface Ahead {
  readonly document: OpenDocument;
  readonly analysis: DocumentAnalysis;
  readonly timer: ReturnType<typeof setTimeout>;
  /** Lets the work the opening does not wait for go on: called when the didOpen comes (taking it over or not) or it is dropped. */
  readonly release: () => void;
}

/** The one ranged change of `changes` as an edit of the document's current text, if that is what it is. */
function singleEdit(document: TextDocument, changes: readonly TextDocumentContentChangeEvent[]): TextEdit | undefined {
  const change = changes.length === 1 ? changes[0] : undefined;
  const range = change !== undefined && "range" in change ? (change.range as Range | undefined) : undefined;
  if (change === undefined || range === undefined || range === null) return undefined;
  const offset = document.offsetAt(range.start);
  return { offset, length: document.offsetAt(range.end) - offset, text: change.text };
}

/**
 * A listener of publications: it sends the analysis's messages and may return the promise of their
 * being written (the connection writes in a later macrotask than the one that sends).
 */
export type PublicationListener = (analysis: DocumentAnalysis) => unknown;

export class DocumentStore {
  private readonly documents = new Map<string, OpenDocument>();
  /** The latest analysis of every recognised FS document (its version may be behind the text). */
  private readonly analyses = new Map<string, DocumentAnalysis>();
  private readonly recognised = new Set<string>();
  private readonly pending = new Map<string, ReturnType<typeof setTimeout>>();
  /** Value edits in progress: a document whose last value edit was published less than VALUE_EDIT_DELAY ago. */
  private readonly burst = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly listeners: PublicationListener[] = [];
  /** Of `listeners`, those that go first when a value edit is published (onAnalyzed's `firstOnValueEdits`). */
  private readonly valueEditLeaders = new Set<PublicationListener>();
  private readonly closeListeners: ((uri: string) => void)[] = [];
  private readonly openedListeners: ((uri: string) => void)[] = [];
  private readonly closedListeners: ((uri: string) => void)[] = [];
  private readonly ahead = new Map<string, Ahead>();
  private readonly preparedListeners: PublicationListener[] = [];
  private readonly preparedPublishedListeners: ((analysis: DocumentAnalysis) => void)[] = [];
  /** Per document, the work its open or preparation started in the background (`backgroundOf`). */
  private readonly background = new Map<string, Promise<void>>();
  /** Per document, those waiting for its pending edit's analysis (`settled`). */
  private readonly settling = new Map<string, Set<() => void>>();
  /** The last `stringEdited` answer, for the version it was made for. */
  private edited: { uri: string; version: number; edited: OneStringEdited | undefined } | undefined;
  /** The last publication's messages written (see `afterPublication`). */
  private lastPublication: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: StoreOptions) {}

  open(uri: string, languageId: string, version: number, text: string): void {
    // What was prepared ahead is used only for the same text, at the version and in the language assumed.
    const ahead = this.ahead.get(uri);
    this.dropAhead(uri);
    const same = ahead !== undefined && version === ahead.document.version && languageId === ahead.document.languageId && text === ahead.analysis.text;
    const prepared = same ? ahead : undefined;
    this.forget(uri);
    const document = prepared?.document ?? OpenDocument.create(uri, languageId, version, text);
    this.documents.set(uri, document);
    if (prepared !== undefined && this.options.enabled()) {
      this.recognised.add(uri);
      this.analyses.set(uri, prepared.analysis);
      this.publish(prepared.analysis);
    } else this.schedule(document, true, false);
    // What was published ahead of another text goes, unless this text's analysis replaced it.
    if (ahead !== undefined && prepared === undefined && !this.analyses.has(uri)) this.withdrawn(uri);
    const published = this.lastPublication;
    for (const listener of this.openedListeners) listener(uri);
    // What was prepared ahead builds the rest now that its text is in (`afterOpening`, released by dropAhead above).
    if (prepared !== undefined) return;
    // Once the first diagnostics are out, prepare for value edits (a scan of the text, in steps), so
    // that the first number typed does not wait for it, then the preview's model.
    // The wait does not hold the document: closed or replaced meanwhile, it goes.
    const opened = new WeakRef(document);
    const background = new Promise<void>((done) =>
      this.afterPublication(published, () => {
        const analysis = this.analyses.get(uri);
        if (analysis?.version !== version || this.documents.get(uri) !== opened.deref()) return done();
        this.buildAhead(uri, analysis, this.options.previewAhead(), done);
      }),
    );
    this.background.set(uri, background);
  }

  /**
   * Settles once the work an open or a preparation ahead started in the background for `uri` (the
   * value-edit index, the preview's model built ahead) is done or left. The server makes a draft's
   * related information after it: a preview opened meanwhile needs its whole model at once, while the
   * related information is built in steps that let requests through (server.ts, publishWhole).
   */
  backgroundOf(uri: string): Promise<void> {
    return this.background.get(uri) ?? Promise.resolve();
  }

  /**
   * Runs `work` (hundreds of milliseconds at 5 MB) once the publication `published` is written. The
   * connection writes a message a macrotask after it is sent, and a timer set in the same macrotask
   * as the send runs before that: the open's diagnostics then waited for the value-edit index and the
   * preview's first statement (1.48 s instead of 0.43 s at 5 MB over stdio, docs/performance.md).
   */
  private afterPublication(published: Promise<unknown>, work: () => void): void {
    void published.then(() => this.whenIdle(work));
  }

  /**
   * Builds, a step per idle turn while `analysis` is `uri`'s current one, its value-edit index, then
   * (`withPreview`) its preview's model; `done` once both are built or left.
   */
  private buildAhead(uri: string, analysis: DocumentAnalysis, withPreview: boolean, done: () => void): void {
    // The closures hold the uri, never the analysis: a step waiting for its turn must not keep a
    // version alive once another replaced it (steps.ts).
    const isCurrent = (held: DocumentAnalysis): boolean => this.isCurrent(uri, held);
    inSteps(
      analysis,
      (held) => held.parsed?.buildValueEditsStep() ?? false,
      isCurrent,
      this.whenIdle,
      (held) => (withPreview && held !== undefined ? buildPreviewAhead(held, isCurrent, this.whenIdle, done) : done()),
    );
  }

  /** After the requests waiting (the open's outline, lenses and hints): see StoreOptions.whenIdle. */
  private readonly whenIdle = (work: () => void): void => (this.options.whenIdle === undefined ? void setTimeout(work, 0) : this.options.whenIdle(work));

  /** Whether `analysis` is still what the store holds of `uri`: its open document's, or what was prepared ahead of it. */
  isCurrent(uri: string, analysis: DocumentAnalysis): boolean {
    return this.analyses.get(uri) === analysis || this.ahead.get(uri)?.analysis === analysis;
  }

  change(uri: string, version: number, changes: TextDocumentContentChangeEvent[]): void {
    const document = this.documents.get(uri);
    if (document === undefined) return;
    // An edit of the version last analysed may be a value edit, analysed from that analysis.
    const current = this.analyses.get(uri);
    const edit = current !== undefined && current.version === document.version ? singleEdit(document, changes) : undefined;
    document.update(changes, version);
    const edited = edit === undefined || current === undefined || !this.options.enabled() ? undefined : DocumentAnalysis.afterEdit(document, current, edit);
    if (edited === undefined) {
      this.schedule(document, false);
      return;
    }
    // Analysed already. The first edit of a burst is published at once, before the requests that
    // follow it (the preview's patch, the cursor's pointer); edits within VALUE_EDIT_DELAY after it
    // are published together when it ends. Features asking meanwhile get this analysis (`get`).
    this.analyses.set(uri, edited);
    if (this.burst.has(uri)) return;
    this.clearTimer(uri);
    this.publish(edited, true);
    this.burst.set(
      uri,
      setTimeout(
        () => {
          this.burst.delete(uri);
          const latest = this.analyses.get(uri);
          if (latest !== undefined && latest !== edited && latest.version === this.documents.get(uri)?.version && !this.pending.has(uri)) this.publish(latest, true);
        },
        Math.min(this.options.delay(), VALUE_EDIT_DELAY),
      ),
    );
  }

  /**
   * Analyses a file about to be opened, from its text on disk (fs/openAhead), and keeps the analysis
   * for OPEN_AHEAD.keptMs: a didOpen that brings the same text at version 1 takes it over, with what
   * the `onPrepared` listeners built from it (its diagnostics, published at once; the outline) and
   * the value edits' index. When no didOpen takes it, the `onForgotten` listeners withdraw what was
   * published. Undefined, and nothing kept, when the document is open already or is not an FS document.
   */
  prepare(uri: string, text: string): DocumentAnalysis | undefined {
    if (this.documents.has(uri) || !this.options.enabled()) return undefined;
    this.withdrawAhead(uri);
    if (!this.isNamed(uri) && !mightBeFsDocument(text)) return undefined;
    // VS Code opens a document at version 1.
    const document = OpenDocument.create(uri, languageOfFile(uri), 1, text);
    const analysis = DocumentAnalysis.of(document, undefined);
    if (!this.recognises(uri, analysis)) return undefined;
    let release: () => void = () => undefined;
    const opened = new Promise<void>((resolve) => (release = resolve));
    this.ahead.set(uri, { document, analysis, timer: setTimeout(() => this.withdrawAhead(uri), OPEN_AHEAD.keptMs), release });
    const published = this.notify(this.preparedListeners, analysis);
    // No closure here holds the analysis (one would keep it in this call's scope for all of them):
    // withdrawn or replaced while its work waits, it goes.
    let done: () => void = () => undefined;
    const background = new Promise<void>((resolve) => (done = resolve));
    this.afterPublication(
      published,
      weakly(analysis, (held) => {
        if (held === undefined || !this.isCurrent(uri, held)) return done();
        for (const listener of this.preparedPublishedListeners) listener(held);
        this.afterOpening(uri, held, opened, done);
      }),
    );
    this.background.set(uri, background);
    return analysis;
  }

  /**
   * The value-edit index and the preview's model of what was prepared ahead (and, after them,
   * server.ts's related information of a draft, `backgroundOf`) wait for the didOpen: until then VS
   * Code is loading the text (1.4–2.0 s at 5 MB), on the same two cores, and the problems show only
   * with the text; the first edit and the preview come after it. Taken over by the didOpen, they are
   * built in steps from then on; otherwise (other text, dropped) `done`.
   */
  private afterOpening(uri: string, analysis: DocumentAnalysis, opened: Promise<void>, done: () => void): void {
    const later = weakly(analysis, (held) => (held !== undefined && this.analyses.get(uri) === held ? this.buildAhead(uri, held, this.options.previewAhead(), done) : done()));
    void opened.then(() => this.whenIdle(later));
  }

  /** An analysis was made ahead of its document's opening (`prepare`): publish it. */
  onPrepared(listener: PublicationListener): void {
    this.preparedListeners.push(listener);
  }

  /** What was prepared ahead is published (its messages written) and still current: build what its opening will ask for. */
  onPreparedPublished(listener: (analysis: DocumentAnalysis) => void): void {
    this.preparedPublishedListeners.push(listener);
  }

  private dropAhead(uri: string): void {
    const ahead = this.ahead.get(uri);
    if (ahead === undefined) return;
    clearTimeout(ahead.timer);
    this.ahead.delete(uri);
    ahead.release();
  }

  /** Drops what was prepared for `uri` and withdraws what was published of it. */
  private withdrawAhead(uri: string): void {
    if (!this.ahead.has(uri)) return;
    this.dropAhead(uri);
    this.withdrawn(uri);
  }

  private withdrawn(uri: string): void {
    for (const listener of this.closeListeners) listener(uri);
  }

  close(uri: string): void {
    if (!this.documents.delete(uri)) return;
    this.background.delete(uri);
    this.forget(uri);
    for (const listener of this.closedListeners) listener(uri);
  }

  isOpen(uri: string): boolean {
    return this.documents.has(uri);
  }

  openUris(): string[] {
    return [...this.documents.keys()];
  }

  /** A document was opened (whether or not it is an FS document). */
  onOpened(listener: (uri: string) => void): void {
    this.openedListeners.push(listener);
  }

  onClosed(listener: (uri: string) => void): void {
    this.closedListeners.push(listener);
  }

  /**
   * Listens to publications, in the order listeners were added; with `firstOnValueEdits`, the
   * listener goes before the others when a value edit is published. The preview's patch does: it
   * is ready with the analysis (ParsedVersion.afterValueEdit patches the model), while the
   * diagnostics of a draft with hundreds of problems take longer to build, write and read than
   * the edit's analysis, and the patch written after them waited for all of it.
   */
  onAnalyzed(listener: PublicationListener, { firstOnValueEdits = false }: { firstOnValueEdits?: boolean } = {}): void {
    this.listeners.push(listener);
    if (firstOnValueEdits) this.valueEditLeaders.add(listener);
  }

  /** A document's analysis is gone (closed, disabled, or prepared ahead and not opened): what was published of it goes too. */
  onForgotten(listener: (uri: string) => void): void {
    this.closeListeners.push(listener);
  }

  /** The analysis of the document's current version; undefined unless it is an open FS document. */
  get(uri: string): DocumentAnalysis | undefined {
    const document = this.documents.get(uri);
    if (document === undefined) return undefined;
    const analysis = this.analyses.get(uri);
    if (analysis !== undefined && analysis.version === document.version) return analysis;
    if (analysis === undefined && !this.pending.has(uri)) return undefined;
    return this.analyze(document);
  }

  /**
   * The current text of `uri` as its last good version with one string value's content changed
   * (stringEdited.ts), while an edit waits for its analysis (a label being typed); undefined when
   * nothing waits, or the edits since changed more than that. Nothing is analysed: requests that
   * need only where things are answer from it, and the typing's analysis waits for its pause.
   */
  stringEdited(uri: string): { version: number; edited: OneStringEdited } | undefined {
    const document = this.documents.get(uri);
    const good = this.analyses.get(uri)?.lastGood;
    if (document === undefined || good === undefined || !this.pending.has(uri)) return undefined;
    if (this.edited?.uri !== uri || this.edited.version !== document.version) {
      this.edited = { uri, version: document.version, edited: OneStringEdited.of(good, document.getText()) };
    }
    const { edited } = this.edited;
    return edited === undefined ? undefined : { version: document.version, edited };
  }

  /**
   * Settles once `uri` has no edit waiting for its analysis: at once when none waits, else when
   * the typing's pause has it analysed (`delay` after the last key), the document is closed, or
   * `token` is cancelled, and at the latest after `atMost` milliseconds of typing without a pause.
   * A request that waits for this first (the outline) then finds the current version analysed,
   * instead of having a version analysed for it at every key.
   */
  settled(uri: string, atMost: number, token?: { isCancellationRequested: boolean; onCancellationRequested(listener: () => void): { dispose(): void } }): Promise<void> {
    if (!this.pending.has(uri) || token?.isCancellationRequested === true) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const waiters = this.settling.get(uri) ?? new Set<() => void>();
      this.settling.set(uri, waiters);
      const done = (): void => {
        clearTimeout(timer);
        cancelled?.dispose();
        waiters.delete(done);
        if (waiters.size === 0 && this.settling.get(uri) === waiters) this.settling.delete(uri);
        resolve();
      };
      const timer = setTimeout(done, atMost);
      const cancelled = token?.onCancellationRequested(done);
      waiters.add(done);
    });
  }

  /** Lets those waiting for `uri`'s pending edit go (`settled`), and drops what `stringEdited` kept of the version before. */
  private settle(uri: string): void {
    if (this.edited?.uri === uri) this.edited = undefined;
    const waiters = this.settling.get(uri);
    if (waiters === undefined) return;
    this.settling.delete(uri);
    for (const done of [...waiters]) done();
  }

  /** The analysis of the document's current version if it has one already (nothing is analysed now). */
  analysed(uri: string): DocumentAnalysis | undefined {
    const analysis = this.analyses.get(uri);
    return analysis !== undefined && analysis.version === this.documents.get(uri)?.version && !this.pending.has(uri) ? analysis : undefined;
  }

  all(): DocumentAnalysis[] {
    return [...this.analyses.keys()].flatMap((uri) => this.get(uri) ?? []);
  }

  /** Re-analyse every open document (settings changed). */
  refresh(): void {
    for (const uri of [...this.ahead.keys()]) this.withdrawAhead(uri);
    for (const document of this.documents.values()) this.schedule(document, true);
  }

  /** Looks again at a document not yet recognised (its fs.files patterns became known). */
  recheck(uri: string): void {
    const document = this.documents.get(uri);
    if (document !== undefined && !this.recognised.has(uri)) this.schedule(document, true);
  }

  private isNamed(uri: string): boolean {
    return isFsDocumentByName(uri, this.options.patternsFor(uri));
  }

  /** `valueEditsAhead`: see `analyze` (the open builds its own ahead). */
  private schedule(document: TextDocument, immediate: boolean, valueEditsAhead = true): void {
    const uri = document.uri;
    this.clearTimer(uri);
    if (!this.options.enabled()) {
      this.forget(uri);
      return;
    }
    if (!this.recognised.has(uri) && !this.isNamed(uri) && !mightBeFsDocument(document.getText())) return;
    if (immediate) {
      this.analyze(document, valueEditsAhead);
      return;
    }
    this.pending.set(
      uri,
      setTimeout(() => {
        this.pending.delete(uri);
        const latest = this.documents.get(uri);
        if (latest !== undefined) this.analyze(latest);
      }, this.options.delay()),
    );
  }

  /**
   * Analyses the document's text in full and publishes the result; with `valueEditsAhead`, then
   * builds the value-edit index in steps once the diagnostics are out: after an edit that was not a
   * value edit, the next digit typed would otherwise wait for the whole scan of the text.
   */
  private analyze(document: TextDocument, valueEditsAhead = true): DocumentAnalysis | undefined {
    const uri = document.uri;
    this.clearTimer(uri);
    // Those waiting go on once this analysis is made and published (promises settle after it).
    this.settle(uri);
    const analysis = DocumentAnalysis.of(document, this.analyses.get(uri));
    if (!this.recognised.has(uri)) {
      if (!this.recognises(uri, analysis)) return undefined;
      this.recognised.add(uri);
    }
    this.analyses.set(uri, analysis);
    this.publish(analysis);
    if (valueEditsAhead)
      this.afterPublication(
        this.lastPublication,
        weakly(analysis, (held) => held !== undefined && this.buildAhead(uri, held, false, () => undefined)),
      );
    return analysis;
  }

  /**
   * Whether a document not yet recognised is an FS document, by its analysis: by shape, a parse
   * confirms what the text search suggested; text that does not parse yet is taken at the search's
   * word, so its syntax errors show.
   */
  private recognises(uri: string, analysis: DocumentAnalysis): boolean {
    const byShape = analysis.parsed === undefined || isFsDocumentValue(analysis.parsed.value);
    return byShape || this.isNamed(uri);
  }

  /**
   * Tells the listeners of `analysis`. After a value edit (`valueEdit`), the leaders first, and the
   * others once what the leaders sent is written: the connection writes a message a macrotask after
   * it is sent, so diagnostics built in the same macrotask would hold the patch back all the same.
   * By then a later version may have replaced this one; its own publication (or the burst's end)
   * tells the others of it, and this one's are left out, so publications never go back in version.
   */
  private publish(analysis: DocumentAnalysis, valueEdit = false): void {
    const leaders = this.valueEditLeaders;
    if (!valueEdit || leaders.size === 0) {
      this.notify(this.listeners, analysis);
      return;
    }
    const led = this.notify(
      this.listeners.filter((listener) => leaders.has(listener)),
      analysis,
    );
    const rest = this.listeners.filter((listener) => !leaders.has(listener));
    this.lastPublication = led.then(() => (this.analyses.get(analysis.uri) === analysis ? this.notify(rest, analysis) : undefined));
  }

  /** Calls `listeners` with `analysis`; the promise settles when what they sent is written. */
  private notify(listeners: readonly PublicationListener[], analysis: DocumentAnalysis): Promise<unknown> {
    this.lastPublication = Promise.allSettled(listeners.map((listener) => listener(analysis)));
    return this.lastPublication;
  }

  private clearTimer(uri: string): void {
    const timer = this.pending.get(uri);
    if (timer !== undefined) clearTimeout(timer);
    this.pending.delete(uri);
  }

  private endBurst(uri: string): void {
    clearTimeout(this.burst.get(uri));
    this.burst.delete(uri);
  }

  private forget(uri: string): void {
    this.clearTimer(uri);
    this.settle(uri);
    this.endBurst(uri);
    this.recognised.delete(uri);
    if (this.analyses.delete(uri)) this.withdrawn(uri);
  }
}
