// One preview webview: the page shell with a fresh nonce, the models and patches from the server
// (asked for by a new page, pushed after each published analysis; versioned), and the editor side
// of navigation and scroll sync.

import * as vscode from "vscode";
import { isWebviewToExtension, type ExtensionToWebview, type ModelMessage, type PatchMessage, type WebviewToExtension } from "../../../protocol/webview";
import type { CellExplanation, PreviewModelResult } from "../../../protocol/lsp";
import type { SourcePointers } from "../navigation/sourcePointers";
import type { FsServer } from "../server/fsServer";
import { Throttle } from "../util/throttle";
import { focusEditor, revealContextLines, revealSource, scrollEditorTo, visibleEditorFor } from "./editorNavigation";
import { EditorScrollEchoes } from "./editorScrollEchoes";
import { applyGridWrites, readOnlyReason, undoInDocument } from "./gridEdits";
import { buildPreviewShell } from "./shell";
import { SentDocumentRequests } from "./sentDocument";
import { UnrecognisedAnswers } from "./unrecognisedAnswers";
import { StaleFocusGuard } from "../page/staleFocusGuard";
import { KeptScroll } from "./keptScroll";
import { RevealOrder } from "./revealOrder";
import { loadPage, numberFormat } from "../page/panel";
import { RenderLoop } from "../page/renderLoop";
import { MAX_REOPENS, READY_DEADLINE_MS, ReadyDeadline } from "./readyDeadline";

export const PREVIEW_VIEW_TYPE = "fs.preview";
const CURSOR_THROTTLE_MS = 60;
/** How long after a click reveals the source the preview taking the focus back is the click's doing (refocusRevealed). */
const REFOCUS_MS = 1500;

export interface PreviewDependencies {
  extensionUri: vscode.Uri;
  server: FsServer;
  pointers: SourcePointers;
}

export function documentName(uri: vscode.Uri): string {
  const segments = uri.path.split("/");
  return segments[segments.length - 1] || uri.toString();
}

export class PreviewPanel implements vscode.Disposable {
  private sequence = 0;
  private shownSequence = 0;
  /** The document the page shows; reset when the page (re)loads. */
  private shownUri: string | undefined;
  /** The model version the page holds (the base of the next patch). */
  private shownVersion: number | undefined;
  /** One request at a time (renderOnce). */
  private readonly renders = new RenderLoop(
    () => this.renderOnce(),
    () => this.disposed,
  );
  private ready = false;
  private disposed = false;
  /** A reveal asked for before the page showed the document (`explain`: open the cell's "why" panel too). */
  private pendingHighlight: { pointer: string; explain: boolean } | undefined;
  /** Whether a page's first model of a document scrolls to the editor's cursor or keeps the page's own scroll (keptScroll.ts). */
  private readonly keptScroll: KeptScroll;
  /**
   * The whole model of `uri`, asked for when the panel is created or shown another document, while
   * the webview is still loading (in code-server that takes from 0.4 to several seconds): the page's
   * "ready" then finds it waiting instead of starting the request. Dropped when the document changes
   * (the next render asks again) or once used.
   */
  private prefetched: { uri: string; result: Promise<PreviewModelResult | null | Error> } | undefined;
  /**
   * The whole model posted while the page was still loading: VS Code holds a webview's messages
   * until its page has loaded, so the model crosses to the workbench while the webview starts (in
   * code-server a new webview's service worker alone takes a second) instead of after its "ready".
   * That first "ready" then needs no render. Dropped when the panel is hidden before it (the page
   * is discarded with the messages held for it) or the page shows another document.
   */
  private early: { uri: string; version: number | undefined; sequence: number; changed: boolean } | undefined;
  /** The editor's scrolls to follow: not those our own reveals and scrolls cause (editorScrollEchoes.ts). */
  private readonly editorScrolls = new EditorScrollEchoes();
  /** The editor the page's last click revealed, when, and the page's presses then (refocusRevealed). */
  private revealed: { editor: vscode.TextEditor; at: number; presses: number } | undefined;
  /** Mouse presses in the page so far ("pressed" messages). */
  private presses = 0;
  /** A click's reveal wins over a scroll report asked for before it (revealOrder.ts). */
  private readonly revealOrder = new RevealOrder();
  /** The version of the shown document the server last analysed (from its answers and updates). */
  private analysedVersion: number | undefined;
  /** Cursor and scroll work waiting for the server to analyse the current version (whenAnalysed). */
  private readonly awaitingAnalysis = new Map<"cursor" | "scroll", () => void>();
  // Leading: the cursor's first move to a new place (Go to Line, a click) is followed at once, so that
  // the preview scrolls there while a key typed right after is being analysed, not after it.
  private readonly cursorThrottle = new Throttle(CURSOR_THROTTLE_MS, true);
  private readonly scrollThrottle = new Throttle(CURSOR_THROTTLE_MS, true);
  private readonly disposeEmitter = new vscode.EventEmitter<void>();
  readonly onDidDispose = this.disposeEmitter.event;
  private readonly paintEmitter = new vscode.EventEmitter<string>();
  /** The page drew the tables of a document (its uri), the first time it drew that document's. */
  readonly onDidPaint = this.paintEmitter.event;
  /** The document whose tables the page last said it drew. */
  private paintedUri: string | undefined;
  private readonly stallEmitter = new vscode.EventEmitter<void>();
  /** The panel is visible and its page did not say "ready" in time (readyDeadline.ts): open it again. */
  readonly onDidStall = this.stallEmitter.event;
  private readonly readyDeadline: ReadyDeadline;
  private readonly subscriptions: vscode.Disposable[] = [];
  /** Gives the keyboard back to the editor when VS Code's report of the page's focus is stale. */
  private readonly staleFocus: StaleFocusGuard;
  /** The text sent for a document the server does not hold (a git: side), once per version. */
  private readonly sentDocuments = new SentDocumentRequests();
  /** The server's null answers for the shown document, asked again once it publishes the document. */
  private readonly unrecognised = new UnrecognisedAnswers();

