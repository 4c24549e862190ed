// fsdoc as users run it: the built binary, its stdout, stderr and exit codes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { analyze } from "../../shared/src/index";
import { fixturesRoot, readJson, readText, repoRoot, upstreamRoot } from "../support/paths";

const fixtures = join(upstreamRoot, "fixtures");

function fsdoc(args: string[], input?: string) {
  const run = spawnSync(process.execPath, [join(repoRoot, "dist/cli.js"), ...args], { input, encoding: "utf8" });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

const scratch = () => mkdtempSync(join(tmpdir(), "fsdoc-test-"));

test("validate prints the contract result for one conforming file and exits 0", () => {
  const file = join(upstreamRoot, "examples/manufacturing-group.json");
  const run = fsdoc(["validate", file]);
  assert.equal(run.code, 0);
  assert.deepEqual(JSON.parse(run.stdout), analyze(readJson(file)).result);
  assert.ok(run.stdout.startsWith('{\n  "formatVersion": "0.2"'), "2-space indented");
  // One word for the rollups, as the summary says it, and the subtotal that does not add up named.
  assert.match(run.stderr, /conforming; rollups: 1 not satisfied \([^)]+ [^)]+\), 15 satisfied\n/);
  assert.doesNotMatch(run.stderr, /calculations/);
});

test("validate --strict fails on inconsistent rollups", () => {
  assert.equal(fsdoc(["validate", "--strict", join(upstreamRoot, "examples/manufacturing-group.json")]).code, 1);
  assert.equal(fsdoc(["validate", "--strict", join(fixtures, "valid/exact-arithmetic.json")]).code, 0);
});

test("validate reports a nonconforming document with file:line:column and exits 1", () => {
  const file = join(fixtures, "invalid/unresolved-unit.json");
  const run = fsdoc(["validate", file]);
  assert.equal(run.code, 1);
  assert.equal(JSON.parse(run.stdout).conformance.errors[0].code, "unresolved-reference");
  assert.ok(run.stderr.includes(`${file}:36:19: unresolved-reference at /statements/0/items/0/unit`), run.stderr);
});

test("validate takes several files, prints an array and a summary line", () => {
  const files = [join(fixturesRoot, "examples/minimal.json"), join(fixtures, "invalid/self-rollup.json"), join(fixtures, "raw-input/malformed-json.json.txt")];
  const run = fsdoc(["validate", ...files]);
  assert.equal(run.code, 1);
  const entries = JSON.parse(run.stdout) as { file: string; result?: { conformance: { status: string } }; error?: { code: string; path: string; line: number; column: number } }[];
  assert.deepEqual(
    entries.map((entry) => entry.file),
    files,
  );
  assert.equal(entries[0]?.result?.conformance.status, "conforming");
  assert.equal(entries[1]?.result?.conformance.status, "nonconforming");
  assert.deepEqual({ ...entries[2]?.error, message: undefined }, { code: "invalid-json", path: "", line: 4, column: 1, message: undefined });
  assert.match(run.stderr, /^3 files: 1 conforming \(0 with rollups not satisfied\), 1 nonconforming, 1 unreadable$/m);
});

test("validate reads standard input and ignores a byte-order mark", () => {
  const run = fsdoc(["validate", "-"], "\uFEFF" + readText(join(fixtures, "valid/no-rollups.json")));
  assert.equal(run.code, 0);
  assert.equal(JSON.parse(run.stdout).calculations.status, "not-defined");
});

