// The pre-commit hook (.pre-commit-hooks.yaml) with the real pre-commit tool, installed by pip in a
// virtual environment of the test's own (the machine's pip mirror serves it): a temporary Git
// repository with fs-documents installed from its packed tarball (as a project installs it) uses
// this repository's hook at its current commit; committing a nonconforming FS
// document fails with its problems as file:line:column lines, committing it fixed passes, and other
// JSON beside it is never reported. In CI (CI=true) nothing is skipped; elsewhere the test is
// skipped only when Python cannot make a virtual environment.

import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { repoRoot } from "../support/paths";

const dir = mkdtempSync(join(tmpdir(), "fsdoc-pre-commit-"));
const venv = join(dir, "venv");
const probe = spawnSync("python3", ["-m", "venv", venv], { encoding: "utf8" });
const skip = probe.status !== 0 && process.env.CI !== "true" ? `python3 cannot make a virtual environment (${(probe.stderr || String(probe.error)).trim()})` : false;

after(() => rmSync(dir, { recursive: true, force: true }));

let preCommit = "";
before(
  () => {
    if (skip !== false) return;
    assert.equal(probe.status, 0, `python3 -m venv: ${probe.stderr}`);
    execFileSync(join(venv, "bin", "pip"), ["install", "--quiet", "--disable-pip-version-check", "--retries", "0", "pre-commit"], { stdio: "inherit", timeout: 600_000 });
    preCommit = join(venv, "bin", "pre-commit");
    assert.ok(existsSync(preCommit));
  },
  { timeout: 660_000 },
);

test("pre-commit with the fsdoc hook: a nonconforming FS document fails the commit, the fixed one passes", { skip, timeout: 900_000 }, () => {
  const project = join(dir, "project");
  mkdirSync(project);
  // pre-commit's own cache (the hook's npm installation) stays in the test's folder.
  const env = {
    ...process.env,
    PRE_COMMIT_HOME: join(dir, "pre-commit-home"),
    GIT_AUTHOR_NAME: "t",
    GIT_AUTHOR_EMAIL: "t@example.invalid",
    GIT_COMMITTER_NAME: "t",
    GIT_COMMITTER_EMAIL: "t@example.invalid",
  };
  const git = (...args: string[]) => spawnSync("git", args, { cwd: project, env, encoding: "utf8", timeout: 900_000 });
  assert.equal(git("init", "--quiet").status, 0);
  const rev = execFileSync("git", ["rev-parse", "HEAD"], { cwd: repoRoot, encoding: "utf8" }).trim();
  writeFileSync(join(project, ".pre-commit-config.yaml"), `repos:\n  - repo: ${repoRoot}\n    rev: ${rev}\n    hooks:\n      - id: fsdoc\n`);
  execFileSync(preCommit, ["install"], { cwd: project, env });
  // The project's own fsdoc, as `npm install --save-dev fs-documents` gives it (the tarball: no registry needed).
  const npm = (args: string[], cwd: string) => execFileSync("npm", [...args, "--cache", join(dir, "npm-cache"), "--no-audit", "--no-fund"], { cwd, encoding: "utf8" });
  const [packed] = JSON.parse(npm(["pack", "--ignore-scripts", "--json", "--pack-destination", dir], repoRoot)) as { filename: string }[];
  writeFileSync(join(project, "package.json"), `${JSON.stringify({ name: "project", version: "1.0.0", private: true }, null, 2)}\n`);
  npm(["install", "--save-dev", "--ignore-scripts", join(dir, packed!.filename)], project);
  writeFileSync(join(project, ".gitignore"), "node_modules/\n");

  const minimal = readFileSync(join(repoRoot, "fixtures/examples/minimal.json"), "utf8");
  writeFileSync(join(project, "company.json"), minimal.replace('"at-2025": "1200"', '"at-2025": 1200'));
  assert.equal(git("add", ".").status, 0);
  const failed = git("commit", "--quiet", "-m", "statements");
  const output = failed.stdout + failed.stderr;
  assert.notEqual(failed.status, 0, output);
  assert.match(output, /^company\.json:38:24: error decimal-string-required /m);
  assert.doesNotMatch(output, /package\.json:/);
  assert.notEqual(git("rev-parse", "--verify", "--quiet", "HEAD").status, 0, "nothing was committed");

  writeFileSync(join(project, "company.json"), minimal);
  assert.equal(git("add", "company.json").status, 0);
  const passed = git("commit", "--quiet", "-m", "statements");
  assert.equal(passed.status, 0, passed.stdout + passed.stderr);
  assert.match(git("log", "--format=%s").stdout, /^statements$/m);
});
