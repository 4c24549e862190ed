// JSON Pointer → source range, from jsonc-parser's parse tree. Built lazily: text that locates
// nothing never pays for a tree. Works on the exact text that was validated.

import { parseTree, type Node } from "jsonc-parser";
import type { Mark } from "../validate/issue";
import { scanPointers, type ScanHit } from "./guided-scan";
import { parsePointer } from "./pointer";
import type { SourceRange } from "./range";

export type { SourceRange } from "./range";

const ARRAY_INDEX = /^(?:0|[1-9][0-9]*)$/;

export interface LocateRequest {
  path: string;
  mark: Mark;
}

// Below this size a parse tree is cheap and serves every later request; above it, ranges come from
// one scan guided by the parsed value (guided-scan.ts), which costs a fraction of a tree.
const TREE_SIZE_LIMIT = 1 << 20;

export class SourceLocator {
  private root: Node | undefined;
  private built = false;

  /** `value` is the text's JSON.parse result, when known: it lets large texts skip the parse tree. */
  constructor(
    readonly text: string,
    private readonly value?: unknown,
    private readonly treeSizeLimit = TREE_SIZE_LIMIT,
  ) {}

  /** Ranges for many requests at once, in request order. */
  locateAll(requests: readonly LocateRequest[]): SourceRange[] {
    if (requests.length > 0 && !this.built && this.value !== undefined && this.text.length > this.treeSizeLimit) {
      const hits = scanPointers(
        this.text,
        this.value,
        requests.map((request) => parsePointer(request.path)),
      );
      if (hits !== undefined) return hits.map((hit, index) => rangeFromHit(hit, (requests[index] as LocateRequest).mark));
    }
    return requests.map((request) => this.locate(request.path, request.mark));
  }

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
    if (!this.built && this.value !== undefined && this.text.length > this.treeSizeLimit) {
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

  /** The deepest existing node on `path`, and how many trailing segments do not exist. */
  private deepest(path: string): { node: Node | undefined; missing: number } {
    const segments = parsePointer(path);
    let node = this.tree();
    for (let i = 0; i < segments.length; i++) {
      const next = node === undefined ? undefined : child(node, segments[i] as string);
      if (next === undefined) return { node, missing: segments.length - i };
      node = next;
    }
    return { node, missing: 0 };
  }
}

function child(node: Node, segment: string): Node | undefined {
  if (node.type === "object") {
    for (const property of node.children ?? []) {
      if (property.children?.[0]?.value === segment) return property.children[1];
    }
    return undefined;
  }
  if (node.type === "array" && ARRAY_INDEX.test(segment)) return node.children?.[Number(segment)];
  return undefined;
}

function rangeFromHit(hit: ScanHit, mark: Mark): SourceRange {
  if (mark === "value" && hit.missing === 0) return hit.node;
  if (hit.key !== undefined) return hit.key;
  return hit.container ? { offset: hit.node.offset, length: 1 } : hit.node;
}

function rangeOf(node: Node): SourceRange {
  return { offset: node.offset, length: node.length };
}
