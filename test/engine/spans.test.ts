// The span index (json/spans.ts) answers node-at-offset and node-by-path on large texts by parsing
// only the subtree that holds the node. It must answer exactly as the whole text's parse tree
// does: the same node (type, range, value, whether it is a member name) and the same path, for
// every offset and every pointer, present or missing, also after a value edit shifted it.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import type { Node } from "jsonc-parser";
import { SourceLocator } from "../../shared/src/index";
import { documentArbitrary } from "./documents";

/** A node as a caller sees it: its range, type, value and whether it is a member name. */
function shape(node: Node | undefined): unknown {
  if (node === undefined) return undefined;
  const isKey = node.parent?.type === "property" && node.parent.children?.[0] === node;
  return { type: node.type, offset: node.offset, length: node.length, value: node.value, isKey, colon: node.colonOffset, children: node.children?.length };
}

function pointersOf(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix, `${prefix}/missing`];
  const entries = Array.isArray(value) ? value.map((element, index) => [String(index), element] as const) : Object.entries(value);
  return [prefix, `${prefix}/missing/deeper`, ...entries.flatMap(([key, child]) => pointersOf(child, `${prefix}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`))];
}

/** Spans (treeSizeLimit 0) and the whole tree agree on `text` at every offset and pointer. */
function agree(text: string, indexed = new SourceLocator(text, JSON.parse(text), 0)): void {
  const tree = new SourceLocator(text);
  for (let offset = 0; offset <= text.length; offset++) {
    const expected = tree.nodeAt(offset);
    const actual = indexed.nodeAt(offset);
    // A container above the indexed depth comes without its children: compare what callers read.
    const children = (found: typeof expected) => (found?.node.children === undefined ? undefined : found.node.children.length);
    const bare = (found: typeof expected) => ({ ...(shape(found?.node) as object), children: undefined, path: found?.path });
    assert.deepEqual(bare(actual), bare(expected), `offset ${offset}`);
    if (children(actual) !== undefined) assert.equal(children(actual), children(expected), `children at offset ${offset}`);
  }
  for (const path of pointersOf(JSON.parse(text))) {
    assert.deepEqual(indexed.locate(path, "value"), tree.locate(path, "value"), `value ${path}`);
    assert.deepEqual(indexed.locate(path, "key"), tree.locate(path, "key"), `key ${path}`);
    const node = indexed.node(path);
    // A present node found by its path is parsed whole (its children included) unless it is a
    // container above the indexed depth.
    assert.deepEqual({ ...(shape(node) as object), children: undefined }, { ...(shape(tree.node(path)) as object), children: undefined }, `node ${path}`);
  }
}

test("span index agrees with the parse tree on generated FS documents in every layout", () => {
  fc.assert(
    fc.property(documentArbitrary, fc.constantFrom(undefined, 0, 2, "\t", " \r\n "), (document, indent) => {
      agree(indent === " \r\n " ? JSON.stringify(document, null, 2).replace(/\n/g, "\r\n") : JSON.stringify(document, null, indent));
    }),
    { numRuns: 40 },
  );
});

test("span index agrees on arbitrary JSON: escapes, integer-like keys, deep nesting, identifiers that are data", () => {
  fc.assert(
    fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => agree(JSON.stringify(value, null, 1))),
    { numRuns: 300 },
  );
  agree('{"b": 1, "10": {"x\\"y": [1, "a\\\\"]}, "2": "\\u0041", "a\\u0062": true, "é": null}');
  agree('{"statements": [{"items": [{"id": "__proto__", "values": {"constructor": "1"}}, {}], "x": []}], "__proto__": {"a": [[[[1]]]]}}');
  agree("[]");
  agree('"just a string"');
});

test("a value edit shifts the span index: the next version answers as a fresh tree of its text", () => {
  fc.assert(
    fc.property(documentArbitrary, fc.nat(), fc.stringMatching(/^[0-9]{0,3}$/), (document, pick, digits) => {
      const text = JSON.stringify(document, null, 2);
      // A string token's inside: replace one character of it with the digits.
      const strings = [...text.matchAll(/"[0-9.-]+"(?!\s*:)/g)]; // values, not member names
      if (strings.length === 0) return;
      const token = strings[pick % strings.length]!;
      const offset = token.index! + 1;
      const edited = `${text.slice(0, offset)}${digits}${text.slice(offset + 1)}`;
      const value = JSON.parse(text) as unknown;
      const before = new SourceLocator(text, value, 0);
      before.nodeAt(0); // builds the index, which the edit then shifts
      const next = before.afterEdit(edited, JSON.parse(edited), { offset, length: 1, inserted: digits.length });
      agree(edited, next);
    }),
    { numRuns: 40 },
  );
});

test("a text that does not match its value falls back to the tree", () => {
  const text = '{"a": [1, 2], "a": 3}';
  const locator = new SourceLocator(text, JSON.parse(text), 0);
  assert.deepEqual(locator.nodeAt(7)?.path, ["a", 0]);
});
