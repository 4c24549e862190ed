// Each problem is reported once, at its cause: over every document of the project's fixtures and
// the upstream suite, no two errors share a code and a path, and every path names a node (or the
// object missing a required member). Generated documents are checked by test/fuzz/.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fixturesRoot, readText, repoRoot, upstreamRoot } from "../support/paths";
import { issueViolations, runEngine } from "../fuzz/invariants";

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? jsonFiles(path) : name.endsWith(".json") ? [path] : [];
  });
}

test("every fixture and upstream document: one error per (code, path), each path resolving", () => {
  const files = [...jsonFiles(fixturesRoot), ...jsonFiles(upstreamRoot)];
  assert.ok(files.length > 100, `${files.length} documents found`);
  const findings = files.flatMap((file) => issueViolations(runEngine(readText(file))).map((violation) => `${relative(repoRoot, file)}: ${violation}`));
  assert.deepEqual(findings, []);
});

function snapshotDocument(application: Record<string, unknown>, calculations = "consistent"): string {
  return JSON.stringify({
    formatVersion: "0.2",
    entity: { name: "E" },
    scope: { label: "S" },
    units: [{ id: "u", label: "U", measure: "M", scale: 0 }],
    periods: [{ id: "p", kind: "instant", date: "2025-01-01" }],
    statements: [{ id: "s", label: "S", periods: ["p"], items: [{ id: "a", label: "A", unit: "u", values: { p: "1" } }] }],
    validationSnapshot: { conformance: "conforming", calculations, applications: [application] },
  });
}

const KEY = { statement: "s", parent: "a", period: "p" };
const NUMBERS = { actual: "1", expected: "1", difference: "0", tolerance: "0" };

test("a mistyped application status is one error, not a cascade over the members", () => {
  for (const calculations of ["consistent", "inconsistent"]) {
    const outcome = runEngine(snapshotDocument({ key: KEY, status: "ok", ...NUMBERS }, calculations));
    assert.deepEqual(
      outcome.issues.map(({ code, path }) => ({ code, path })),
      [{ code: "invalid-value", path: "/validationSnapshot/applications/0/status" }],
      calculations,
    );
  }
  // The members of an error application with a mistyped status are not reported either.
  const error = runEngine(snapshotDocument({ key: KEY, status: "eror", reason: "missing-value", cell: { statement: "s", item: "a", period: "p" } }));
  assert.deepEqual(
    error.issues.map(({ code, path }) => ({ code, path })),
    [{ code: "invalid-value", path: "/validationSnapshot/applications/0/status" }],
  );
});

test("without a status, the members of either variant are allowed and each is still checked", () => {
  const outcome = runEngine(snapshotDocument({ key: KEY, ...NUMBERS, actual: "01", colour: "red" }));
  assert.deepEqual(
    outcome.issues.map(({ code, path }) => ({ code, path })),
    [
      { code: "invalid-value", path: "/validationSnapshot/applications/0/actual" },
      { code: "unknown-property", path: "/validationSnapshot/applications/0/colour" },
      { code: "required-property", path: "/validationSnapshot/applications/0/status" },
    ],
  );
});

test("a valid status still selects its variant's members", () => {
  const outcome = runEngine(snapshotDocument({ key: KEY, status: "satisfied", ...NUMBERS, reason: "missing-value" }));
  assert.deepEqual(
    outcome.issues.map(({ code, path }) => ({ code, path })),
    [{ code: "unknown-property", path: "/validationSnapshot/applications/0/reason" }],
  );
});

test("a malformed values key is one invalid-value at its path, its malformed cell not judged too (fuzz seed 424242)", () => {
  const text = JSON.stringify({
    formatVersion: "0.2",
    entity: { name: "E" },
    scope: { label: "S" },
    units: [{ id: "u", label: "U", measure: "M", scale: 0 }],
    periods: [{ id: "p", kind: "instant", date: "2025-01-01" }],
    statements: [{ id: "s", label: "S", periods: ["p"], items: [{ id: "a", label: "A", unit: "u", values: { p: "1", "\ud800p": "01", "p q": 5 } }] }],
  });
  const outcome = runEngine(text);
  assert.deepEqual(issueViolations(outcome), []);
  assert.deepEqual(
    outcome.issues.map(({ code, path }) => ({ code, path })),
    [
      { code: "map-key-mismatch", path: "/statements/0/items/0/values" },
      { code: "invalid-value", path: "/statements/0/items/0/values/p q" },
      { code: "invalid-value", path: "/statements/0/items/0/values/\ud800p" },
    ],
  );
});
