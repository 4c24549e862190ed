// Source ranges for many JSON Pointers in one pass over a text whose parsed value is known.
//
// A parse tree of a 25 MB document costs over ten times JSON.parse; but the value is already
// parsed, so the scan only has to step over tokens whose content it knows: a string whose source
// has no escapes is stepped over in O(1) (its end quote sits exactly `length + 1` further on), and
// members appear in the text in the order JSON.parse inserted them. Anything unexpected (escapes,
// keys JavaScript orders differently, text that does not match the value) is handled by a slower
// exact step, or makes the scan give up so the caller can fall back to a parse tree.

import type { SourceRange } from "./range";

/** What the scan found for one pointer: the deepest existing node on the way, and its key. */
export interface ScanHit {
  /** Range of the deepest existing node on the pointer's path. */
  node: SourceRange;
  /** The member name's range when that node is an object member. */
  key: SourceRange | undefined;
  /** Whether that node is an object or an array (its first character is the bracket). */
  container: boolean;
  /** How many trailing segments of the pointer do not exist. */
  missing: number;
}

interface Trie {
  children: Map<string, Trie>;
  /** Indices of the requests whose pointer ends here. */
  ends: number[];
}

class ScanMismatch extends Error {}

const SPACE = 0x20,
  TAB = 0x09,
  LF = 0x0a,
  CR = 0x0d,
  QUOTE = 0x22,
  BACKSLASH = 0x5c,
  COMMA = 0x2c,
  COLON = 0x3a;
const OPEN_BRACE = 0x7b,
  CLOSE_BRACE = 0x7d,
  OPEN_BRACKET = 0x5b,
  CLOSE_BRACKET = 0x5d;

/**
 * Ranges for each pointer (given as segment lists) in `text`, whose JSON.parse value is `value`.
 * Undefined when the text does not match the value (the caller then uses a parse tree).
 */
export function scanPointers(text: string, value: unknown, pointers: readonly string[][]): ScanHit[] | undefined {
  const root = trieOf(pointers);
  const hits: (ScanHit | undefined)[] = new Array(pointers.length);
  try {
    const start = skipSpace(text, 0);
    const end = visit(text, value, start, root, undefined, hits);
    if (skipSpace(text, end) !== text.length) return undefined;
  } catch (error) {
    if (error instanceof ScanMismatch || error instanceof RangeError) return undefined;
    throw error;
  }
  return hits as ScanHit[];
}

/**
 * The same for pointers relative to one node of `text`, whose token lies at [start, end) and whose
 * parsed value is `value` (a subtree of the document's), its member name at `key` when it is an
 * object member: only that node's text is read. Hits are as the whole scan gives them for the
 * full pointers. Undefined when the text there does not match the value.
 */
export function scanPointersWithin(
  text: string,
  value: unknown,
  node: { start: number; end: number; key: SourceRange | undefined },
  pointers: readonly (readonly string[])[],
): ScanHit[] | undefined {
  const hits: (ScanHit | undefined)[] = new Array(pointers.length);
  try {
    if (visit(text, value, node.start, trieOf(pointers), node.key, hits) !== node.end) return undefined;
  } catch (error) {
    if (error instanceof ScanMismatch || error instanceof RangeError) return undefined;
    throw error;
  }
  return hits as ScanHit[];
}

function trieOf(pointers: readonly (readonly string[])[]): Trie {
  const root: Trie = { children: new Map(), ends: [] };
  pointers.forEach((segments, request) => {
    let node = root;
    for (const segment of segments) {
      let next = node.children.get(segment);
      if (next === undefined) node.children.set(segment, (next = { children: new Map(), ends: [] }));
      node = next;
    }
    node.ends.push(request);
  });
  return root;
}

function skipSpace(text: string, at: number): number {
  let code = text.charCodeAt(at);
  while (code === SPACE || code === LF || code === CR || code === TAB) code = text.charCodeAt(++at);
  return at;
}

function expect(text: string, at: number, code: number): void {
  if (text.charCodeAt(at) !== code) throw new ScanMismatch();
}

