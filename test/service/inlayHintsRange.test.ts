// Inlay hints answer the requested range by the items in it (service/inlayHints.ts): the same hints
// as a walk over every rollup application filtered by the range (the reference below, how they were
// made before), on generated drafts large enough for the span index and small enough for the parse
// tree, on a document that repeats ids, and after a value edit; and for a range of a few lines only
// the values of the items there are located, whatever the document's size.

import { before, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { TextDocument } from "vscode-languageserver-textdocument";
import { pointer, type LocateRequest } from "../../shared/src/index";
import { DocumentAnalysis, type ParsedVersion } from "../../server/src/analysis";
import { rollupSumHints, type RollupSumsMode } from "../../server/src/service/inlayHints";
import { repoRoot } from "../support/paths";
import { textOf } from "../engine/explainDocs";

let generateDocument: (options: { targetBytes: number; seed: number; shape?: string }) => string;
before(async () => {
  ({ generateDocument } = (await import(pathToFileURL(join(repoRoot, "scripts/bench/generate.mjs")).href)) as { generateDocument: typeof generateDocument });
});

function analysisOf(text: string, uri = "file:///hints.json"): DocumentAnalysis {
  return DocumentAnalysis.of(TextDocument.create(uri, "json", 1, text), undefined);
}

function goodOf(text: string): ParsedVersion {
  const good = analysisOf(text).parsed;
  assert.ok(good !== undefined, "the text parses");
  return good;
}

/** Every application walked, placed where its statement's and parent's first entries are, filtered by the range: the hints' offsets and labels. */
function reference(good: ParsedVersion, mode: RollupSumsMode, start: number, end: number): { offset: number; label: string }[] {
  const all = rollupSumHints(good, mode).map(({ offset, label }) => ({ offset, label }));
  const shown = good.analysis.result.calculations.applications.filter((application) => application.status !== "error" && (mode === "always" || application.difference !== "0"));
  const placed = shown.filter((application) => {
    const statement = good.model.statementsById.get(application.key.statement);
    return statement?.itemsById.get(application.key.parent) !== undefined;
  });
  // The whole-document answer is the walk itself: one hint per placed application.
  assert.equal(all.length, placed.length, "one hint per application shown");
  const offsets = good.locator.locateAll(
    placed.map((application) => {
      const statement = good.model.statementsById.get(application.key.statement)!;
      const parent = statement.itemsById.get(application.key.parent)!;
      return { path: pointer("statements", statement.index, "items", parent.index, "values", application.key.period), mark: "value" as const };
    }),
  );
  const expected = offsets.map((range) => range.offset + range.length).sort((a, b) => a - b);
  assert.deepEqual(
    all.map((hint) => hint.offset),
    expected,
  );
  return all.filter((hint) => hint.offset >= start && hint.offset <= end);
}

/** Ranges of `lines` lines at a few places of the text, and the edges. */
function ranges(text: string, lines: number): [number, number][] {
  const document = TextDocument.create("file:///r.json", "json", 1, text);
  const found: [number, number][] = [
    [0, text.length],
    [0, 0],
    [text.length, text.length],
  ];
  for (const fraction of [0.1, 0.33, 0.5, 0.77, 0.95]) {
    const line = Math.floor(document.lineCount * fraction);
    found.push([document.offsetAt({ line, character: 0 }), document.offsetAt({ line: line + lines, character: 0 })]);
  }
  return found;
}

for (const [name, bytes] of [
  ["a draft over the span index's size (1.3 MB)", 1_300_000],
  ["a draft read through its parse tree (200 KB)", 200_000],
] as const) {
  test(`inlay hints of a range are the walk's, filtered by the range: ${name}`, () => {
    const text = generateDocument({ targetBytes: bytes, seed: 5, shape: "long+failing" });
    const good = goodOf(text);
    for (const mode of ["whenDifferent", "always"] as const) {
      for (const [start, end] of ranges(text, 60)) {
        const got = rollupSumHints(good, mode, start, end).map(({ offset, label }) => ({ offset, label }));
        assert.deepEqual(got, reference(good, mode, start, end), `${mode} ${start}–${end}`);
      }
      // A hint's offset on either edge of the range is in it.
      const some = rollupSumHints(good, mode)[7]!;
      assert.deepEqual(
        rollupSumHints(good, mode, some.offset, some.offset).map((hint) => hint.offset),
        [some.offset],
      );
    }
  });
}

test("inlay hints of a few lines locate only the values of the items there, whatever the document's size", () => {
  const text = generateDocument({ targetBytes: 1_300_000, seed: 5, shape: "long+failing" });
  const good = goodOf(text);
  const everyHint = rollupSumHints(good, "always").length;
  assert.ok(everyHint > 1_000, `a document with many subtotals (${everyHint})`);
  const located: LocateRequest[] = [];
  const locateAll = good.locator.locateAll.bind(good.locator);
  good.locator.locateAll = (requests) => {
    located.push(...requests);
    return locateAll(requests);
  };
  const [[start, end]] = ranges(text, 60).slice(5) as [[number, number]];
  const hints = rollupSumHints(good, "always", start, end);
  assert.ok(hints.length > 0, "the range holds subtotals");
  // The subtotals of the items the range overlaps (one item may begin above it), not the document's.
  assert.ok(located.length < 4 * hints.length + 20, `${located.length} values located for ${hints.length} hints (of ${everyHint})`);
});

test("inlay hints where ids repeat: each application at its statement's and parent's first entries, as the walk places them", () => {
  const text = textOf(
    [
      { id: "a", values: ["1000", "5"], rollupTo: "total" },
      { id: "b", values: ["234", "5"], rollupTo: "total" },
      { id: "total", values: ["1240", "10"] },
      { id: "a", values: ["7", "7"], rollupTo: "total" },
      { id: "total", values: ["1", "2"] },
    ],
    { periods: ["fy2025", "fy2024"] },
  );
  const good = goodOf(text);
  assert.ok(good.analysis.issues.length > 0, "the document does not conform");
  for (const mode of ["whenDifferent", "always"] as const) {
    for (const [start, end] of ranges(text, 5)) {
      assert.deepEqual(
        rollupSumHints(good, mode, start, end).map(({ offset, label }) => ({ offset, label })),
        reference(good, mode, start, end),
      );
    }
  }
});

test("inlay hints after a value edit are a fresh analysis's", () => {
  const text = generateDocument({ targetBytes: 1_300_000, seed: 5, shape: "long+failing" });
  const uri = "file:///hints-edit.json";
  const previous = analysisOf(text, uri);
  // Built before the edit, so the edit's version inherits the index of applications by parent.
  assert.ok(rollupSumHints(previous.parsed!, "always").length > 0);
  const at = text.indexOf('"values": {') + '"values": {'.length;
  // The first digit of the first value cell (a member value that starts with a digit).
  const digit = text.slice(at).search(/": "\d/) + at + 4;
  const document = TextDocument.create(uri, "json", 1, text);
  TextDocument.update(document, [{ range: { start: document.positionAt(digit), end: document.positionAt(digit) }, text: "9" }], 2);
  const edited = DocumentAnalysis.afterEdit(document, previous, { offset: digit, length: 0, text: "9" });
  assert.ok(edited?.parsed !== undefined, "a value edit");
  const fresh = goodOf(document.getText());
  for (const mode of ["whenDifferent", "always"] as const) {
    for (const [start, end] of ranges(document.getText(), 80)) {
      assert.deepEqual(rollupSumHints(edited.parsed, mode, start, end), rollupSumHints(fresh, mode, start, end), `${mode} ${start}–${end}`);
    }
  }
});
