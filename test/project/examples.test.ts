// The shipped examples (fixtures/examples/) are what a new user opens first (the walkthrough, the
// README): each conforms and carries a validation snapshot that matches its current validation.
// When an example changes, record it again: `npx fsdoc record --in-place fixtures/examples/<file>`.

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { analyze, diffSnapshot, parseJson } from "../../shared/src/index";
import { fixturesRoot } from "../support/paths";

const examples = readdirSync(join(fixturesRoot, "examples")).filter((name) => name.endsWith(".json"));

test("there are examples", () => {
  assert.ok(examples.length >= 2, examples.join(", "));
});

for (const name of examples) {
  test(`${name} conforms and its snapshot is current`, () => {
    const parsed = parseJson(readFileSync(join(fixturesRoot, "examples", name), "utf8"));
    assert.ok(parsed.ok, `${name} is not valid JSON`);
    const analysis = analyze(parsed.value);
    assert.equal(analysis.result.conformance.status, "conforming");
    assert.equal(diffSnapshot(parsed.value, analysis).status, "match", `${name}: run npx fsdoc record --in-place fixtures/examples/${name}`);
  });
}
