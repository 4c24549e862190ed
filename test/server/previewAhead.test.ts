// The preview's model of a large document is built in the background once it is opened or
// prepared ahead (server/src/previewAhead.ts), a statement per macrotask, so that "Open Preview"
// finds it built; it is exactly the model the preview would have asked for, a small document is
// left to be built when asked, and the building stops once its version is no longer current.

import { before, mock, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { buildPresentation } from "../../shared/src/render/index";
import { previewWireOf } from "../../shared/src/render/previewWire";
import { DocumentAnalysis, type ParsedVersion } from "../../server/src/analysis";
import { OpenDocument } from "../../server/src/textDocument";
import { DocumentStore } from "../../server/src/documents";
import { buildPreviewAhead, PREVIEW_AHEAD_MIN_CHARS } from "../../server/src/previewAhead";
import { fixturesRoot, readText, repoRoot } from "../support/paths";

let large = "";
const small = readText(join(fixturesRoot, "examples", "northwind-group.json"));

before(async () => {
  const generator = (await import(pathToFileURL(join(repoRoot, "scripts/bench/generate.mjs")).href)) as {
    generateDocument(options: { targetBytes: number; seed: number }): string;
  };
  large = generator.generateDocument({ targetBytes: PREVIEW_AHEAD_MIN_CHARS + 60_000, seed: 11 });
});

/** A store as a client that shows the preview (VS Code's) has it, or as another editor's client has it. */
const store = (previewAhead = true) => new DocumentStore({ delay: () => 0, enabled: () => true, patternsFor: () => [], previewAhead: () => previewAhead });

/** Lets macrotasks run until `done()` or until `turns` of them have passed. */
async function turns(turns: number, done: () => boolean = () => false): Promise<void> {
  for (let turn = 0; turn < turns && !done(); turn++) await new Promise((resolve) => setTimeout(resolve, 1));
}

function parsedOf(analysis: DocumentAnalysis | undefined): ParsedVersion {
  assert.ok(analysis?.parsed, "the document is analysed and parses");
  return analysis.parsed;
}

/** The model a preview would get from a version that built nothing ahead. */
const freshModel = (parsed: ParsedVersion) => previewWireOf(buildPresentation(parsed.value, parsed.analysis.result));

test("an opened large document's preview model is built in the background, and is the model the preview would ask for", async () => {
  assert.ok(large.length >= PREVIEW_AHEAD_MIN_CHARS);
  const documents = store();
  const uri = "file:///ahead/large.json";
  documents.open(uri, "json", 1, large);
  const parsed = parsedOf(documents.get(uri));
  assert.equal(parsed.hasPreviewWire, false, "nothing is built before the open's own work is done");
  await turns(2_000, () => parsed.hasPreviewWire);
  assert.equal(parsed.hasPreviewWire, true);
  assert.deepStrictEqual(parsed.previewWire, freshModel(parsed));
});

test("for a client without the preview (initializationOptions.previewAhead not set), no model is built ahead", async () => {
  const documents = store(false);
  const opened = "file:///ahead/other-editor.json";
  documents.open(opened, "json", 1, large);
  const prepared = "file:///ahead/prepared.json";
  const preparedAnalysis = documents.prepare(prepared, large);
  await turns(2_000, () => parsedOf(documents.get(opened)).hasPreviewWire);
  assert.equal(parsedOf(documents.get(opened)).hasPreviewWire, false);
  assert.equal(parsedOf(preparedAnalysis).hasPreviewWire, false);
  // Asked for, the model is built then, the same as ever.
  const parsed = parsedOf(documents.get(opened));
  assert.deepStrictEqual(parsed.previewWire, freshModel(parsed));
});

test("a small document's model is left to be built when the preview asks", async () => {
  const documents = store();
  const uri = "file:///ahead/small.json";
  documents.open(uri, "json", 1, small);
  await turns(50);
  assert.equal(parsedOf(documents.get(uri)).hasPreviewWire, false);
});

test("a large document closed or edited before its model is built stops building it", async () => {
  const documents = store();
  const closed = "file:///ahead/closed.json";
  documents.open(closed, "json", 1, large);
  const closedVersion = parsedOf(documents.get(closed));
  documents.close(closed);
  const edited = "file:///ahead/edited.json";
  documents.open(edited, "json", 1, large);
  const first = parsedOf(documents.get(edited));
  // Not a value edit: the new version is analysed afresh, and its model is not built ahead.
  documents.change(edited, 2, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: " " }]);
  const second = parsedOf(documents.get(edited));
  assert.notEqual(second, first);
  await turns(200);
  assert.equal(closedVersion.hasPreviewWire, false);
  assert.equal(first.hasPreviewWire, false);
  assert.equal(second.hasPreviewWire, false);
});

