// Where the upper levels of a large document lie (json/guided-scan.ts: scanSpans), so that a node
// can be found by its path or by an offset after parsing only the small subtree that holds it (an
// item, say) instead of the whole text. One table per version: a value edit shifts it (`shifted`)
// instead of scanning the new text.
//
// A subtree is parsed with jsonc-parser like the whole text would be, its offsets moved to the
// text's; an object member gets its property node (name and value), so `parent` links hold from
// any node up to the member that starts its subtree. Nodes above that are not linked. Above the
// indexed depth every child is a span of its own, so a node found there without a path into a
// child (a missing member, an offset between items) is answered without parsing its container:
// it comes without children.

import { findNodeAtOffset, getNodePath, parseTree, type JSONPath, type Node } from "jsonc-parser";
import type { SpanTable } from "./guided-scan";
import { isArrayIndex } from "./pointer";

/** Nodes down to this depth are indexed: in an FS document, /statements/N/items/N. */
export const SPAN_DEPTH = 4;
/** Subtrees kept parsed per version: a cursor moving in one item parses it once. */
const PARSED_KEPT = 8;

type PackedSpans = { [K in keyof SpanTable]: SpanTable[K] extends number[] ? Int32Array : SpanTable[K] };

export interface SpanEdit {
  readonly offset: number;
  readonly length: number;
  readonly inserted: number;
}

export class SpanIndex {
  private readonly parsed = new Map<number, Node>();
  /** Children by segment, built for a span the first time a path goes through it. */
  private readonly children = new Map<number, Map<string, number>>();

  private constructor(
    private readonly text: string,
    private readonly table: Readonly<PackedSpans>,
  ) {}

  static of(text: string, table: SpanTable): SpanIndex {
    // Packed: tens of thousands of spans per large document, kept for as long as the version is.
    const pack = (values: number[]) => Int32Array.from(values);
    return new SpanIndex(text, {
      starts: pack(table.starts),
      ends: pack(table.ends),
      parents: pack(table.parents),
      segments: table.segments,
      keyStarts: pack(table.keyStarts),
      keyEnds: pack(table.keyEnds),
      colons: pack(table.colons),
    });
  }

  /** The index of `text`, which is this index's text after `edit` changed the inside of one token. */
  shifted(text: string, edit: SpanEdit): SpanIndex {
    const end = edit.offset + edit.length;
    const delta = edit.inserted - edit.length;
    const move = (offset: number) => (offset >= end ? offset + delta : offset);
    const { starts, ends, keyStarts, keyEnds, colons } = this.table;
    return new SpanIndex(text, {
      ...this.table,
      starts: starts.map(move),
      // A span that contains the edit ends later; one that ends before it does not move.
      ends: ends.map((offset) => (offset >= end ? offset + delta : offset)),
      keyStarts: keyStarts.map((offset) => (offset < 0 ? offset : move(offset))),
      keyEnds: keyEnds.map((offset) => (offset < 0 ? offset : move(offset))),
      colons: colons.map((offset) => (offset < 0 ? offset : move(offset))),
    });
  }

  /**
   * The range locate() gives for `segments` (json/locate.ts), when the table alone tells it: the
   * path ends at a span, or at a member missing from a container above the indexed depth.
   * Undefined when the answer lies inside an indexed subtree (the caller parses or scans).
   */
  range(segments: readonly string[], mark: "key" | "value"): { offset: number; length: number } | undefined {
    const { span, depth } = this.walk(segments);
    if (depth < segments.length && this.depthOf(span) >= SPAN_DEPTH) return undefined;
    const { starts, ends, keyStarts, keyEnds } = this.table;
    if (mark === "value" && depth === segments.length) return { offset: starts[span]!, length: ends[span]! - starts[span]! };
    if (keyStarts[span]! >= 0) return { offset: keyStarts[span]!, length: keyEnds[span]! - keyStarts[span]! };
    if (this.isContainer(span)) return { offset: starts[span]!, length: 1 };
    return { offset: starts[span]!, length: ends[span]! - starts[span]! };
  }

