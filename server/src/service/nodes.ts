// Parse-tree helpers shared by the editing features: ranges of nodes, the member node around a
// key, pointers of nodes, and which id occurrence sits under the cursor. Every range comes from a
// jsonc-parser node, never from searching the text.

import type { Node } from "jsonc-parser";
import type { Range } from "vscode-languageserver-protocol";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { pointer, type Occurrence } from "../../../shared/src/index";
import type { ParsedVersion } from "../analysis";

export function nodeRange(document: TextDocument, node: Node): Range {
  return { start: document.positionAt(node.offset), end: document.positionAt(node.offset + node.length) };
}

/** The characters between a string node's quotes. */
export function contentRange(document: TextDocument, node: Node): Range {
  return { start: document.positionAt(node.offset + 1), end: document.positionAt(node.offset + Math.max(node.length - 1, 1)) };
}

/** Is `node` the name of a member (rather than a value)? */
export function isKeyNode(node: Node): boolean {
  return node.parent?.type === "property" && node.parent.children?.[0] === node;
}

/** The member name node of the member whose value is `value`. */
export function keyOf(value: Node): Node | undefined {
  return value.parent?.type === "property" ? value.parent.children?.[0] : undefined;
}

/** The string node carrying an occurrence: the value itself, or the member name for a key. */
export function occurrenceNode(good: ParsedVersion, occurrence: Occurrence): Node | undefined {
  const value = good.locator.node(occurrence.pointer);
  if (value === undefined) return undefined;
  const node = occurrence.mark === "key" ? keyOf(value) : value;
  return node?.type === "string" ? node : undefined;
}

/** The id occurrence whose string contains `offset`, in the analysed text. */
export function occurrenceAt(good: ParsedVersion, offset: number): { occurrence: Occurrence; node: Node } | undefined {
  const found = good.locator.nodeAt(offset);
  const node = found?.node;
  if (found === undefined || node?.type !== "string") return undefined;
  // A member name's path is its member's: the occurrence is keyed by the member's pointer.
  const occurrence = good.occurrence(isKeyNode(node) ? "key" : "value", pointer(...found.path));
  return occurrence === undefined ? undefined : { occurrence, node };
}

// jsonc-parser declares its token and scan-error kinds as const enums, which isolated modules
// cannot read; these are the values it documents.
export const TOKEN = { closeBrace: 2, closeBracket: 4, comma: 5, lineBreak: 14, whitespace: 15, end: 17 } as const;
export const UNEXPECTED_END_OF_STRING = 2;
