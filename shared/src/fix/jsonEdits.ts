// Text edits on JSON made from the parse tree: replacing a value, removing a member together
// with its comma, adding and removing members in one object so that the result reads like its
// neighbours. Offsets are on the exact text; nothing here searches text. Shared by the language
// server's fixes and `fsdoc fix`.

import { applyEdits, createScanner, findNodeAtLocation, format, modify, parseTree, type Edit, type FormattingOptions, type JSONPath, type Node } from "jsonc-parser";

export type { Edit } from "jsonc-parser";

// jsonc-parser declares its token kinds as a const enum, which isolated modules cannot read.
const TOKEN = { lineBreak: 14, whitespace: 15, end: 17 } as const;

export function replaceValue(node: Node, json: string): Edit {
  return { offset: node.offset, length: node.length, content: json };
}

/**
 * Removes a member (property node) and the comma that separates it from a neighbour: after the
 * previous member's value when there is one, otherwise up to the next member's name, so that the
 * lines around it keep their layout.
 */
export function removeMember(property: Node): Edit {
  const siblings = property.parent?.children ?? [property];
  const index = siblings.indexOf(property);
  const previous = index > 0 ? siblings[index - 1] : undefined;
  const next = siblings[index + 1];
  if (previous !== undefined) {
    const start = previous.offset + previous.length;
    return { offset: start, length: property.offset + property.length - start, content: "" };
  }
  if (next !== undefined) return { offset: property.offset, length: next.offset - property.offset, content: "" };
  const object = property.parent;
  if (object === undefined) return { offset: property.offset, length: property.length, content: "" };
  return { offset: object.offset + 1, length: object.length - 2, content: "" };
}

export function memberNamed(object: Node | undefined, name: string): Node | undefined {
  if (object?.type !== "object") return undefined;
  return object.children?.find((property) => property.children?.[0]?.value === name);
}

/** The indentation of the first indented line, so that inserted members read like their neighbours. */
export function formattingOf(text: string): FormattingOptions {
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const scanner = createScanner(text, false);
  // The whitespace after the first line break tells the indentation.
  for (let token: number = scanner.scan(); token !== TOKEN.end; token = scanner.scan()) {
    if (token === TOKEN.lineBreak) {
      if ((scanner.scan() as number) === TOKEN.whitespace) {
        const indent = scanner.getTokenValue();
        return indent.startsWith("\t") ? { insertSpaces: false, tabSize: 4, eol } : { insertSpaces: true, tabSize: indent.length, eol };
      }
    }
  }
  return { insertSpaces: true, tabSize: 2, eol };
}

function spansLines(text: string, node: Node): boolean {
  const scanner = createScanner(text, false);
  scanner.setPosition(node.offset);
  const end = node.offset + node.length;
  for (let token: number = scanner.scan(); token !== TOKEN.end && scanner.getTokenOffset() < end; token = scanner.scan()) {
    if (token === TOKEN.lineBreak) return true;
  }
  return false;
}

/**
 * The text with members removed from, and members (with JSON values) added to, the object at
 * `path`. Additions go where `insertionIndex` says; a one-line object stays on one line.
 */
export function editObjectMembers(
  text: string,
  path: JSONPath,
  remove: readonly string[],
  add: readonly { name: string; json: unknown }[],
  insertionIndex: (existing: string[], name: string) => number,
): string | undefined {
  const original = nodeAt(text, path);
  if (original?.type !== "object") return undefined;
  const multiline = spansLines(text, original);
  let working = text;
  for (const name of remove) {
    const property = memberNamed(nodeAt(working, path), name);
    if (property !== undefined) working = applyEdits(working, [removeMember(property)]);
  }
  const formattingOptions = formattingOf(text);
  for (const { name, json } of add) {
    const edits = modify(working, [...path, name], json, {
      formattingOptions: multiline ? formattingOptions : undefined,
      getInsertionIndex: (existing) => insertionIndex(existing, name),
    });
    working = applyEdits(working, edits);
  }
  if (!multiline && add.length > 0) {
    const edited = nodeAt(working, path);
    if (edited !== undefined) working = applyEdits(working, format(working, { offset: edited.offset, length: edited.length }, { ...formattingOptions, keepLines: true }));
  }
  return working;
}

export function nodeAt(text: string, path: JSONPath): Node | undefined {
  const root = parseTree(text);
  return root === undefined ? undefined : findNodeAtLocation(root, path);
}

/** One edit that turns `before` into `after`: the span between their common prefix and suffix. */
export function differenceEdit(before: string, after: string): Edit {
  let prefix = 0;
  const shorter = Math.min(before.length, after.length);
  while (prefix < shorter && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (suffix < shorter - prefix && before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)) suffix++;
  return { offset: prefix, length: before.length - prefix - suffix, content: after.slice(prefix, after.length - suffix) };
}

/** True when no two edits overlap (LSP requires it of one document's edits). */
export function disjoint(edits: readonly Edit[]): boolean {
  const sorted = [...edits].sort((a, b) => a.offset - b.offset);
  return sorted.every((edit, index) => index === 0 || (sorted[index - 1] as Edit).offset + (sorted[index - 1] as Edit).length <= edit.offset);
}

/** The text with `edits` (offsets on `text`, disjoint) applied. */
export function applyOffsetEdits(text: string, edits: readonly Edit[]): string {
  return applyEdits(text, [...edits]);
}
