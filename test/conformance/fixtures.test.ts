// Our own fixtures (fixtures/manifest.json): expectations computed by hand from the spec,
// independently of the engine. Results and diffs compared as objects; errors by code and path, in order.

import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { analyze, diffSnapshot, parseJson, type ValidationResult } from "../../shared/src/index";
import { fixturesRoot, readJson, readText } from "../support/paths";

interface Manifest {
  validDocuments: { document: string; calculationStatus: string; result: string; diff: string }[];
  invalidDocuments: { document: string; layer: string; errors: { code: string; path: string }[]; diff?: string }[];
}
const manifest = readJson<Manifest>(join(fixturesRoot, "manifest.json"));

function load(document: string) {
  const parsed = parseJson(readText(join(fixturesRoot, document)));
  assert.ok(parsed.ok, `${document} parses`);
  return { value: parsed.value, analysis: analyze(parsed.value) };
}

const codesAndPaths = (result: ValidationResult) => ({
  ...result,
  conformance: { ...result.conformance, errors: result.conformance.errors.map(({ code, path }) => ({ code, path })) },
});

for (const entry of manifest.validDocuments) {
  test(`fixture ${entry.document}: result, calculations ${entry.calculationStatus}, and diff`, () => {
    const { value, analysis } = load(entry.document);
    assert.deepEqual(codesAndPaths(analysis.result), codesAndPaths(readJson<ValidationResult>(join(fixturesRoot, entry.result))));
    assert.equal(analysis.result.calculations.status, entry.calculationStatus);
    assert.deepEqual(diffSnapshot(value, analysis), readJson(join(fixturesRoot, entry.diff)));
  });
}

for (const entry of manifest.invalidDocuments) {
  test(`fixture ${entry.document}: ${entry.errors.length} error(s), first ${entry.errors[0]?.code}`, () => {
    const { value, analysis } = load(entry.document);
    assert.deepEqual(
      analysis.result.conformance.errors.map(({ code, path }) => ({ code, path })),
      entry.errors,
    );
    assert.equal(analysis.result.calculations.status, "not-run");
    if (entry.diff !== undefined) assert.deepEqual(diffSnapshot(value, analysis), readJson(join(fixturesRoot, entry.diff)));
  });
}

test("the manifest covers every public diagnostic code", async () => {
  const { DIAGNOSTIC_CODES } = await import("../../shared/src/index");
  const covered = new Set(manifest.invalidDocuments.flatMap((entry) => entry.errors.map((error) => error.code)));
  assert.deepEqual(
    DIAGNOSTIC_CODES.filter((code) => !covered.has(code)),
    [],
  );
});
