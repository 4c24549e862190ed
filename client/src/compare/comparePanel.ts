// One changes view: NEW (an open FS document) against OLD (a text read once: a Git revision, the
// index, another file, a diff editor's left side). The server compares (fs/compareView, OLD sent
// once per session); this panel asks again after each analysis of NEW the server publishes, so
// the view follows edits like the preview, and reveals a clicked cell or row in NEW.

import * as vscode from "vscode";
import type { CompareViewResult } from "../../../protocol/lsp";
import { isCompareViewToExtension, type CompareModelMessage, type CompareViewToExtension, type ExtensionToCompareView } from "../../../protocol/webview";
import type { SourcePointers } from "../navigation/sourcePointers";
import { loadPage, numberFormat } from "../page/panel";
import { RenderLoop } from "../page/renderLoop";
import { revealSource } from "../preview/editorNavigation";
import { documentName } from "../preview/previewPanel";
import type { FsServer } from "../server/fsServer";
import { StaleFocusGuard } from "../page/staleFocusGuard";
import { createNonce } from "../util/nonce";
import { buildCompareShell } from "./shell";
import { CompareViewRequests } from "./viewRequests";

export const COMPARE_VIEW_TYPE = "fs.compare";

export interface CompareDependencies {
  extensionUri: vscode.Uri;
  server: FsServer;
  pointers: SourcePointers;
}

/** OLD: its text and its name in the title ("HEAD", "staged", "a1b2c3d", "other.fs.json"). */
export interface OldSide {
  text: string;
  name: string;
}

export class ComparePanel implements vscode.Disposable {
  private readonly session = createNonce(12);
  /** What the server has of the session, and the view the page holds. */
  private readonly requests: CompareViewRequests;
  private ready = false;
  private disposed = false;
  private sequence = 0;
  /** NEW's version the page shows; a status for it needs no new view. */
  private shownVersion: number | undefined;
  /** One request at a time (renderOnce). */
  private readonly renders = new RenderLoop(
    () => this.renderOnce(),
    () => this.disposed,
  );
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly staleFocus: StaleFocusGuard;
  private readonly disposeEmitter = new vscode.EventEmitter<void>();
  readonly onDidDispose = this.disposeEmitter.event;

  constructor(
    readonly panel: vscode.WebviewPanel,
    readonly newUri: vscode.Uri,
    private readonly old: OldSide,
    private readonly dependencies: CompareDependencies,
  ) {
    this.requests = new CompareViewRequests(this.session, old, documentName(newUri), (params) => dependencies.server.compareView(params));
    const { webview } = panel;
    this.staleFocus = new StaleFocusGuard(panel);
    panel.title = vscode.l10n.t("Changes {0} ↔ {1}", old.name, documentName(newUri));
    loadPage(
      webview,
      dependencies.extensionUri,
      "compare.js",
      buildCompareShell,
      (reason) => vscode.l10n.t("The changes view could not be shown: {0}", reason),
      () => this.disposed,
    );
    this.subscriptions.push(
      webview.onDidReceiveMessage((message: unknown) => {
        if (isCompareViewToExtension(message)) void this.receive(message);
      }),
      panel.onDidDispose(() => this.dispose()),
      // A click that reveals a cell gives the keyboard to the editor; VS Code's late report of the
      // page's focus must not take it back (page/staleFocusGuard.ts).
      this.staleFocus,
      panel.onDidChangeViewState(({ webviewPanel }) => {
        if (webviewPanel.active) this.staleFocus.activated();
      }),
      // The server published an analysis of NEW (after an edit): the view follows it.
      dependencies.server.onStatus((status) => {
        if (status.uri === newUri.toString() && status.version !== this.shownVersion) void this.render();
      }),
      // A NEW the server does not hold (a git: side) publishes no status: its own changes are followed.
      vscode.workspace.onDidChangeTextDocument(({ document }) => {
        if (document.uri.toString() === newUri.toString() && !dependencies.server.holds(document)) void this.render();
      }),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration("fs.preview.numberFormat", newUri)) this.post({ type: "options", numberFormat: numberFormat(newUri) });
      }),
    );
  }

  isFor(newUri: vscode.Uri, old: OldSide): boolean {
    return this.newUri.toString() === newUri.toString() && this.old.name === old.name && this.old.text === old.text;
  }

  private async receive(message: CompareViewToExtension): Promise<void> {
    if (message.type === "pageFocus") {
      this.staleFocus.pageFocus(message.focused);
      return;
    }
    if (message.type === "ready") {
      // A (re)loaded page holds nothing.
      this.ready = true;
      this.shownVersion = undefined;
      this.requests.pageEmptied();
      await this.render();
      return;
    }
    await revealSource(this.newUri, message.pointer, this.dependencies.pointers, this.panel.viewColumn, message.focus);
  }

  /** One request at a time: an update asked for while one runs is made right after it. */
  private render(): Promise<void> {
    return this.renders.run();
  }

  private async renderOnce(): Promise<void> {
    if (!this.ready || this.disposed) return;
    const sequence = ++this.sequence;
    let result: CompareViewResult | null;
    try {
      // Opening makes sure the server has NEW's text (a view restored without its editor).
      const document = await vscode.workspace.openTextDocument(this.newUri);
      const { server } = this.dependencies;
      result = await this.requests.view({ uri: document.uri.toString(), held: server.holds(document), version: () => document.version, text: () => document.getText() });
    } catch (error) {
      this.postModel(sequence, { problem: vscode.l10n.t("The changes view could not be shown: {0}", error instanceof Error ? error.message : String(error)) });
      return;
    }
    if (result === null) {
      this.postModel(sequence, { problem: vscode.l10n.t("This is not an FS document (or FS validation is turned off by the fs.enable setting).") });
      return;
    }
    this.shownVersion = result.version;
    this.postModel(sequence, result);
  }

  private postModel(sequence: number, result: Partial<CompareViewResult>): void {
    const message: CompareModelMessage = {
      type: "compareModel",
      sequence,
      uri: this.newUri.toString(),
      version: result.version,
      title: result.title ?? vscode.l10n.t("{0} → {1}", this.old.name, documentName(this.newUri)),
      summary: result.summary ?? "",
      problem: result.problem,
      // As bytes: VS Code carries them to the page without serializing them again (protocol/webview.ts).
      wire: result.wire === undefined ? undefined : new TextEncoder().encode(result.wire),
      patch: result.patch,
      marks: result.marks,
      numberFormat: numberFormat(this.newUri),
    };
    this.post(message);
  }

  private post(message: ExtensionToCompareView): void {
    if (!this.disposed && this.ready) void this.panel.webview.postMessage(message);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.dependencies.server.compareRelease(this.session);
    this.disposeEmitter.fire();
    this.disposeEmitter.dispose();
    for (const subscription of this.subscriptions) subscription.dispose();
    this.panel.dispose();
  }
}