  constructor(
    readonly panel: vscode.WebviewPanel,
    private resourceUri: vscode.Uri,
    private isLocked: boolean,
    private readonly dependencies: PreviewDependencies,
    /** How many times this preview was opened again because its page never loaded (readyDeadline.ts). */
    readonly reopened = 0,
    /** The panel was restored after a reload of the window: its page restores its own scroll. */
    restored = false,
  ) {
    this.keptScroll = new KeptScroll(restored ? resourceUri.toString() : undefined);
    const { webview } = panel;
    this.staleFocus = new StaleFocusGuard(panel);
    this.readyDeadline = new ReadyDeadline(reopened, panel.visible, {
      reopen: () => {
        dependencies.server.log(
          `The preview of ${this.resourceUri.toString()} was visible for ${READY_DEADLINE_MS / 1000} s and its page never said it was ready: opening it again (${reopened + 1} of ${MAX_REOPENS}).`,
        );
        this.stallEmitter.fire();
      },
      gaveUp: () =>
        dependencies.server.log(
          `The preview of ${this.resourceUri.toString()} was visible for ${READY_DEADLINE_MS / 1000} s and its page never said it was ready, after opening it again ${MAX_REOPENS} times: it is left as it is (close it and open it again).`,
        ),
    });
    loadPage(
      webview,
      dependencies.extensionUri,
      "webview.js",
      buildPreviewShell,
      (reason) => vscode.l10n.t("The preview could not be rendered: {0}", reason),
      () => this.disposed,
    );
    this.updateTitle();
    this.prefetch();
    this.subscriptions.push(
      webview.onDidReceiveMessage((message: unknown) => {
        if (isWebviewToExtension(message)) void this.receive(message);
      }),
      panel.onDidDispose(() => this.dispose()),
      panel.onDidChangeViewState(({ webviewPanel }) => {
        this.readyDeadline.visible(webviewPanel.visible);
        if (!webviewPanel.visible) this.early = undefined;
        if (webviewPanel.active) {
          this.refocusRevealed();
          this.staleFocus.activated();
        }
      }),
      this.staleFocus,
      this.readyDeadline,
    );
  }

  get resource(): vscode.Uri {
    return this.resourceUri;
  }

  get locked(): boolean {
    return this.isLocked;
  }

  isFor(uri: vscode.Uri): boolean {
    return this.resourceUri.toString() === uri.toString();
  }

  /** Whether the page has drawn the tables of `uri` (and shows that document still). */
  hasPainted(uri: vscode.Uri): boolean {
    return this.isFor(uri) && this.paintedUri === uri.toString();
  }