test("malformed JSON, duplicate members and trailing content are errors as data: code, path, line, column", () => {
  const cases: [string, RegExp, { code: string; path: string; line: number; column: number }][] = [
    ["malformed-json.json.txt", /malformed-json\.json\.txt:4:1: invalid-json/, { code: "invalid-json", path: "", line: 4, column: 1 }],
    [
      "duplicate-members.json.txt",
      /duplicate-members\.json\.txt:3:3: duplicate-member: Duplicate member name "formatVersion"/,
      { code: "duplicate-member", path: "", line: 3, column: 3 },
    ],
    ["trailing-content.json.txt", /trailing-content\.json\.txt:2:1: trailing-content/, { code: "trailing-content", path: "", line: 2, column: 1 }],
  ];
  for (const [name, message, expected] of cases) {
    const file = join(fixtures, "raw-input", name);
    const run = fsdoc(["validate", file]);
    assert.equal(run.code, 1, name);
    const { file: printed, error } = JSON.parse(run.stdout) as { file: string; error: Record<string, unknown> };
    assert.equal(printed, file);
    assert.deepEqual({ code: error.code, path: error.path, line: error.line, column: error.column }, expected, name);
    assert.equal(typeof error.message, "string");
    assert.ok(!String(error.message).includes("\n"), "the message is one sentence, not the report");
    assert.match(run.stderr, message);
  }
  assert.match(fsdoc(["validate", "/nonexistent/file.json"]).stderr, /cannot read \/nonexistent\/file\.json: no such file or directory/);
});

test("usage errors exit 2; help and version exit 0", () => {
  for (const args of [
    [],
    ["frobnicate"],
    ["validate"],
    ["validate", "--bogus", "x.json"],
    ["render", "--format", "pdf", "x.json"],
    ["diff", "a.json", "b.json"],
    ["record", "--in-place", "--output", "o.json", "x.json"],
    ["validate", "--format", "html", "x.json"],
  ]) {
    const run = fsdoc(args);
    assert.equal(run.code, 2, args.join(" "));
    assert.ok(run.stderr.length > 0 || run.stdout.includes("Usage"), args.join(" "));
  }
  assert.equal(fsdoc(["--help"]).code, 0);
  assert.match(fsdoc(["--version"]).stdout, /^\d+\.\d+\.\d+\n$/);
  for (const command of ["validate", "diff", "render", "record"]) {
    const run = fsdoc([command, "--help"]);
    assert.equal(run.code, 0);
    assert.match(run.stdout, new RegExp(`^Usage: fsdoc ${command}`));
  }
});

test("diff speaks text by default: a few lines for an unchanged document, not the JSON object", () => {
  const run = fsdoc(["diff", join(repoRoot, "fixtures/examples/northwind-group.json")]);
  assert.equal(run.code, 0);
  const lines = run.stdout.trimEnd().split("\n");
  assert.match(lines[0]!, /northwind-group\.json: snapshot match$/);
  assert.ok(lines.length <= 5, run.stdout);
  assert.doesNotMatch(run.stdout, /^\s*[{}[\]]/m, "no JSON");
  assert.match(run.stdout, /^ {2}\d+ rollup checks unchanged$/m);
});

test("diff --format json prints the snapshot diff; --strict fails unless it matches", () => {
  const mismatch = fsdoc(["diff", "--format", "json", join(fixtures, "valid/snapshot-mismatch-source.json")]);
  assert.equal(mismatch.code, 0);
  assert.deepEqual(JSON.parse(mismatch.stdout), readJson(join(fixtures, "snapshot-diffs/mismatch.json")));
  assert.equal(fsdoc(["diff", "--strict", join(fixtures, "valid/snapshot-mismatch-source.json")]).code, 1);
  assert.equal(fsdoc(["diff", "--strict", join(fixtures, "valid/recorded-snapshot.json")]).code, 0);
  const invalid = fsdoc(["diff", "--format", "json", join(fixtures, "invalid/contradictory-snapshot-application.json")]);
  assert.equal(invalid.code, 1);
  assert.equal(JSON.parse(invalid.stdout).status, "not-comparable");
});

test("render writes a deterministic standalone HTML page, refuses nonconforming documents and bounds output", () => {
  const file = join(fixtures, "valid/render-presentation.json");
  const first = fsdoc(["render", file]);
  assert.equal(first.code, 0);
  assert.match(first.stdout, /^<!doctype html>/i);
  assert.ok(first.stdout.includes("A &amp; B &lt;Group&gt;"));
  assert.ok(!/<script|https?:\/\/(?!cpaikr)/i.test(first.stdout), "no scripts, no network resources");
  assert.equal(fsdoc(["render", file]).stdout, first.stdout, "byte-identical");
  assert.equal(fsdoc(["render", join(fixtures, "invalid/self-rollup.json")]).code, 1);
  const limit = fsdoc(["render", join(fixtures, "valid/render-column-limit-exceeded.json")]);
  assert.equal(limit.code, 1);
  assert.match(limit.stderr, /1,001 columns/);
  assert.equal(limit.stdout, "");
});