test("an edit while the model is being built stops the building at the next step", async () => {
  const documents = store();
  const uri = "file:///ahead/typing.json";
  documents.open(uri, "json", 1, large);
  const first = parsedOf(documents.get(uri));
  const step = first.buildPreviewWireStep.bind(first);
  let steps = 0;
  // The first step also makes an edit: the user starts typing while the model is built.
  mock.method(first, "buildPreviewWireStep", () => {
    steps++;
    if (steps === 1) documents.change(uri, 2, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: " " }]);
    return step();
  });
  await turns(2_000, () => steps > 0);
  await turns(20);
  assert.equal(steps, 1, "no step after the edit");
  assert.equal(first.hasPreviewWire, false);
});

test("the building goes a statement per step while its version is current, and what it left is finished when asked", async () => {
  // Large enough (padded), and held by no store, whose own building would finish it.
  const analysis = DocumentAnalysis.of(OpenDocument.create("file:///ahead/steps.json", "json", 1, small + " ".repeat(PREVIEW_AHEAD_MIN_CHARS)), undefined);
  const parsed = parsedOf(analysis);
  let asked = 0;
  buildPreviewAhead(analysis, () => ++asked <= 1);
  await turns(100, () => asked > 1);
  await turns(20);
  assert.equal(asked, 2, "asked before each step, and not again once told the version is gone");
  assert.equal(parsed.hasPreviewWire, false, "one statement of several was built");
  assert.deepStrictEqual(parsed.previewWire, freshModel(parsed));
});

test("a large file prepared ahead builds its value-edit index and model only once its didOpen has taken it over", async () => {
  // The store's idle work runs when the test says (as the server's waits for the client's messages).
  const idle: (() => void)[] = [];
  const documents = new DocumentStore({ delay: () => 0, enabled: () => true, patternsFor: () => [], previewAhead: () => true, whenIdle: (work) => void idle.push(work) });
  /** Runs the idle work, and what it queues, until none comes for 20 turns. */
  const runIdle = async () => {
    for (let quiet = 0; quiet < 20; quiet++) {
      await new Promise((resolve) => setImmediate(resolve));
      const work = idle.shift();
      if (work === undefined) continue;
      work();
      quiet = 0;
    }
  };
  const uri = "file:///ahead/prepared.json";
  const prepared = parsedOf(documents.prepare(uri, large));
  await runIdle();
  // Until the didOpen, VS Code is loading the text on the same cores.
  assert.equal(prepared.valueEditsPrepared, false, "no value-edit index before the didOpen");
  assert.equal(prepared.hasPreviewWire, false, "no model before the didOpen");
  documents.open(uri, "json", 1, large);
  assert.equal(documents.get(uri)?.parsed, prepared, "the didOpen took the prepared version over");
  await runIdle();
  assert.equal(prepared.valueEditsPrepared, true);
  assert.equal(prepared.hasPreviewWire, true);
  assert.deepStrictEqual(prepared.previewWire, freshModel(prepared));
});

test("what was prepared ahead and not opened builds nothing more, and its background work ends", async () => {
  const documents = store();
  const uri = "file:///ahead/other-text.json";
  const prepared = parsedOf(documents.prepare(uri, large));
  const background = documents.backgroundOf(uri);
  documents.open(uri, "json", 1, large.replace(/"(-?[0-9])/, '"9$1'));
  await background;
  assert.equal(prepared.hasPreviewWire, false);
  assert.equal(prepared.valueEditsPrepared, false);
});