  /** Shows another document (a following preview whose active editor changed). */
  show(uri: vscode.Uri): void {
    if (this.isFor(uri)) return;
    this.resourceUri = uri;
    this.analysedVersion = undefined;
    this.awaitingAnalysis.clear();
    this.unrecognised.reset();
    this.editorScrolls.reset();
    this.pendingHighlight = undefined;
    this.updateTitle();
    this.prefetch();
    void this.renderNow();
  }

  setLocked(locked: boolean): void {
    this.isLocked = locked;
    this.updateTitle();
    this.post({ type: "lock", locked });
  }

  /**
   * The document's text changed. Its new version reaches the page when the server publishes its
   * analysis (previewUpdated), right after its diagnostics; a model fetched for the old text is stale.
   * A document the server does not hold (a git: side, when the index changed) publishes nothing:
   * the preview asks for its new version itself.
   */
  documentChanged(document: vscode.TextDocument): void {
    this.prefetched = undefined;
    if (this.early !== undefined) this.early.changed = true;
    if (!this.dependencies.server.holds(document)) void this.renderNow();
  }

  /**
   * The server published an analysis of the shown document (fs/status). After a null answer it sends
   * no update (it keeps nothing for this preview): the preview asks again, and a null answer kept
   * for the page that is still loading is dropped.
   */
  statusPublished(): void {
    if (this.disposed || !this.unrecognised.published()) return;
    if (this.prefetched?.uri === this.resourceUri.toString()) this.prefetched = undefined;
    void this.renderNow();
  }

  /** The server's update after an analysis it published (fs/previewUpdate). */
  previewUpdated(result: PreviewModelResult): void {
    if (this.disposed || result.uri !== this.resourceUri.toString()) return;
    this.analysed(result.version);
    // A page that is loading, hidden or waiting for an answer is brought up to date by asking, from
    // the version it will hold.
    if (!this.ready || !this.panel.visible || this.renders.busy || this.shownUri !== result.uri) {
      if (this.early !== undefined) this.early.changed = true;
      if (this.renders.busy) void this.renders.run();
      return;
    }
    // Made from another version than the page holds (one it never got): ask for what it needs.
    if (result.patch !== undefined && result.patch.baseVersion !== this.shownVersion) {
      void this.renderNow();
      return;
    }
    const message = this.messageOf(this.resourceUri, ++this.sequence, result);
    this.shownSequence = message.sequence;
    if (message.type === "patch" || message.wire !== undefined) this.shownVersion = message.version;
    this.post(message);
  }

  /**
   * The server analysed (and published) `version` of the shown document: cursor and scroll work
   * that waited for it runs now.
   */
  private analysed(version: number): void {
    this.analysedVersion = version;
    const waiting = [...this.awaitingAnalysis.values()];
    this.awaitingAnalysis.clear();
    for (const work of waiting) work();
  }

  /**
   * Runs `work` (which asks the server about `document`) once the server has analysed the
   * document's current version. The server answers pointer requests only for the current version,
   * and would analyse a pending edit ahead of its debounce to do so: while a label is being typed,
   * each cursor move would cost a whole analysis. Only the latest work of each kind waits.
   */
  private whenAnalysed(kind: "cursor" | "scroll", document: vscode.TextDocument, work: () => void): void {
    if (this.analysedVersion === document.version) work();
    else this.awaitingAnalysis.set(kind, () => (document.isClosed || this.disposed ? undefined : this.whenAnalysed(kind, document, work)));
  }

  /** The editor's cursor moved: highlight the nearest rendered element. */
  cursorMoved(editor: vscode.TextEditor): void {
    this.cursorThrottle.schedule(() => {
      if (this.disposed || editor.document.isClosed) return;
      this.whenAnalysed("cursor", editor.document, () => {
        void this.dependencies.pointers.pointerAt(editor.document, editor.selection.active).then((pointer) => {
          if (pointer !== undefined && !this.disposed) this.post({ type: "highlight", pointer, reveal: true });
        });
      });
    });
  }

