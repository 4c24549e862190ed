// Which open JSON documents are FS documents, by the rule the language server uses too
// (shared/src/detect.ts): a `*.fs.json` name, an `fs.files` pattern, or the shape of the text (a
// text search confirmed by a scan of the top-level members, detectText.ts). The extension activates for every
// JSON file, so the check is cheap. Once a document is seen as an FS document it stays one until
// it is closed, so a half-typed edit does not make the preview and status flicker away.

import * as vscode from "vscode";
import { isFsDocumentByName } from "../../shared/src/detect";
import { isFsDocumentStart, isFsDocumentText } from "./detectText";
import { markOnce } from "./util/marks";

const JSON_LANGUAGES: ReadonlySet<string> = new Set(["json", "jsonc"]);

/** The fs.files patterns that apply to a document (a resource setting: folders may differ). */
export function filePatterns(uri: vscode.Uri): readonly string[] {
  const patterns = vscode.workspace.getConfiguration("fs", uri).get<unknown>("files");
  return Array.isArray(patterns) ? patterns.filter((pattern): pattern is string => typeof pattern === "string") : [];
}
/** How long typing pauses before an unknown document's text is searched again. */
const RECHECK_DELAY_MS = 400;
/** Characters read first: an FS document names its characteristic members at its start. */
const START_CHARACTERS = 64 * 1024;

/**
 * The shape test without joining a large document's whole text on the extension host (tens of
 * milliseconds at 5 MB, on every open): its start first, the whole only when the top level goes on.
 */
function hasFsShape(document: vscode.TextDocument): boolean {
  const end = document.positionAt(START_CHARACTERS);
  const whole = end.isEqual(document.lineAt(document.lineCount - 1).range.end);
  const verdict = isFsDocumentStart(document.getText(new vscode.Range(new vscode.Position(0, 0), end)), whole);
  return verdict ?? isFsDocumentText(document.getText());
}

export class FsDocumentDetector implements vscode.Disposable {
  private readonly known = new Set<string>();
  /** Versions already found not to be FS documents, so unchanged text is not searched twice. */
  private readonly rejected = new Map<string, number>();
  private readonly detected = new vscode.EventEmitter<vscode.TextDocument>();
  /** Fires once per document, when it is first seen to be an FS document. */
  readonly onDidDetect = this.detected.event;
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly rechecks = new Map<string, ReturnType<typeof setTimeout>>();

  constructor() {
    this.subscriptions.push(
      this.detected,
      vscode.workspace.onDidOpenTextDocument((document) => this.check(document)),
      vscode.workspace.onDidChangeTextDocument(({ document }) => this.scheduleRecheck(document)),
      vscode.workspace.onDidCloseTextDocument((document) => this.forget(document.uri)),
      vscode.workspace.onDidChangeConfiguration((change) => {
        // New patterns may name documents that were not FS documents before.
        if (!change.affectsConfiguration("fs.files")) return;
        this.rejected.clear();
        this.scanOpenDocuments();
      }),
    );
  }

  /** Checks the documents that were open before the extension activated. */
  scanOpenDocuments(): void {
    for (const document of vscode.workspace.textDocuments) this.check(document);
  }

  isFsDocument(document: vscode.TextDocument): boolean {
    return this.check(document);
  }

  /** Re-checks a document that is not yet known after its text changed (e.g. a new file being typed). */
  check(document: vscode.TextDocument): boolean {
    const key = document.uri.toString();
    if (this.known.has(key)) return true;
    if (!JSON_LANGUAGES.has(document.languageId)) return false;
    if (this.rejected.get(key) === document.version) return false;
    const isFs = isFsDocumentByName(document.uri.path, filePatterns(document.uri)) || hasFsShape(document);
    if (!isFs) {
      this.rejected.set(key, document.version);
      return false;
    }
    this.rejected.delete(key);
    this.known.add(key);
    markOnce("fs/document/detected");
    this.detected.fire(document);
    return true;
  }

  private scheduleRecheck(document: vscode.TextDocument): void {
    const key = document.uri.toString();
    if (this.known.has(key) || !JSON_LANGUAGES.has(document.languageId)) return;
    clearTimeout(this.rechecks.get(key));
    this.rechecks.set(
      key,
      setTimeout(() => {
        this.rechecks.delete(key);
        if (!document.isClosed) this.check(document);
      }, RECHECK_DELAY_MS),
    );
  }

  private forget(uri: vscode.Uri): void {
    const key = uri.toString();
    clearTimeout(this.rechecks.get(key));
    this.rechecks.delete(key);
    this.known.delete(key);
    this.rejected.delete(key);
  }

  dispose(): void {
    for (const timer of this.rechecks.values()) clearTimeout(timer);
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
