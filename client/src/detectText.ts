// The shape test of FS detection (shared/src/detect.ts) on a document's text, from its top-level
// members only. jsonc-parser's scanner reads the members one token at a time and stops as soon as
// they decide: an FS document names its $schema and characteristic members first, so a
// multi-megabyte statement is recognised from its first few hundred bytes. A full parse of the
// text (what this replaced) built the whole value on the extension host's thread: ~0.3 s at 5 MB.

import { createScanner } from "jsonc-parser";
import { isFsDocumentValue, mightBeFsDocument } from "../../shared/src/detect";

// jsonc-parser declares its token kinds as a const enum, which isolated modules cannot read.
const SyntaxKind = {
  OpenBraceToken: 1,
  CloseBraceToken: 2,
  OpenBracketToken: 3,
  CloseBracketToken: 4,
  CommaToken: 5,
  ColonToken: 6,
  StringLiteral: 10,
  LineCommentTrivia: 12,
  BlockCommentTrivia: 13,
  LineBreakTrivia: 14,
  Trivia: 15,
  EOF: 17,
} as const;

/** Whether the top-level members seen so far make an FS document (the same rule as on a parsed value). */
function decided(members: Record<string, unknown>): boolean {
  return isFsDocumentValue(members);
}

export function isFsDocumentText(text: string): boolean {
  if (!mightBeFsDocument(text)) return false;
  return topLevel(text) === "fs";
}

/**
 * The test on the start of a text (its first `prefix.length` characters, `whole` when that is all
 * of it): true or false when the start decides, undefined when the top level goes on past it.
 * The extension host reads a large document's first 64 KiB (client/src/detection.ts) instead of
 * joining its whole text, which a 5 MB document costs tens of milliseconds on every open.
 */
export function isFsDocumentStart(prefix: string, whole: boolean): boolean | undefined {
  if (whole) return isFsDocumentText(prefix);
  const verdict = topLevel(prefix);
  return verdict === "fs" ? true : verdict === "not" ? false : undefined;
}

/** "fs" once the top-level members decide; "not" when the text is no object or its object ends without; "open" when the text ends inside it. */
function topLevel(text: string): "fs" | "not" | "open" {
  const scanner = createScanner(text, false);
  const next = (): number => {
    let kind: number = scanner.scan();
    while (kind === SyntaxKind.Trivia || kind === SyntaxKind.LineBreakTrivia || kind === SyntaxKind.LineCommentTrivia || kind === SyntaxKind.BlockCommentTrivia)
      kind = scanner.scan();
    return kind;
  };
  const first = next();
  if (first === SyntaxKind.EOF) return "open";
  if (first !== SyntaxKind.OpenBraceToken) return "not";
  // Top-level member names (and the $schema string), in a null-prototype record: "__proto__" is data.
  const members: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  let depth = 1;
  let expectKey = true;
  for (let kind = next(); kind !== SyntaxKind.EOF; kind = next()) {
    if (depth === 1 && expectKey && kind === SyntaxKind.StringLiteral) {
      const key = scanner.getTokenValue();
      expectKey = false;
      if (next() !== SyntaxKind.ColonToken) continue;
      const value = next();
      members[key] = key === "$schema" && value === SyntaxKind.StringLiteral ? scanner.getTokenValue() : true;
      if (decided(members)) return "fs";
      kind = value;
    }
    if (kind === SyntaxKind.OpenBraceToken || kind === SyntaxKind.OpenBracketToken) depth++;
    else if (kind === SyntaxKind.CloseBraceToken || kind === SyntaxKind.CloseBracketToken) {
      depth--;
      if (depth === 0) return "not";
    } else if (kind === SyntaxKind.CommaToken && depth === 1) expectKey = true;
  }
  // The text ended inside the top level: in a whole text that is broken JSON, judged by what it named.
  return decided(members) ? "fs" : "open";
}
