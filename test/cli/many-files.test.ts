// validate over files, folders and patterns: FS documents only, in a stable order, in parallel.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { documentText, fsdoc, scratch } from "./support";

function tree(): string {
  const dir = scratch();
  const write = (path: string, text: string) => {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  const good = documentText([
    { id: "a", values: { fy2025: "1" }, rollupTo: "t" },
    { id: "t", values: { fy2025: "1" } },
  ]);
  const inconsistent = documentText([
    { id: "a", values: { fy2025: "1" }, rollupTo: "t" },
    { id: "t", values: { fy2025: "2" } },
  ]);
  write("docs/z.fs.json", good);
  write("docs/b/one.json", inconsistent);
  write("docs/a/two.json", good.replace('"label": "Units"', '"label": "Units", "extra": 1'));
  write("docs/package.json", JSON.stringify({ name: "x", version: "1.0.0", statements: [] }));
  write("docs/tsconfig.json", JSON.stringify({ compilerOptions: {} }));
  write("docs/node_modules/dep/doc.json", good);
  write("docs/.cache/doc.json", good);
  write("docs/broken.fs.json", "{ not json");
  write("docs/notes.txt", good);
  write("empty/readme.json", "{}");
  return dir;
}

interface Entry {
  file: string;
  result?: { conformance: { status: string }; calculations: { status: string } };
  error?: { code: string };
}

test("a folder: FS documents only (by name or by shape), recursively, sorted, skipping node_modules and dot-folders", () => {
  const dir = tree();
  const run = fsdoc(["validate", "docs"], { cwd: dir });
  assert.equal(run.code, 1);
  const entries = JSON.parse(run.stdout) as Entry[];
  assert.deepEqual(
    entries.map((entry) => entry.file),
    ["docs/a/two.json", "docs/b/one.json", "docs/broken.fs.json", "docs/z.fs.json"],
  );
  assert.equal(entries[0]!.result!.conformance.status, "nonconforming");
  assert.equal(entries[1]!.result!.calculations.status, "inconsistent");
  assert.equal(entries[2]!.error!.code, "invalid-json");
  assert.match(run.stderr, /^4 files: 2 conforming \(1 with rollups not satisfied\), 1 nonconforming, 1 unreadable$/m);
});

test("order is the arguments', then sorted within each; duplicates once; the exit code is the worst", () => {
  const dir = tree();
  const run = fsdoc(["validate", "docs/z.fs.json", "docs/b", "docs/z.fs.json"], { cwd: dir });
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(
    (JSON.parse(run.stdout) as Entry[]).map((entry) => entry.file),
    ["docs/z.fs.json", "docs/b/one.json"],
  );
  assert.equal(fsdoc(["validate", "--strict", "docs/z.fs.json", "docs/b"], { cwd: dir }).code, 1, "--strict: inconsistent rollups fail");
  assert.equal(fsdoc(["validate", "docs/b", "docs/a"], { cwd: dir }).code, 1, "one nonconforming file fails the run");
});

test("glob patterns use the same detection; a folder or pattern without FS documents is an error", () => {
  const dir = tree();
  const run = fsdoc(["validate", "--format", "text", "docs/**/*.json"], { cwd: dir });
  assert.equal(run.code, 1);
  assert.match(run.stdout, /^4 documents: 2 conforming, 1 nonconforming, 1 not readable as JSON$/m);
  assert.ok(!run.stdout.includes("package.json") && !run.stdout.includes("node_modules"));
  const none = fsdoc(["validate", "docs/**/*.yaml"], { cwd: dir });
  assert.equal(none.code, 1);
  assert.match(none.stderr, /no FS documents match docs\/\*\*\/\*\.yaml/);
  const empty = fsdoc(["validate", "empty"], { cwd: dir });
  assert.equal(empty.code, 1);
  assert.match(empty.stderr, /no FS documents in empty/);
  assert.equal(empty.stdout, "[]\n");
});

test("worker threads give the same output, byte for byte, as one thread, in every format", () => {
  const dir = scratch();
  for (let i = 0; i < 24; i++) {
    const total = i % 3 === 0 ? "5" : "3";
    const text = documentText([
      { id: "a", values: { fy2025: "1" }, rollupTo: "t" },
      { id: "b", values: { fy2025: "2" }, rollupTo: "t" },
      { id: "t", values: { fy2025: total } },
    ]);
    writeFileSync(join(dir, `doc-${String(i).padStart(2, "0")}.fs.json`), i % 7 === 0 ? text.replace('"scope"', '"scoop"') : text);
  }
  for (const format of ["json", "text", "sarif", "github"]) {
    const one = fsdoc(["validate", "--jobs", "1", "--format", format, "."], { cwd: dir });
    const four = fsdoc(["validate", "--jobs", "4", "--format", format, "."], { cwd: dir });
    assert.equal(one.code, 1, format);
    assert.equal(four.code, one.code, format);
    assert.equal(four.stdout, one.stdout, format);
    assert.equal(four.stderr, one.stderr, format);
  }
  const entries = JSON.parse(fsdoc(["validate", "-j", "3", "."], { cwd: dir }).stdout) as Entry[];
  assert.equal(entries.length, 24);
  assert.deepEqual(
    entries.map((entry) => entry.file),
    [...entries.map((entry) => entry.file)].sort(),
  );
});

test("--detect: named files that are not FS documents are skipped, as in a folder (what a pre-commit hook names)", () => {
  const dir = tree();
  const named = ["docs/package.json", "docs/tsconfig.json", "docs/a/two.json", "docs/z.fs.json", "docs/broken.fs.json"].map((path) => join(dir, path));
  const run = fsdoc(["validate", "--format", "text", "--detect", ...named]);
  assert.equal(run.code, 1);
  assert.doesNotMatch(run.stdout, /package\.json|tsconfig\.json/);
  assert.match(run.stdout, /two\.json:\d+:\d+: error unknown-property/);
  assert.match(run.stdout, /broken\.fs\.json:1:\d+: error /);
  const others = fsdoc(["validate", "--format", "text", "--detect", join(dir, "docs/package.json"), join(dir, "docs/tsconfig.json")]);
  assert.equal(others.code, 0, "only other JSON named: nothing to check, and no failure");
  assert.match(others.stdout, /^0 documents/m);
  // Without --detect a named file is checked whatever it contains.
  assert.equal(fsdoc(["validate", "--format", "text", join(dir, "docs/package.json")]).code, 1);
});
