// The GitHub Action (action.yml), run the way the runner runs a composite action, as far as that is
// possible without GitHub: the action's files as a checkout of this repository (the working tree's
// tracked and new files, no dist/, no node_modules: actionCheckout.ts), each `run` step through
// bash -eo pipefail with its `${{ }}` expressions evaluated (github.action_path, inputs with their
// defaults, the steps' outputs) and GITHUB_OUTPUT and GITHUB_STEP_SUMMARY read back. What it must
// give: annotations as workflow commands, a SARIF log, the outputs, the step failing when a document
// does not conform, and with compare-base the Markdown of fsdoc compare for each FS document a
// change modified.

import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { repoRoot } from "../support/paths";
import { copyCheckout } from "./actionCheckout";

// js-yaml ships no types of its own; its load() is all this test needs.
const { load } = createRequire(__filename)("js-yaml") as { load(text: string): unknown };

interface Step {
  name: string;
  id?: string;
  shell: string;
  run: string;
  env?: Record<string, string>;
  "working-directory"?: string;
}
interface Action {
  inputs: Record<string, { default?: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: Step[] };
}

const action = load(readFileSync(join(repoRoot, "action.yml"), "utf8")) as Action;
const dir = mkdtempSync(join(tmpdir(), "fsdoc-action-"));
const actionPath = join(dir, "action");
const workspace = join(dir, "workspace");
/** The job summary a step appends to (GITHUB_STEP_SUMMARY), emptied before each step. */
const summary = join(dir, "step-summary.md");

interface Context {
  inputs: Record<string, string>;
  steps: Record<string, { outputs: Record<string, string> }>;
}

/** `${{ … }}` as the runner evaluates the few expressions an action uses; anything else fails the test. */
function evaluate(text: string, context: Context): string {
  return text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_whole, expression: string) => {
    if (expression === "github.action_path") return actionPath;
    if (expression === "github.workspace") return workspace;
    let match = /^inputs\.([\w-]+)$/.exec(expression);
    if (match !== null) return context.inputs[match[1]!] ?? "";
    match = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expression);
    if (match !== null) return context.steps[match[1]!]?.outputs[match[2]!] ?? "";
    throw new Error(`the test does not evaluate \${{ ${expression} }}`);
  });
}

interface Run {
  status: number;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
}

/** Runs the steps named by `only` (all by default) with the workflow's `with:` inputs. */
function runAction(given: Record<string, string>, only?: (step: Step) => boolean): Run {
  const inputs = Object.fromEntries(Object.entries(action.inputs).map(([name, input]) => [name, given[name] ?? input.default ?? ""]));
  const context: Context = { inputs, steps: {} };
  let stdout = "";
  let stderr = "";
  for (const step of action.runs.steps.filter(only ?? (() => true))) {
    assert.equal(step.shell, "bash", `${step.name}: only bash steps are run here`);
    const output = join(dir, `output-${Date.now()}`);
    writeFileSync(output, "");
    writeFileSync(summary, "");
    const script = join(dir, "step.sh");
    writeFileSync(script, evaluate(step.run, context));
    const env = Object.fromEntries(Object.entries(step.env ?? {}).map(([name, value]) => [name, evaluate(value, context)]));
    // The runner's bash template: bash --noprofile --norc -eo pipefail {0}.
    const result = spawnSync("bash", ["--noprofile", "--norc", "-eo", "pipefail", script], {
      cwd: step["working-directory"] === undefined ? workspace : evaluate(step["working-directory"], context),
      env: { ...process.env, ...env, GITHUB_OUTPUT: output, GITHUB_STEP_SUMMARY: summary, GITHUB_ACTION_PATH: actionPath, GITHUB_WORKSPACE: workspace, CI: "true" },
      encoding: "utf8",
      timeout: 600_000,
    });
    stdout += result.stdout;
    stderr += result.stderr;
    const outputs = Object.fromEntries(
      readFileSync(output, "utf8")
        .split("\n")
        .filter((line) => line.includes("="))
        .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
    );
    if (step.id !== undefined) context.steps[step.id] = { outputs };
    if (result.status !== 0) return { status: result.status ?? -1, stdout, stderr, outputs: {} };
  }
  const outputs = Object.fromEntries(Object.entries(action.outputs).map(([name, output]) => [name, evaluate(output.value, context)]));
  return { status: 0, stdout, stderr, outputs };
}

