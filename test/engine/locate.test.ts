// The guided scan (used for large texts) and the parse tree must give the same range for every
// pointer, present or missing, marked at its key or its value.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { SourceLocator, type LocateRequest } from "../../shared/src/index";
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