  /** The editor scrolled: bring the element at its top line to the preview's top, unless we caused it. */
  editorScrolled(editor: vscode.TextEditor): void {
    const top = editor.visibleRanges[0]?.start.line;
    if (top === undefined) return;
    if (!this.editorScrolls.isUserScroll(editor, top)) return;
    this.scrollThrottle.schedule(() => {
      if (this.disposed || editor.document.isClosed) return;
      if (top === 0) {
        this.post({ type: "scrollTo", pointer: "" });
        return;
      }
      this.whenAnalysed("scroll", editor.document, () => {
        const line = editor.document.lineAt(Math.min(top, editor.document.lineCount - 1));
        void this.dependencies.pointers.pointerAt(editor.document, new vscode.Position(line.lineNumber, line.firstNonWhitespaceCharacterIndex)).then((found) => {
          if (found !== undefined && !this.disposed) this.post({ type: "scrollTo", pointer: found });
        });
      });
    });
  }

  /**
   * Highlights and scrolls to `pointer` once the current document is painted; `explain`: also
   * selects that cell and opens its "why" panel.
   */
  revealPointer(pointer: string, explain = false): void {
    if (this.ready && this.panel.visible && this.shownSequence === this.sequence && this.shownSequence > 0) this.post({ type: "highlight", pointer, reveal: true, explain });
    else this.pendingHighlight = { pointer, explain };
  }

  /**
   * A reveal that gives the editor the focus (Ctrl+click, Space) follows a press or key in the page,
   * which focused the page, and VS Code learns of that focus by polling (every 250 ms, in its
   * webview host): under load it can make the preview active
   * again just after the editor took the focus, and the user's next keys would go to the preview.
   * So the preview becoming active within REFOCUS_MS of a reveal gives the focus back to the editor,
   * unless the page was pressed since (a shift+click extending the selection, say: the user is
   * using the preview).
   */
  private refocusRevealed(): void {
    const revealed = this.revealed;
    this.revealed = undefined;
    if (revealed === undefined || revealed.presses !== this.presses || Date.now() - revealed.at > REFOCUS_MS) return;
    void focusEditor(revealed.editor);
  }

  private async receive(message: WebviewToExtension): Promise<void> {
    switch (message.type) {
      case "ready": {
        this.ready = true;
        this.readyDeadline.ready();
        const early = this.early;
        this.early = undefined;
        if (early !== undefined && early.uri === this.resourceUri.toString() && early.sequence === this.sequence) {
          // The page receives the model posted while it loaded right after this message, unless
          // VS Code discarded the page it went to (a webview released and claimed again while its
          // panel stayed visible): the page answers "expect" with "resync" then, never blank.
          this.shownSequence = early.sequence;
          this.shownUri = early.uri;
          this.shownVersion = early.version;
          this.post({ type: "expect", uri: early.uri, sequence: early.sequence });
          await this.afterFirstModel(this.resourceUri, early.sequence);
          if (early.changed) await this.renderNow();
          return;
        }
        this.shownUri = undefined;
        this.shownVersion = undefined;
        await this.renderNow();
        return;
      }
      case "painted":
        this.paintedUri = message.uri;
        if (message.uri === this.resourceUri.toString()) this.paintEmitter.fire(message.uri);
        return;
      case "pressed":
        this.presses++;
        return;
      case "pageFocus":
        this.staleFocus.pageFocus(message.focused);
        return;
      case "reveal": {
        this.revealOrder.revealAsked();
        const presses = this.presses;
        const revealed = await revealSource(this.resourceUri, message.pointer, this.dependencies.pointers, this.panel.viewColumn, message.focus);
        if (revealed === undefined) return;
        if (revealed.scrolled) this.editorScrolls.expect("any");
        // A source that follows a click leaves the focus in the grid: nothing to give back.
        if (!message.focus) return;
        // A press in the page since the click (even while the source was looked up) means the user went on in the preview.
        this.revealed = { editor: revealed.editor, at: Date.now(), presses };
        if (this.panel.active) this.refocusRevealed();
        return;
      }
      case "scrolled": {
        const editor = visibleEditorFor(this.resourceUri);
        if (editor === undefined) return;
        const stillWanted = this.revealOrder.scrollAsked();
        const line = await scrollEditorTo(editor, message.pointer, this.dependencies.pointers, stillWanted);
        // Not made when a click's reveal was asked for since: it keeps the clicked source in view.
        if (stillWanted()) this.editorScrolls.expect(line, revealContextLines(editor));
        return;
      }
      case "resync":
        // The page could not apply a patch, or lacks the model posted while it loaded: send the whole model.
        if (message.uri === this.shownUri) this.shownVersion = undefined;
        await this.renderNow();
        return;
      case "edit": {
        if (message.uri !== this.resourceUri.toString()) return;
        const outcome = await applyGridWrites(this.dependencies.server, this.resourceUri, message.writes, this.readOnly(this.resourceUri));
        this.post(outcome.written ? { type: "editResult", id: message.id, written: true, pointers: [] } : { type: "editResult", id: message.id, ...outcome });
        return;
      }
      case "undo":
        if (message.uri === this.resourceUri.toString() && this.readOnly(this.resourceUri) === undefined)
          await undoInDocument(this.resourceUri, message.redo ? "redo" : "undo", this.panel);
        return;
      case "explain": {
        // The server answers for exactly the model version the page holds (null once it is gone).
        if (message.uri !== this.resourceUri.toString()) return;
        let explanation: CellExplanation | null = null;
        try {
          explanation = await this.dependencies.server.cellExplanation(message.uri, message.version, message.pointer);
        } catch {
          // A server that is restarting answers nothing: the page keeps what it shows.
        }
        this.post({ type: "explanation", uri: message.uri, version: message.version, pointer: message.pointer, explanation });
        return;
      }
    }
  }