/** Steps over the string token at `at` whose parsed content is `content`; returns its end. */
function skipString(text: string, at: number, content: string): number {
  expect(text, at, QUOTE);
  const close = at + content.length + 1;
  // An unescaped quote exactly where an escape-free source would end must be the end: a quote
  // inside the string would be escaped, so preceded by a backslash.
  if (text.charCodeAt(close) === QUOTE && text.charCodeAt(close - 1) !== BACKSLASH) return close + 1;
  for (let i = at + 1; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === BACKSLASH) i++;
    else if (code === QUOTE) return i + 1;
  }
  throw new ScanMismatch();
}

function skipScalar(text: string, at: number): number {
  let end = at;
  let code = text.charCodeAt(end);
  while (end < text.length && code !== COMMA && code !== CLOSE_BRACE && code !== CLOSE_BRACKET && code !== SPACE && code !== LF && code !== CR && code !== TAB) {
    code = text.charCodeAt(++end);
  }
  if (end === at) throw new ScanMismatch();
  return end;
}

// Object.keys lists integer-like keys ("0", "10") first, in numeric order, unlike the text.
const INDEX_LIKE = /^(?:0|[1-9][0-9]*)$/;

function visit(text: string, value: unknown, at: number, trie: Trie | undefined, key: SourceRange | undefined, hits: (ScanHit | undefined)[]): number {
  let end: number;
  const container = typeof value === "object" && value !== null;
  if (typeof value === "string") end = skipString(text, at, value);
  else if (!container) end = skipScalar(text, at);
  else if (Array.isArray(value)) end = visitArray(text, value, at, trie, hits);
  else end = visitObject(text, value as Record<string, unknown>, at, trie, hits);
  if (trie !== undefined) record(trie, { offset: at, length: end - at }, key, container, hits);
  return end;
}

function visitArray(text: string, array: unknown[], at: number, trie: Trie | undefined, hits: (ScanHit | undefined)[]): number {
  expect(text, at, OPEN_BRACKET);
  let position = skipSpace(text, at + 1);
  for (let index = 0; index < array.length; index++) {
    if (index > 0) {
      expect(text, position, COMMA);
      position = skipSpace(text, position + 1);
    }
    const child = trie === undefined || trie.children.size === 0 ? undefined : trie.children.get(String(index));
    position = skipSpace(text, visit(text, array[index], position, child, undefined, hits));
  }
  expect(text, position, CLOSE_BRACKET);
  return position + 1;
}

function visitObject(text: string, record: Record<string, unknown>, at: number, trie: Trie | undefined, hits: (ScanHit | undefined)[]): number {
  return walkObject(text, record, at, (name, valueAt, keyAt, keyEnd) => {
    const child = trie === undefined || trie.children.size === 0 ? undefined : trie.children.get(name);
    return visit(text, record[name], valueAt, child, { offset: keyAt, length: keyEnd - keyAt }, hits);
  });
}

/** Requests ending at this node are found; requests going deeper fall back here unless found below. */
function record(trie: Trie, node: SourceRange, key: SourceRange | undefined, container: boolean, hits: (ScanHit | undefined)[]): void {
  for (const request of trie.ends) hits[request] = { node, key, container, missing: 0 };
  if (trie.children.size === 0) return;
  // Children that were not reached do not exist: every request through them ends here.
  collectMissing(trie, 1, node, key, container, hits);
}

function collectMissing(trie: Trie, missing: number, node: SourceRange, key: SourceRange | undefined, container: boolean, hits: (ScanHit | undefined)[]): void {
  for (const child of trie.children.values()) {
    for (const request of child.ends) hits[request] ??= { node, key, container, missing };
    collectMissing(child, missing + 1, node, key, container, hits);
  }
}

/**
 * A walk of a text guided by its parsed value that is specific to one shape (incremental/cellScan.ts
 * reads every value cell): the walk calls `walkObject`, its generator forms and `stepOver`, and
 * `guided` turns a mismatch between the text and the value into undefined (a step of a generator's
 * walk is run inside it too).
 */
export function guided<T>(walk: () => T): T | undefined {
  try {
    return walk();
  } catch (error) {
    if (error instanceof ScanMismatch || error instanceof RangeError) return undefined;
    throw error;
  }
}

const NO_HITS: (ScanHit | undefined)[] = [];

