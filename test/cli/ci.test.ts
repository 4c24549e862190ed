// docs/ci.md: every `fsdoc` command its workflows run, run here as the workflow runs it, on a
// small repository, so the documented set-up keeps working.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Ajv2020 from "ajv/dist/2020";
import type { Log } from "sarif";
import { repoRoot } from "../support/paths";
import { cliPath, documentText, scratch } from "./support";

const guide = readFileSync(join(repoRoot, "docs/ci.md"), "utf8");

/** The yaml blocks of the guide, and the `run:` commands in them that call fsdoc. */
function workflows(): { yaml: string; commands: string[] }[] {
  return [...guide.matchAll(/```yaml\n([\s\S]*?)```/g)].map((match) => {
    const yaml = match[1]!;
    const commands = [...yaml.matchAll(/^\s+run: (.*fsdoc .*)$/gm)].map((run) => run[1]!);
    return { yaml, commands };
  });
}

function repository(): string {
  const dir = scratch();
  const write = (path: string, text: string) => {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  write("package.json", JSON.stringify({ name: "reports", private: true, devDependencies: {} }));
  write(
    "reports/2025.fs.json",
    documentText([
      { id: "a", values: { fy2025: "1" }, rollupTo: "t" },
      { id: "t", values: { fy2025: "1" } },
    ]),
  );
  write(
    "reports/q3/inconsistent.json",
    documentText([
      { id: "a", values: { fy2025: "1" }, rollupTo: "t" },
      { id: "t", values: { fy2025: "2" } },
    ]),
  );
  write("reports/q4/broken.json", documentText([{ id: "a", values: { fy2025: "1" } }]).replace('"unit": "u"', '"unit": "nope"'));
  write("node_modules/some-dep/fixture.fs.json", "not even JSON");
  return dir;
}

/** Runs a workflow `run:` line in bash with `npx fsdoc` standing for the built binary. */
function runStep(command: string, cwd: string) {
  const script = command.replace(/\bnpx fsdoc\b/g, `"${process.execPath}" "${cliPath}"`);
  assert.notEqual(script, command, "the step calls fsdoc through npx");
  return spawnSync("bash", ["-eo", "pipefail", "-c", script], { cwd, encoding: "utf8" });
}

test("the guide has the SARIF workflow and the annotation workflow", () => {
  const [sarif, annotations] = workflows();
  assert.ok(sarif && annotations);
  assert.match(sarif.yaml, /security-events: write/);
  assert.match(sarif.yaml, /uses: github\/codeql-action\/upload-sarif@v3\n\s+with:\n\s+sarif_file: fsdoc\.sarif/);
  assert.match(sarif.yaml, /if: \$\{\{ !cancelled\(\) \}\}/, "the SARIF is uploaded when validation fails");
  assert.deepEqual(sarif.commands, ["npx fsdoc validate --format sarif . > fsdoc.sarif"]);
  assert.deepEqual(annotations.commands, ["npx fsdoc validate --format github --strict ."]);
});

test("the SARIF step: a valid log of every FS document in the repository, failing the step on a nonconforming one", () => {
  const dir = repository();
  const step = runStep(workflows()[0]!.commands[0]!, dir);
  assert.equal(step.status, 1, step.stderr);
  const log = JSON.parse(readFileSync(join(dir, "fsdoc.sarif"), "utf8")) as Log;
  const schema = JSON.parse(readFileSync(join(repoRoot, "test/cli/fixtures/sarif-schema-2.1.0.json"), "utf8")) as object;
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  assert.ok(ajv.validate(schema, log), JSON.stringify(ajv.errors?.slice(0, 3)));
  const results = log.runs[0]!.results!;
  assert.deepEqual(
    results.map((result) => [result.ruleId, result.level, result.locations![0]!.physicalLocation!.artifactLocation!.uri]),
    [
      ["rollup-unsatisfied", "warning", "reports/q3/inconsistent.json"],
      ["unresolved-reference", "error", "reports/q4/broken.json"],
    ],
  );
  // Without the nonconforming document the step passes: warnings do not fail it.
  writeFileSync(join(dir, "reports/q4/broken.json"), documentText([{ id: "a", values: { fy2025: "1" } }]));
  assert.equal(runStep(workflows()[0]!.commands[0]!, dir).status, 0);
});

test("the annotation step: workflow commands per problem; --strict fails on a rollup that does not add up", () => {
  const dir = repository();
  const step = runStep(workflows()[1]!.commands[0]!, dir);
  assert.equal(step.status, 1);
  const lines = step.stdout.trimEnd().split("\n");
  assert.equal(lines.length, 2);
  assert.match(lines[0]!, /^::error file=reports\/q3\/inconsistent\.json,line=\d+,col=\d+,.*title=fsdoc rollup-unsatisfied::/);
  assert.match(lines[1]!, /^::error file=reports\/q4\/broken\.json,line=\d+,col=\d+,.*title=fsdoc unresolved-reference::/);
  assert.match(step.stderr, /^3 documents: 2 conforming, 1 nonconforming, 0 not readable as JSON$/m);
  writeFileSync(join(dir, "reports/q4/broken.json"), documentText([{ id: "a", values: { fy2025: "1" } }]));
  writeFileSync(
    join(dir, "reports/q3/inconsistent.json"),
    documentText([
      { id: "a", values: { fy2025: "2" }, rollupTo: "t" },
      { id: "t", values: { fy2025: "2" } },
    ]),
  );
  const clean = runStep(workflows()[1]!.commands[0]!, dir);
  assert.equal(clean.status, 0, clean.stdout);
  assert.equal(clean.stdout, "");
});
