// fsdoc init as users run it (the built binary), and its questions with scripted answers.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { askForMissing, writeNewFile } from "../../cli/src/commands/init";
import { analyze, parseJson } from "../../shared/src/index";
import { newDocument } from "../../shared/src/template/newDocument";
import { repoRoot } from "../support/paths";

function fsdoc(args: string[], input = "") {
  const run = spawnSync(process.execPath, [join(repoRoot, "dist/cli.js"), ...args], { input, encoding: "utf8" });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

const scratch = () => mkdtempSync(join(tmpdir(), "fsdoc-init-"));

function conformsAndAddsUp(text: string): void {
  const parsed = parseJson(text);
  assert.ok(parsed.ok);
  const { result } = analyze(parsed.value);
  assert.equal(result.conformance.status, "conforming");
  assert.equal(result.calculations.status, "consistent");
}

test("init writes a conforming document from options, and validate accepts it", () => {
  const file = join(scratch(), "northwind.json");
  const run = fsdoc(["init", file, "--entity", "Northwind Trading Ltd", "--currency", "GBP", "--scale", "3", "--years", "2024-2025", "--year-end", "03-31"]);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stderr, /a new FS document for Northwind Trading Ltd \(GBP thousands; 2 fiscal years\)/);
  const text = readFileSync(file, "utf8");
  assert.equal(text, newDocument({ entityName: "Northwind Trading Ltd", currency: "GBP", scale: 3, years: [2025, 2024], yearEnd: { month: 3, day: 31 } }).text);
  conformsAndAddsUp(text);
  assert.equal(fsdoc(["validate", "--strict", file]).code, 0);
  assert.deepEqual(readdirSync(join(file, "..")), ["northwind.json"], "no temporary file is left behind");
});

test("init - writes the document to standard output", () => {
  const run = fsdoc(["init", "-", "--entity", "E", "--currency", "USD", "--years", "2025"]);
  assert.equal(run.code, 0, run.stderr);
  conformsAndAddsUp(run.stdout);
});

test("init never overwrites a file, and leaves it as it was", () => {
  const file = join(scratch(), "mine.json");
  writeFileSync(file, "precious");
  const run = fsdoc(["init", file, "--entity", "E", "--currency", "USD", "--years", "2025"]);
  assert.equal(run.code, 1);
  assert.match(run.stderr, /already exists; init never overwrites a file/);
  assert.equal(readFileSync(file, "utf8"), "precious");
  assert.deepEqual(readdirSync(join(file, "..")), ["mine.json"]);
  assert.throws(() => writeNewFile(file, "other"), /already exists/);
});

test("without a terminal, missing or unusable options are usage errors (exit 2) and nothing is written", () => {
  const dir = scratch();
  const file = join(dir, "new.json");
  const cases: [string[], RegExp][] = [
    [["init", file], /needs --entity, --currency, --years when standard input is not a terminal/],
    [["init", file, "--entity", "E", "--currency", "USD"], /needs --years/],
    [["init", file, "--entity", "E", "--currency", "USD", "--years", "next year"], /--years must list years/],
    [["init", file, "--entity", "E", "--currency", "USD", "--years", "2025", "--scale", "thousands"], /--scale must be a whole number/],
    [["init", file, "--entity", " ", "--currency", "USD", "--years", "2025"], /entity name is empty/],
    [["init", file, "--entity", "E", "--currency", "USD", "--years", "2025", "--year-end", "02-30"], /not a day/],
    [["init", "--entity", "E", "--currency", "USD", "--years", "2025"], /init needs a file to create \(or - for standard output\)/],
    [["init", file, "--colour", "blue"], /unknown option --colour for init/],
  ];
  for (const [args, message] of cases) {
    const run = fsdoc(args);
    assert.equal(run.code, 2, `${args.join(" ")}: ${run.stderr}`);
    assert.match(run.stderr, message);
  }
  assert.equal(existsSync(file), false);
});

test("init --help explains the command", () => {
  const run = fsdoc(["init", "--help"]);
  assert.equal(run.code, 0);
  assert.match(run.stdout, /Never overwrites an existing file/);
});

test("the questions ask for what is missing, offer defaults, and ask again after an unusable answer", async () => {
  const answers = ["", "", "Acme plc", "", "three", "", "6", "", "nope", "", "06-30"];
  const asked: string[] = [];
  const options = await askForMissing(
    {},
    async (question) => {
      asked.push(question);
      const answer = answers.shift();
      assert.ok(answer !== undefined, `unexpected question: ${question}`);
      return answer;
    },
    2026,
  );
  assert.deepEqual(options, { entityName: "Acme plc", currency: "USD", scale: 6, years: [2025, 2024], yearEnd: { month: 6, day: 30 } });
  assert.deepEqual(answers, []);
  assert.ok(asked[0]!.startsWith("Entity name"));
  assert.ok(
    asked.some((question) => question.includes("[2024-2025]")),
    asked.join("\n"),
  );
  assert.ok(asked.some((question) => /An answer is needed/.test(question)));
  assert.ok(asked.some((question) => /--scale must be a whole number/.test(question)));
});

test("given options are not asked for", async () => {
  const options = await askForMissing({ entity: "E", currency: "EUR", scale: "3", years: "2025", yearEnd: "12-31" }, () => Promise.reject(new Error("asked")), 2026);
  assert.equal(options.entityName, "E");
});
