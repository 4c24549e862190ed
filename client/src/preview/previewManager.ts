// All open previews: opening (reusing the following preview, or a locked preview of the same
// document), following the active FS editor, routing editor events to the previews of their
// document, locking, and restoring previews after a reload.

import * as vscode from "vscode";
import type { FsDocumentDetector } from "../detection";
import { asPreviewState } from "../../../protocol/webview";
import { pageWebviewOptions } from "../page/panel";
import { keepsLeftSide } from "./diffTabRule";
import { openDiffs } from "./diffTabs";
import { PREVIEW_VIEW_TYPE, PreviewPanel, documentName, type PreviewDependencies } from "./previewPanel";
import { previewColumn } from "./previewColumn";

export class PreviewManager implements vscode.Disposable, vscode.WebviewPanelSerializer {
  private readonly previews = new Set<PreviewPanel>();
  private active: PreviewPanel | undefined;
  /** Previews opened on a diff's left side, while they show it (open). */
  private readonly onLeftSide = new Set<PreviewPanel>();
  private readonly subscriptions: vscode.Disposable[];
  /** A preview's page drew a document's tables (its uri), the first time it drew that document's. */
  private readonly paintEmitter = new vscode.EventEmitter<string>();

  constructor(
    private readonly dependencies: PreviewDependencies,
    private readonly detector: FsDocumentDetector,
  ) {
    this.subscriptions = [
      vscode.workspace.onDidChangeTextDocument(({ document, contentChanges }) => {
        if (contentChanges.length > 0) for (const preview of this.previewsOf(document.uri)) preview.documentChanged(document);
      }),
      vscode.window.onDidChangeActiveTextEditor((editor) => this.follow(editor)),
      // A file that becomes an FS document while it is being typed: follow it once it is detected.
      detector.onDidDetect((document) => {
        const editor = vscode.window.activeTextEditor;
        if (editor !== undefined && editor.document.uri.toString() === document.uri.toString()) this.follow(editor);
      }),
      vscode.workspace.onDidChangeConfiguration((change) => {
        if (change.affectsConfiguration("fs.preview.numberFormat")) for (const preview of this.previews) preview.optionsChanged();
      }),
      vscode.window.onDidChangeTextEditorSelection(({ textEditor }) => {
        for (const preview of this.previewsOf(textEditor.document.uri)) preview.cursorMoved(textEditor);
      }),
      vscode.window.onDidChangeTextEditorVisibleRanges(({ textEditor }) => {
        for (const preview of this.previewsOf(textEditor.document.uri)) preview.editorScrolled(textEditor);
      }),
      // An untitled document that closes is gone (its name is given to the next new one): its
      // previews close with it, and never show another document under its name.
      vscode.workspace.onDidCloseTextDocument((document) => {
        if (document.uri.scheme === "untitled") queueMicrotask(() => this.closeIfGone(document.uri));
      }),
      dependencies.server.onStatus((status) => {
        for (const preview of this.previews) if (preview.resource.toString() === status.uri) preview.statusPublished();
      }),
      dependencies.server.onPreviewUpdate((update) => {
        for (const preview of this.previews) if (preview.resource.toString() === update.uri) preview.previewUpdated(update);
      }),
    ];
  }

  /**
   * The document a command without an argument means: the active FS editor's, else the focused
   * preview's, else, while an editor that is no text editor has the focus (the walkthrough, whose
   * buttons run these commands), the FS document shown beside it.
   */
  activeResource(): vscode.Uri | undefined {
    const editor = vscode.window.activeTextEditor;
    if (editor !== undefined && this.detector.isFsDocument(editor.document)) return editor.document.uri;
    if (this.active?.panel.active === true) return this.active.resource;
    if (editor !== undefined) return undefined;
    return vscode.window.visibleTextEditors.find((visible) => this.detector.isFsDocument(visible.document))?.document.uri;
  }

  /** Where a new preview goes (previewColumn.ts says why it is a concrete column where it can be). */
  private columnFor(uri: vscode.Uri, toSide: boolean): vscode.ViewColumn {
    const active = vscode.window.activeTextEditor;
    const source = vscode.window.visibleTextEditors.find((visible) => visible.document.uri.toString() === uri.toString());
    const column = previewColumn(toSide, { active: active?.viewColumn, textEditorActive: active !== undefined, source: source?.viewColumn });
    return column === "beside" ? vscode.ViewColumn.Beside : column === "active" ? vscode.ViewColumn.Active : column;
  }

  /**
   * Opens (or shows) the preview of `uri`. Asked for a diff's left side (FS: Open Preview of the Left
   * Side, or the left editor's Open Preview), it keeps that side while the focus moves between the
   * diff's sides.
   */
  open(uri: vscode.Uri, toSide: boolean): PreviewPanel {
    const preview = this.openPanel(uri, toSide);
    if (openDiffs().some((diff) => diff.original === uri.toString())) this.onLeftSide.add(preview);
    return preview;
  }

