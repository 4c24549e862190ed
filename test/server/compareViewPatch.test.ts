// The changes view's live update as a patch (server/src/service/compareView.ts): after random
// edits of NEW, the patch from the view last sent, applied to the page's copy as the page applies
// it, gives exactly the whole view of the new version (itself the engine's view of that version),
// with the same marks; a page that holds no view, or another one, gets the whole view; a server
// without the session's OLD (restarted) asks for it.

import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { analyze } from "../../shared/src/index";
import { compareDocuments } from "../../shared/src/compare/index";
import { comparisonView } from "../../shared/src/compare/view";
import { buildPresentation } from "../../shared/src/render/presentation";
import { buildPreviewModel } from "../../shared/src/render/previewModel";
import { applyPreviewPatch } from "../../shared/src/render/previewPatch";
import { decodePreviewWire } from "../../shared/src/render/previewWire";
import { DocumentAnalysis } from "../../server/src/analysis";
import { OpenDocument } from "../../server/src/textDocument";
import { compareView, readOld, type SentView } from "../../server/src/service/compareView";
import { applyEdit, documentEdit, example, placesOf } from "../render/documentEdits";

const uri = "file:///compare/new.json";
const old = readOld(JSON.stringify(example(), null, 2));

function analysisOf(document: unknown, version: number, previous?: DocumentAnalysis): DocumentAnalysis {
  return DocumentAnalysis.of(OpenDocument.create(uri, "json", version, JSON.stringify(document, null, 2)), previous);
}

/** The view's model straight from the engine: NEW's preview model with the comparison's rows put back. */
function independentView(document: unknown) {
  assert.ok(old.ok);
  const value = structuredClone(document);
  const result = analyze(value).result;
  const comparison = compareDocuments({ value: old.value, result: old.result }, { value, result });
  return comparisonView(comparison, old.value, value, buildPreviewModel(buildPresentation(value, result)), "HEAD", "new.json").model;
}

test("a patch from the view the page holds, applied there, is the whole view of the next version, over random edits", () => {
  const ids = placesOf(example());
  fc.assert(
    fc.property(fc.array(fc.array(documentEdit(ids), { maxLength: 3 }), { minLength: 1, maxLength: 4 }), (versions) => {
      const document = example();
      let analysis = analysisOf(document, 1);
      const first = compareView(analysis, old, "HEAD", "new.json");
      assert.ok(first.result.wire !== undefined && first.result.patch === undefined && first.sent !== undefined);
      let page = decodePreviewWire(JSON.parse(first.result.wire));
      assert.ok(page);
      let sent: SentView | undefined = first.sent;
      let held = first.result.version;
      versions.forEach((edits, index) => {
        for (const edit of edits) applyEdit(document, edit);
        analysis = analysisOf(document, index + 2, analysis);
        const whole = compareView(analysis, old, "HEAD", "new.json");
        const next = compareView(analysis, old, "HEAD", "new.json", undefined, { sent, baseVersion: held });
        assert.ok(whole.result.wire !== undefined);
        const expected = decodePreviewWire(JSON.parse(whole.result.wire));
        // The whole view is the view the engine makes of this version (the server sends unchanged statements as NEW's own wire).
        assert.deepEqual(expected, independentView(document));
        assert.deepEqual(next.result.marks, whole.result.marks);
        assert.equal(next.result.summary, whole.result.summary);
        assert.equal(next.result.version, whole.result.version);
        if (next.result.patch === undefined) {
          // Only when the patch would outweigh the whole view.
          assert.ok(next.result.wire !== undefined);
          page = decodePreviewWire(JSON.parse(next.result.wire));
        } else {
          assert.equal(next.result.wire, undefined);
          assert.equal(next.result.patch.baseVersion, held);
          assert.ok(page !== undefined && applyPreviewPatch(page, next.result.patch.ops), "the patch fits the view held");
        }
        assert.deepEqual(page, expected);
        sent = next.sent;
        held = next.result.version;
      });
    }),
    { numRuns: 60 },
  );
});

test("a value edit is a patch of one cell op plus its subtotals', far smaller than the view", () => {
  const document = example();
  const first = compareView(analysisOf(document, 1), old, "HEAD", "new.json");
  const item = document.statements[0]?.items[0];
  assert.ok(item !== undefined && first.sent !== undefined);
  const period = Object.keys(item.values)[0] as string;
  item.values[period] = "123456.5";
  const next = compareView(analysisOf(document, 2), old, "HEAD", "new.json", undefined, { sent: first.sent, baseVersion: 1 });
  assert.ok(next.result.patch !== undefined);
  assert.ok(
    next.result.patch.ops.every((op) => op.op === "cells"),
    JSON.stringify(next.result.patch.ops),
  );
  assert.ok(JSON.stringify(next.result.patch).length * 10 < (first.result.wire ?? "").length);
  assert.equal(next.result.marks?.counts.values, 1);
});

test("the whole view when the page holds none or another version; no view and a request for OLD without it", () => {
  const document = example();
  const first = compareView(analysisOf(document, 1), old, "HEAD", "new.json");
  const second = analysisOf(document, 2);
  assert.ok(compareView(second, old, "HEAD", "new.json", undefined, { sent: first.sent, baseVersion: undefined }).result.wire);
  assert.ok(compareView(second, old, "HEAD", "new.json", undefined, { sent: first.sent, baseVersion: 7 }).result.wire);
  assert.ok(compareView(second, old, "HEAD", "new.json", undefined, { sent: undefined, baseVersion: 1 }).result.wire);
  const same = compareView(second, old, "HEAD", "new.json", undefined, { sent: first.sent, baseVersion: 1 });
  assert.deepEqual(same.result.patch, { baseVersion: 1, ops: [] });
  const restarted = compareView(second, undefined, "HEAD", "new.json", undefined, { sent: first.sent, baseVersion: 1 });
  assert.equal(restarted.result.needsOld, true);
  assert.equal(restarted.result.wire ?? restarted.result.patch, undefined);
  assert.equal(restarted.sent, first.sent, "the page still holds what it was sent");
});
