// fsdoc fix: the safe fixes only unless --apply names a value-changing set; --dry-run prints a
// unified diff and writes nothing; --write replaces the file.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { analyze, parseJson } from "../../shared/src/index";
import { fixturesRoot, repoRoot } from "../support/paths";

const sample = join(fixturesRoot, "explain", "format-and-sign.json");

function fsdoc(args: string[], input?: string) {
  const run = spawnSync(process.execPath, [join(repoRoot, "dist/cli.js"), ...args], { input, encoding: "utf8" });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

function scratchCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), "fsdoc-fix-"));
  const file = join(dir, "doc.json");
  copyFileSync(sample, file);
  return file;
}

function applicationStatus(text: string, period: string): string | undefined {
  const parsed = parseJson(text);
  assert.ok(parsed.ok);
  return analyze(parsed.value).result.calculations.applications.find((application) => application.key.period === period)?.status;
}

test("fix prints the document with JSON numbers written as canonical decimal strings from their digits; nothing else changes", () => {
  const before = readFileSync(sample, "utf8");
  const run = fsdoc(["fix", sample]);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout, before.replace('"fy2025": 5000.0,', '"fy2025": "5000",'));
  assert.match(run.stderr, /fixed \/statements\/0\/items\/0\/values\/fy2025: Write as the decimal string "5000"/);
  const parsed = parseJson(run.stdout);
  assert.ok(parsed.ok);
  assert.equal(analyze(parsed.value).result.conformance.status, "conforming");
  // The failing subtotal is a value-changing fix: not applied unasked.
  assert.equal(applicationStatus(run.stdout, "fy2025"), "unsatisfied");
});

test("fix keeps digits a JS number would lose", () => {
  const text = readFileSync(sample, "utf8").replace('"fy2025": 5000.0,', '"fy2025": 12345678901234567890.10,').replace('"3760"', '"12345678901234569130.1"');
  const run = fsdoc(["fix", "-"], text);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /"fy2025": "12345678901234567890\.1"/);
});

test("--dry-run prints a unified diff and writes nothing", () => {
  const file = scratchCopy();
  const before = readFileSync(file, "utf8");
  const run = fsdoc(["fix", "--dry-run", file]);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(readFileSync(file, "utf8"), before);
  const lines = run.stdout.split("\n");
  assert.equal(lines[0], `--- a/${file}`);
  assert.equal(lines[1], `+++ b/${file}`);
  assert.match(lines[2] ?? "", /^@@ -\d+,\d+ \+\d+,\d+ @@$/);
  assert.deepEqual(lines.filter((line) => line.startsWith("-") && !line.startsWith("---")).length, 1);
  assert.ok(lines.some((line) => line.startsWith("+") && line.includes('"fy2025": "5000"')));
  assert.match(run.stderr, /1 fix \(dry run, nothing written\)/);
});

test("--write replaces the file atomically (no temporary file left) and a second run has nothing to fix", () => {
  const file = scratchCopy();
  const run = fsdoc(["fix", "--write", file]);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout, "");
  assert.match(readFileSync(file, "utf8"), /"fy2025": "5000",/);
  assert.deepEqual(readdirSync(join(file, "..")), ["doc.json"]);
  const again = fsdoc(["fix", "--dry-run", file]);
  assert.equal(again.stdout, "");
  assert.match(again.stderr, /nothing to fix/);
});

test("--apply set-subtotal sets every failing subtotal to its children's sum, bottom up, so that every rollup holds", () => {
  const text = JSON.stringify(
    {
      formatVersion: "0.2",
      entity: { name: "Chain" },
      scope: { label: "Chain" },
      units: [{ id: "u", label: "U", measure: "USD", scale: 0 }],
      periods: [{ id: "p", kind: "instant", date: "2025-12-31" }],
      statements: [
        {
          id: "s",
          label: "S",
          periods: ["p"],
          items: [
            { id: "a", label: "A", unit: "u", values: { p: "1" }, rollupTo: "mid" },
            { id: "b", label: "B", unit: "u", values: { p: "2" }, rollupTo: "mid" },
            { id: "mid", label: "Mid", unit: "u", values: { p: "10" }, rollupTo: "top" },
            { id: "c", label: "C", unit: "u", values: { p: "4" }, rollupTo: "top" },
            { id: "top", label: "Top", unit: "u", values: { p: "99" } },
          ],
        },
      ],
    },
    null,
    2,
  );
  const safeOnly = fsdoc(["fix", "-"], text);
  assert.equal(safeOnly.stdout, text, "nothing value-changing without --apply");
  const run = fsdoc(["fix", "--apply", "set-subtotal", "-"], text);
  assert.equal(run.code, 0, run.stderr);
  const parsed = parseJson(run.stdout);
  assert.ok(parsed.ok);
  assert.equal(analyze(parsed.value).result.calculations.status, "consistent");
  assert.match(run.stdout, /"p": "3"/);
  assert.match(run.stdout, /"p": "7"/);
});

test("usage errors and bad input are clear, with exit codes 2 and 1", () => {
  assert.equal(fsdoc(["fix", "--apply", "everything", sample]).code, 2);
  assert.equal(fsdoc(["fix", "--dry-run", "--write", sample]).code, 2);
  assert.equal(fsdoc(["fix"]).code, 2);
  assert.equal(fsdoc(["fix", "--write", "-"], "{}").code, 2);
  const broken = fsdoc(["fix", "-"], "{ nope");
  assert.equal(broken.code, 1);
  assert.match(broken.stderr, /not valid JSON.*nothing was fixed/);
  const help = fsdoc(["fix", "--help"]);
  assert.equal(help.code, 0);
  assert.match(help.stdout, /--apply <fix>/);
  const dir = mkdtempSync(join(tmpdir(), "fsdoc-fix-"));
  writeFileSync(join(dir, "x.json"), "[1, 2]");
  assert.equal(fsdoc(["fix", join(dir, "x.json")]).code, 0, "valid JSON that is no FS document: nothing to fix");
});

test("validate --format text prints an unsatisfied rollup's likely causes under its line; the json format has none", () => {
  const file = scratchCopy();
  assert.equal(fsdoc(["fix", "--write", file]).code, 0);
  const text = fsdoc(["validate", "--format", "text", file]);
  assert.equal(text.code, 0, text.stderr);
  const lines = text.stdout.split("\n");
  const at = lines.findIndex((line) => / warning rollup-unsatisfied Gross profit fy2025: /.test(line));
  assert.ok(at >= 0, text.stdout);
  assert.equal(lines[at + 1], "  likely cause: Cost of sales (1,240) has the wrong sign? With it negated the total holds.");
  assert.match(lines[at + 2]!, /^  likely cause: Gross profit holds in fy2024/);
  assert.doesNotMatch(fsdoc(["validate", file]).stdout, /likely cause/i);
});

test("--apply may be repeated or given a comma list; an unknown fix set is a usage error", () => {
  const repeated = fsdoc(["fix", "--apply", "set-subtotal", "--apply", "set-subtotal", sample]);
  const listed = fsdoc(["fix", "--apply", "set-subtotal,set-subtotal", sample]);
  assert.equal(repeated.code, 0, repeated.stderr);
  assert.equal(listed.stdout, repeated.stdout);
  assert.equal(applicationStatus(repeated.stdout, "fy2025"), "satisfied");
  const bad = fsdoc(["fix", "--apply", "set-subtotal,bogus", sample]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--apply takes set-subtotal, not "bogus"/);
});
