// One walk of a large text for the span table (json/spans.ts) and the value-edit index's cells
// (incremental/cellScan.ts): scanSpansAndCells gives exactly what the two scans give apart, on
// any conforming document, laid out any way JSON allows (indented or not, escapes in strings).
// The server's diagnostics of a large conforming version so leave its value-edit index built
// (server/src/analysis.ts): the open read the whole text twice, once for each.
import { before, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { scanSpans } from "../../shared/src/json/guided-scan";
import { SPAN_DEPTH } from "../../shared/src/json/spans";
import { scanCells, scanSpansAndCells } from "../../shared/src/incremental/cellScan";
import { guided } from "../../shared/src/json/guided-scan";
import { ValueCellIndex } from "../../shared/src/incremental/cellIndex";
import type { FsDocument } from "../../shared/src/types";
import { DocumentAnalysis } from "../../server/src/analysis";
import { OpenDocument } from "../../server/src/textDocument";
import { diagnostics } from "../../server/src/service/diagnostics";
import { DEFAULT_SETTINGS } from "../../server/src/settings";
import { documentArbitrary } from "../engine/documents";
import { repoRoot } from "../support/paths";

let large = "";

before(async () => {
  const generator = (await import(pathToFileURL(join(repoRoot, "scripts/bench/generate.mjs")).href)) as {
    generateDocument(options: { targetBytes: number; seed: number }): string;
  };
  // Over the locator's tree size (1 MiB): its ranges come from the span table.
  large = generator.generateDocument({ targetBytes: 1_200_000, seed: 3 });
});

/** The cells scanCells finds alone (all its steps). */
function cellsAlone(text: string, document: FsDocument): unknown {
  return guided(() => {
    const scan = scanCells(text, document);
    for (;;) {
      const next = scan.next();
      if (next.done === true) return next.value;
    }
  });
}

function agreeApart(text: string): void {
  const document = JSON.parse(text) as FsDocument;
  const both = scanSpansAndCells(text, document, SPAN_DEPTH);
  assert.ok(both, "the text matches its value");
  assert.deepEqual(both.spans, scanSpans(text, document, SPAN_DEPTH));
  const alone = cellsAlone(text, document);
  assert.ok(alone, "scanCells finds the cells");
  assert.deepEqual(both.cells, alone);
}

test("one walk gives the span table and the cells the two scans give apart", () => {
  agreeApart(large);
  fc.assert(
    fc.property(documentArbitrary, fc.constantFrom(0, 1, 2, "\t"), (document, indent) => {
      // A label with escapes: the walk steps over it exactly, as each scan does.
      const value = { ...document, name: 'a "quoted" \\ name\u00e9' };
      agreeApart(JSON.stringify(value, null, indent));
    }),
    { numRuns: 60 },
  );
});

test("text that does not match its value gives neither", () => {
  const document = JSON.parse(large) as FsDocument;
  assert.equal(scanSpansAndCells(`${large} 1`, document, SPAN_DEPTH), undefined);
  // Items above or below the indexed depth: the spans, and the cells left to their own scan.
  const shallow = scanSpansAndCells(large, document, 3);
  assert.deepEqual(shallow?.spans, scanSpans(large, document, 3));
  assert.equal(shallow?.cells, undefined);
});

test("a large conforming version's diagnostics leave its value-edit index built, the index its own scan builds", () => {
  const document = OpenDocument.create("file:///one-walk/large.json", "json", 1, large);
  const analysis = DocumentAnalysis.of(document, undefined);
  const parsed = analysis.parsed;
  assert.ok(parsed && large.length > 1 << 20);
  assert.equal(parsed.valueEditsPrepared, false, "nothing is built by the analysis itself");
  diagnostics(analysis, DEFAULT_SETTINGS);
  assert.equal(parsed.valueEditsPrepared, true, "the span scan of the diagnostics recorded the cells");
  assert.deepEqual((parsed as unknown as { cellsCache: unknown }).cellsCache, ValueCellIndex.build(large, parsed.analysis.document as FsDocument));
  // What is left for the background (the applications' positions) takes one step.
  assert.equal(parsed.buildValueEditsStep(), false);
  // And a value edit is analysed from it.
  const at = large.indexOf('": "', large.indexOf('"values": {')) + 4;
  const digit = large[at] === "7" ? "8" : "7";
  const next = OpenDocument.create(document.uri, "json", 2, large.slice(0, at) + digit + large.slice(at + 1));
  assert.ok(DocumentAnalysis.afterEdit(next, analysis, { offset: at, length: 1, text: digit }), "a value edit");
});
