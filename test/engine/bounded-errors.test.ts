// Errors stay linear in the document: no message or params quotes a list or a text that grows with
// the document once per error. Checked by size, not time, on the shapes that once grew
// quadratically (a 100,000-item rollup cycle gave 7 MB of output per 1,000 items and ran out of
// memory at 20,000).

import { test } from "node:test";
import assert from "node:assert/strict";
import { analyze, parseJson, type Issue } from "../../shared/src/index";
import { generate, type Shape } from "../fuzz/shapes";

/** Every error's message and params, serialised as the CLI and the language server send them. */
function payloadSize(issues: readonly Issue[]): number {
  return issues.reduce((total, issue) => total + issue.message.length + JSON.stringify(issue.params).length, 0);
}

function issuesOf(text: string): Issue[] {
  const parsed = parseJson(text);
  assert.ok(parsed.ok, "the generated document is JSON");
  return analyze(parsed.value).issues;
}

const MESSAGE_LIMIT = 600;
/**
 * Errors may cost a few times the text they are about (a message of a few hundred characters for an
 * item of ninety), never a multiple that grows with the document: the cycle once cost 100,000 times.
 */
const PAYLOAD_PER_CHARACTER = 4;

function assertBounded(shape: Shape, n: number, expectErrors: (issues: Issue[]) => void): void {
  const text = generate(shape, n);
  const issues = issuesOf(text);
  expectErrors(issues);
  const longest = issues.reduce((most, issue) => Math.max(most, issue.message.length), 0);
  assert.ok(longest <= MESSAGE_LIMIT, `${shape}: a message of ${longest} characters`);
  const size = payloadSize(issues);
  assert.ok(size <= PAYLOAD_PER_CHARACTER * text.length, `${shape} of ${n}: ${size} characters of errors for a ${text.length}-character document`);
}

test("a 100,000-item rollup cycle gives one bounded error per edge, naming a few ids and the count", () => {
  assertBounded("cycle", 100_000, (issues) => {
    assert.equal(issues.length, 100_000);
    assert.ok(issues.every((issue) => issue.code === "cyclic-rollup"));
    const first = issues[0]!;
    assert.equal(first.path, "/statements/0/items/0/rollupTo");
    assert.match(first.message, /cycle of 100000 items \("i0" → "i1" → "i2" → "i3" → "i4" → … \(99995 more\)\)/);
    assert.deepEqual(first.params, { cycle: ["i0", "i1", "i2", "i3", "i4"], cycleLength: 100_000 });
    // Each error starts the cycle at its own item.
    assert.deepEqual(issues[99_999]!.params.cycle, ["i99999", "i0", "i1", "i2", "i3"]);
  });
});

test("a short cycle is named in full, closed back to its first id", () => {
  const issues = issuesOf(generate("cycle", 3));
  assert.deepEqual(
    issues.map((issue) => issue.message),
    [
      `Rollups form a cycle of 3 items ("i0" → "i1" → "i2" → "i0"); a subtotal cannot contain itself.`,
      `Rollups form a cycle of 3 items ("i1" → "i2" → "i0" → "i1"); a subtotal cannot contain itself.`,
      `Rollups form a cycle of 3 items ("i2" → "i0" → "i1" → "i2"); a subtotal cannot contain itself.`,
    ],
  );
});

test("a 100,000-item chain and a 100,000-child fan-out conform", () => {
  for (const shape of ["chain", "fanout"] as const) assertBounded(shape, 100_000, (issues) => assert.deepEqual(issues, []));
});

test("value maps missing many periods: each error names a few and counts the rest", () => {
  // 1,000 periods, 1,000 items each missing all 1,000 and holding one extra key.
  assertBounded("map-keys", 1_000_000, (issues) => {
    assert.equal(issues.length, 1000);
    const first = issues[0]!;
    assert.equal(first.code, "map-key-mismatch");
    assert.equal(first.params.missingCount, 1000);
    assert.deepEqual(first.params.missing, ["p0", "p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9"]);
    assert.deepEqual(first.params.extra, ["x0"]);
    assert.match(first.message, /\("p0", .*"p9" and 990 more\); missing "p0", .*"p9" and 990 more; not in the statement's periods: "x0"\./);
  });
});

test("a parent's long unit id is quoted shortened in each child's unit-mismatch, not in full", () => {
  assertBounded("long-ids", 100_000, (issues) => {
    assert.equal(issues.length, 100_000);
    assert.ok(issues.every((issue) => issue.code === "unit-mismatch"));
  });
});

test("many extra keys in one value map: listed in params (the quick fix removes them), a few in the message", () => {
  const extra = Object.fromEntries(Array.from({ length: 50_000 }, (_, index) => [`x${index}`, "1"]));
  const text = JSON.stringify({
    formatVersion: "0.2",
    entity: { name: "E" },
    scope: { label: "S" },
    units: [{ id: "u", label: "U", measure: "M", scale: 0 }],
    periods: [{ id: "p", kind: "instant", date: "2025-01-01" }],
    statements: [{ id: "s", label: "S", periods: ["p"], items: [{ id: "a", label: "A", unit: "u", values: { p: "1", ...extra } }] }],
  });
  const issues = issuesOf(text);
  assert.equal(issues.length, 1);
  assert.equal((issues[0]!.params.extra as string[]).length, 50_000);
  assert.ok(issues[0]!.message.length <= MESSAGE_LIMIT);
  assert.ok(payloadSize(issues) <= PAYLOAD_PER_CHARACTER * text.length);
});
