// validate --format text|sarif|github and diff --format text: located as the editor locates them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Ajv2020 from "ajv/dist/2020";
import type { Log } from "sarif";
import { analyze, parseJson, SourceLocator } from "../../shared/src/index";
import { buildModel } from "../../shared/src/model/document-model";
import { escapeData, escapeProperty, RULES, rollupTarget } from "../../shared/src/report/index";
import { TextDocument } from "vscode-languageserver-textdocument";
import { repoRoot, upstreamRoot } from "../support/paths";
import { documentText, fsdoc, scratch } from "./support";

const fixtures = join(upstreamRoot, "fixtures");
const schema = JSON.parse(readFileSync(join(repoRoot, "test/cli/fixtures/sarif-schema-2.1.0.json"), "utf8").replace(/^\uFEFF/, "")) as object;

function sarifValidator() {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  // The schema names formats; check the two that matter instead of ignoring them.
  ajv.addFormat("uri", (value: string) => URL.canParse(value));
  ajv.addFormat("uri-reference", (value: string) => URL.canParse(value, "file:///base/"));
  ajv.addFormat("date-time", (value: string) => !Number.isNaN(Date.parse(value)));
  return ajv.compile(schema);
}

/** A document with a rollup that does not add up, one not evaluated, and a label with a line break. */
function rollupDocument(): string {
  return documentText(
    [
      { id: "a", label: "Ärger: 😀, 100%\nnew line", values: { fy2025: "1", fy2026: null }, rollupTo: "total" },
      { id: "b", values: { fy2025: "2", fy2026: "3" }, rollupTo: "total" },
      { id: "total", label: "Total", values: { fy2025: "4", fy2026: "3" } },
    ],
    { periods: ["fy2025", "fy2026"] },
  );
}

/** 1-based line and UTF-16 column of the range the language server would mark for `path`. */
function editorPosition(text: string, path: string, mark: "key" | "value") {
  const parsed = parseJson(text);
  assert.ok(parsed.ok);
  const range = new SourceLocator(text, parsed.value).locate(path, mark);
  const position = TextDocument.create("file:///x.json", "json", 1, text).positionAt(range.offset);
  return { line: position.line + 1, column: position.character + 1 };
}

test("text: file:line:col: severity code message per problem, then a summary that keeps not satisfied and not evaluated apart", () => {
  const dir = scratch();
  const file = join(dir, "doc.json");
  writeFileSync(file, rollupDocument());
  const run = fsdoc(["validate", "--format", "text", file]);
  assert.equal(run.code, 0);
  const lines = run.stdout.trimEnd().split("\n");
  assert.equal(lines.length, 3 + 3, run.stdout);
  // In line order: the missing value (item a's fy2026) comes before the total's own value.
  assert.match(lines[0]!, /^.*doc\.json:\d+:\d+: warning rollup-missing-value Total fy2026 cannot be checked: Ärger: 😀, 100% new line fy2026 has no value \(null\)\.$/);
  assert.match(lines[1]!, /^.*doc\.json:\d+:\d+: warning rollup-unsatisfied Total fy2025: 4 stated, children sum to 3 \(difference 1, tolerance 0\)\.$/);
  // The unsatisfied rollup's likely cause, indented under it (a difference of 1 in whole units is rounding).
  assert.match(lines[2]!, /^  likely cause: Rounding\? .*a tolerance of 1 would accept it\.$/);
  assert.equal(lines[3], "1 document: 1 conforming, 0 nonconforming, 0 not readable as JSON");
  assert.equal(lines[4], "0 errors");
  assert.equal(lines[5], "rollups: 0 satisfied, 1 not satisfied, 1 not evaluated (1 with a missing value)");
  assert.equal(fsdoc(["validate", "--format", "text", "--strict", file]).code, 1);
  assert.match(fsdoc(["validate", "--format", "text", "--strict", file]).stdout, /: error rollup-unsatisfied /);

  const invalid = join(fixtures, "invalid/unresolved-unit.json");
  const bad = fsdoc(["validate", "--format", "text", invalid]);
  assert.equal(bad.code, 1);
  assert.ok(bad.stdout.startsWith(`${invalid}:36:19: error unresolved-reference `), bad.stdout);
  assert.match(bad.stdout, /^rollups of 1 document not checked/m);
});

