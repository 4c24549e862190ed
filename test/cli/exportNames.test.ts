// FS: Export TSV writes one file per statement into the folder the user picks, named as
// `fsdoc render --format tsv --output <dir>` names them: the two must agree.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { tsvFileName } from "../../client/src/commands/exportNames";
import { fixturesRoot, repoRoot } from "../support/paths";

test("the editor's TSV file names are the CLI's <statement-id>.tsv", () => {
  const file = join(fixturesRoot, "examples/northwind-group.json");
  const dir = mkdtempSync(join(tmpdir(), "fsdoc-tsv-"));
  const run = spawnSync(process.execPath, [join(repoRoot, "dist/cli.js"), "render", "--format", "tsv", "--output", dir, file], { encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  const statements = (JSON.parse(readFileSync(file, "utf8")) as { statements: { id: string }[] }).statements.map((statement) => statement.id);
  assert.ok(statements.length >= 4);
  assert.deepEqual(statements.map(tsvFileName).sort(), readdirSync(dir).sort());
});
