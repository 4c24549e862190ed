// fsdoc compare: every format, --exit-code, Git revisions, bad input; and the textconv driver
// (render --format cells) through a real `git diff` in a temporary repository.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Ajv2020 from "ajv/dist/2020";
import { readJson, repoRoot } from "../support/paths";
import { cliPath, documentText, fsdoc, scratch } from "./support";

const schema = readJson(join(repoRoot, "schema/0.2/fs-comparison.schema.json"));
const validateComparison = new Ajv2020({ allErrors: true, strict: true }).compile(schema as object);

const OLD = documentText(
  [
    { id: "cash", label: "Cash", values: { fy2024: "100", fy2025: "120" }, rollupTo: "total" },
    { id: "recv", label: "Receivables <b>&</b> | pipes", values: { fy2024: "50", fy2025: "80" }, rollupTo: "total" },
    { id: "old", label: "Old row", values: { fy2024: "1", fy2025: null } },
    { id: "total", label: "Total", values: { fy2024: "150", fy2025: "200" } },
  ],
  { periods: ["fy2024", "fy2025"], statementLabel: "Balance sheet" },
);

type Doc = Record<string, any>;

function edited(edit: (document: Doc) => void): string {
  const document = JSON.parse(OLD);
  edit(document);
  return JSON.stringify(document, null, 4);
}

const NEW = edited((document) => {
  const items = document.statements[0].items;
  items[0].values.fy2025 = "125.5";
  items.splice(2, 1);
  items.push({ id: "added", label: "New row", unit: "u", values: { fy2024: "0", fy2025: { unavailable: true } } });
});

function files(old = OLD, now = NEW): { dir: string; old: string; now: string } {
  const dir = scratch();
  writeFileSync(join(dir, "old.json"), old);
  writeFileSync(join(dir, "new.json"), now);
  return { dir, old: join(dir, "old.json"), now: join(dir, "new.json") };
}

test("text: grouped by statement, each change on a line, the summary and the snapshot line", () => {
  const { old, now } = files();
  const run = fsdoc(["compare", old, now]);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /4 changes: 1 value changed, 1 row added, 1 row removed, 1 subtotal stopped adding up\./);
  assert.match(run.stdout, /\nBalance sheet \[s\]\n/);
  assert.match(run.stdout, / {2}~ Cash \[cash\] · 2021-12-31: 120 → 125\.5, \+5\.5 \(\+4\.58%\)\n/);
  assert.match(run.stdout, / {2}- Old row \[old\] · row removed \(was row 3\)\n/);
  assert.match(run.stdout, / {2}Σ Total \[total\] · 2021-12-31: subtotal adds up \(200\) → does not add up: stated 200, children sum to 205\.5 \(difference -5\.5\)\n/);
  assert.match(run.stdout, /validationSnapshot: none on either side\n$/);
  // the rows come in NEW's order: the removed row where it stood, before Total
  const order = ["Cash [cash]", "Old row [old]", "Total [total]", "New row [added]"].map((name) => run.stdout.indexOf(name));
  assert.deepEqual(
    [...order].sort((a, b) => a - b),
    order,
  );
});

test("json: the published schema, exact strings, the sides named", () => {
  const { old, now } = files();
  const run = fsdoc(["compare", old, now, "--format", "json"]);
  assert.equal(run.code, 0, run.stderr);
  const output = JSON.parse(run.stdout) as Doc;
  assert.ok(validateComparison(output), JSON.stringify(validateComparison.errors?.slice(0, 3)));
  assert.equal(output.status, "different");
  assert.deepEqual(output.old, { file: old, conformance: "conforming", calculations: "consistent", errors: 0 });
  const value = output.changes.find((change: { kind: string }) => change.kind === "value-changed");
  assert.deepEqual(value, {
    kind: "value-changed",
    path: "/statements/0/items/0/values/fy2025",
    statement: "s",
    item: "cash",
    period: "fy2025",
    old: "120",
    new: "125.5",
    difference: "5.5",
    relativePercent: "4.58",
  });
  assert.deepEqual(output.counts, { "value-changed": 1, "item-removed": 1, "rollup-changed": 1, "item-added": 1 });
  assert.match(run.stderr, /4 changes/);
  // the same document: status same, and still valid
  const same = JSON.parse(fsdoc(["compare", old, old, "--format", "json"]).stdout) as Doc;
  assert.ok(validateComparison(same));
  assert.deepEqual([same.status, same.changes], ["same", []]);
});

