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

import type * as vscode from "vscode";

const COVERED_CODES = new Set(["invalid-json", "duplicate-member", "trailing-content"]);
/** The built-in JSON's extension: while it is installed and enabled, and `json.validate.enable` is on, it validates json and jsonc. */
export const JSON_EXTENSION_ID = "vscode.json-language-features";

/** What the filter reads of a document. */
export type FilteredDocument = Pick<vscode.TextDocument, "languageId" | "getText">;

function codeOf(diagnostic: vscode.Diagnostic): string | undefined {
  const { code } = diagnostic;
  if (typeof code === "string") return code;
  if (typeof code === "object" && code !== null && typeof code.value === "string") return code.value;
  return undefined;
}

/** Whether the built-in JSON reports the same problem as our diagnostic (so ours is dropped). */
export function coveredByBuiltInJson(document: FilteredDocument, diagnostic: vscode.Diagnostic): boolean {
  const code = codeOf(diagnostic);
  if (code === undefined || !COVERED_CODES.has(code)) return false;
  if (document.languageId === "jsonc" && code === "invalid-json" && document.getText(diagnostic.range).startsWith("/")) return false;
  return true;
}

/**
 * Our diagnostics of a document less those the built-in JSON shows. `document`: the document as VS
 * Code has it open (undefined: not open, e.g. read ahead, and the built-in JSON shows nothing of
 * it); `builtInValidates`: the JSON extension is there and `json.validate.enable` is on for it.
 */
export function withoutBuiltInJsonOverlap<T extends vscode.Diagnostic>(document: FilteredDocument | undefined, builtInValidates: boolean, diagnostics: readonly T[]): readonly T[] {
  if (document === undefined || !builtInValidates || (document.languageId !== "json" && document.languageId !== "jsonc")) return diagnostics;
  return diagnostics.some((diagnostic) => coveredByBuiltInJson(document, diagnostic))
    ? diagnostics.filter((diagnostic) => !coveredByBuiltInJson(document, diagnostic))
    : diagnostics;
}
