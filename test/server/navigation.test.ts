import { before, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import * as service from "../../server/src/service/index";
import { ResponseError, type Location, type Position, type WorkspaceEdit } from "vscode-languageserver-protocol/node";
import { readText, upstreamRoot } from "../support/paths";
import { applyTextEdits, editsFor } from "./harness";
import { createService } from "./service";
import { positionOf, textAt } from "./text-positions";

const fixtures = join(upstreamRoot, "fixtures", "valid");
const rollups = readText(join(fixtures, "statement-local-rollups.json"));
const rollupsUri = "file:///navigation/statement-local-rollups.json";
const recorded = readText(join(fixtures, "recorded-snapshot.json"));
const recordedUri = "file:///navigation/recorded-snapshot.json";
const server = createService();

before(async () => {
  const opened = await server.open(rollupsUri, rollups);
  assert.deepEqual(opened.diagnostics, [], "the fixture conforms");
  await server.open(recordedUri, recorded);
});

const documentPosition = (uri: string, position: Position) => ({ textDocument: { uri }, position });

async function definition(uri: string, position: Position): Promise<Location[]> {
  const result = server.with(uri, (analysis) => service.definition(analysis, position));
  assert.ok(Array.isArray(result), "definition locations");
  return result as Location[];
}

async function rename(uri: string, position: Position, newName: string): Promise<WorkspaceEdit | null> {
  // Over the protocol a ResponseError answer rejects the request; the service returns it.
  const result = server.with(uri, (analysis) => service.rename(analysis, position, newName));
  if (result instanceof ResponseError) throw result;
  return result;
}

/** Where each location is: its line's trimmed text, so a test reads like the document. */
const lines = (text: string, locations: { range: Location["range"] }[]): string[] => locations.map(({ range }) => text.split("\n")[range.start.line]!.trim());

test("go to definition: a rollupTo goes to the parent's id in its own statement", async () => {
  for (const nth of [0, 1]) {
    const [target, ...rest] = await definition(rollupsUri, positionOf(rollups, '"rollupTo": "total"', nth, '"rollupTo": "to'.length));
    assert.equal(rest.length, 0);
    assert.equal(textAt(rollups, target!.range), '"total"');
    const expected = positionOf(rollups, '"id": "total"', nth, '"id": '.length);
    assert.deepEqual(target!.range.start, expected, `statement ${nth}'s total`);
  }
});

test("go to definition: a values key and a statement's period entry go to the period, a unit reference to the unit", async () => {
  const periodId = positionOf(rollups, '"id": "fy2025"', 0, '"id": '.length);
  const fromKey = await definition(rollupsUri, positionOf(rollups, '"fy2025": "2"', 0, 3));
  assert.deepEqual(
    fromKey.map((location) => location.range.start),
    [periodId],
  );
  const fromList = await definition(rollupsUri, positionOf(rollups, '"fy2025"\n', 0, 2));
  assert.deepEqual(
    fromList.map((location) => location.range.start),
    [periodId],
  );
  const fromUnit = await definition(rollupsUri, positionOf(rollups, '"unit": "usd"', 3, '"unit": "u'.length));
  assert.deepEqual(
    fromUnit.map((location) => location.range.start),
    [positionOf(rollups, '"id": "usd"', 0, '"id": '.length)],
  );
  const nothing = server.with(rollupsUri, (analysis) => service.definition(analysis, positionOf(rollups, '"label": "Child"', 0, 12)));
  assert.equal(nothing, null);
});

test("find references lists every occurrence of the period, with or without the declaration", async () => {
  const at = documentPosition(rollupsUri, positionOf(rollups, '"fy2025": "1"', 0, 3));
  const all = server.with(at.textDocument.uri, (analysis) => service.references(analysis, at.position, true))!;
  assert.equal(all.length, 7, "the definition, two statement period entries and four values keys");
  assert.ok(all.every((location) => textAt(rollups, location.range) === '"fy2025"'));
  const uses = server.with(at.textDocument.uri, (analysis) => service.references(analysis, at.position, false))!;
  assert.equal(uses.length, 6);
  assert.ok(!lines(rollups, uses).includes('"id": "fy2025",'));
});

test("find references for an item stays within its statement", async () => {
  const at = documentPosition(rollupsUri, positionOf(rollups, '"id": "total"', 1, '"id": "t'.length));
  const refs = server.with(at.textDocument.uri, (analysis) => service.references(analysis, at.position, true))!;
  assert.deepEqual(lines(rollups, refs), ['"rollupTo": "total"', '"id": "total",']);
  assert.ok(refs.every((location) => location.range.start.line > positionOf(rollups, '"id": "second"').line));
});

test("renaming a period changes its definition, the statements' period lists and every values key", async () => {
  const edit = await rename(rollupsUri, positionOf(rollups, '"id": "fy2025"', 0, '"id": "f'.length), "fy2026");
  const edits = editsFor(edit, rollupsUri);
  assert.equal(edits.length, 7);
  for (const change of edits) assert.equal(textAt(rollups, change.range), "fy2025", "only the string's contents change");
  const renamed = applyTextEdits(rollups, edits);
  assert.equal(renamed, rollups.replaceAll('"fy2025"', '"fy2026"'));
  const check = await server.open("file:///navigation/renamed-period.json", renamed);
  assert.deepEqual(check.diagnostics, []);
});

test("renaming an item changes its rollupTo references in the same statement only", async () => {
  const edit = await rename(rollupsUri, positionOf(rollups, '"id": "total"', 0, '"id": "t'.length), "sum");
  const renamed = JSON.parse(applyTextEdits(rollups, editsFor(edit, rollupsUri))) as { statements: { items: { id: string; rollupTo?: string }[] }[] };
  assert.deepEqual(
    renamed.statements[0]!.items.map((item) => [item.id, item.rollupTo]),
    [
      ["child", "sum"],
      ["sum", undefined],
    ],
  );
  assert.deepEqual(
    renamed.statements[1]!.items.map((item) => [item.id, item.rollupTo]),
    [
      ["child", "total"],
      ["total", undefined],
    ],
  );
  // From a rollupTo reference, the same target.
  const fromReference = await rename(rollupsUri, positionOf(rollups, '"rollupTo": "total"', 0, '"rollupTo": "t'.length), "sum");
  assert.deepEqual(editsFor(fromReference, rollupsUri), editsFor(edit, rollupsUri));
});

test("renames keep recorded snapshot keys as they are", async () => {
  const edit = await rename(recordedUri, positionOf(recorded, '"id": "total"', 0, '"id": "t'.length), "sum");
  const renamed = JSON.parse(applyTextEdits(recorded, editsFor(edit, recordedUri))) as { validationSnapshot: { applications: { key: { parent: string } }[] } };
  assert.equal(renamed.validationSnapshot.applications[0]!.key.parent, "total");
  assert.ok(editsFor(edit, recordedUri).length >= 2);
});

test("prepareRename gives the id's contents, and nothing for text that is not an id", async () => {
  const prepared = server.with(rollupsUri, (analysis) => service.prepareRename(analysis, positionOf(rollups, '"id": "usd"', 0, '"id": "u'.length)));
  assert.ok(prepared !== null && "range" in prepared);
  assert.equal(textAt(rollups, prepared.range), "usd");
  assert.equal((prepared as { placeholder: string }).placeholder, "usd");
  const label = server.with(rollupsUri, (analysis) => service.prepareRename(analysis, positionOf(rollups, '"label": "USD"', 0, 12)));
  assert.equal(label, null);
});

test("a rename to a non-identifier or to an id already in the same scope is rejected with a reason", async () => {
  const child = positionOf(rollups, '"id": "child"', 0, '"id": "c'.length);
  await assert.rejects(rename(rollupsUri, child, "1st"), (error: unknown) => error instanceof ResponseError && /not an identifier/.test(error.message));
  await assert.rejects(rename(rollupsUri, child, "total"), (error: unknown) => error instanceof ResponseError && /already exists in this statement/.test(error.message));
  await assert.rejects(
    rename(rollupsUri, positionOf(rollups, '"id": "first"', 0, 8), "second"),
    (error: unknown) => error instanceof ResponseError && /statement .*already exists/.test(error.message),
  );
  // The same id in another statement is no clash for an item.
  const edit = await rename(rollupsUri, child, "part");
  assert.equal(editsFor(edit, rollupsUri).length, 1);
});
