// The preview grid's writes as minimal text edits: each write names a cell (or an item's label) by
// its JSON Pointer, the pointer is resolved in the parse tree of the exact text (SourceLocator),
// and the edit replaces that value's token and nothing else, so the rest of the file keeps its
// bytes. Never located by searching text. A pointer that resolves to nothing in this text (the
// item or statement is gone) writes nothing: the caller tells the user.

import { modify, type Edit, type Node } from "jsonc-parser";
import { isDecimal } from "../decimal/grammar";
import type { SourceLocator } from "../json/locate";
import { parentPointer, parsePointer } from "../json/pointer";
import { formattingOf, replaceValue } from "./jsonEdits";

/** A cell's new content: a decimal, missing (`null`), unavailable, or (labels) text. */
export type CellContent = { kind: "value"; decimal: string } | { kind: "missing" } | { kind: "unavailable" } | { kind: "text"; text: string };

export interface CellWrite {
  /** /statements/i/items/j/values/<period> (a value cell) or /statements/i/items/j/label. */
  pointer: string;
  content: CellContent;
}

export interface CellEditsOutcome {
  /** Disjoint offset edits on the text, in document order; empty when anything was refused. */
  edits: Edit[];
  /** Pointers that name nothing in this text: nothing was written. */
  missing: string[];
  /** Writes that are not a grid write (another kind of pointer, or content that does not fit it). */
  refused: string[];
}

const INDEX = /^(0|[1-9][0-9]*)$/;

/** What a pointer addresses: a value cell or a label of an item, or nothing the grid writes. */
export function cellTarget(pointer: string): "value" | "label" | undefined {
  const segments = parsePointer(pointer);
  if (segments[0] !== "statements" || !INDEX.test(segments[1] ?? "") || segments[2] !== "items" || !INDEX.test(segments[3] ?? "")) return undefined;
  if (segments.length === 6 && segments[4] === "values") return "value";
  if (segments.length === 5 && segments[4] === "label") return "label";
  return undefined;
}

/** The JSON text of a content: a canonical decimal string, null, the unavailable object, or an escaped string. */
export function contentJson(content: CellContent): string {
  switch (content.kind) {
    case "value":
      return JSON.stringify(content.decimal);
    case "missing":
      return "null";
    case "unavailable":
      return '{ "unavailable": true }';
    case "text":
      // JSON.stringify escapes quotes, backslashes and every control character (U+0000–U+001F).
      return JSON.stringify(content.text);
  }
}

/**
 * A decimal written over a string value replaces the characters between its quotes only: the
 * server then analyses the edit as a value edit of that cell (incremental/valueEdit.ts, which
 * takes an edit inside one value's string), not the whole text again. A decimal needs no escape.
 */
function replaceStringContent(node: Node, decimal: string): Edit {
  return { offset: node.offset + 1, length: node.length - 2, content: decimal };
}

function fits(target: "value" | "label", content: CellContent): boolean {
  if (target === "label") return content.kind === "text" && content.text !== "";
  return content.kind === "missing" || content.kind === "unavailable" || (content.kind === "value" && isDecimal(content.decimal));
}

/**
 * The edits that make `writes` (the last write of a pointer wins) on `text`. All or nothing: when
 * any write is refused or names a cell that is not there, no edit is returned.
 */
export function cellWriteEdits(text: string, locator: SourceLocator, writes: readonly CellWrite[]): CellEditsOutcome {
  const byPointer = new Map<string, CellContent>();
  for (const write of writes) byPointer.set(write.pointer, write.content);
  const edits: Edit[] = [];
  const missing: string[] = [];
  const refused: string[] = [];
  // A member that is absent (an item without a label, a values object without the period) is added
  // to its object; two additions to one object would overlap, so the second is refused.
  const extended = new Set<string>();
  for (const [pointer, content] of byPointer) {
    const target = cellTarget(pointer);
    if (target === undefined || !fits(target, content)) {
      refused.push(pointer);
      continue;
    }
    const node = locator.node(pointer);
    if (node !== undefined) {
      edits.push(content.kind === "value" && node.type === "string" ? replaceStringContent(node, content.decimal) : replaceValue(node, contentJson(content)));
      continue;
    }
    const owner = parentPointer(pointer);
    const object = locator.node(owner);
    if (object?.type !== "object" || extended.has(owner)) {
      (object?.type === "object" ? refused : missing).push(pointer);
      continue;
    }
    extended.add(owner);
    // Array positions (the statement's and the item's) are numbers in a jsonc-parser path.
    const path = parsePointer(pointer).map((segment, index) => (index === 1 || index === 3 ? Number(segment) : segment));
    const added = modify(text, path, JSON.parse(contentJson(content)), { formattingOptions: formattingOf(text) });
    edits.push(...added);
  }
  if (missing.length > 0 || refused.length > 0) return { edits: [], missing, refused };
  edits.sort((a, b) => a.offset - b.offset);
  return { edits, missing, refused };
}