/** The end of the value token at `at` (the first character of the value, whose parsed form is `value`). */
export function stepOver(text: string, value: unknown, at: number): number {
  return visit(text, value, at, undefined, undefined, NO_HITS);
}

/** The first non-space character at or after `at`. */
export function afterSpace(text: string, at: number): number {
  return skipSpace(text, at);
}

/**
 * Walks the object at `at` whose parsed form is `record`: for each member in text order, `member`
 * gets its name, where its value starts and where its name's token lies, and returns where the
 * value ends. Returns the end of the object.
 */
export function walkObject(text: string, record: object, at: number, member: (name: string, valueAt: number, keyAt: number, keyEnd: number) => number): number {
  expect(text, at, OPEN_BRACE);
  const keys = Object.keys(record);
  const inTextOrder = inKeyOrder(keys);
  let position = skipSpace(text, at + 1);
  // Member by member without a tuple per member: a value cell is a member (walkObject walks every
  // item's values when the value-edit index is built).
  for (let index = 0; index < keys.length; index++) {
    if (index > 0) {
      expect(text, position, COMMA);
      position = skipSpace(text, position + 1);
    }
    const keyAt = position;
    const known = inTextOrder ? (keys[index] as string) : undefined;
    const keyEnd = skipString(text, keyAt, known ?? "");
    const name = known ?? (JSON.parse(text.slice(keyAt, keyEnd)) as string);
    position = skipSpace(text, keyEnd);
    expect(text, position, COLON);
    position = skipSpace(text, member(name, skipSpace(text, position + 1), keyAt, keyEnd));
  }
  return closing(text, position, CLOSE_BRACE);
}

/**
 * walkObject as a generator, for a walk that stops between steps (incremental/cellIndex.ts): it
 * stops wherever `member`'s own generator does, and returns the end of the object.
 */
export function* walkObjectInSteps(
  text: string,
  record: object,
  at: number,
  member: (name: string, valueAt: number) => Generator<void, number, undefined>,
): Generator<void, number, undefined> {
  const object = openObject(text, record, at);
  let position = object.first;
  for (let index = 0; index < object.keys.length; index++) {
    const [name, valueAt] = memberAt(text, object, index, position);
    position = skipSpace(text, yield* member(name, valueAt));
  }
  return closing(text, position, CLOSE_BRACE);
}

/**
 * Walks the array at `at` as a generator (walkObjectInSteps): `element` gets each index and where
 * its value starts, and returns where it ends. Returns the end of the array.
 */
export function* walkArrayInSteps(
  text: string,
  length: number,
  at: number,
  element: (index: number, valueAt: number) => Generator<void, number, undefined>,
): Generator<void, number, undefined> {
  let position = openArray(text, at);
  for (let index = 0; index < length; index++) position = skipSpace(text, yield* element(index, elementAt(text, index, position)));
  return closing(text, position, CLOSE_BRACKET);
}

/** An object being walked: its member names, whether they are in text order, and where its first member starts. */
interface OpenObject {
  readonly keys: readonly string[];
  readonly inTextOrder: boolean;
  readonly first: number;
}

function openObject(text: string, record: object, at: number): OpenObject {
  expect(text, at, OPEN_BRACE);
  const keys = Object.keys(record);
  return { keys, inTextOrder: inKeyOrder(keys), first: skipSpace(text, at + 1) };
}

/** Whether Object.keys lists these keys in the text's order: none is integer-like (the regular expression only for a key that starts with a digit). */
function inKeyOrder(keys: readonly string[]): boolean {
  for (const name of keys) {
    const first = name.charCodeAt(0);
    if (first >= 0x30 && first <= 0x39 && INDEX_LIKE.test(name)) return false;
  }
  return true;
}

/** Member `index` of `object`, which starts at `position` (after the comma, if any): its name and where its value starts. */
function memberAt(text: string, object: OpenObject, index: number, position: number): [name: string, valueAt: number] {
  if (index > 0) {
    expect(text, position, COMMA);
    position = skipSpace(text, position + 1);
  }
  const known = object.inTextOrder ? (object.keys[index] as string) : undefined;
  const keyEnd = skipString(text, position, known ?? "");
  const name = known ?? (JSON.parse(text.slice(position, keyEnd)) as string);
  position = skipSpace(text, keyEnd);
  expect(text, position, COLON);
  return [name, skipSpace(text, position + 1)];
}