  /**
   * For a path the table does not answer (`range` gives undefined): the indexed subtree that holds
   * its end, as the guided scan needs it (json/guided-scan.ts, `scanPointersWithin`): the span's
   * token range, its member name's range when it is an object member, its path in the document,
   * and how many of the segments lead to it (the rest lie inside it).
   */
  holder(
    segments: readonly string[],
  ): { span: number; depth: number; start: number; end: number; key: { offset: number; length: number } | undefined; path: JSONPath } | undefined {
    const { span, depth } = this.walk(segments);
    if (depth === segments.length || this.depthOf(span) < SPAN_DEPTH) return undefined;
    const { starts, ends, keyStarts, keyEnds } = this.table;
    const key = keyStarts[span]! >= 0 ? { offset: keyStarts[span]!, length: keyEnds[span]! - keyStarts[span]! } : undefined;
    return { span, depth, start: starts[span]!, end: ends[span]!, key, path: this.path(span) };
  }

  /** The deepest span on `segments`, and how many of the segments lead to it. */
  private walk(segments: readonly string[]): { span: number; depth: number } {
    let span = 0;
    let depth = 0;
    for (; depth < segments.length; depth++) {
      const next = this.childSpan(span, segments[depth] as string);
      if (next === undefined) break;
      span = next;
    }
    return { span, depth };
  }

  /** The deepest existing node on `segments`, and how many trailing segments do not exist. */
  deepest(segments: readonly string[]): { node: Node | undefined; missing: number } {
    const { span, depth } = this.walk(segments);
    // Above the indexed depth a child that is not a span does not exist: no need to parse.
    if (depth < segments.length && this.depthOf(span) < SPAN_DEPTH) return { node: valueOf(this.shallow(span)), missing: segments.length - depth };
    let node: Node | undefined = valueOf(this.subtree(span));
    for (let i = depth; i < segments.length; i++) {
      const next = node === undefined ? undefined : childNode(node, segments[i] as string);
      if (next === undefined) return { node, missing: segments.length - i };
      node = next;
    }
    return { node, missing: 0 };
  }

  /** The innermost node at `offset` (jsonc-parser's findNodeAtOffset) and its path in the document. */
  nodeAt(offset: number, includeRightBound: boolean): { node: Node; path: JSONPath } | undefined {
    const span = this.spanAt(offset, includeRightBound);
    if (span === undefined) return undefined;
    // Above the indexed depth the offset lies in no child (each child is a span): the span's own node.
    const root = this.depthOf(span) < SPAN_DEPTH && this.isContainer(span) ? this.shallow(span) : this.subtree(span);
    const node = findNodeAtOffset(root, offset, includeRightBound);
    if (node === undefined) return undefined;
    // A member's subtree starts at its property: its path comes from the member's parent.
    const base = this.table.keyStarts[span]! >= 0 ? this.path(this.table.parents[span]!) : this.path(span);
    return { node, path: [...base, ...getNodePath(node)] };
  }

