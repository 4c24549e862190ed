// A newcomer's first value: `fsdoc init`, 100 typed for Cash, then `fsdoc validate --format text`
// and `fsdoc fix --dry-run`. The total was left at 0: the likely causes name that first, and fix
// names the --apply that sets it (newcomer report, session 17, finding 8).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fsdoc, scratch } from "./support";

function firstValue(): { dir: string; file: string } {
  const dir = scratch();
  const init = fsdoc(["init", "my-company.json", "--entity", "My Co", "--currency", "GBP", "--scale", "3", "--years", "2024,2025"], { cwd: dir, input: "" });
  assert.equal(init.code, 0, init.stderr);
  const file = join(dir, "my-company.json");
  const document = JSON.parse(readFileSync(file, "utf8")) as { statements: { items: { id: string; values: Record<string, string> }[] }[] };
  const cash = document.statements[0]!.items.find((item) => item.id === "cash")!;
  cash.values["at-2025"] = "100";
  writeFileSync(file, JSON.stringify(document, null, 2) + "\n");
  return { dir, file };
}

test("validate --format text: the total left at 0 is the first likely cause, before 'does not belong'", () => {
  const { dir } = firstValue();
  const run = fsdoc(["validate", "--format", "text", "my-company.json"], { cwd: dir });
  assert.equal(run.code, 0, run.stderr);
  const causes = run.stdout
    .split("\n")
    .filter((line) => line.startsWith("  likely cause: "))
    .map((line) => line.slice("  likely cause: ".length));
  assert.deepEqual(causes, [
    "Total assets was not filled in? It is 0 while its children add up to 100; set to their sum, the total holds.",
    "Cash and cash equivalents (100) does not belong in Total assets, or is counted twice? Without it the total holds.",
    // Not "holds in at-2024": nothing is filled in there yet.
  ]);
});

test("fix --dry-run: 'nothing to fix' goes on to name --apply set-subtotal and the commands that show and make the change", () => {
  const { dir } = firstValue();
  const run = fsdoc(["fix", "--dry-run", "my-company.json"], { cwd: dir });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout, "");
  assert.equal(
    run.stderr,
    "my-company.json: nothing to fix\n" +
      "my-company.json: --apply set-subtotal would set 1 subtotal that does not add up to the sum of its children: fsdoc fix --apply set-subtotal --dry-run my-company.json shows the change, --write instead of --dry-run makes it\n",
  );
  const shown = fsdoc(["fix", "--apply", "set-subtotal", "--dry-run", "my-company.json"], { cwd: dir });
  assert.match(shown.stdout, /\n-\s+"at-2025": "0",\n\+\s+"at-2025": "100",\n/);
  assert.doesNotMatch(shown.stderr, /would set/);
  const written = fsdoc(["fix", "--apply", "set-subtotal", "--write", "my-company.json"], { cwd: dir });
  assert.equal(written.code, 0, written.stderr);
  assert.equal(fsdoc(["fix", "--dry-run", "my-company.json"], { cwd: dir }).stderr, "my-company.json: nothing to fix\n");
});