test("json output of every change kind validates against the schema", () => {
  const now = edited((document) => {
    document.entity.name = "Renamed Ltd";
    document.units[0].scale = 3;
    document.units.push({ id: "eur", label: "EUR", measure: "EUR", scale: 0 });
    document.periods[0].id = "y2024";
    document.periods.push({ id: "d", kind: "duration", start: "2021-01-01", end: "2021-12-31" });
    const statement = document.statements[0];
    statement.label = "Position";
    statement.periods = ["fy2025", "y2024"];
    for (const item of statement.items) item.values = { y2024: item.values.fy2024, fy2025: item.values.fy2025 };
    statement.items[0].values.fy2025 = "0.1";
    statement.items[1].description = "Net";
    statement.items[2].rollupTo = "total";
    statement.items.reverse();
    const second = structuredClone(statement);
    second.id = "pl";
    document.statements.push(second);
    document.statements[0].items[0].values.y2024 = 7; // nonconforming: a number
  });
  const { old, now: path } = files(OLD, now);
  const run = fsdoc(["compare", old, path, "--format", "json"]);
  assert.equal(run.code, 0, run.stderr);
  const output = JSON.parse(run.stdout) as Doc;
  assert.ok(validateComparison(output), JSON.stringify(validateComparison.errors?.slice(0, 3)));
  assert.equal(output.complete, false);
  for (const kind of [
    "document-changed",
    "unit-changed",
    "unit-added",
    "period-renamed",
    "period-added",
    "statement-changed",
    "columns-reordered",
    "item-moved",
    "item-changed",
    "item-reparented",
    "value-changed",
    "statement-added",
    "error-added",
  ]) {
    assert.ok(output.counts[kind] > 0, kind);
  }
  assert.match(run.stderr, /new\.json does not conform: compared as far as it could be read/);
});

