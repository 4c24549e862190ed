// VS Code's own JSON extension validates every json/jsonc document, FS documents included, so the
// syntax problems our server reports (shared/src/json/parse.ts) would each appear twice in the
// Problems panel: "Expected comma" from the built-in JSON and `invalid-json` from us. In VS Code,
// while the built-in JSON validates the document, its entry is the one kept and ours is dropped
// here; other LSP clients (and VS Code with `json.validate.enable` off or the JSON extension
// disabled) still get ours. See docs/design.md, "VS Code's JSON beside FS Documents".
//
// What the built-in JSON reports, and so what of ours it covers:
// - syntax errors, comments (json only) and trailing commas: our `invalid-json`;
// - "Duplicate object key" at every occurrence: our `duplicate-member`;
// - "End of file expected": our `trailing-content`.
// It has no nesting limit, so `nesting-too-deep` is always ours; in jsonc it accepts comments, so
// our "comments are not allowed" stays there (an FS document is JSON).

import * as vscode from "vscode";
import { openDocument } from "../util/openDocument";

const COVERED_CODES = new Set(["invalid-json", "duplicate-member", "trailing-content"]);
const JSON_EXTENSION_ID = "vscode.json-language-features";

function builtInValidates(document: vscode.TextDocument | undefined): boolean {
  if (document === undefined || (document.languageId !== "json" && document.languageId !== "jsonc")) return false;
  if (vscode.extensions.getExtension(JSON_EXTENSION_ID) === undefined) return false;
  return vscode.workspace.getConfiguration("json", document).get<boolean>("validate.enable", true);
}

function codeOf(diagnostic: vscode.Diagnostic): string | undefined {
  const { code } = diagnostic;
  if (typeof code === "string") return code;
  if (typeof code === "object" && code !== null && typeof code.value === "string") return code.value;
  return undefined;
}

/** Whether the built-in JSON reports the same problem as our diagnostic (so ours is dropped). */
export function coveredByBuiltInJson(document: vscode.TextDocument, diagnostic: vscode.Diagnostic): boolean {
  const code = codeOf(diagnostic);
  if (code === undefined || !COVERED_CODES.has(code)) return false;
  if (document.languageId === "jsonc" && code === "invalid-json" && document.getText(diagnostic.range).startsWith("/")) return false;
  return true;
}

type Publish = (uri: vscode.Uri, diagnostics: vscode.Diagnostic[]) => void;

/** Our last diagnostics per document, unfiltered, to filter again when `json.validate.enable` changes. */
const published = new Map<string, { uri: vscode.Uri; diagnostics: vscode.Diagnostic[]; next: Publish }>();
let settingsListener: vscode.Disposable | undefined;

function publish(uri: vscode.Uri, diagnostics: vscode.Diagnostic[], next: Publish): void {
  const document = openDocument(uri);
  if (diagnostics.length === 0) published.delete(uri.toString());
  else published.set(uri.toString(), { uri, diagnostics, next });
  if (document === undefined || !builtInValidates(document)) next(uri, diagnostics);
  else
    next(
      uri,
      diagnostics.filter((diagnostic) => !coveredByBuiltInJson(document, diagnostic)),
    );
}

function listenToSettings(): void {
  settingsListener ??= vscode.workspace.onDidChangeConfiguration((event) => {
    if (!event.affectsConfiguration("json.validate.enable")) return;
    for (const { uri, diagnostics, next } of [...published.values()]) publish(uri, diagnostics, next);
  });
}

/** Hands `next` our diagnostics of `uri` less those the built-in JSON already shows (again when `json.validate.enable` changes). */
export function filterBuiltInJsonOverlap(uri: vscode.Uri, diagnostics: vscode.Diagnostic[], next: Publish): void {
  listenToSettings();
  publish(uri, diagnostics, next);
}
