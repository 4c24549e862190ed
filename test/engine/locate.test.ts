// The guided scan (used for large texts) and the parse tree must give the same range for every
// pointer, present or missing, marked at its key or its value.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { SourceLocator, type FsDocument, type LocateRequest } from "../../shared/src/index";
import { documentArbitrary } from "./documents";

function pointersOf(value: unknown, prefix = ""): string[] {
  const here = [prefix];
  if (typeof value !== "object" || value === null) return [...here, `${prefix}/missing`];
  const entries = Array.isArray(value) ? value.map((element, index) => [String(index), element] as const) : Object.entries(value);
  return [...here, `${prefix}/missing/deeper`, ...entries.flatMap(([key, child]) => pointersOf(child, `${prefix}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`))];
}

function agree(text: string): void {
  const value = JSON.parse(text) as unknown;
  const requests: LocateRequest[] = pointersOf(value).flatMap((path) => [
    { path, mark: "key" as const },
    { path, mark: "value" as const },
  ]);
  const tree = new SourceLocator(text);
  const scanned = new SourceLocator(text, value, 0).locateAll(requests);
  requests.forEach((request, index) => assert.deepEqual(scanned[index], tree.locate(request.path, request.mark), `${request.mark} ${request.path}`));
  // A few at a time (each batch scans only the subtrees that hold it), on one locator.
  const batched = new SourceLocator(text, value, 0);
  for (let from = 0; from < requests.length; from += 3) {
    const batch = requests.slice(from, from + 3);
    batched.locateAll(batch).forEach((range, at) => assert.deepEqual(range, scanned[from + at], `batched ${batch[at]!.mark} ${batch[at]!.path}`));
  }
}

test("guided scan agrees with the parse tree on generated documents in every layout", () => {
  fc.assert(
    fc.property(documentArbitrary, fc.constantFrom(undefined, 0, 1, 2, "\t", " \r\n "), (document, indent) => {
      agree(indent === " \r\n " ? JSON.stringify(document, null, 2).replace(/\n/g, "\r\n") : JSON.stringify(document, null, indent));
    }),
    { numRuns: 150 },
  );
});

test("guided scan agrees on arbitrary JSON: escapes, integer-like keys, nesting, unicode", () => {
  fc.assert(
    fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => agree(JSON.stringify(value, null, 1))),
    { numRuns: 500 },
  );
  agree('{"b": 1, "10": {"x\\"y": [1, "a\\\\"]}, "2": "\\u0041", "a\\u0062": true, "é": null}');
  agree('[ "\\"", "\\\\", "a\\\\\\"b", {"": ""} ]');
});

test("a text that does not match the value makes the scan give up, and the tree answers", () => {
  const text = '{"a": [1, 2]}';
  const wrong = new SourceLocator(text, { a: [1, 2, 3] }, 0);
  assert.deepEqual(wrong.locateAll([{ path: "/a/1", mark: "value" }]), [{ offset: 10, length: 1 }]);
});

/** `value` behind proxies that record every object or array of it whose members are read. */
function recording(value: unknown, read: Set<unknown>): unknown {
  if (typeof value !== "object" || value === null) return value;
  const proxies = new Map<string | symbol, unknown>();
  return new Proxy(value, {
    get(target, key) {
      read.add(value);
      const member = Reflect.get(target, key) as unknown;
      if (typeof member !== "object" || member === null) return member;
      if (!proxies.has(key)) proxies.set(key, recording(member, read));
      return proxies.get(key);
    },
    ownKeys(target) {
      read.add(value);
      return Reflect.ownKeys(target);
    },
  });
}

test("locating many cells on a large text reads the items that hold them, not the whole document", () => {
  const items = Array.from({ length: 400 }, (_, index) => ({ id: `i${index}`, label: `Item ${index}`, unit: "u", values: { p: String(index), q: "1" } }));
  const document = {
    formatVersion: "0.2",
    entity: { name: "E" },
    scope: { label: "S" },
    units: [{ id: "u", label: "U", measure: "u", scale: 0 }],
    periods: [
      { id: "p", kind: "instant", date: "2025-12-31" },
      { id: "q", kind: "instant", date: "2024-12-31" },
    ],
    statements: [{ id: "s", label: "S", periods: ["p", "q"], items }],
  };
  const text = JSON.stringify(document, null, 2);
  const read = new Set<unknown>();
  const locator = new SourceLocator(text, recording(JSON.parse(text), read), 0);
  locator.nodeAt(0); // the span index: one guided scan of everything, before the locating is recorded
  read.clear();
  const wanted = [7, 8, 300];
  const requests: LocateRequest[] = wanted.flatMap((index) => [
    ...Array.from({ length: 20 }, () => ({ path: `/statements/0/items/${index}/values/p`, mark: "value" as const })),
    { path: `/statements/0/items/${index}/values/q`, mark: "key" as const },
    { path: `/statements/0/items/${index}/missing`, mark: "key" as const },
  ]);
  const ranges = locator.locateAll(requests);
  const tree = new SourceLocator(text);
  requests.forEach((request, at) => assert.deepEqual(ranges[at], tree.locate(request.path, request.mark)));
  const parsed = JSON.parse(text) as FsDocument;
  // What was read below the items array: the wanted items and what they hold, nothing else.
  const readItems = parsed.statements[0]!.items.map((_, index) => index).filter((index) =>
    [...read].some((object) => JSON.stringify(object) === JSON.stringify(parsed.statements[0]!.items[index])),
  );
  assert.deepEqual(readItems, wanted);
});
