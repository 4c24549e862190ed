// The benchmark's document family (scripts/bench/generate.mjs, issue 25): each shape is what it says
// (wide has 30+ periods, deep 8+ rollup levels, long thousands of rows in a statement, failing
// hundreds of failing and unevaluable checks) and its stats are exact, checked against the engine's
// own analysis, so that a benchmark row names the state it measured.

import { before, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { analyze } from "../../shared/src/result";
import { repoRoot } from "../support/paths";

interface Generated {
  text: string;
  stats: Record<string, number>;
}
interface Generator {
  SHAPE_NAMES: string[];
  generateWithStats(options: { targetBytes: number; seed: number; shape?: string }): Generated;
}
interface Doc {
  statements: { id: string; periods: string[]; items: { id: string; rollupTo?: string }[] }[];
}

let generator: Generator;
before(async () => {
  generator = (await import(pathToFileURL(join(repoRoot, "scripts/bench/generate.mjs")).href)) as Generator;
});

function checked(shape: string, targetBytes: number): { doc: Doc; stats: Record<string, number> } {
  const { text, stats } = generator.generateWithStats({ targetBytes, seed: 7, shape });
  const doc = JSON.parse(text) as Doc;
  const { result } = analyze(doc);
  assert.equal(result.conformance.status, "conforming", `${shape}: conforms`);
  const by = (status: string) => result.calculations.applications.filter((application) => application.status === status).length;
  assert.equal(result.calculations.applications.length, stats.applications, `${shape}: applications`);
  assert.equal(by("unsatisfied"), stats.expectedUnsatisfied, `${shape}: unsatisfied`);
  assert.equal(by("error"), stats.missingValueErrors! + stats.unavailableValueErrors!, `${shape}: unevaluable`);
  assert.ok(Math.abs(stats.bytes! - targetBytes) / targetBytes < 0.1, `${shape}: ${stats.bytes} bytes for ${targetBytes}`);
  return { doc, stats };
}

/** Levels of the deepest rollup tree: a line under a subtotal under a total is 3. */
function deepest(doc: Doc): number {
  let max = 0;
  for (const statement of doc.statements) {
    const parent = new Map(statement.items.map((item) => [item.id, item.rollupTo]));
    for (const item of statement.items) {
      let levels = 1;
      for (let at = item.rollupTo; at !== undefined; at = parent.get(at)) levels++;
      max = Math.max(max, levels);
    }
  }
  return max;
}

test("every shape of the family conforms, and its stats are the engine's counts", () => {
  assert.deepEqual(generator.SHAPE_NAMES, ["typical", "failing", "long", "wide", "deep"]);
  for (const shape of [...generator.SHAPE_NAMES, "long+failing"]) checked(shape, 300_000);
});

test("typical: few failing subtotals and three rollup levels", () => {
  const { doc, stats } = checked("typical", 300_000);
  assert.ok(stats.expectedUnsatisfied! < stats.applications! * 0.02);
  assert.equal(deepest(doc), 3);
});

test("failing: hundreds of failing and unevaluable checks at 1 MB", () => {
  const { stats } = checked("failing", 1_000_000);
  assert.ok(stats.expectedUnsatisfied! >= 30, `unsatisfied ${stats.expectedUnsatisfied}`);
  assert.ok(stats.expectedUnsatisfied! + stats.missingValueErrors! + stats.unavailableValueErrors! >= 150);
});

test("long: four statements whatever the size, over a thousand rows each at 2 MB", () => {
  const { doc } = checked("long", 2_000_000);
  assert.equal(doc.statements.length, 4);
  assert.ok(Math.max(...doc.statements.map((statement) => statement.items.length)) >= 1_000);
});

test("wide: 30+ periods in its statements", () => {
  const { doc } = checked("wide", 300_000);
  assert.ok(doc.statements.filter((statement) => statement.periods.length >= 30).length >= 3);
});

test("deep: rollup trees of 8+ levels", () => {
  const { doc } = checked("deep", 300_000);
  assert.ok(deepest(doc) >= 8, `deepest ${deepest(doc)}`);
});

test("an unknown shape is refused with the known ones", () => {
  assert.throws(() => generator.generateWithStats({ targetBytes: 1000, seed: 1, shape: "tall" }), /unknown document shape "tall".*typical/);
});