test("sarif: validates against the SARIF 2.1.0 schema; one rule per code; regions match the editor's positions", () => {
  const validate = sarifValidator();
  const dir = scratch();
  const doc = join(dir, "doc.json");
  const text = rollupDocument();
  writeFileSync(doc, text);
  writeFileSync(join(dir, "broken.json"), '{"formatVersion": "0.2", "statements": [ {"id": } ]}');
  const files = ["doc.json", "broken.json", join(fixtures, "invalid/unresolved-unit.json"), join(fixtures, "invalid/missing-value-key.json")];
  const run = fsdoc(["validate", "--format", "sarif", ...files], { cwd: dir });
  assert.equal(run.code, 1);
  const log = JSON.parse(run.stdout) as Log;
  assert.ok(validate(log), JSON.stringify(validate.errors?.slice(0, 5), null, 2));
  assert.ok(!validate({ ...log, runs: [{ ...log.runs[0], results: [{ message: { text: "x" }, level: "fatal" }] }] }), "the schema check can fail");
  const sarifRun = log.runs[0]!;
  assert.equal(sarifRun.columnKind, "utf16CodeUnits");
  const rules = sarifRun.tool.driver.rules ?? [];
  assert.deepEqual(
    rules.map((rule) => rule.id),
    RULES.map((rule) => rule.code),
  );
  assert.ok(rules.every((rule) => rule.shortDescription?.text && rule.help?.text));
  for (const result of sarifRun.results ?? []) assert.equal(rules[result.ruleIndex!]!.id, result.ruleId);

  // Rollup results at the cell the server marks, with UTF-16 columns equal to LSP characters + 1.
  const docResults = (sarifRun.results ?? []).filter((result) => result.locations?.[0]?.physicalLocation?.artifactLocation?.uri === "doc.json");
  assert.deepEqual(
    docResults.map((result) => result.ruleId),
    ["rollup-unsatisfied", "rollup-missing-value"],
  );
  const parsed = parseJson(text);
  assert.ok(parsed.ok);
  const analysis = analyze(parsed.value);
  const model = buildModel(parsed.value);
  const failing = analysis.result.calculations.applications.filter((application) => application.status !== "satisfied");
  failing.forEach((application, index) => {
    const region = docResults[index]!.locations![0]!.physicalLocation!.region!;
    const expected = editorPosition(text, rollupTarget(model, application), "value");
    assert.deepEqual({ line: region.startLine, column: region.startColumn }, expected);
  });
  assert.equal(docResults[1]!.locations![0]!.logicalLocations![0]!.fullyQualifiedName, "/statements/0/items/0/values/fy2026", "the missing cell, as the server marks it");

  // Structural errors, keyed and valued marks, in a file with non-ASCII text.
  const unresolved = (sarifRun.results ?? []).find((result) => result.ruleId === "unresolved-reference")!;
  const unresolvedText = readFileSync(join(fixtures, "invalid/unresolved-unit.json"), "utf8");
  const region = unresolved.locations![0]!.physicalLocation!.region!;
  assert.deepEqual({ line: region.startLine, column: region.startColumn }, editorPosition(unresolvedText, "/statements/0/items/0/unit", "value"));
  assert.match(unresolved.locations![0]!.physicalLocation!.artifactLocation!.uri!, /^file:\/\//, "outside the working folder: an absolute file URI");
  const syntax = (sarifRun.results ?? []).find((result) => result.ruleId === "invalid-json")!;
  assert.equal(syntax.locations![0]!.physicalLocation!.artifactLocation!.uri, "broken.json");
  assert.equal(syntax.locations![0]!.physicalLocation!.region!.startLine, 1);
});

test("sarif: columns count UTF-16 code units, as the editor does, past astral characters", () => {
  const dir = scratch();
  // An unknown member after a label with an astral character on the same line.
  const text = '{"formatVersion": "0.2", "entity": {"name": "😀😀"}, "scope": {"label": "x"}, "units": [], "periods": [], "statements": [], "bogus": 1}';
  writeFileSync(join(dir, "astral.json"), text);
  const log = JSON.parse(fsdoc(["validate", "--format", "sarif", "astral.json"], { cwd: dir }).stdout) as Log;
  const result = log.runs[0]!.results!.find((candidate) => candidate.ruleId === "unknown-property")!;
  const region = result.locations![0]!.physicalLocation!.region!;
  assert.deepEqual({ line: region.startLine, column: region.startColumn }, editorPosition(text, "/bogus", "key"));
  assert.equal(region.startColumn, text.indexOf('"bogus"') + 1, "UTF-16 index + 1 (each emoji counts 2)");
});

test("github: workflow commands with data and property escaping", () => {
  assert.equal(escapeData("100% done\r\nnext"), "100%25 done%0D%0Anext");
  assert.equal(escapeProperty("a:b,c%d\ne"), "a%3Ab%2Cc%25d%0Ae");
  const dir = scratch();
  writeFileSync(join(dir, "we,ird:name.json"), rollupDocument());
  const run = fsdoc(["validate", "--format", "github", "we,ird:name.json"], { cwd: dir });
  assert.equal(run.code, 0);
  const lines = run.stdout.trimEnd().split("\n");
  assert.equal(lines.length, 2);
  assert.match(lines[0]!, /^::warning file=we%2Cird%3Aname\.json,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=fsdoc rollup-unsatisfied::Total fy2025: 4 stated/);
  assert.ok(lines[1]!.includes("Ärger: 😀, 100%25%0Anew line fy2026"), lines[1]);
  assert.ok(lines.every((line) => !line.includes("\r")));
  const invalid = fsdoc(["validate", "--format", "github", join(fixtures, "invalid/unresolved-unit.json")]);
  assert.equal(invalid.code, 1);
  assert.match(invalid.stdout, /^::error file=[^,]+,line=36,col=19,/);
  assert.match(invalid.stderr, /^1 error$/m);
});

test("diff --format text: the status and each changed rollup check", () => {
  const run = fsdoc(["diff", "--format", "text", join(fixtures, "valid/snapshot-mismatch-source.json")]);
  assert.equal(run.code, 0);
  const lines = run.stdout.trimEnd().split("\n");
  assert.match(lines[0]!, /snapshot-mismatch-source\.json: snapshot mismatch$/);
  assert.ok(
    lines.some((line) => /^  changed  .+: satisfied \(.+\) → not satisfied \(/.test(line)),
    run.stdout,
  );
  assert.match(lines[lines.length - 1]!, /^  \d+ rollup checks? unchanged$/);
  assert.match(fsdoc(["diff", "--format", "text", join(fixtures, "valid/no-rollups.json")]).stdout, /snapshot not recorded/);
  assert.equal(fsdoc(["diff", "--format", "sarif", join(fixtures, "valid/no-rollups.json")]).code, 2);
});

test("text: every file's problems in line order, whatever found them (structure or rollups)", () => {
  const run = fsdoc(["validate", "--format", "text", join(repoRoot, "fixtures/examples/northwind-group.json")]);
  const positions = run.stdout
    .split("\n")
    .map((line) => /\.json:(\d+):(\d+): /.exec(line))
    .filter((match) => match !== null)
    .map((match) => [Number(match[1]), Number(match[2])] as const);
  assert.ok(positions.length >= 3, run.stdout);
  const sorted = [...positions].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  assert.deepEqual(positions, sorted, run.stdout);
});

test("a missing file is reported as not found, with no rollups summary; inconsistent rollups get no tick", () => {
  const dir = scratch();
  const missing = join(dir, "missing.json");
  const run = fsdoc(["validate", "--format", "text", missing]);
  assert.equal(run.code, 1);
  const lines = run.stdout.trimEnd().split("\n");
  assert.match(lines[0]!, /missing\.json: error cannot-read cannot read .*missing\.json: no such file or directory$/);
  assert.equal(lines[1], "1 document: 0 conforming, 0 nonconforming, 0 not readable as JSON, 1 not found or not readable");
  assert.ok(!run.stdout.includes("rollups"), run.stdout);

  const inconsistent = fsdoc(["validate", join(repoRoot, "fixtures/examples/northwind-group.json"), join(repoRoot, "fixtures/examples/minimal.json")]);
  assert.match(
    inconsistent.stderr,
    /^⚠ .*northwind-group\.json: conforming; rollups: 2 not satisfied \(Operating profit fy2025, Profit before tax fy2025\), 2 not evaluated \(missing or unavailable values\), 34 satisfied$/m,
  );
  assert.match(inconsistent.stderr, /^✓ .*minimal\.json: conforming; its one rollup satisfied$/m);
  assert.doesNotMatch(inconsistent.stderr, /✓[^\n]*inconsistent/);
});