  /** One request at a time: a render asked for while one runs is done right after it. */
  private renderNow(): Promise<void> {
    return this.renders.run();
  }

  private async renderOnce(): Promise<void> {
    // A hidden webview is discarded; when shown again its script reloads and asks with "ready".
    if (!this.ready || this.disposed || !this.panel.visible) return;
    const sequence = ++this.sequence;
    const uri = this.resourceUri;
    const key = uri.toString();
    const base = this.shownUri === key ? this.shownVersion : undefined;
    const message = await this.modelMessage(uri, sequence, base);
    // The preview moved on to another document meanwhile.
    if (this.disposed || !this.isFor(uri)) return;
    const firstForDocument = this.shownUri !== key;
    this.shownSequence = sequence;
    this.shownUri = key;
    if (message.type === "patch" || message.wire !== undefined) this.shownVersion = message.version;
    else if (firstForDocument) this.shownVersion = undefined;
    this.post(message);
    if (firstForDocument || (this.pendingHighlight !== undefined && sequence === this.sequence)) await this.afterFirstModel(uri, sequence);
  }

  /** After the first model of a document (or a pending reveal): the element to mark. */
  private async afterFirstModel(uri: vscode.Uri, sequence: number): Promise<void> {
    const revealCursor = this.keptScroll.firstModel(uri.toString());
    if (this.pendingHighlight !== undefined && sequence === this.sequence) {
      this.post({ type: "highlight", pointer: this.pendingHighlight.pointer, reveal: true, explain: this.pendingHighlight.explain });
      this.pendingHighlight = undefined;
      return;
    }
    // A new or reloaded page, or one that follows to another document, shows where the editor's
    // cursor is. It scrolls there unless it restored its own scroll of this document (a page starts
    // at the top, wherever the cursor is: Ctrl+K V on a subtotal far down showed the balance sheet).
    const editor = visibleEditorFor(uri);
    const pointer = editor === undefined ? undefined : await this.dependencies.pointers.pointerAt(editor.document, editor.selection.active);
    if (pointer !== undefined) this.post({ type: "highlight", pointer, reveal: revealCursor });
  }

  /** A model message without a model: what every model message starts from. */
  private modelBase(uri: vscode.Uri, sequence: number) {
    return {
      type: "model",
      sequence,
      uri: uri.toString(),
      documentName: documentName(uri),
      locked: this.isLocked,
      numberFormat: numberFormat(uri),
      wire: undefined,
      version: undefined,
      status: undefined,
      readOnly: this.readOnly(uri),
    } as const;
  }

  private async modelMessage(uri: vscode.Uri, sequence: number, baseVersion: number | undefined): Promise<ModelMessage | PatchMessage> {
    const base = this.modelBase(uri, sequence);
    const held = baseVersion === undefined && this.prefetched?.uri === base.uri ? this.prefetched : undefined;
    this.prefetched = undefined;
    // An update while it is awaited asks again afterwards, which patches from its version.
    const prefetched = held === undefined ? undefined : await held.result;
    let result: PreviewModelResult | null;
    try {
      result = prefetched instanceof Error || prefetched === undefined ? await this.fetch(uri, baseVersion) : prefetched;
    } catch (error) {
      return { ...base, problem: vscode.l10n.t("The preview could not be rendered: {0}", error instanceof Error ? error.message : String(error)) };
    }
    if (result !== null && uri.toString() === this.resourceUri.toString()) this.analysed(result.version);
    return this.messageOf(uri, sequence, result);
  }

