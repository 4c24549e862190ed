import { test } from "node:test";
import assert from "node:assert/strict";
import { comparePointers, escapeSegment, MAX_NESTING, parseJson, parsePointer, pointer, SourceLocator } from "../../shared/src/index";

test("pointers escape ~ and / and sort segment-wise with indices in numeric order", () => {
  assert.equal(pointer("values", "a/b", "c~d"), "/values/a~1b/c~0d");
  assert.deepEqual(parsePointer("/values/a~1b/c~0d"), ["values", "a/b", "c~d"]);
  assert.equal(escapeSegment(3), "3");
  const sorted = ["/items/10", "/items/2/id", "/items/2", "", "/items/1/values/b", "/items/1/values/a", "/id"].sort(comparePointers);
  assert.deepEqual(sorted, ["", "/id", "/items/1/values/a", "/items/1/values/b", "/items/2", "/items/2/id", "/items/10"]);
});

test("duplicate member names are found wherever they are, also behind escaped colons", () => {
  const plain = parseJson('{"a": {"b": 1, "b": 2}}');
  assert.ok(!plain.ok);
  assert.equal(plain.problems[0]?.code, "duplicate-member");
  assert.equal(plain.problems[0]?.offset, 15);
  // An escaped colon in a string would balance the colon count of one duplicate; the census must not be fooled.
  const balanced = parseJson('{"x\\u003ay": 1, "k": 1, "k": 2}');
  assert.ok(!balanced.ok);
  assert.equal(balanced.problems[0]?.code, "duplicate-member");
  const colons = parseJson('{"a:b": "c:d", "e": [":", {"f:": ":"}]}');
  assert.ok(colons.ok, "colons inside strings are not members");
  const escapedKeysDiffer = parseJson('{"a\\u0062": 1, "ab": 2}');
  assert.ok(!escapedKeysDiffer.ok, "keys are compared after unescaping");
});

test("nesting beyond the limit is a parse problem, not a stack overflow", () => {
  const deep = "[".repeat(MAX_NESTING + 1) + "]".repeat(MAX_NESTING + 1);
  const outcome = parseJson(deep);
  assert.ok(!outcome.ok);
  assert.equal(outcome.problems[0]?.code, "nesting-too-deep");
  assert.ok(parseJson("[".repeat(MAX_NESTING) + "]".repeat(MAX_NESTING)).ok);
  const hostile = parseJson("[".repeat(200_000) + "]".repeat(200_000));
  assert.ok(!hostile.ok);
});

test("syntax problems carry 1-based lines and columns", () => {
  const outcome = parseJson('{\n  "a": 1,\n  "b": tru\n}');
  assert.ok(!outcome.ok);
  assert.equal(outcome.problems[0]?.line, 3);
  assert.equal(outcome.problems[0]?.column, 8);
  const empty = parseJson("");
  assert.ok(!empty.ok && empty.problems[0]?.code === "invalid-json");
  const comment = parseJson('{"a": 1 // no\n}');
  assert.ok(!comment.ok && /Comments are not allowed/.test(comment.problems[0]!.message));
});

test("the locator marks values, keys, and the key of an object that lacks a member", () => {
  const text = '{\n  "entity": {},\n  "units": [{"id": "u", "scale": 1.5}],\n  "a/b": {"c~d": true}\n}';
  const locator = new SourceLocator(text);
  const slice = (range: { offset: number; length: number }) => text.slice(range.offset, range.offset + range.length);
  assert.equal(slice(locator.locate("/units/0/scale", "value")), "1.5");
  assert.equal(slice(locator.locate("/units/0/scale", "key")), '"scale"');
  assert.equal(slice(locator.locate("/entity/name", "key")), '"entity"', "missing member → the lacking object's key");
  assert.equal(slice(locator.locate("/units/0/label", "key")), "{", "no key → the object's brace");
  assert.equal(slice(locator.locate("/a~1b/c~0d", "value")), "true");
  assert.equal(slice(locator.locate("", "value")), text);
  assert.equal(locator.node("/units/0/missing"), undefined);
});