test("render --format tsv: one statement to stdout, or one file per statement", () => {
  const file = join(fixtures, "valid/render-presentation.json");
  const mixed = fsdoc(["render", "--format", "tsv", "--statement", "mixed-units", file]);
  assert.equal(mixed.code, 0);
  const rows = mixed.stdout
    .trimEnd()
    .split("\n")
    .map((row) => row.split("\t"));
  assert.ok(rows.every((row) => row.length === rows[0]!.length));
  assert.ok(rows[0]!.includes("Unit"));
  assert.equal(fsdoc(["render", "--format", "tsv", file]).code, 2, "several statements need --statement or --output");
  const dir = scratch();
  const out = join(dir, "tables");
  assert.equal(fsdoc(["render", "--format", "tsv", "--output", out, file]).code, 0);
  assert.deepEqual(readdirSync(out).sort(), ["mixed-units.tsv", "ordered.tsv"]);
  assert.equal(fsdoc(["render", "--format", "tsv", "--statement", "nope", file]).code, 1);
});

test("record prints the document with a fresh snapshot, changing nothing else", () => {
  const run = fsdoc(["record", join(fixtures, "valid/no-rollups.json")]);
  assert.equal(run.code, 0);
  assert.equal(run.stdout.trimEnd(), readText(join(fixtures, "cli/expected/record-validation/no-rollups.json")).trimEnd());
});

test("record never loses data: refuses to overwrite, writes atomically, leaves nonconforming files alone", () => {
  const dir = scratch();
  const source = join(dir, "doc.json");
  const original = readText(join(fixtures, "valid/snapshot-mismatch-source.json"));
  writeFileSync(source, original);
  const target = join(dir, "out.json");
  writeFileSync(target, "keep me");
  const refused = fsdoc(["record", source, "--output", target]);
  assert.equal(refused.code, 1);
  assert.match(refused.stderr, /already exists; pass --force/);
  assert.equal(readFileSync(target, "utf8"), "keep me");
  assert.equal(fsdoc(["record", source, "--output", target, "--force"]).code, 0);
  assert.equal(JSON.parse(readFileSync(target, "utf8")).validationSnapshot.calculations, "inconsistent");
  assert.equal(fsdoc(["record", "--in-place", source]).code, 0);
  assert.equal(fsdoc(["diff", "--strict", source]).code, 0, "recorded in place, the snapshot matches");
  assert.deepEqual(readdirSync(dir).sort(), ["doc.json", "out.json"], "no temporary files left behind");
  const broken = join(dir, "broken.json");
  const brokenText = readText(join(fixtures, "invalid/self-rollup.json"));
  writeFileSync(broken, brokenText);
  assert.equal(fsdoc(["record", "--in-place", broken]).code, 1);
  assert.equal(readFileSync(broken, "utf8"), brokenText);
});

test("validate's lines for people name a document's errors in text order, as the Problems panel does", () => {
  // northwind-broken's result lists /units/0 (line 20) after every /statements error.
  const run = fsdoc(["validate", join(fixturesRoot, "invalid/northwind-broken.json")]);
  assert.equal(run.code, 1, run.stderr);
  const located = run.stderr
    .split("\n")
    .map((line) => /northwind-broken\.json:(\d+):(\d+): /.exec(line))
    .filter((match) => match !== null)
    .map((match) => [Number(match[1]), Number(match[2])] as const);
  assert.equal(located.length, 10, run.stderr);
  const sorted = [...located].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  assert.deepEqual(located, sorted);
  assert.deepEqual(located[1], [20, 27]);
});
