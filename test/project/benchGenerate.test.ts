// `node scripts/bench/generate.mjs` as a command (scripts/bench/generate-cli.mjs): --help prints the
// usage (shapes, size, seed, output) and exits 0 without writing a file; the options write the
// benchmark's document; bad arguments say what is wrong and exit 2. It printed nothing at all.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { after, test } from "node:test";
import { repoRoot } from "../support/paths";

const script = join(repoRoot, "scripts/bench/generate.mjs");
const folder = mkdtempSync(join(tmpdir(), "fs-generate-"));
after(() => rmSync(folder, { recursive: true, force: true }));

function run(...args: string[]) {
  return spawnSync(process.execPath, [script, ...args], { cwd: folder, encoding: "utf8", timeout: 60_000 });
}

test("--help prints the usage with every shape, the size, the seed and the output, exits 0 and writes nothing", () => {
  const { status, stdout, stderr } = run("--help");
  assert.equal(status, 0, stderr);
  assert.match(stdout, /^usage: node scripts\/bench\/generate\.mjs /);
  for (const word of ["typical", "failing", "long", "wide", "deep", "long+failing", "--size <MB>", "--seed <n>", "--out <file>", "standard output"])
    assert.ok(stdout.includes(word), `${word} in:\n${stdout}`);
  assert.equal(stderr, "");
  assert.deepEqual(readdirSync(folder), []);
  assert.equal(run("--size", "1", "--out", "never.json", "--help").status, 0);
  assert.deepEqual(readdirSync(folder), [], "--help wins over the options to write");
});

test("--shape, --size, --seed and --out write the benchmark's document, byte for byte, and say what it holds", async () => {
  const { status, stderr } = run("--shape", "long+failing", "--size", "0.05", "--seed", "3", "--out", "doc.json");
  assert.equal(status, 0, stderr);
  const generator = (await import(pathToFileURL(script).href)) as {
    generateWithStats(options: { targetBytes: number; seed: number; shape: string }): { text: string; stats: { bytes: number } };
  };
  const expected = generator.generateWithStats({ targetBytes: 50_000, seed: 3, shape: "long+failing" });
  assert.equal(readFileSync(join(folder, "doc.json"), "utf8"), expected.text);
  assert.match(stderr, new RegExp(`^doc\\.json: ${expected.stats.bytes} bytes, 4 statements, `));
  rmSync(join(folder, "doc.json"));
});

test("bad arguments: what is wrong and the usage on standard error, exit 2, nothing written", () => {
  for (const [args, said] of [
    [["--bogus"], /unknown argument "--bogus"/],
    [["--shape", "tall"], /unknown shape "tall" \(known: typical, failing, long, wide, deep\)/],
    [["--size", "0"], /--size must be a number of megabytes above 0/],
    [["--seed", "1.5"], /--seed must be an integer/],
    [["--out"], /--out needs a value/],
  ] as const) {
    const { status, stdout, stderr } = run(...args);
    assert.equal(status, 2, args.join(" "));
    assert.equal(stdout, "");
    assert.match(stderr, said);
    assert.match(stderr, /usage: /);
  }
  assert.deepEqual(readdirSync(folder), []);
});
