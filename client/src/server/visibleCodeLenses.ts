// FS Documents' code lens provider, registered when the extension activates (not by the language
// client after the server's initialize): VS Code asks a newly registered provider for a document's
// lenses only after its debounce (375 ms in a new window), counted from the registration, so a
// provider registered with the client made the first lens of a window's first FS document wait for
// the server's start and then for that debounce; registered early, the debounce runs while the
// server starts, and the request waits for the start (FsInitializationOptions.ownCodeLensProvider:
// the server then does not advertise a provider of its own for the client to register).
//
// Code lenses near what the editors show (fs/codeLenses, protocol/lsp.ts): VS Code keeps a view
// zone for every code lens it is given and moves all of them after each keystroke, so on a document
// with many subtotals this provider asks the server for the lenses of the visible lines with a
// margin (lensWindows.ts) instead of every lens, and asks VS Code to ask again once an editor has
// scrolled out of those lines. Small documents get every lens, as before. A document no editor
// shows (vscode.executeCodeLensProvider) gets the standard request's whole list.
//
// The lenses on the lines shown come resolved (fs/codeLenses' `resolved`): VS Code draws a lens
// without a command only after its resolve debounce and a codeLens/resolve round trip.

import * as vscode from "vscode";
import { CodeLensRequest, CodeLensResolveRequest, type BaseLanguageClient } from "vscode-languageclient";
import { CodeLensesRequest, type LineWindow } from "../../../protocol/lsp";
import { covers, lensWindows, shownWindows } from "./lensWindows";
import { markOnce } from "../util/marks";

/** Scroll events closer together than this ask once. */
const REFRESH_DELAY_MS = 100;

function viewsOf(document: vscode.TextDocument): LineWindow[] {
  const key = document.uri.toString();
  return vscode.window.visibleTextEditors
    .filter((editor) => editor.document.uri.toString() === key)
    .flatMap((editor) => editor.visibleRanges.map((range) => ({ start: range.start.line, end: range.end.line })));
}

/** What the provider needs of the server connection (FsServer). */
export interface LensServer {
  /** The client to ask for `document`'s lenses once the server runs (started for an FS document); undefined: none to ask. */
  clientFor(document: vscode.TextDocument): Promise<BaseLanguageClient | undefined>;
  /** The running server's client, if any (a lens to resolve came from it). */
  running(): BaseLanguageClient | undefined;
}

export class VisibleCodeLenses implements vscode.CodeLensProvider, vscode.Disposable {
  /** The lines each document's last answer covered, while lenses outside them were left out. */
  private readonly covered = new Map<string, LineWindow[]>();
  private readonly refreshes = new Map<string, ReturnType<typeof setTimeout>>();
  /** Documents whose last request got no lenses (the server not running for them yet, or not holding them): asked again once analysed. */
  private readonly unanswered = new Set<string>();
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly server: LensServer) {
    this.subscriptions = [
      vscode.window.onDidChangeTextEditorVisibleRanges(({ textEditor }) => this.scrolled(textEditor.document)),
      vscode.workspace.onDidCloseTextDocument((document) => this.forget(document.uri.toString())),
    ];
  }

  async provideCodeLenses(document: vscode.TextDocument, token: vscode.CancellationToken): Promise<vscode.CodeLens[] | null | undefined> {
    markOnce("fs/codeLens/provide");
    const key = document.uri.toString();
    const client = await this.server.clientFor(document).catch(() => undefined);
    if (token.isCancellationRequested) return null;
    if (client === undefined) {
      this.unanswered.add(key);
      return null;
    }
    markOnce("fs/codeLens/asked");
    const lenses = await this.ask(client, document, token);
    if (lenses === null && !token.isCancellationRequested) this.unanswered.add(key);
    else this.unanswered.delete(key);
    markOnce("fs/codeLens/answered");
    return lenses;
  }

  private async ask(client: BaseLanguageClient, document: vscode.TextDocument, token: vscode.CancellationToken): Promise<vscode.CodeLens[] | null | undefined> {
    const views = viewsOf(document);
    const key = document.uri.toString();
    try {
      if (views.length === 0) {
        this.covered.delete(key);
        const whole = await client.sendRequest(CodeLensRequest.type, client.code2ProtocolConverter.asCodeLensParams(document), token);
        return token.isCancellationRequested ? null : client.protocol2CodeConverter.asCodeLenses(whole, token);
      }
      const lines = lensWindows(views, document.lineCount);
      const result = await client.sendRequest(CodeLensesRequest, { uri: key, lines, resolved: shownWindows(views) }, token);
      if (result === null || token.isCancellationRequested) return null;
      if (result.windowed) this.covered.set(key, lines);
      else this.covered.delete(key);
      return client.protocol2CodeConverter.asCodeLenses(result.lenses, token);
    } catch (error) {
      return client.handleFailedRequest(CodeLensesRequest, token, error, null);
    }
  }

  async resolveCodeLens(lens: vscode.CodeLens, token: vscode.CancellationToken): Promise<vscode.CodeLens> {
    const client = this.server.running();
    if (client === undefined) return lens;
    try {
      const resolved = await client.sendRequest(CodeLensResolveRequest.type, client.code2ProtocolConverter.asCodeLens(lens), token);
      return token.isCancellationRequested ? lens : client.protocol2CodeConverter.asCodeLens(resolved);
    } catch (error) {
      return client.handleFailedRequest(CodeLensResolveRequest.type, token, error, lens);
    }
  }

  /**
   * The server published `uri`'s analysis (fs/status): VS Code asks again for its lenses if its last
   * request got none, as it would not by itself (it asked before the server ran, or held the document).
   */
  analysed(uri: string): void {
    if (this.unanswered.delete(uri)) this.changed.fire();
  }

  /** The server's workspace/codeLens/refresh: VS Code asks for every document's lenses again. */
  refresh(): void {
    this.changed.fire();
  }

  private scrolled(document: vscode.TextDocument): void {
    const key = document.uri.toString();
    const covered = this.covered.get(key);
    if (covered === undefined || this.refreshes.has(key) || covers(covered, viewsOf(document))) return;
    this.refreshes.set(
      key,
      setTimeout(() => {
        this.refreshes.delete(key);
        // The provider's own change event: VS Code asks for the lenses again (after its debounce).
        this.changed.fire();
      }, REFRESH_DELAY_MS),
    );
  }

  private forget(key: string): void {
    clearTimeout(this.refreshes.get(key));
    this.refreshes.delete(key);
    this.covered.delete(key);
    this.unanswered.delete(key);
  }

  dispose(): void {
    for (const timer of this.refreshes.values()) clearTimeout(timer);
    for (const subscription of this.subscriptions) subscription.dispose();
    this.changed.dispose();
  }
}
