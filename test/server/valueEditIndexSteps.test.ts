// After an open, the server builds the value-edit index (where each value cell lies in the text)
// in the background a few thousand cells a step, one step per idle turn (server/src/steps.ts,
// shared/src/incremental/cellScan.ts), not in one scan of the whole text: a message arriving
// meanwhile waits for one step. An edit arriving before the index is done finishes it and is
// still analysed as a value edit; an index built in steps is the index built at once.

import { before, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseJson, type FsDocument } from "../../shared/src/index";
import { ValueCellIndex, ValueCellIndexBuilder } from "../../shared/src/incremental/cellIndex";
import { CELL_INDEX_STEP_CELLS } from "../../shared/src/incremental/cellScan";
import type { ParsedVersion } from "../../server/src/analysis";
import { DocumentStore } from "../../server/src/documents";
import { repoRoot } from "../support/paths";

let large = "";
let cells = 0;

before(async () => {
  const generator = (await import(pathToFileURL(join(repoRoot, "scripts/bench/generate.mjs")).href)) as {
    generateDocument(options: { targetBytes: number; seed: number }): string;
  };
  large = generator.generateDocument({ targetBytes: 700_000, seed: 5 });
  const parsed = parseJson(large);
  assert.ok(parsed.ok);
  for (const statement of (parsed.value as FsDocument).statements) for (const item of statement.items) cells += Object.keys(item.values).length;
});

/** A store whose idle work waits in `queue` until the test runs it, one turn at a time. */
function storeWithTurns(): { documents: DocumentStore; queue: (() => void)[] } {
  const queue: (() => void)[] = [];
  const documents = new DocumentStore({ delay: () => 0, enabled: () => true, patternsFor: () => [], previewAhead: () => false, whenIdle: (work) => queue.push(work) });
  return { documents, queue };
}

async function queued(queue: readonly unknown[]): Promise<void> {
  for (let turn = 0; turn < 1_000 && queue.length === 0; turn++) await new Promise((resolve) => setTimeout(resolve, 1));
  assert.ok(queue.length > 0, "background work is queued once the diagnostics are out");
}

/** The line and character of an offset in the large document. */
function positionOf(offset: number): { line: number; character: number } {
  const lines = large.slice(0, offset).split("\n");
  return { line: lines.length - 1, character: (lines.at(-1) as string).length };
}

/** Runs the queued idle turns one at a time until `parsed`'s value-edit index is built; how many it took. */
function turnsUntilPrepared(queue: (() => void)[], parsed: ParsedVersion): number {
  let turns = 0;
  while (!parsed.valueEditsPrepared) {
    const work = queue.shift();
    assert.ok(work, "more turns are queued until the index is built");
    work();
    turns++;
  }
  return turns;
}

function parsedOf(documents: DocumentStore, uri: string): ParsedVersion {
  const parsed = documents.get(uri)?.parsed;
  assert.ok(parsed, "the document is analysed and parses");
  return parsed;
}

test("the value-edit index is built after an open a step per idle turn, a few thousand cells a step", async () => {
  const steps = Math.ceil(cells / CELL_INDEX_STEP_CELLS);
  assert.ok(steps >= 2, `${cells} cells make several steps`);
  const { documents, queue } = storeWithTurns();
  const uri = "file:///index-steps/opened.json";
  documents.open(uri, "json", 1, large);
  const parsed = parsedOf(documents, uri);
  await queued(queue);
  const turns = turnsUntilPrepared(queue, parsed);
  // The open's own turn, then one per step (each step ends with the item that reaches the count).
  assert.ok(turns >= steps, `${turns} turns for ${cells} cells`);
});

test("an edit that arrives while the index is built in steps finishes it, and is analysed as a value edit", async () => {
  const { documents, queue } = storeWithTurns();
  const uri = "file:///index-steps/edited.json";
  documents.open(uri, "json", 1, large);
  const first = parsedOf(documents, uri);
  await queued(queue);
  // The open's turn and one step.
  queue.shift()?.();
  queue.shift()?.();
  assert.equal(first.valueEditsPrepared, false, "the index is not built yet");
  // The last item's first string cell, its content replaced by "7".
  const values = large.lastIndexOf('"values": {');
  const start = large.indexOf('": "', values + '"values": {'.length) + '": "'.length;
  const end = large.indexOf('"', start);
  documents.change(uri, 2, [{ range: { start: positionOf(start), end: positionOf(end) }, text: "7" }]);
  const second = parsedOf(documents, uri);
  assert.notEqual(second, first);
  // A value edit shares the statements it did not change with the version before; a full analysis parses the text anew.
  const statements = (version: ParsedVersion) => (version.value as FsDocument).statements;
  assert.equal(statements(second)[0], statements(first)[0], "analysed from the previous version");
  assert.equal(second.valueEditsPrepared, true);
});

test("after an edit that is not a value edit, the new version's index is built in steps too", async () => {
  const { documents, queue } = storeWithTurns();
  const uri = "file:///index-steps/reanalysed.json";
  documents.open(uri, "json", 1, large);
  await queued(queue);
  queue.length = 0;
  // A space before the document: analysed anew (after the store's delay).
  documents.change(uri, 2, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: " " }]);
  for (let turn = 0; turn < 1_000 && documents.get(uri)?.version !== 2; turn++) await new Promise((resolve) => setTimeout(resolve, 1));
  const second = parsedOf(documents, uri);
  await queued(queue);
  const turns = turnsUntilPrepared(queue, second);
  assert.ok(turns >= Math.ceil(cells / CELL_INDEX_STEP_CELLS), `${turns} turns for ${cells} cells`);
});

test("an index built a step at a time is the index built at once", () => {
  const parsed = parseJson(large);
  assert.ok(parsed.ok);
  const document = parsed.value as FsDocument;
  const builder = new ValueCellIndexBuilder(large, document);
  let steps = 0;
  while (builder.step()) steps++;
  assert.ok(steps >= 1);
  const whole = ValueCellIndex.build(large, document);
  assert.ok(whole && whole.size === cells);
  assert.deepEqual(builder.finish(), whole);
  // A text that does not end where the value does has no index, stepped or not.
  assert.equal(new ValueCellIndexBuilder(`${large} 1`, document).finish(), undefined);
});
