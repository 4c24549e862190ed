// The reference project's public 0.2 suite, all of it: results and diffs compared as objects,
// errors by code and path (messages are not normative).

import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { analyze, diffSnapshot, parseJson, recordSnapshot, type SnapshotDiff, type ValidationResult } from "../../shared/src/index";
import { readJson, readText, upstreamRoot } from "../support/paths";

const fixtures = join(upstreamRoot, "fixtures");

interface Manifest {
  validDocuments: { document: string; calculationStatus: string }[];
  invalidDocuments: { document: string; layer: string; code: string; path: string }[];
}
const manifest = readJson<Manifest>(join(fixtures, "manifest.json"));

function analyzeFile(path: string) {
  const parsed = parseJson(readText(path));
  assert.ok(parsed.ok, `${path} should parse`);
  return { value: parsed.value, analysis: analyze(parsed.value) };
}

function withoutMessages(result: ValidationResult): unknown {
  return { ...result, conformance: { ...result.conformance, errors: result.conformance.errors.map(({ code, path }) => ({ code, path })) } };
}

for (const entry of manifest.validDocuments) {
  test(`valid: ${entry.document} conforms with calculations ${entry.calculationStatus}`, () => {
    const { analysis } = analyzeFile(join(fixtures, entry.document));
    assert.deepEqual(analysis.result.conformance.errors, []);
    assert.equal(analysis.result.conformance.status, "conforming");
    assert.equal(analysis.result.calculations.status, entry.calculationStatus);
  });
}

for (const entry of manifest.invalidDocuments) {
  test(`invalid (${entry.layer}): ${entry.document} → ${entry.code} at ${entry.path}`, () => {
    const { analysis } = analyzeFile(join(fixtures, entry.document));
    const errors = analysis.result.conformance.errors.map(({ code, path }) => ({ code, path }));
    const expected =
      entry.code === "cyclic-rollup"
        ? [
            { code: "cyclic-rollup", path: "/statements/0/items/0/rollupTo" },
            { code: "cyclic-rollup", path: "/statements/0/items/1/rollupTo" },
          ]
        : [{ code: entry.code, path: entry.path }];
    assert.deepEqual(errors, expected);
    assert.equal(analysis.result.calculations.status, "not-run");
    for (const error of analysis.result.conformance.errors) assert.ok(error.message.length > 0);
  });
}

const calculationSources: Record<string, string> = {
  "exact-arithmetic.json": "valid/exact-arithmetic.json",
  "manufacturing-group.json": "../examples/manufacturing-group.json",
  "no-rollups.json": "valid/no-rollups.json",
  "recorded-snapshot-current.json": "valid/recorded-snapshot.json",
  "rollup-cell-errors.json": "valid/rollup-cell-errors.json",
  "snapshot-mismatch-current.json": "valid/snapshot-mismatch-source.json",
  "statement-local-rollups.json": "valid/statement-local-rollups.json",
  "structural-nonconformance.json": "invalid/unresolved-unit.json",
};

for (const [expectedFile, source] of Object.entries(calculationSources)) {
  test(`calculation result: ${expectedFile} from ${source}`, () => {
    const expected = readJson<ValidationResult>(join(fixtures, "calculation-results", expectedFile));
    const { analysis } = analyzeFile(join(fixtures, source));
    assert.deepEqual(withoutMessages(analysis.result), withoutMessages(expected));
  });
}

const diffSources: Record<string, string> = {
  "not-recorded.json": "valid/no-rollups.json",
  "match.json": "valid/recorded-snapshot.json",
  "mismatch.json": "valid/snapshot-mismatch-source.json",
  "invalid-snapshot.json": "invalid/contradictory-snapshot-application.json",
  "recorded-snapshot-mismatch.json": "cli/expected/record-validation/snapshot-mismatch.json",
};

for (const [expectedFile, source] of Object.entries(diffSources)) {
  test(`snapshot diff: ${expectedFile} from ${source}`, () => {
    const expected = readJson<SnapshotDiff>(join(fixtures, "snapshot-diffs", expectedFile));
    const { value, analysis } = analyzeFile(join(fixtures, source));
    assert.deepEqual(diffSnapshot(value, analysis), expected);
  });
}

test("snapshot diff: invalid-snapshot.json also for a duplicate application key", () => {
  const { value, analysis } = analyzeFile(join(fixtures, "invalid/duplicate-snapshot-application-key.json"));
  assert.deepEqual(diffSnapshot(value, analysis), readJson(join(fixtures, "snapshot-diffs/invalid-snapshot.json")));
});

test("snapshot diff: application-set-changes.json (added and removed keys)", () => {
  // No suite document carries this snapshot, so it is built from the diff's recorded side on top
  // of the document whose current applications the diff's added side shows.
  const expected = readJson<Extract<SnapshotDiff, { applications: unknown }>>(join(fixtures, "snapshot-diffs/application-set-changes.json"));
  const { value } = analyzeFile(join(fixtures, "valid/snapshot-mismatch-source.json"));
  const recorded = expected.applications.flatMap((change) => ("recorded" in change ? [change.recorded] : []));
  const document = {
    ...(value as object),
    validationSnapshot: { conformance: expected.conformance.recorded, calculations: expected.calculations.recorded, applications: recorded },
  };
  assert.deepEqual(diffSnapshot(document, analyze(document)), expected);
});

for (const name of ["no-rollups.json", "snapshot-mismatch.json"]) {
  test(`record: ${name} matches the reference's recorded document`, () => {
    const source = name === "no-rollups.json" ? "valid/no-rollups.json" : "valid/snapshot-mismatch-source.json";
    const text = readText(join(fixtures, source));
    const parsed = parseJson(text);
    assert.ok(parsed.ok);
    const recording = recordSnapshot(text, parsed.value);
    assert.ok(recording !== undefined);
    assert.equal(recording.text.trimEnd(), readText(join(fixtures, "cli/expected/record-validation", name)).trimEnd());
  });
}

const rawInputs: Record<string, string | undefined> = {
  "duplicate-members.json.txt": "duplicate-member",
  "malformed-json.json.txt": "invalid-json",
  "trailing-content.json.txt": "trailing-content",
  "noncanonical-valid.json": undefined,
};

for (const [name, code] of Object.entries(rawInputs)) {
  test(`raw input: ${name} ${code === undefined ? "parses and conforms" : `is rejected as ${code}`}`, () => {
    const parsed = parseJson(readText(join(fixtures, "raw-input", name)));
    if (code === undefined) {
      assert.ok(parsed.ok);
      assert.equal(analyze(parsed.value).result.conformance.status, "conforming");
    } else {
      assert.ok(!parsed.ok);
      assert.equal(parsed.problems[0]?.code, code);
      assert.ok((parsed.problems[0]?.line ?? 0) >= 1);
    }
  });
}