  /**
   * The deepest indexed container (object or array) whose inside, between its brackets, holds
   * `from` to `to`: where its value starts and ends, and its path.
   */
  enclosing(from: number, to: number): { start: number; end: number; path: JSONPath } | undefined {
    const { starts, ends, parents } = this.table;
    let low = 0;
    let high = starts.length - 1;
    let last = -1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      if (starts[middle]! < from) {
        last = middle;
        low = middle + 1;
      } else high = middle - 1;
    }
    // Every span that starts before `from` and holds it is `last` or one of its ancestors.
    for (let span = last; span >= 0; span = parents[span]!) {
      if (starts[span]! < from && to < ends[span]! && this.isContainer(span)) return { start: starts[span]!, end: ends[span]!, path: this.path(span) };
    }
    return undefined;
  }

  /** The deepest span whose node (with its member name) contains `offset`. */
  private spanAt(offset: number, includeRightBound: boolean): number | undefined {
    const { starts, ends, keyStarts, parents } = this.table;
    const from = (span: number) => (keyStarts[span]! >= 0 ? keyStarts[span]! : starts[span]!);
    const contains = (span: number) => offset >= from(span) && (offset < ends[span]! || (includeRightBound && offset === ends[span]!));
    // In document order, a span starts (with its name) after every span before it starts.
    let low = 0;
    let high = starts.length - 1;
    let last = -1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      if (from(middle) <= offset) {
        last = middle;
        low = middle + 1;
      } else high = middle - 1;
    }
    for (let span = last; span >= 0; span = parents[span]!) if (contains(span)) return span;
    return undefined;
  }

  private path(span: number): JSONPath {
    const path: JSONPath = [];
    for (let at = span; this.table.parents[at]! >= 0; at = this.table.parents[at]!) {
      const segment = this.table.segments[at]!;
      path.push(this.table.keyStarts[at]! >= 0 ? segment : Number(segment));
    }
    return path.reverse();
  }

  private childSpan(span: number, segment: string): number | undefined {
    let children = this.children.get(span);
    if (children === undefined) {
      children = new Map();
      const { starts, ends, parents, segments } = this.table;
      // The span's descendants follow it until the first span that starts after its end.
      for (let at = span + 1; at < starts.length && starts[at]! < ends[span]!; at++) {
        if (parents[at] === span && !children.has(segments[at]!)) children.set(segments[at]!, at);
      }
      this.children.set(span, children);
    }
    return children.get(segment);
  }

  private depthOf(span: number): number {
    let depth = 0;
    for (let at = span; this.table.parents[at]! >= 0; at = this.table.parents[at]!) depth++;
    return depth;
  }

  private isContainer(span: number): boolean {
    const first = this.text.charCodeAt(this.table.starts[span]!);
    return first === 0x7b || first === 0x5b;
  }

  /** The span's node parsed alone, at the text's offsets; a member's is its property node. */
  private subtree(span: number): Node {
    const kept = this.parsed.get(span);
    if (kept !== undefined) return kept;
    const start = this.table.starts[span]!;
    const parsed = parseTree(this.text.slice(start, this.table.ends[span]!), [], { disallowComments: true, allowTrailingComma: false }) as Node;
    const root = this.member(span, moved(parsed, start, undefined));
    if (this.parsed.size >= PARSED_KEPT) this.parsed.delete(this.parsed.keys().next().value as number);
    this.parsed.set(span, root);
    return root;
  }

  /** The span's container node without its children (they are spans of their own). */
  private shallow(span: number): Node {
    const start = this.table.starts[span]!;
    const type = this.text.charCodeAt(start) === 0x7b ? "object" : this.text.charCodeAt(start) === 0x5b ? "array" : undefined;
    if (type === undefined) return this.subtree(span);
    return this.member(span, { type, offset: start, length: this.table.ends[span]! - start, parent: undefined });
  }

  /** `value` under the property node of its member, when the span is an object member. */
  private member(span: number, value: MutableNode): Node {
    const { keyStarts, keyEnds, colons, segments, ends } = this.table;
    if (keyStarts[span]! < 0) return value;
    const key: MutableNode = { type: "string", value: segments[span], offset: keyStarts[span]!, length: keyEnds[span]! - keyStarts[span]!, parent: undefined };
    const property: MutableNode = {
      type: "property",
      offset: keyStarts[span]!,
      length: ends[span]! - keyStarts[span]!,
      colonOffset: colons[span]!,
      children: [key, value],
      parent: undefined,
    };
    key.parent = property;
    value.parent = property;
    return property;
  }
}

function valueOf(node: Node): Node | undefined {
  return node.type === "property" ? node.children?.[1] : node;
}

/** jsonc-parser's Node while it is being built (its type is read-only). */
type MutableNode = { -readonly [K in keyof Node]: Node[K] };

/** A copy of `node`'s tree `delta` further on in the text, under `parent`. */
function moved(node: Node, delta: number, parent: Node | undefined): MutableNode {
  const copy: MutableNode = { type: node.type, value: node.value, offset: node.offset + delta, length: node.length, parent };
  if (node.colonOffset !== undefined) copy.colonOffset = node.colonOffset + delta;
  if (node.children !== undefined) copy.children = node.children.map((child) => moved(child, delta, copy));
  return copy;
}

/** The value node under `node` at `segment` (a member name or an array index). */
export function childNode(node: Node, segment: string): Node | undefined {
  if (node.type === "object") {
    for (const property of node.children ?? []) {
      if (property.children?.[0]?.value === segment) return property.children[1];
    }
    return undefined;
  }
  if (node.type === "array" && isArrayIndex(segment)) return node.children?.[Number(segment)];
  return undefined;
}