function openArray(text: string, at: number): number {
  expect(text, at, OPEN_BRACKET);
  return skipSpace(text, at + 1);
}

/** Where element `index` starts, `position` being after the previous one (or the bracket). */
function elementAt(text: string, index: number, position: number): number {
  if (index === 0) return position;
  expect(text, position, COMMA);
  return skipSpace(text, position + 1);
}

/** The end of the object or array whose closing bracket `code` is at `position`. */
function closing(text: string, position: number, code: number): number {
  expect(text, position, code);
  return position + 1;
}

/**
 * Where every node down to `maxDepth` lies (the root is depth 0), in document order (a node before
 * its descendants), from one pass guided by the parsed value: deeper nodes are stepped over, not
 * recorded. Undefined when the text does not match the value.
 */
export interface SpanTable {
  /** Token range of each node: [start, end). */
  starts: number[];
  ends: number[];
  /** Index of the enclosing node, -1 for the root. */
  parents: number[];
  /** The node's segment under its parent ("" for the root): a member name or an array index. */
  segments: string[];
  /** The member name's token range for an object member, else -1. */
  keyStarts: number[];
  keyEnds: number[];
  /** Offset of the ':' of an object member, else -1. */
  colons: number[];
}

/**
 * What a span scan does at a node of its deepest level (`maxDepth`), instead of stepping over it:
 * it walks the node at `at` (whose parsed form is `value`, its span `span` in `table`, parents
 * recorded) with this file's walks and returns where it ends, or returns undefined to have it
 * stepped over. A second reader of the same nodes (incremental/cellScan.ts) so reads the text in the
 * same walk, not in one of its own.
 */
export type SpanLeaf = (value: unknown, at: number, span: number, table: Readonly<SpanTable>) => number | undefined;

export function scanSpans(text: string, value: unknown, maxDepth: number, leaf?: SpanLeaf): SpanTable | undefined {
  const table: SpanTable = { starts: [], ends: [], parents: [], segments: [], keyStarts: [], keyEnds: [], colons: [] };
  try {
    const start = skipSpace(text, 0);
    const end = spanVisit(text, value, start, 0, maxDepth, -1, "", -1, -1, -1, table, leaf);
    if (skipSpace(text, end) !== text.length) return undefined;
  } catch (error) {
    if (error instanceof ScanMismatch || error instanceof RangeError) return undefined;
    throw error;
  }
  return table;
}

function spanVisit(
  text: string,
  value: unknown,
  at: number,
  depth: number,
  maxDepth: number,
  parent: number,
  segment: string,
  keyStart: number,
  keyEnd: number,
  colon: number,
  table: SpanTable,
  leaf: SpanLeaf | undefined,
): number {
  const index = table.starts.length;
  table.starts.push(at);
  table.ends.push(at);
  table.parents.push(parent);
  table.segments.push(segment);
  table.keyStarts.push(keyStart);
  table.keyEnds.push(keyEnd);
  table.colons.push(colon);
  let end: number;
  if (depth >= maxDepth || typeof value !== "object" || value === null) end = (depth === maxDepth ? leaf?.(value, at, index, table) : undefined) ?? stepOver(text, value, at);
  else if (Array.isArray(value)) {
    expect(text, at, OPEN_BRACKET);
    let position = skipSpace(text, at + 1);
    for (let element = 0; element < value.length; element++) {
      if (element > 0) {
        expect(text, position, COMMA);
        position = skipSpace(text, position + 1);
      }
      position = skipSpace(text, spanVisit(text, value[element], position, depth + 1, maxDepth, index, String(element), -1, -1, -1, table, leaf));
    }
    expect(text, position, CLOSE_BRACKET);
    end = position + 1;
  } else {
    // The colon is the first character after the name's token that is not a space (walkObject checked it).
    const record = value as Record<string, unknown>;
    end = walkObject(text, record, at, (key, valueAt, keyAt, keyEnd) =>
      spanVisit(text, record[key], valueAt, depth + 1, maxDepth, index, key, keyAt, keyEnd, skipSpace(text, keyEnd), table, leaf),
    );
  }
  table.ends[index] = end;
  return end;
}
