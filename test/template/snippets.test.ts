// The snippets (snippets/fs.code-snippets, contributed for json and jsonc): each body, with its
// placeholders at their defaults, is JSON of the right shape, and spliced into a minimal FS
// document where it belongs, the document conforms with its rollups satisfied.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { analyze } from "../../shared/src/index";
import { expandSnippet } from "../support/snippets";
import { repoRoot } from "../support/paths";

interface Snippet {
  prefix: string;
  description: string;
  body: string[];
}

type Json = Record<string, unknown>;

const snippets = JSON.parse(readFileSync(join(repoRoot, "snippets/fs.code-snippets"), "utf8")) as Record<string, Snippet>;
const manifest = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { contributes: { snippets: { language: string; path: string }[] } };

/** A conforming document with one unit, one instant, one duration and one statement per kind of period. */
function host(): { units: Json[]; periods: Json[]; statements: Json[]; [member: string]: unknown } {
  return {
    formatVersion: "0.2",
    entity: { name: "Host Ltd" },
    scope: { label: "Financial statements" },
    units: [{ id: "host-unit", label: "Host", measure: "XXX", scale: 0 }],
    periods: [
      { id: "host-instant", kind: "instant", date: "2020-12-31" },
      { id: "host-duration", kind: "duration", start: "2020-01-01", end: "2020-12-31" },
    ],
    statements: [
      { id: "host-statement", label: "Host", periods: ["host-duration"], items: [{ id: "host-item", label: "Host", unit: "host-unit", values: { "host-duration": "0" } }] },
    ],
  };
}

function expanded(prefix: string): Json {
  const snippet = Object.values(snippets).find((entry) => entry.prefix === prefix);
  assert.ok(snippet !== undefined, `no snippet ${prefix}`);
  const { text, tabStops } = expandSnippet(snippet.body.join("\n"));
  assert.ok(tabStops.length > 0, `${prefix} has no placeholder`);
  assert.equal(tabStops[0], 1, `${prefix} starts at tab stop 1`);
  const value = JSON.parse(text) as unknown;
  assert.ok(typeof value === "object" && value !== null && !Array.isArray(value), `${prefix} is not one JSON object`);
  return value as Json;
}

/** Units and periods the spliced value refers to, defined in the host. */
function defineReferences(document: ReturnType<typeof host>, item: Json): void {
  const unit = item.unit as string;
  if (!document.units.some((entry) => entry.id === unit)) document.units.push({ id: unit, label: unit, measure: unit.toUpperCase(), scale: 0 });
  for (const period of Object.keys(item.values as Json)) {
    if (!document.periods.some((entry) => entry.id === period)) document.periods.push({ id: period, kind: "duration", start: "2025-01-01", end: "2025-12-31" });
  }
}

function assertConformsAndAddsUp(document: unknown, what: string): void {
  const { result } = analyze(document);
  assert.equal(result.conformance.status, "conforming", `${what}: ${JSON.stringify(result.conformance.errors)}`);
  assert.notEqual(result.calculations.status, "inconsistent", what);
}

test("package.json contributes the snippets for json and jsonc", () => {
  assert.deepEqual(
    manifest.contributes.snippets.map((entry) => [entry.language, entry.path]),
    [
      ["json", "./snippets/fs.code-snippets"],
      ["jsonc", "./snippets/fs.code-snippets"],
    ],
  );
  for (const snippet of Object.values(snippets)) {
    assert.match(snippet.prefix, /^fs-/);
    assert.ok(snippet.description.length > 0);
  }
});

test("a statement, spliced into statements, conforms", () => {
  const document = host();
  const statement = expanded("fs-statement");
  for (const item of statement.items as Json[]) defineReferences(document, item);
  document.statements.push(statement);
  assertConformsAndAddsUp(document, "fs-statement");
});

test("an item, spliced into a statement's items, conforms", () => {
  const document = host();
  const item = expanded("fs-item");
  defineReferences(document, item);
  const periods = Object.keys(item.values as Json);
  document.statements.push({ id: "s", label: "S", periods, items: [item] });
  assertConformsAndAddsUp(document, "fs-item");
});

test("an item that rolls up, spliced beside its subtotal, conforms and adds up", () => {
  const document = host();
  const item = expanded("fs-item-rollup");
  defineReferences(document, item);
  assert.equal(typeof item.rollupTo, "string");
  const parent = { id: item.rollupTo, label: "Subtotal", unit: item.unit, values: item.values };
  document.statements.push({ id: "s", label: "S", periods: Object.keys(item.values as Json), items: [item, parent] });
  const { result } = analyze(document);
  assert.equal(result.conformance.status, "conforming", JSON.stringify(result.conformance.errors));
  assert.equal(result.calculations.status, "consistent");
  assert.ok(result.calculations.applications.some((application) => application.key.parent === item.rollupTo));
});

test("an instant and a duration period, spliced into periods, conform", () => {
  for (const prefix of ["fs-period-instant", "fs-period-duration"]) {
    const document = host();
    const period = expanded(prefix);
    assert.equal(period.kind, prefix === "fs-period-instant" ? "instant" : "duration");
    document.periods.push(period);
    document.statements.push({ id: "s", label: "S", periods: [period.id], items: [{ id: "i", label: "I", unit: "host-unit", values: { [period.id as string]: "0" } }] });
    assertConformsAndAddsUp(document, prefix);
  }
});

test("a unit, spliced into units, conforms", () => {
  const document = host();
  const unit = expanded("fs-unit");
  assert.equal(typeof unit.scale, "number");
  document.units.push(unit);
  assertConformsAndAddsUp(document, "fs-unit");
});

test("every snippet is covered above", () => {
  assert.deepEqual(
    Object.values(snippets)
      .map((snippet) => snippet.prefix)
      .sort(),
    ["fs-item", "fs-item-rollup", "fs-period-duration", "fs-period-instant", "fs-statement", "fs-unit"],
  );
});
