// Code lenses near what the editors show (fs/codeLenses, protocol/lsp.ts). VS Code keeps a view
// zone for every code lens it is given and moves all of them after each keystroke, so on a document
// with many subtotals this middleware asks the server for the lenses of the visible lines with a
// margin (lensWindows.ts) instead of every lens, and asks VS Code to ask again once an editor has
// scrolled out of those lines. Small documents get every lens, as before. A document no editor
// shows (vscode.executeCodeLensProvider) gets the standard request's whole list.

import * as vscode from "vscode";
import { CodeLensRequest, type BaseLanguageClient, type Middleware, type ProvideCodeLensesSignature } from "vscode-languageclient";
import { CodeLensesRequest, type LineWindow } from "../../../protocol/lsp";
import { covers, lensWindows } from "./lensWindows";

/** Scroll events closer together than this ask once. */
const REFRESH_DELAY_MS = 100;

function viewsOf(document: vscode.TextDocument): LineWindow[] {
  const key = document.uri.toString();
  return vscode.window.visibleTextEditors
    .filter((editor) => editor.document.uri.toString() === key)
    .flatMap((editor) => editor.visibleRanges.map((range) => ({ start: range.start.line, end: range.end.line })));
}

export class VisibleCodeLenses implements vscode.Disposable {
  /** The lines each document's last answer covered, while lenses outside them were left out. */
  private readonly covered = new Map<string, LineWindow[]>();
  private readonly refreshes = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly subscriptions: vscode.Disposable[];

  readonly middleware: Pick<Middleware, "provideCodeLenses"> = {
    provideCodeLenses: (document, token, next) => this.provide(document, token, next),
  };

  constructor(private readonly client: () => BaseLanguageClient | undefined) {
    this.subscriptions = [
      vscode.window.onDidChangeTextEditorVisibleRanges(({ textEditor }) => this.scrolled(textEditor.document)),
      vscode.workspace.onDidCloseTextDocument((document) => this.forget(document.uri.toString())),
    ];
  }

  private async provide(document: vscode.TextDocument, token: vscode.CancellationToken, next: ProvideCodeLensesSignature): Promise<vscode.CodeLens[] | null | undefined> {
    const client = this.client();
    const views = viewsOf(document);
    if (client === undefined || views.length === 0) return next(document, token);
    const key = document.uri.toString();
    const lines = lensWindows(views, document.lineCount);
    let result;
    try {
      result = await client.sendRequest(CodeLensesRequest, { uri: key, lines }, token);
    } catch (error) {
      return client.handleFailedRequest(CodeLensesRequest, token, error, null);
    }
    if (result === null || token.isCancellationRequested) return null;
    if (result.windowed) this.covered.set(key, lines);
    else this.covered.delete(key);
    return client.protocol2CodeConverter.asCodeLenses(result.lenses, token);
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
        this.client()?.getFeature(CodeLensRequest.method).getProvider(document)?.onDidChangeCodeLensEmitter.fire();
      }, REFRESH_DELAY_MS),
    );
  }

  private forget(key: string): void {
    clearTimeout(this.refreshes.get(key));
    this.refreshes.delete(key);
    this.covered.delete(key);
  }

  dispose(): void {
    for (const timer of this.refreshes.values()) clearTimeout(timer);
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