const isBuild = (step: Step) => step.id === undefined;
const validateOnly = (step: Step) => step.id === "validate";
const compareOnly = (step: Step) => step.id === "compare";

before(
  () => {
    // The action's repository as the runner checks it out: its files, nothing built or installed
    // (never a link to this machine's node_modules, which the action's npm ci would empty).
    copyCheckout(repoRoot, actionPath);
    const minimal = readFileSync(join(repoRoot, "fixtures/examples/minimal.json"), "utf8");
    mkdirSync(join(workspace, "docs"), { recursive: true });
    writeFileSync(join(workspace, "docs/good.json"), minimal);
    writeFileSync(join(workspace, "docs/bad.json"), minimal.replace('"at-2025": "1200"', '"at-2025": 1200'));
    writeFileSync(join(workspace, "docs/off-by-one.json"), minimal.replace('"at-2025": "2000"', '"at-2025": "2001"'));
    writeFileSync(join(workspace, "docs/package.json"), '{ "name": "not-fs", "version": "1.0.0" }\n');
    const build = runAction({}, isBuild);
    assert.equal(build.status, 0, build.stderr);
    assert.ok(existsSync(join(actionPath, "dist/cli.js")), "the build step made fsdoc");
  },
  { timeout: 660_000 },
);

after(() => rmSync(dir, { recursive: true, force: true }));

