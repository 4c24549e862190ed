// Where the cursor is in the current text, which may be momentarily invalid JSON while the user
// types: the JSON path, whether a member name or a value is being written, which characters a
// completion replaces, and what punctuation the inserted text needs around it. Everything comes
// from jsonc-parser's scanner and its lenient parse tree of the part of the text that holds the
// cursor (DocumentAnalysis.readingContext: on a large text, one item), never of the whole of a
// large text.

import { createScanner, findNodeAtLocation, getLocation, parseTree, type JSONPath, type Node } from "jsonc-parser";
import { TOKEN, UNEXPECTED_END_OF_STRING } from "./nodes";

export interface Cursor {
  /** The path of the member or element being written; for a member name, its last segment is that name. */
  path: JSONPath;
  atKey: boolean;
  /** The offsets a completion replaces: the whole string under the cursor, or nothing. */
  start: number;
  end: number;
  inString: boolean;
  /** A member name that already has its ':' (completing it inserts only the name). */
  keyHasColon: boolean;
  /** A value written directly after the member's ':' gets a space first. */
  afterColon: boolean;
  /** "," when the inserted text would otherwise run into the next member or element. */
  separator: "" | ",";
  /** The lenient parse tree of the part of the text that was read (its offsets are relative to `origin`). */
  root: Node | undefined;
  /** Where that part starts in the text, and its path in the document. */
  origin: number;
  base: JSONPath;
}

/** A part of the text that reads alone: `start` to `end`, the value at `path`. */
export interface ReadingContext {
  start: number;
  end: number;
  path: readonly (string | number)[];
}

/** The cursor at `offset` of `text`, reading only `context` (by default the whole text). */
export function readCursor(text: string, offset: number, context: ReadingContext = { start: 0, end: text.length, path: [] }): Cursor {
  const part = context.start === 0 && context.end === text.length ? text : text.slice(context.start, context.end);
  const origin = context.start;
  const local = offset - origin;
  const location = getLocation(part, local);
  const root = parseTree(part, [], { allowTrailingComma: true });
  const previous = location.previousNode;
  const stringNode = previous !== undefined && (previous.type === "string" || previous.type === "property") ? previous : undefined;
  const inString = stringNode !== undefined && local > stringNode.offset && local <= stringNode.offset + stringNode.length;
  let start = local;
  let end = local;
  if (inString && stringNode !== undefined) {
    start = stringNode.offset;
    end = isTerminated(part, stringNode.offset) ? stringNode.offset + stringNode.length : local;
  }
  const member = memberAt(root, location.path);
  const keyHasColon = location.isAtPropertyKey && inString && member?.colonOffset !== undefined && member.children?.[0]?.offset === start;
  const afterColon = !location.isAtPropertyKey && !inString && member?.colonOffset === local - 1;
  const separator = keyHasColon || !needsSeparator(part, end) ? "" : ",";
  const base = [...context.path];
  return {
    path: [...base, ...location.path],
    atKey: location.isAtPropertyKey,
    start: start + origin,
    end: end + origin,
    inString,
    keyHasColon,
    afterColon,
    separator,
    root,
    origin,
    base,
  };
}

/** The node at a document path, when it lies in the part of the text the cursor read. */
function nodeAtPath(cursor: Cursor, path: JSONPath): Node | undefined {
  const { root, base } = cursor;
  if (root === undefined || path.length < base.length || base.some((segment, index) => path[index] !== segment)) return undefined;
  return findNodeAtLocation(root, path.slice(base.length));
}

/** The member (property node) that the path's last segment names, when the path ends in a member. */
function memberAt(root: Node | undefined, path: JSONPath): Node | undefined {
  const name = path[path.length - 1];
  if (root === undefined || typeof name !== "string") return undefined;
  const parent = findNodeAtLocation(root, path.slice(0, -1));
  if (parent?.type !== "object") return undefined;
  return parent.children?.find((property) => property.children?.[0]?.value === name);
}

function isTerminated(text: string, stringOffset: number): boolean {
  const scanner = createScanner(text, true);
  scanner.setPosition(stringOffset);
  scanner.scan();
  return (scanner.getTokenError() as number) !== UNEXPECTED_END_OF_STRING;
}

function needsSeparator(text: string, offset: number): boolean {
  const scanner = createScanner(text, true);
  scanner.setPosition(offset);
  const next: number = scanner.scan();
  return next !== TOKEN.closeBrace && next !== TOKEN.closeBracket && next !== TOKEN.comma && next !== TOKEN.end;
}

/** The members present in the object at `path`, except the one whose name starts at `except` (a text offset). */
export function presentMembers(cursor: Cursor, path: JSONPath, except: number): Set<string> {
  const names = new Set<string>();
  const object = nodeAtPath(cursor, path);
  if (object?.type !== "object") return names;
  for (const property of object.children ?? []) {
    const key = property.children?.[0];
    if (key !== undefined && key.offset + cursor.origin !== except && typeof key.value === "string") names.add(key.value);
  }
  return names;
}

/** The string elements of the array at `path`, except the element at index `except`; undefined when the part read has no array there. */
export function arrayStrings(cursor: Cursor, path: JSONPath, except?: number): string[] | undefined {
  const array = nodeAtPath(cursor, path);
  if (array?.type !== "array") return undefined;
  return (array.children ?? []).flatMap((element, index) => (index !== except && element.type === "string" && typeof element.value === "string" ? [element.value] : []));
}

/** The string value at `path`, if the part of the text read has one there. */
export function stringAt(cursor: Cursor, path: JSONPath): string | undefined {
  const node = nodeAtPath(cursor, path);
  return node?.type === "string" && typeof node.value === "string" ? node.value : undefined;
}
