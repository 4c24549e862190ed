// bench:editor's command line (test/e2e/bench/cliOptions.ts): --help and unknown options stop it
// before code-server starts (in s15 two engineers typed --help, which it did not know, and each
// started a run of every size and shape beside another's measurement).

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { knownOptions, readBenchCommandLine } from "../e2e/bench/cliOptions";
import { repoRoot } from "../support/paths";

const BENCH_DIR = join(repoRoot, "test", "e2e", "bench");

describe("bench:editor's command line", () => {
  it("gives the usage for --help, naming every option", () => {
    const read = readBenchCommandLine(["--sizes", "5", "--help"]);
    assert.equal(read.kind, "help");
    for (const option of knownOptions()) assert.match(read.kind === "help" ? read.text : "", new RegExp(`${option}\\b`));
  });

  it("refuses an option it does not know, and one whose value is missing", () => {
    const typo = readBenchCommandLine(["--sizes", "5", "--shape", "wide"]);
    assert.equal(typo.kind, "error");
    assert.match(typo.kind === "error" ? typo.text : "", /unknown argument "--shape"/);
    const missing = readBenchCommandLine(["--runs", "--timeline"]);
    assert.equal(missing.kind, "error");
    assert.match(missing.kind === "error" ? missing.text : "", /--runs needs a value/);
    assert.equal(readBenchCommandLine(["5"]).kind, "error");
  });

  it("runs for the documented command lines", () => {
    const lines = [
      ["--sizes", "5", "--edits", "10"],
      ["--sizes", "5", "--shapes", "long+failing", "--states", "cold", "--runs", "5", "--no-host-baseline", "--memory-edits", "0", "--timeline"],
      ["--host", "web", "--sizes", "0.03", "--settings", '{"fs.codeLens.enabled":false}', "--attribute", "--trace", "--profile"],
      [],
    ];
    for (const line of lines) assert.deepEqual(readBenchCommandLine(line), { kind: "run" }, line.join(" "));
  });

  it("knows every option the bench's sources read", () => {
    // The ways the bench reads an option: option("--x", …), listOption("--x", …), argv.includes("--x"), argv.indexOf("--x").
    const read = /(?:\boption|\blistOption|argv\.includes|argv\.indexOf)\(\s*"(--[a-z-]+)"/g;
    const used = new Set<string>();
    for (const file of readdirSync(BENCH_DIR).filter((name) => name.endsWith(".ts")))
      for (const found of readFileSync(join(BENCH_DIR, file), "utf8").matchAll(read)) used.add(found[1] as string);
    assert.ok(used.has("--sizes") && used.has("--edits"), "the scan finds the options read");
    const known = knownOptions();
    assert.deepEqual(
      [...used].filter((option) => !known.has(option)),
      [],
      "options read but not in cliOptions.ts",
    );
  });

  it("stops before starting anything: --help exits 0 and an unknown option 1, both at once", () => {
    const script = join(repoRoot, "out", "bench", "bench-editor.js");
    const help = spawnSync(process.execPath, [script, "--help"], { encoding: "utf8", timeout: 30_000 });
    assert.equal(help.status, 0, help.stderr);
    assert.match(help.stdout, /--shapes <value>/);
    assert.doesNotMatch(help.stderr, /\[bench:editor\]|\[e2e\]/, "nothing started");
    const typo = spawnSync(process.execPath, [script, "--shape", "wide"], { encoding: "utf8", timeout: 30_000 });
    assert.equal(typo.status, 1);
    assert.match(typo.stderr, /unknown argument "--shape"/);
    assert.doesNotMatch(typo.stderr, /\[bench:editor\]|\[e2e\]/, "nothing started");
  });
});