test("a folder with a nonconforming document: annotations, a SARIF log, the outputs, and the step fails", () => {
  const run = runAction({ files: "docs" }, validateOnly);
  assert.equal(run.status, 1, run.stderr);
  assert.match(run.stdout, /^::error file=docs\/bad\.json,line=38,col=24,.*title=fsdoc decimal-string-required::/m);
  assert.match(run.stdout, /^::warning file=docs\/off-by-one\.json,line=\d+,col=\d+,.*title=fsdoc rollup-unsatisfied::/m);
  assert.doesNotMatch(run.stdout, /package\.json/);
  const sarif = JSON.parse(readFileSync(join(workspace, "fsdoc.sarif"), "utf8")) as {
    version: string;
    runs: { results: { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[];
  };
  assert.equal(sarif.version, "2.1.0");
  const results = sarif.runs[0]!.results.map((result) => `${result.locations[0]!.physicalLocation.artifactLocation.uri} ${result.ruleId}`);
  assert.ok(results.includes("docs/bad.json decimal-string-required"), results.join(", "));
  assert.ok(results.includes("docs/off-by-one.json rollup-unsatisfied"), results.join(", "));
});

test("outputs: the SARIF path and fsdoc's exit code, also when the step passes", () => {
  mkdirSync(join(workspace, "out"), { recursive: true });
  const passed = runAction({ files: "docs/good.json docs/off-by-one.json", "sarif-file": "out/fs.sarif" }, validateOnly);
  assert.equal(passed.status, 0, passed.stderr);
  assert.deepEqual(passed.outputs, { "compare-file": "", "sarif-file": "out/fs.sarif", "exit-code": "0" });
  assert.ok(existsSync(join(workspace, "out/fs.sarif")));
  assert.doesNotMatch(passed.stdout, /^::error /m);
});

test("strict: a rollup that does not add up fails the step; no SARIF when sarif-file is empty; patterns reach fsdoc unexpanded", () => {
  rmSync(join(workspace, "fsdoc.sarif"), { force: true });
  const strict = runAction({ files: "docs/good.json\n  docs/off-by-one.json", strict: "true", "sarif-file": "" }, validateOnly);
  assert.equal(strict.status, 1);
  assert.match(strict.stdout, /^::error file=docs\/off-by-one\.json,.*title=fsdoc rollup-unsatisfied::/m);
  assert.ok(!existsSync(join(workspace, "fsdoc.sarif")));
  // A pattern the shell would expand against the workspace: fsdoc gets it as written and applies its detection.
  const pattern = runAction({ files: "docs/[gp]*.json" }, validateOnly);
  assert.equal(pattern.status, 0, pattern.stdout + pattern.stderr);
  assert.deepEqual(pattern.outputs, { "compare-file": "", "sarif-file": "fsdoc.sarif", "exit-code": "0" });
});

test("compare-base: each FS document the change modified, compared with its merge base as fsdoc compare's Markdown, in a file, an output and the job summary", () => {
  // The workspace as a pull request's checkout: a base branch, then a branch that changes two FS
  // documents (one among the files named), a JSON file that is no FS document, and adds one.
  const git = (...args: string[]) => execFileSync("git", args, { cwd: workspace, encoding: "utf8" });
  git("init", "--quiet", "--initial-branch=main");
  git("config", "user.email", "ci@example.invalid");
  git("config", "user.name", "CI");
  mkdirSync(join(workspace, "other"), { recursive: true });
  writeFileSync(join(workspace, "other/elsewhere.json"), readFileSync(join(workspace, "docs/good.json")));
  git("add", "-A");
  git("commit", "--quiet", "-m", "base");
  git("checkout", "--quiet", "-b", "change");
  const edit = (file: string, from: string, to: string) => writeFileSync(join(workspace, file), readFileSync(join(workspace, file), "utf8").replace(from, to));
  edit("docs/good.json", '"at-2025": "1200"', '"at-2025": "1300"');
  edit("other/elsewhere.json", '"at-2025": "1200"', '"at-2025": "1250"');
  writeFileSync(join(workspace, "docs/package.json"), '{ "name": "not-fs", "version": "1.0.1" }\n');
  writeFileSync(join(workspace, "docs/new.json"), readFileSync(join(workspace, "docs/good.json")));
  git("add", "-A");
  git("commit", "--quiet", "-m", "change");

  const run = runAction({ files: "docs", "compare-base": "main" }, compareOnly);
  assert.equal(run.status, 0, run.stdout + run.stderr);
  assert.equal(run.outputs["compare-file"], "fs-compare.md");
  const markdown = readFileSync(join(workspace, "fs-compare.md"), "utf8");
  // What fsdoc compare writes for the one modified FS document among the files named.
  const base = git("merge-base", "main", "HEAD").trim();
  const expected = execFileSync(process.execPath, [join(actionPath, "dist/cli.js"), "compare", `${base}:docs/good.json`, "docs/good.json", "--format", "markdown"], {
    cwd: workspace,
    encoding: "utf8",
  });
  assert.equal(markdown, `${expected}\n`);
  assert.match(markdown, /1,300/);
  assert.doesNotMatch(markdown, /elsewhere|package\.json|new\.json/);
  assert.equal(readFileSync(summary, "utf8"), markdown);
  assert.match(run.stdout, /Compared 1 FS document\(s\) with main/);

  // No FS document modified among the files named: no file, an empty output (no comment to post).
  const none = runAction({ files: "docs/new.json", "compare-base": "main" }, compareOnly);
  assert.equal(none.status, 0, none.stderr);
  assert.equal(none.outputs["compare-file"], "");
  assert.ok(!existsSync(join(workspace, "fs-compare.md")));
  // Without compare-base nothing is compared.
  const off = runAction({ files: "docs" }, compareOnly);
  assert.deepEqual([off.status, off.outputs["compare-file"]], [0, ""]);
  // A base the checkout does not have: the step fails and says why.
  const unknown = runAction({ files: "docs", "compare-base": "no-such-branch" }, compareOnly);
  assert.equal(unknown.status, 1);
  assert.match(unknown.stdout, /^::error title=fsdoc compare::No merge base of no-such-branch and HEAD: check out with fetch-depth: 0/m);
});
