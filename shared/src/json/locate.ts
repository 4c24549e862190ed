// JSON Pointer → source range, from jsonc-parser's parse tree. Built lazily: text that locates
// nothing never pays for a tree. Works on the exact text that was validated.

import { findNodeAtOffset, getNodePath, parseTree, type JSONPath, type Node } from "jsonc-parser";
import type { Mark } from "../validate/issue";
import { scanPointers, scanPointersWithin, scanSpans, type ScanHit, type SpanTable } from "./guided-scan";
import { childNode, SPAN_DEPTH, SpanIndex } from "./spans";
import { parsePointer } from "./pointer";
import type { SourceRange } from "./range";

export type { SourceRange } from "./range";

export interface LocateRequest {
  path: string;
  mark: Mark;
}

// Below this size a parse tree is cheap and serves every later request; above it, ranges come from
// one scan guided by the parsed value (guided-scan.ts), which costs a fraction of a tree.
const TREE_SIZE_LIMIT = 1 << 20;
type SpanHolder = NonNullable<ReturnType<SpanIndex["holder"]>>;

/** An edit of the text: `length` characters at `offset` replaced by `inserted` characters. */
export interface LocatedEdit {
  readonly offset: number;
  readonly length: number;
  readonly inserted: number;
}

export class SourceLocator {
  private root: Node | undefined;
  private built = false;
  /** Large texts: where the upper levels lie (json/spans.ts); null when the scan could not match the value. */
  private spansCache: SpanIndex | null | undefined;
  /** Every range answered so far, by mark and path: a later version's locator inherits them shifted. */
  private readonly known = new Map<string, SourceRange>();

  /**
   * `value` is the text's JSON.parse result, when known: it lets large texts skip the parse tree.
   * `scan` makes a large text's span table (by default json/guided-scan.ts's scanSpans): a caller
   * that reads the same nodes for its own index reads them in that walk (incremental/cellScan.ts).
   */
  constructor(
    readonly text: string,
    private readonly value?: unknown,
    private readonly treeSizeLimit = TREE_SIZE_LIMIT,
    private readonly scan: (text: string, value: unknown, depth: number) => SpanTable | undefined = scanSpans,
  ) {}

  /**
   * The locator of `text`, this text after `edit`, which changed the content of one string token
   * and nothing else (a value edit): every range known here holds there, moved by the edit. The
   * new locator answers those without reading its text; others it finds as usual.
   */
  afterEdit(text: string, value: unknown, edit: LocatedEdit): SourceLocator {
    const next = new SourceLocator(text, value, this.treeSizeLimit);
    if (this.spansCache) next.spansCache = this.spansCache.shifted(text, edit);
    const end = edit.offset + edit.length;
    const delta = edit.inserted - edit.length;
    for (const [key, range] of this.known) {
      // A range lies after the edit, contains it (the token, its member, its containers) or lies before it.
      if (range.offset >= end) next.known.set(key, { offset: range.offset + delta, length: range.length });
      else if (range.offset + range.length >= end) next.known.set(key, { offset: range.offset, length: range.length + delta });
      else next.known.set(key, range);
    }
    return next;
  }

  /**
   * Ranges for many requests at once, in request order. On a large text, those inside indexed
   * subtrees (cells inside items) are found by a guided scan of each subtree that holds some: the
   * text read is those items, not the whole document.
   */
  locateAll(requests: readonly LocateRequest[]): SourceRange[] {
    const ranges = new Array<SourceRange | undefined>(requests.length);
    let missing: number[] = [];
    const spans = this.spans();
    const holders = new Map<number, { holder: SpanHolder; requests: number[]; pointers: string[][] }>();
    requests.forEach((request, index) => {
      // The span table answers its own nodes at no cost: only ranges that took a scan are kept.
      const known = this.known.get(knownKey(request.path, request.mark));
      if (known !== undefined) {
        ranges[index] = known;
        return;
      }
      if (spans === undefined) {
        missing.push(index);
        return;
      }
      const segments = parsePointer(request.path);
      const range = spans.range(segments, request.mark);
      if (range !== undefined) {
        ranges[index] = range;
        return;
      }
      const holder = spans.holder(segments);
      if (holder === undefined) {
        missing.push(index);
        return;
      }
      let group = holders.get(holder.span);
      if (group === undefined) holders.set(holder.span, (group = { holder, requests: [], pointers: [] }));
      group.requests.push(index);
      group.pointers.push(segments.slice(holder.depth));
    });
    for (const { holder, requests: members, pointers } of holders.values()) {
      const value = valueAt(this.value, holder.path);
      const hits = value === ABSENT ? undefined : scanPointersWithin(this.text, value, holder, pointers);
      if (hits === undefined) {
        missing = missing.concat(members);
        continue;
      }
      members.forEach((index, at) => {
        const request = requests[index] as LocateRequest;
        const range = rangeFromHit(hits[at] as ScanHit, request.mark);
        this.known.set(knownKey(request.path, request.mark), range);
        ranges[index] = range;
      });
    }
    for (const index of missing) {
      const request = requests[index] as LocateRequest;
      ranges[index] = this.locate(request.path, request.mark);
    }
    return ranges as SourceRange[];
  }

