// The e2e tests' expectations of a JSON text, computed through its parse tree (never by searching text).

import assert from "node:assert/strict";
import { findNodeAtLocation, parseTree, type JSONPath } from "jsonc-parser";

/** `text` with the value at `path` replaced by `json`. */
export function replaced(text: string, path: JSONPath, json: string): string {
  const node = findNodeAtLocation(parseTree(text)!, path);
  assert.ok(node !== undefined, path.join("/"));
  return text.slice(0, node.offset) + json + text.slice(node.offset + node.length);
}

/** 1-based line of the value at `path` in `text`. */
export function lineOf(text: string, path: JSONPath): number {
  const node = findNodeAtLocation(parseTree(text)!, path);
  assert.ok(node !== undefined, path.join("/"));
  return text.slice(0, node.offset).split("\n").length;
}