test("markdown: a summary line, a table per statement, author text escaped, long lists folded", () => {
  const { old, now } = files();
  const run = fsdoc(["compare", old, now, "--format", "markdown"]);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /^### FS documents compared: /);
  assert.match(run.stdout, /\n\*\*4 changes: .*\*\*\n/);
  assert.match(run.stdout, /\n#### Balance sheet `s`\n\n\| row \| period \| old \| new \| difference \|\n/);
  assert.match(run.stdout, /\| Cash `cash` \| 2021-12-31 \| 120 \| 125\.5 \| \+5\.5 \(\+4\.58%\) \|/);
  assert.match(run.stdout, /\| ⚠️ Total `total` \| 2021-12-31 \|/);
  assert.doesNotMatch(run.stdout, /<details>/);
  // 40 changed cells: the first 25 in the table, the rest in <details>
  const many = edited((document) => {
    for (let i = 0; i < 40; i++) document.statements[0].items.push({ id: `r${i}`, label: `Row ${i}`, unit: "u", values: { fy2024: "1", fy2025: "2" } });
  });
  const manyOld = edited((document) => {
    for (let i = 0; i < 40; i++) document.statements[0].items.push({ id: `r${i}`, label: `Row ${i}`, unit: "u", values: { fy2024: "1", fy2025: "1" } });
  });
  const folded = files(manyOld, many);
  const long = fsdoc(["compare", folded.old, folded.now, "--format", "markdown"]).stdout;
  assert.match(long, /<details><summary>\d+ more changes<\/summary>/);
  assert.match(long, /\| Row 39 `r39` \| 2021-12-31 \| 1 \| 2 \|/);
  // labels with Markdown or HTML meaning cannot break the table
  const label = files(
    OLD,
    edited((document) => (document.statements[0].items[1].values.fy2024 = "51")),
  );
  const escaped = fsdoc(["compare", label.old, label.now, "--format", "markdown"]).stdout;
  assert.match(escaped, /Receivables \\<b\\>&amp;\\<\/b\\> \\\| pipes/);
});

test("html: a standalone page, no script, every author text escaped, changed cells old → new", () => {
  const { old, now } = files();
  const run = fsdoc(["compare", old, now, "--format", "html"]);
  assert.equal(run.code, 0, run.stderr);
  const page = run.stdout;
  assert.match(page, /^<!doctype html>/);
  assert.match(page, /Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'"/);
  assert.doesNotMatch(page, /<script|https?:\/\//);
  assert.match(
    page,
    /<td class="fs-cell fc-changed" data-pointer="\/statements\/0\/items\/0\/values\/fy2025"><span class="fc-old">120<\/span><span class="fc-arrow">→<\/span><span class="fc-new">125\.5<\/span><span class="fc-difference">\+5\.5 \(\+4\.58%\)<\/span><\/td>/,
  );
  assert.match(page, /class="fs-row fc-row-removed" data-item="old"/);
  assert.match(page, /class="fs-row fc-row-added" data-pointer="\/statements\/0\/items\/3" data-item="added"/);
  assert.match(page, /fc-rollup-worse/);
  assert.doesNotMatch(page, /<b>&<\/b>/);
});

test("--exit-code: 0 the same, 1 different, 2 on errors; without it 0 either way", () => {
  const { old, now, dir } = files();
  const reformatted = join(dir, "reformatted.json");
  writeFileSync(reformatted, JSON.stringify(JSON.parse(OLD)));
  assert.equal(fsdoc(["compare", old, reformatted, "--exit-code"]).code, 0);
  assert.equal(fsdoc(["compare", old, now, "--exit-code"]).code, 1);
  assert.equal(fsdoc(["compare", old, now]).code, 0);
  const missing = fsdoc(["compare", old, join(dir, "missing.json"), "--exit-code"]);
  assert.equal(missing.code, 2);
  assert.equal(fsdoc(["compare", old, join(dir, "missing.json")]).code, 1);
});

test("bad input: a missing file, not JSON, not an FS document, one line each; usage errors exit 2", () => {
  const { old, dir } = files();
  const missing = fsdoc(["compare", old, join(dir, "missing.json")]);
  assert.equal(missing.code, 1);
  assert.equal(missing.stderr, `fsdoc: cannot read ${join(dir, "missing.json")}: no such file or directory\n`);
  assert.equal(missing.stdout, "");
  writeFileSync(join(dir, "broken.json"), '{"formatVersion": "0.2",');
  const broken = fsdoc(["compare", join(dir, "broken.json"), old]);
  assert.equal(broken.code, 1);
  assert.match(broken.stderr, /^fsdoc: .*broken\.json is not valid JSON:\n.*broken\.json:1:\d+: invalid-json: /);
  writeFileSync(join(dir, "package.json"), '{"name": "x", "version": "1.0.0"}');
  const other = fsdoc(["compare", old, join(dir, "package.json")]);
  assert.equal(other.code, 1);
  assert.equal(other.stderr.split("\n").length, 2);
  assert.match(other.stderr, /package\.json is not an FS document/);
  assert.equal(fsdoc(["compare", old]).code, 2);
  assert.equal(fsdoc(["compare", "-", "-"], { input: OLD }).code, 2);
  assert.equal(fsdoc(["compare", old, old, "--format", "xml"]).code, 2);
  // standard input for one side
  const stdin = fsdoc(["compare", "-", old, "--exit-code"], { input: OLD });
  assert.equal(stdin.code, 0, stdin.stderr);
});

test("a nonconforming side is compared as far as it can be, and the output says so", () => {
  const now = edited((document) => {
    document.statements[0].items[0].values.fy2025 = 121;
    document.statements[0].items[1].values.fy2025 = "81";
  });
  const { old, now: path } = files(OLD, now);
  const run = fsdoc(["compare", old, path]);
  assert.equal(run.code, 0);
  assert.match(run.stdout, /new: nonconforming \(1 structural error\), rollups not checked/);
  assert.match(run.stdout, /new\.json does not conform: compared as far as it could be read; rollups are compared only where both sides conform\./);
  assert.match(run.stdout, /~ Cash \[cash\] · 2021-12-31: 120 → 121 \(not a decimal string\)/);
  assert.match(run.stdout, /~ Receivables .* 80 → 81, \+1 \(\+1\.25%\)/);
  assert.match(run.stdout, /! new error decimal-string-required at \/statements\/0\/items\/0\/values\/fy2025/);
});

function git(cwd: string, ...args: string[]): string {
  const run = spawnSync("git", ["-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "init.defaultBranch=main", ...args], { cwd, encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  return run.stdout;
}

test("Git revisions: REV:path, :path (staged), REV:./path; a bad revision is one line", () => {
  const dir = scratch();
  git(dir, "init", "-q");
  writeFileSync(join(dir, "doc.json"), OLD);
  git(dir, "add", "doc.json");
  git(dir, "commit", "-qm", "first");
  writeFileSync(join(dir, "doc.json"), NEW);
  git(dir, "commit", "-qam", "second");
  const run = fsdoc(["compare", "HEAD~1:doc.json", "HEAD:doc.json", "--exit-code"], { cwd: dir });
  assert.equal(run.code, 1, run.stderr);
  assert.match(run.stdout, /^HEAD~1:doc\.json → HEAD:doc\.json\n/);
  assert.match(run.stdout, /Cash \[cash\] · 2021-12-31: 120 → 125\.5/);
  assert.equal(fsdoc(["compare", "HEAD:doc.json", "doc.json", "--exit-code"], { cwd: dir }).code, 0);
  writeFileSync(join(dir, "doc.json"), OLD);
  git(dir, "add", "doc.json");
  assert.equal(fsdoc(["compare", ":doc.json", "HEAD~1:./doc.json", "--exit-code"], { cwd: dir }).code, 0);
  const bad = fsdoc(["compare", "nosuch:doc.json", "doc.json"], { cwd: dir });
  assert.equal(bad.code, 1);
  assert.match(bad.stderr, /^fsdoc: cannot read nosuch:doc\.json from Git: .+\n$/);
  const absent = fsdoc(["compare", "HEAD:gone.json", "doc.json", "--exit-code"], { cwd: dir });
  assert.equal(absent.code, 2);
  assert.match(absent.stderr, /^fsdoc: cannot read HEAD:gone\.json from Git: path 'gone\.json' does not exist in 'HEAD'\n$/);
});

test("HEAD:path of a file not committed yet (fsdoc init just made it) says so, and what to do", () => {
  const dir = scratch();
  git(dir, "init", "-q");
  writeFileSync(join(dir, "doc.json"), OLD);
  // No commit yet: there is no HEAD at all.
  const noCommit = fsdoc(["compare", "HEAD:doc.json", "doc.json"], { cwd: dir });
  assert.equal(noCommit.code, 1);
  assert.match(
    noCommit.stderr,
    /^fsdoc: cannot read HEAD:doc\.json from Git: the repository has no commit yet, so there is no HEAD:doc\.json; commit it first \(git add doc\.json && git commit\), or compare two files \(fsdoc compare OLD\.json NEW\.json\)\n$/,
  );
  writeFileSync(join(dir, "other.json"), OLD);
  git(dir, "add", "other.json");
  git(dir, "commit", "-qm", "first");
  // A commit, without this file: on disk only.
  const notInHead = fsdoc(["compare", "HEAD:doc.json", "doc.json"], { cwd: dir });
  assert.equal(notInHead.code, 1);
  assert.match(
    notInHead.stderr,
    /^fsdoc: cannot read HEAD:doc\.json from Git: doc\.json is not in HEAD, only on disk: a new file is in HEAD once it is committed; commit it first \(git add doc\.json && git commit\), or compare two files/,
  );
  const notStaged = fsdoc(["compare", ":doc.json", "doc.json"], { cwd: dir });
  assert.match(notStaged.stderr, /doc\.json is not staged \(":doc\.json" is its staged version\): git add it first/);
  // Committed, as the README says: the comparison runs.
  git(dir, "add", "doc.json");
  git(dir, "commit", "-qm", "second");
  assert.equal(fsdoc(["compare", "HEAD:doc.json", "doc.json", "--exit-code"], { cwd: dir }).code, 0);
  // One commit before the file's first: not told to commit what is committed.
  const older = fsdoc(["compare", "HEAD~1:doc.json", "doc.json"], { cwd: dir });
  assert.equal(older.code, 1);
  assert.match(
    older.stderr,
    /^fsdoc: cannot read HEAD~1:doc\.json from Git: doc\.json is not in HEAD~1, only on disk: it was committed after HEAD~1, or not yet; compare with a revision that has it \(git log -- doc\.json lists them\)/,
  );
  assert.doesNotMatch(older.stderr, /commit it first/);
});

test("a revision the repository does not have: HEAD~1 in a one-commit repository, too far back, an unknown name", () => {
  const dir = scratch();
  git(dir, "init", "-q");
  writeFileSync(join(dir, "doc.json"), OLD);
  git(dir, "add", "doc.json");
  git(dir, "commit", "-qm", "first");
  const first = fsdoc(["compare", "HEAD~1:doc.json", "doc.json"], { cwd: dir });
  assert.equal(first.code, 1);
  assert.equal(
    first.stderr,
    "fsdoc: cannot read HEAD~1:doc.json from Git: the repository has no commit before HEAD, so there is no HEAD~1: HEAD is the first commit; compare with HEAD:doc.json, or compare two files (fsdoc compare OLD.json NEW.json)\n",
  );
  git(dir, "commit", "-q", "--allow-empty", "-m", "second");
  assert.equal(fsdoc(["compare", "HEAD~1:doc.json", "doc.json", "--exit-code"], { cwd: dir }).code, 0);
  const far = fsdoc(["compare", "HEAD~3:doc.json", "doc.json"], { cwd: dir });
  assert.match(far.stderr, /: the repository has no HEAD~3: HEAD has only 1 commit before it \(git log --oneline --first-parent HEAD lists them\); compare with HEAD:doc\.json/);
  const unknown = fsdoc(["compare", "relase~1:doc.json", "doc.json"], { cwd: dir });
  assert.match(
    unknown.stderr,
    /: the repository has no revision relase \(no branch, tag or commit of that name; git log --oneline lists the commits, git branch the branches\)\n$/,
  );
  // Another parent (^2) of a commit that has one: git's own words, not a count that does not apply.
  assert.match(fsdoc(["compare", "HEAD^2:doc.json", "doc.json"], { cwd: dir }).stderr, /: invalid object name 'HEAD\^2'/);
});

test("render --format cells: a failing subtotal's line in the cells' whole units, not the unit's scale", () => {
  const dir = scratch();
  const text = documentText(
    [
      { id: "cash", label: "Cash", values: { fy2025: "250" }, rollupTo: "total" },
      { id: "total", label: "Total assets", values: { fy2025: "0" } },
    ],
    { scale: 3, measure: "GBP" },
  );
  writeFileSync(join(dir, "doc.json"), text);
  const run = fsdoc(["render", "--format", "cells", "doc.json"], { cwd: dir });
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /\nStatement \| Cash \(cash\) \| 2020-12-31 \| 250,000 GBP\n/);
  assert.match(run.stdout, /\nStatement \| Total assets \(total\) \| 2020-12-31 \| Σ does not add up: stated 0 GBP, children sum to 250,000 GBP, difference -250,000 GBP\n/);
});

test("the textconv driver: git diff and git log -p show cell lines, a rescaled unit only its unit line", () => {
  const dir = scratch();
  git(dir, "init", "-q");
  writeFileSync(join(dir, ".gitattributes"), "*.fs.json diff=fsdoc\n");
  git(dir, "config", "diff.fsdoc.textconv", `"${process.execPath}" "${cliPath}" render --format cells`);
  git(dir, "config", "diff.fsdoc.cachetextconv", "false");
  writeFileSync(join(dir, "q.fs.json"), OLD);
  git(dir, "add", ".");
  git(dir, "commit", "-qm", "first");
  writeFileSync(join(dir, "q.fs.json"), NEW);
  const diff = git(dir, "diff", "--no-color", "-U0");
  assert.match(diff, /\n-Balance sheet \| Cash \(cash\) \| 2021-12-31 \| 120 USD\n\+Balance sheet \| Cash \(cash\) \| 2021-12-31 \| 125\.5 USD\n/);
  assert.match(diff, /\n\+Balance sheet \| Total \(total\) \| 2021-12-31 \| Σ does not add up: stated 200 USD, children sum to 205\.5 USD, difference -5\.5 USD\n/);
  assert.match(diff, /\n-Balance sheet \| Old row \(old\) \| 2020-12-31 \| 1 USD\n/);
  assert.match(diff, /\n\+Balance sheet \| New row \(added\) \| 2021-12-31 \| n\/a \(unavailable\)\n/);
  git(dir, "commit", "-qam", "second");
  assert.match(git(dir, "log", "-p", "--no-color", "-1"), /\+Balance sheet \| Cash \(cash\) \| 2021-12-31 \| 125\.5 USD/);
  // thousands → millions with the same amounts: one unit line changes, no cell line
  const thousands = documentText([{ id: "a", label: "A", values: { fy2025: "1500" } }], { scale: 3 });
  const millions = documentText([{ id: "a", label: "A", values: { fy2025: "1.5" } }], { scale: 6 });
  writeFileSync(join(dir, "q.fs.json"), thousands);
  git(dir, "commit", "-qam", "third");
  writeFileSync(join(dir, "q.fs.json"), millions);
  const rescaled = git(dir, "diff", "--no-color", "-U0");
  const changed = rescaled.split("\n").filter((line) => /^[+-][^+-]/.test(line));
  assert.deepEqual(changed, ["-unit u: Units, measure USD, scale 3", "+unit u: Units, measure USD, scale 6"]);
  // a version that is not JSON still diffs, as text
  writeFileSync(join(dir, "q.fs.json"), "{ not json");
  assert.match(git(dir, "diff", "--no-color"), /\+\{ not json/);
  assert.equal(readFileSync(join(dir, ".gitattributes"), "utf8"), "*.fs.json diff=fsdoc\n");
});

test("docs/compare.md's CI step writes the comparison of each modified FS document as Markdown", () => {
  const guide = readFileSync(join(repoRoot, "docs/compare.md"), "utf8");
  const step = /- name: Compare the FS documents with the base branch\n[\s\S]*?run: \|\n((?: {10}.*\n)+)/.exec(guide);
  assert.ok(step, "the guide has the comparison step");
  const script = step[1]!.replace(/^ {10}/gm, "").replace(/\bnpx fsdoc\b/g, `"${process.execPath}" "${cliPath}"`);
  const dir = scratch();
  git(dir, "init", "-q");
  writeFileSync(join(dir, "q.fs.json"), OLD);
  writeFileSync(join(dir, "same.fs.json"), OLD);
  git(dir, "add", ".");
  git(dir, "commit", "-qm", "base");
  git(dir, "checkout", "-qb", "feature");
  writeFileSync(join(dir, "q.fs.json"), NEW);
  writeFileSync(join(dir, "new.fs.json"), OLD);
  git(dir, "add", ".");
  git(dir, "commit", "-qm", "change");
  const run = spawnSync("bash", ["-eo", "pipefail", "-c", script], { cwd: dir, encoding: "utf8", env: { ...process.env, BASE: "main" } });
  assert.equal(run.status, 0, run.stderr);
  const comment = readFileSync(join(dir, "fs-compare.md"), "utf8");
  assert.match(comment, /^### FS documents compared: `[0-9a-f]{40}:q\.fs\.json` → `q\.fs\.json`\n/);
  assert.match(comment, /\| Cash `cash` \| 2021-12-31 \| 120 \| 125\.5 \|/);
  assert.equal(comment.match(/^### /gm)?.length, 1);
});
