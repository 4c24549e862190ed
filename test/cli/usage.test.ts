// Usage errors name what was wrong and the nearest valid spelling; help works both ways.
import { test } from "node:test";
import assert from "node:assert/strict";
import { editDistance, nearest } from "../../cli/src/args";
import { fsdoc } from "./support";

test("a mistyped option or command is named, with the nearest valid one, exit 2", () => {
  const cases: [string[], string][] = [
    [["validate", "--strickt", "x.json"], "fsdoc: unknown option --strickt; did you mean --strict?"],
    [["validate", "--fromat", "text", "x.json"], "fsdoc: unknown option --fromat; did you mean --format?"],
    [["valdate", "x.json"], 'fsdoc: unknown command "valdate"; did you mean validate?'],
    [["rendr", "x.json"], 'fsdoc: unknown command "rendr"; did you mean render?'],
    [["validate", "--format", "sarf", "x.json"], 'fsdoc: --format must be json, text, sarif or github, not "sarf"; did you mean sarif?'],
    [["render", "--format=xslx", "x.json"], 'fsdoc: --format must be html, tsv, xlsx or cells, not "xslx"; did you mean xlsx?'],
    [["record", "--inplace", "x.json"], "fsdoc: unknown option --inplace; did you mean --in-place?"],
    [["render", "--strict", "x.json"], "fsdoc: render does not take --strict"],
    [["diff", "--zzzzzz", "x.json"], "fsdoc: unknown option --zzzzzz for diff; its options are --format, --strict, --help"],
    [["frobnicate"], 'fsdoc: unknown command "frobnicate"; the commands are validate, diff, compare, render, record, fix, init, import'],
    [["validate", "--jobs", "0", "x.json"], 'fsdoc: --jobs must be a whole number from 1 to 9999, not "0"'],
    [["validate", "--format"], "fsdoc: --format needs a value (json, text, sarif or github)"],
    [["--verison"], "fsdoc: unknown option --verison before a command; did you mean --version?"],
  ];
  for (const [args, message] of cases) {
    const run = fsdoc(args);
    assert.equal(run.code, 2, args.join(" "));
    assert.equal(run.stderr.split("\n")[0], message, args.join(" "));
    assert.equal(run.stdout, "");
    assert.ok(!/parseArgs|ERR_PARSE_ARGS|at .*\.js:\d+/.test(run.stderr), "no raw Node message or stack");
  }
});

test("usage errors that are not typos still exit 2", () => {
  for (const args of [
    [],
    ["validate"],
    ["diff", "a.json", "b.json"],
    ["record", "--in-place", "--output", "o.json", "x.json"],
    ["validate", "--format", "html", "x.json"],
    ["validate", "--strict", "--strict", "x.json"],
    ["validate", "--strict=yes", "x.json"],
  ]) {
    assert.equal(fsdoc(args).code, 2, args.join(" "));
  }
});

test("fsdoc help COMMAND and fsdoc COMMAND --help print the same help", () => {
  for (const command of ["validate", "diff", "render", "record"]) {
    const a = fsdoc(["help", command]);
    const b = fsdoc([command, "--help"]);
    const c = fsdoc([command, "-h"]);
    assert.equal(a.code, 0);
    assert.equal(a.stdout, b.stdout);
    assert.equal(a.stdout, c.stdout);
    assert.match(a.stdout, new RegExp(`^Usage: fsdoc ${command} `));
    assert.match(a.stdout, /\nOptions:\n/);
  }
  assert.equal(fsdoc(["help", "valdate"]).code, 2);
  assert.match(fsdoc(["help"]).stdout, /^fsdoc .*\n\nUsage:\n/);
  assert.equal(fsdoc(["--help"]).stdout, fsdoc(["help"]).stdout);
});

test("nearest: typos within a third of the word's length, swaps count once", () => {
  assert.equal(editDistance("strickt", "strict"), 1);
  assert.equal(editDistance("fromat", "format"), 1);
  assert.equal(nearest("jsn", ["json", "text"]), "json");
  assert.equal(nearest("xml", ["json", "text", "sarif"]), undefined);
  assert.equal(nearest("stat", ["statement", "strict"]), "statement", "a unique prefix");
});