  private openPanel(uri: vscode.Uri, toSide: boolean): PreviewPanel {
    const column = this.columnFor(uri, toSide);
    const existing = [...this.previews].find((preview) => preview.isFor(uri)) ?? [...this.previews].find((preview) => !preview.locked);
    if (existing !== undefined) {
      this.showIn(existing, uri);
      existing.panel.reveal(toSide ? existing.panel.viewColumn : column, toSide);
      return existing;
    }
    const panel = vscode.window.createWebviewPanel(
      PREVIEW_VIEW_TYPE,
      vscode.l10n.t("Preview {0}", documentName(uri)),
      { viewColumn: column, preserveFocus: toSide },
      { ...pageWebviewOptions(), enableFindWidget: false },
    );
    const follow = vscode.workspace.getConfiguration("fs", uri).get<boolean>("preview.follow", true);
    return this.track(new PreviewPanel(panel, uri, !follow, this.dependencies));
  }

  /**
   * Resolves once a preview's page has drawn the tables of `uri` (at once if one shows them): a
   * preview whose page never loaded is not "opened" for the walkthrough.
   */
  whenPainted(uri: vscode.Uri): Promise<void> {
    if ([...this.previews].some((preview) => preview.hasPainted(uri))) return Promise.resolve();
    return new Promise((resolve) => {
      const listener = this.paintEmitter.event((painted) => {
        if (painted !== uri.toString()) return;
        listener.dispose();
        resolve();
      });
    });
  }

  /**
   * A visible preview whose page never said "ready" (readyDeadline.ts): a new panel in its place
   * (its column, the same document and lock), and the stalled one closed. The new one takes the
   * keyboard only if the stalled one had it.
   */
  private reopen(stalled: PreviewPanel): void {
    const panel = vscode.window.createWebviewPanel(
      PREVIEW_VIEW_TYPE,
      stalled.panel.title,
      { viewColumn: stalled.panel.viewColumn ?? vscode.ViewColumn.Active, preserveFocus: !stalled.panel.active },
      { ...pageWebviewOptions(), enableFindWidget: false },
    );
    const fresh = this.track(new PreviewPanel(panel, stalled.resource, stalled.locked, this.dependencies, stalled.reopened + 1));
    if (this.onLeftSide.has(stalled)) this.onLeftSide.add(fresh);
    stalled.dispose();
  }

  /** fs.revealInPreview: open the document's preview and mark the element nearest to `pointer`. */
  reveal(uri: vscode.Uri, pointer: string): void {
    this.open(uri, true).revealPointer(pointer);
  }

  /** fs.explainRollup: open the document's preview beside, the keyboard left where it is, with the subtotal cell at `pointer` selected and its "why" panel open. */
  explain(uri: vscode.Uri, pointer: string): void {
    this.open(uri, true).revealPointer(pointer, true);
  }

  toggleLock(): void {
    const preview = [...this.previews].find((candidate) => candidate.panel.active) ?? this.active;
    if (preview === undefined) return;
    preview.setLocked(!preview.locked);
    if (!preview.locked) this.follow(vscode.window.activeTextEditor);
  }

  async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: unknown): Promise<void> {
    const restored = asPreviewState(state);
    if (restored === undefined) {
      panel.dispose();
      return;
    }
    this.track(new PreviewPanel(panel, vscode.Uri.parse(restored.uri, true), restored.locked, this.dependencies, 0, true));
  }

  private track(preview: PreviewPanel): PreviewPanel {
    this.previews.add(preview);
    this.active = preview;
    const viewState = preview.panel.onDidChangeViewState(({ webviewPanel }) => {
      if (webviewPanel.active) this.active = preview;
    });
    const painted = preview.onDidPaint((uri) => this.paintEmitter.fire(uri));
    const stalled = preview.onDidStall(() => this.reopen(preview));
    preview.onDidDispose(() => {
      viewState.dispose();
      painted.dispose();
      stalled.dispose();
      this.previews.delete(preview);
      this.onLeftSide.delete(preview);
      if (this.active === preview) this.active = undefined;
      this.releaseIfUnshown(preview.resource);
    });
    return preview;
  }

  /**
   * Closes the previews of `uri` unless a document of that name is open again: a change of
   * language closes a document and opens it again in the same batch of editor events, before this
   * microtask.
   */
  private closeIfGone(uri: vscode.Uri): void {
    if (vscode.workspace.textDocuments.some((document) => document.uri.toString() === uri.toString())) return;
    for (const preview of this.previewsOf(uri)) preview.panel.dispose();
  }

  private follow(editor: vscode.TextEditor | undefined): void {
    if (editor === undefined || !this.detector.isFsDocument(editor.document)) return;
    const uri = editor.document.uri;
    const diffs = openDiffs();
    for (const preview of this.previews) {
      const kept = this.onLeftSide.has(preview) && keepsLeftSide(preview.resource.toString(), uri.toString(), diffs);
      if (!preview.locked && !kept) this.showIn(preview, uri);
    }
  }

  private showIn(preview: PreviewPanel, uri: vscode.Uri): void {
    const previous = preview.resource;
    if (previous.toString() !== uri.toString()) this.onLeftSide.delete(preview);
    preview.show(uri);
    if (previous.toString() !== uri.toString()) this.releaseIfUnshown(previous);
  }

  /** The server keeps a document's preview model, and sends its updates, only while a preview shows it. */
  private releaseIfUnshown(uri: vscode.Uri): void {
    if (this.previewsOf(uri).length === 0) this.dependencies.server.releasePreview(uri.toString());
  }

  private previewsOf(uri: vscode.Uri): PreviewPanel[] {
    return [...this.previews].filter((preview) => preview.isFor(uri));
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    for (const preview of [...this.previews]) preview.dispose();
    this.paintEmitter.dispose();
  }
}
