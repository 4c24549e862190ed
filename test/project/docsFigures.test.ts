// The figures the README and docs/cli.md show for the repository's own example are what the product
// prints for it now: the status lens the language server gives the walkthrough's example, and what
// `fsdoc validate` writes to standard error for the README's command (issue 30: they said "1 not
// satisfied" after the example changed).

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import * as service from "../../server/src/service/index";
import { fsdoc } from "../cli/support";
import { NOT_CANCELLED, createService } from "../server/service";
import { repoRoot } from "../support/paths";

/** client/src/commands/walkthrough.ts, WALKTHROUGH_EXAMPLE (that module needs the editor). */
const WALKTHROUGH_EXAMPLE = "fixtures/examples/northwind-group.json";

const oneLine = (text: string): string => text.replace(/\s+/g, " ");

test("the README's status lens example is the lens the walkthrough's example gets", () => {
  const readme = oneLine(readFileSync(join(repoRoot, "README.md"), "utf8"));
  const example = /the rollup checks counted apart, "([^"]+)"/.exec(readme)?.[1];
  assert.ok(example !== undefined, "the README shows the status lens's rollup counts");
  const server = createService();
  const uri = "file:///work/northwind-group.json";
  server.open(uri, readFileSync(join(repoRoot, WALKTHROUGH_EXAMPLE), "utf8"));
  const status = server.with(uri, (analysis) => service.codeLenses(analysis, server.settings, NOT_CANCELLED))?.[0]?.command?.title ?? "";
  assert.ok(status.includes(` · ${example} · `), `the lens says: ${status}`);
});

test("docs/cli.md's standard error of the README's fsdoc validate is what fsdoc prints", () => {
  const docs = readFileSync(join(repoRoot, "docs", "cli.md"), "utf8");
  const shown = /`npx fsdoc validate fixtures\/examples\/\*\.json` prints:\s*```text\n([\s\S]*?)```/.exec(docs)?.[1];
  assert.ok(shown !== undefined, "docs/cli.md shows the output of the README's validate");
  // The shell expands the README's glob in name order.
  const files = readdirSync(join(repoRoot, "fixtures", "examples"))
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => `fixtures/examples/${name}`);
  const run = fsdoc(["validate", ...files], { cwd: repoRoot });
  assert.equal(run.stderr, shown);
});