  /**
   * The innermost node at `offset` (findNodeAtOffset, right bound included) and its path. On a large
   * text only the subtree that holds it is parsed; its `parent` links end at that subtree's member.
   */
  nodeAt(offset: number): { node: Node; path: JSONPath } | undefined {
    const spans = this.spans();
    if (spans !== undefined) return spans.nodeAt(offset, true);
    const root = this.tree();
    const node = root === undefined ? undefined : findNodeAtOffset(root, offset, true);
    return node === undefined ? undefined : { node, path: getNodePath(node) };
  }

  /**
   * On a large text, the deepest indexed container (down to an item) whose inside holds `from` to
   * `to`, with its path: a part of the text that can be read alone. Undefined on a small text (it
   * has no index; reading it whole is cheap) or when no container holds both.
   */
  enclosing(from: number, to: number): { start: number; end: number; path: JSONPath } | undefined {
    return this.spans()?.enclosing(from, to);
  }

  /** The whole text's parse tree (for edits that need every node; on a large text prefer `node` and `nodeAt`). */
  tree(): Node | undefined {
    if (!this.built) {
      this.root = parseTree(this.text, [], { disallowComments: true, allowTrailingComma: false });
      this.built = true;
    }
    return this.root;
  }

  /** The value node at `path`, or undefined when there is none. */
  node(path: string): Node | undefined {
    const found = this.deepest(path);
    return found.missing === 0 ? found.node : undefined;
  }

  /**
   * Where a diagnostic about `path` belongs. "value": the value itself. "key": the member name at
   * `path`; when the member is absent (a required member), the key of the object that lacks it, or
   * the object's opening brace when it has no key (the top level or an array element).
   */
  locate(path: string, mark: Mark): SourceRange {
    const key = knownKey(path, mark);
    const known = this.known.get(key) ?? this.spans()?.range(parsePointer(path), mark);
    if (known !== undefined) return known;
    const range = this.find(path, mark);
    this.known.set(key, range);
    return range;
  }

  private find(path: string, mark: Mark): SourceRange {
    if (this.spans() === undefined && !this.built && this.value !== undefined && this.text.length > this.treeSizeLimit) {
      const hit = scanPointers(this.text, this.value, [parsePointer(path)])?.[0];
      if (hit !== undefined) return rangeFromHit(hit, mark);
    }
    const { node, missing } = this.deepest(path);
    if (node === undefined) return { offset: 0, length: Math.min(1, this.text.length) };
    if (mark === "value" && missing === 0) return { offset: node.offset, length: node.length };
    const key = node.parent?.type === "property" ? node.parent.children?.[0] : undefined;
    if (key !== undefined) return rangeOf(key);
    if (node.type === "object" || node.type === "array") return { offset: node.offset, length: 1 };
    return rangeOf(node);
  }

  /** The span index of a large text whose value is known (built on first use), unless the whole tree is already there. */
  private spans(): SpanIndex | undefined {
    if (this.built || this.value === undefined || this.text.length <= this.treeSizeLimit) return undefined;
    if (this.spansCache === undefined) {
      const table = this.scan(this.text, this.value, SPAN_DEPTH);
      this.spansCache = table === undefined ? null : SpanIndex.of(this.text, table);
    }
    return this.spansCache ?? undefined;
  }

  /** The deepest existing node on `path`, and how many trailing segments do not exist. */
  private deepest(path: string): { node: Node | undefined; missing: number } {
    const segments = parsePointer(path);
    const spans = this.spans();
    if (spans !== undefined) return spans.deepest(segments);
    let node = this.tree();
    for (let i = 0; i < segments.length; i++) {
      const next = node === undefined ? undefined : childNode(node, segments[i] as string);
      if (next === undefined) return { node, missing: segments.length - i };
      node = next;
    }
    return { node, missing: 0 };
  }
}

const ABSENT = Symbol("absent");

/** The parsed value at `path` (the document's own members and elements only), or ABSENT. */
function valueAt(value: unknown, path: JSONPath): unknown {
  let at = value;
  for (const segment of path) {
    if (typeof segment === "number" ? !Array.isArray(at) || segment >= at.length : typeof at !== "object" || at === null || Array.isArray(at) || !Object.hasOwn(at, segment)) {
      return ABSENT;
    }
    at = (at as Record<string | number, unknown>)[segment];
  }
  return at;
}

/** Joined, not concatenated: a kept key built with `+` is a tree of V8 string pieces (32 bytes a node). */
function knownKey(path: string, mark: Mark): string {
  return [mark, path].join("\u0000");
}

function rangeFromHit(hit: ScanHit, mark: Mark): SourceRange {
  if (mark === "value" && hit.missing === 0) return hit.node;
  if (hit.key !== undefined) return hit.key;
  return hit.container ? { offset: hit.node.offset, length: 1 } : hit.node;
}

function rangeOf(node: Node): SourceRange {
  return { offset: node.offset, length: node.length };
}