  /** The page's message for the server's answer or update `result` (null: not an FS document). */
  private messageOf(uri: vscode.Uri, sequence: number, result: PreviewModelResult | null): ModelMessage | PatchMessage {
    const base = this.modelBase(uri, sequence);
    if (result === null) {
      return { ...base, problem: vscode.l10n.t("This is not an FS document (or FS validation is turned off by the fs.enable setting).") };
    }
    if (result.patch !== undefined && result.modelVersion !== undefined) {
      return {
        type: "patch",
        sequence,
        uri: base.uri,
        status: result.status,
        problem: result.problem,
        baseVersion: result.patch.baseVersion,
        version: result.modelVersion,
        ops: result.patch.ops,
      };
    }
    // The whole model stays the server's JSON text, never parsed here: as bytes it crosses to the
    // page without VS Code serializing it again (protocol/webview.ts, ModelMessage.wire).
    const wire = result.wire === undefined ? undefined : new TextEncoder().encode(result.wire);
    return { ...base, status: result.status, problem: result.problem, wire, version: wire === undefined ? undefined : result.modelVersion };
  }

  private async fetch(uri: vscode.Uri, baseVersion: number | undefined): Promise<PreviewModelResult | null> {
    // Opening makes sure the server has the text (a restored preview may have no editor).
    const document = await vscode.workspace.openTextDocument(uri);
    const { server } = this.dependencies;
    if (server.holds(document)) return this.unrecognised.answer(() => server.previewModel(document.uri, baseVersion));
    const now = { uri: document.uri.toString(), version: document.version, text: () => document.getText() };
    return this.sentDocuments.model(now, baseVersion, (base, sent) => server.previewModel(document.uri, base, sent));
  }

  /** Why the grid cannot write to `uri` (gridEdits.ts); undefined when it can. */
  private readOnly(uri: vscode.Uri): string | undefined {
    return readOnlyReason(uri, this.dependencies.server.serves(uri));
  }

  /** Asks for the whole model of the shown document now, for the page that is still loading. */
  private prefetch(): void {
    const uri = this.resourceUri;
    // A failed prefetch is asked again when the page is ready (and reported then).
    const prefetched = { uri: uri.toString(), result: this.fetch(uri, undefined).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error)))) };
    this.prefetched = prefetched;
    if (!this.ready) void prefetched.result.then((result) => this.postEarly(prefetched, result));
  }

  /** Posts a prefetched whole model to the page that is still loading (see `early`). */
  private async postEarly(prefetched: NonNullable<PreviewPanel["prefetched"]>, result: PreviewModelResult | null | Error): Promise<void> {
    // Anything but a model (an error, no FS document) is reported the usual way once the page is ready.
    if (this.ready || this.disposed || !this.panel.visible || this.prefetched !== prefetched || result instanceof Error || result?.wire === undefined) return;
    const sequence = ++this.sequence;
    const message = await this.modelMessage(this.resourceUri, sequence, undefined);
    if (this.ready || this.disposed || message.type !== "model" || message.wire === undefined) return;
    this.early = { uri: message.uri, version: message.version, sequence, changed: false };
    void this.panel.webview.postMessage(message);
  }

  /** The number format setting changed. */
  optionsChanged(): void {
    this.post({ type: "options", numberFormat: numberFormat(this.resourceUri) });
  }

  private post(message: ExtensionToWebview): void {
    if (!this.disposed && this.ready) void this.panel.webview.postMessage(message);
  }

  private updateTitle(): void {
    const name = documentName(this.resourceUri);
    this.panel.title = this.isLocked ? vscode.l10n.t("[Preview] {0}", name) : vscode.l10n.t("Preview {0}", name);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.prefetched = undefined;
    this.cursorThrottle.cancel();
    this.scrollThrottle.cancel();
    this.disposeEmitter.fire();
    this.disposeEmitter.dispose();
    this.paintEmitter.dispose();
    this.stallEmitter.dispose();
    for (const subscription of this.subscriptions) subscription.dispose();
    this.panel.dispose();
  }
}
