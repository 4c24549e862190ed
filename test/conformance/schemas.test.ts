// The published JSON Schemas agree with the engine: a document fails the document schema exactly
// when the engine reports an error a schema can express, and everything the engine emits validates.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import Ajv2020 from "ajv/dist/2020";
import fc from "fast-check";
import { analyze, diffSnapshot, parseJson, recordSnapshot, type Issue } from "../../shared/src/index";
import { documentArbitrary } from "../engine/documents";
import { fixturesRoot, readJson, readText, repoRoot, upstream01Root, upstreamRoot } from "../support/paths";

const ajv = new Ajv2020({ allErrors: true, strict: false });
for (const name of ["fs-document", "validation-result", "snapshot-diff"]) ajv.addSchema(readJson(join(repoRoot, "schema/0.2", `${name}.schema.json`)));
const base = "https://cpaikr.github.io/fs/schema/0.2/";
const documentSchema = ajv.getSchema(`${base}fs-document.schema.json`)!;
const resultSchema = ajv.getSchema(`${base}validation-result.schema.json`)!;
const diffSchema = ajv.getSchema(`${base}snapshot-diff.schema.json`)!;

// Rules no JSON Schema can state: uniqueness of ids, references, calendar dates, value-map keys,
// rollup graphs, snapshot arithmetic.
const SEMANTIC_CODES = new Set([
  "duplicate-id",
  "duplicate-period-definition",
  "invalid-date",
  "invalid-duration",
  "unresolved-reference",
  "map-key-mismatch",
  "self-rollup",
  "cyclic-rollup",
  "unit-mismatch",
  "duplicate-application-key",
]);
const schemaCanExpress = (issue: Issue): boolean =>
  !SEMANTIC_CODES.has(issue.code) && !(issue.code === "invalid-value" && (issue.params.rule === "snapshot-arithmetic" || issue.params.rule === "snapshot-status"));

function jsonFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? jsonFiles(join(dir, entry.name)) : entry.name.endsWith(".json") ? [join(dir, entry.name)] : [],
  );
}

const documents = [
  ...jsonFiles(join(fixturesRoot, "examples")),
  ...jsonFiles(join(fixturesRoot, "valid")),
  ...jsonFiles(join(fixturesRoot, "invalid")),
  ...jsonFiles(join(upstreamRoot, "examples")),
  ...jsonFiles(join(upstreamRoot, "fixtures/valid")),
  ...jsonFiles(join(upstreamRoot, "fixtures/invalid")),
  ...jsonFiles(join(upstream01Root, "examples")),
  ...jsonFiles(join(upstream01Root, "fixtures/valid")),
  ...jsonFiles(join(upstream01Root, "fixtures/invalid")),
];

for (const path of documents) {
  const name = path.slice(path.indexOf("/", repoRoot.length - 10));
  test(`schema agrees with the engine on ${name}`, () => {
    const parsed = parseJson(readText(path));
    assert.ok(parsed.ok);
    const analysis = analyze(parsed.value);
    const expressible = analysis.issues.filter(schemaCanExpress);
    assert.equal(
      documentSchema(parsed.value),
      expressible.length === 0,
      `schema-expressible errors: ${JSON.stringify(expressible.map(({ code, path }) => ({ code, path })))}; ajv: ${JSON.stringify(documentSchema.errors?.slice(0, 3))}`,
    );
    assert.ok(resultSchema(analysis.result), JSON.stringify(resultSchema.errors));
    assert.ok(diffSchema(diffSnapshot(parsed.value, analysis)), JSON.stringify(diffSchema.errors));
  });
}

test("every 0.1 document is rejected", () => {
  for (const path of [...jsonFiles(join(upstream01Root, "examples")), ...jsonFiles(join(upstream01Root, "fixtures/valid"))]) {
    const parsed = parseJson(readText(path));
    assert.ok(parsed.ok);
    assert.equal(analyze(parsed.value).result.conformance.status, "nonconforming", path);
  }
});

test("results and diffs of generated and recorded documents validate against the published schemas", () => {
  fc.assert(
    fc.property(documentArbitrary, (document) => {
      assert.ok(documentSchema(document), JSON.stringify(documentSchema.errors));
      const analysis = analyze(document);
      assert.ok(resultSchema(analysis.result), JSON.stringify(resultSchema.errors));
      const recording = recordSnapshot(JSON.stringify(document), document)!;
      const recorded = JSON.parse(recording.text) as unknown;
      assert.ok(documentSchema(recorded), JSON.stringify(documentSchema.errors));
      assert.ok(diffSchema(diffSnapshot(recorded, analyze(recorded))), JSON.stringify(diffSchema.errors));
    }),
    { numRuns: 200 },
  );
});
