import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { readText, upstreamRoot } from "../support/paths";
import { createService } from "./service";

const fixtures = join(upstreamRoot, "fixtures");
const server = createService();

test("an unknown item member is marked at its key, with the public code and source fs", async () => {
  const text = readText(join(fixtures, "invalid/unknown-item-property.json"));
  const { diagnostics } = await server.open("file:///unknown-item-property.json", text);
  assert.equal(diagnostics.length, 1);
  const [diagnostic] = diagnostics;
  assert.equal(diagnostic?.code, "unknown-property");
  assert.equal(diagnostic?.source, "fs");
  const line = text.split("\n")[diagnostic!.range.start.line]!;
  assert.equal(line.slice(diagnostic!.range.start.character, diagnostic!.range.end.character), '"source"');
});

test("a bad value is marked at the value, a map-key mismatch at the values key naming the missing period", async () => {
  const number = readText(join(fixtures, "invalid/decimal-number.json"));
  const first = await server.open("file:///decimal-number.json", number);
  const cell = first.diagnostics[0]!;
  assert.equal(cell.code, "decimal-string-required");
  const cellLine = number.split("\n")[cell.range.start.line]!;
  assert.equal(cellLine.slice(cell.range.start.character, cell.range.end.character), "1");

  const missing = readText(join(fixtures, "invalid/missing-value-key.json"));
  const second = await server.open("file:///missing-value-key.json", missing);
  const mismatch = second.diagnostics[0]!;
  assert.equal(mismatch.code, "map-key-mismatch");
  const line = missing.split("\n")[mismatch.range.start.line]!;
  assert.equal(line.slice(mismatch.range.start.character, mismatch.range.end.character), '"values"');
  assert.match(String(mismatch.message), /missing "fy2024"/);
});

test("a missing member marks the key of the object that lacks it", async () => {
  const text = JSON.stringify({ formatVersion: "0.2", entity: {}, scope: { label: "S" }, units: [], periods: [], statements: [] }, null, 2);
  const { diagnostics } = await server.open("file:///missing.json", text);
  const required = diagnostics.find((diagnostic) => diagnostic.code === "required-property")!;
  const line = text.split("\n")[required.range.start.line]!;
  assert.equal(line.slice(required.range.start.character, required.range.end.character), '"entity"');
  assert.match(String(required.message), /"name"/);
});

test("an unsatisfied rollup is a warning on the parent's cell with its likely causes as related information", async () => {
  const text = readText(join(fixtures, "valid/snapshot-mismatch-source.json"));
  const { diagnostics } = await server.open("file:///snapshot-mismatch-source.json", text);
  const rollup = diagnostics.find((diagnostic) => diagnostic.code === "rollup-unsatisfied")!;
  assert.equal(rollup.severity, 2);
  assert.equal(String(rollup.message), "Total fy2025: 11 stated, children sum to 10 (difference 1, tolerance 0).");
  const line = text.split("\n")[rollup.range.start.line]!;
  assert.equal(line.slice(rollup.range.start.character, rollup.range.end.character), '"11"');
  // The likely causes (here: rounding of two whole numbers can explain 1); the children's cells
  // are in the hover's table below VS Code's diagnostic block, not repeated in it.
  const related = (rollup.relatedInformation ?? []).map((information) => String(information.message));
  assert.equal(related.length, 1, related.join("\n"));
  assert.match(related[0]!, /^Likely cause: Rounding\?/);
  const snapshot = diagnostics.find((diagnostic) => diagnostic.code === "snapshot-mismatch")!;
  assert.match(String(snapshot.message), /calculations consistent → inconsistent/);
});

test("an error application marks the missing or unavailable cell it names", async () => {
  const text = readText(join(fixtures, "valid/rollup-cell-errors.json"));
  const { diagnostics } = await server.open("file:///rollup-cell-errors.json", text);
  const codes = diagnostics.map((diagnostic) => diagnostic.code).sort();
  assert.deepEqual(codes, ["rollup-missing-value", "rollup-unavailable-value"]);
  const unavailable = diagnostics.find((diagnostic) => diagnostic.code === "rollup-unavailable-value")!;
  const line = text.split("\n")[unavailable.range.start.line]!;
  assert.match(line, /"fy2025": \{/);
  assert.match(String(unavailable.message), /Unavailable parent fy2025 cannot be checked: Unavailable child fy2025 is marked unavailable/);
});

test("syntax errors while typing are reported at their position and replaced once the text parses", async () => {
  const uri = "file:///typing.json";
  const text = readText(join(fixtures, "valid/no-rollups.json"));
  await server.open(uri, text);
  const broken = await server.change(uri, 2, [{ text: text.replace('"fy2025": "10"', '"fy2025": "10",') }]);
  assert.ok(broken.diagnostics.length >= 1);
  assert.ok(broken.diagnostics.every((diagnostic) => diagnostic.code === "invalid-json"));
  const comma = text.split("\n").findIndex((line) => line.includes('"fy2025": "10"'));
  assert.ok(broken.diagnostics[0]!.range.start.line >= comma, "the error is at or after the stray comma");
  const fixed = await server.change(uri, 3, [{ text }]);
  assert.deepEqual(fixed.diagnostics, []);
});
