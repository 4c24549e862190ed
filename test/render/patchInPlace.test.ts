// rowsInPlace: which patches move no row (a label typed in the editor), so that the page repaints
// only what changed in the rows they replace (webview/src/statements.ts, applyInPlace).

import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { analyze } from "../../shared/src/result";
import { buildPresentation } from "../../shared/src/render/index";
import { buildPreviewModel, type PreviewModel } from "../../shared/src/render/previewModel";
import { applyPreviewPatch, diffPreviewWires } from "../../shared/src/render/previewPatch";
import { rowsInPlace } from "../../shared/src/render/patchInPlace";
import { encodePreviewWire } from "../../shared/src/render/previewWire";
import { applyEdit, documentEdit, example, placesOf } from "./documentEdits";

const modelOf = (document: unknown): PreviewModel => buildPreviewModel(buildPresentation(document, analyze(document).result));
const patchOf = (before: PreviewModel, after: PreviewModel) => diffPreviewWires(encodePreviewWire(before), encodePreviewWire(after));
const rowPointers = (model: PreviewModel) => model.statements.map((statement) => statement.rows.map((row) => row.pointer));

test("a label's edit replaces its row in place, with the row it replaces; a value's has no rows op; an inserted item moves rows", () => {
  const base = example();
  const before = modelOf(base);
  const statement = base.statements[1]!;
  const relabelled = example();
  relabelled.statements[1]!.items[2]!.label += " restated";
  const ops = patchOf(before, modelOf(relabelled));
  assert.deepEqual(
    ops.map((op) => op.op),
    ["rows"],
  );
  const found = rowsInPlace(before, ops);
  assert.equal(found?.length, 1);
  assert.equal(found?.[0]?.op, ops[0]);
  assert.deepEqual(found?.[0]?.replaced, [before.statements[1]!.rows[2]]);
  assert.equal(found?.[0]?.replaced[0]?.label, statement.items[2]!.label);

  const valued = example();
  valued.statements[1]!.items[2]!.values[Object.keys(valued.statements[1]!.items[2]!.values)[0]!] = "987654321";
  assert.deepEqual(rowsInPlace(before, patchOf(before, modelOf(valued))), []);

  const inserted = example();
  inserted.statements[1]!.items.splice(2, 0, { id: "new-item", label: "New item", values: {} });
  assert.equal(rowsInPlace(before, patchOf(before, modelOf(inserted))), undefined);

  // A row whose parent changed is not in place: its place in the outline (what a collapse hides) moved.
  const moved = example();
  const item = moved.statements[1]!.items.find((candidate) => candidate.rollupTo !== undefined)!;
  delete item.rollupTo;
  assert.equal(rowsInPlace(before, patchOf(before, modelOf(moved))), undefined);
});

test("a patch found in place moves no row: every statement has the same rows, by pointer, before and after it", () => {
  const base = example();
  const ids = placesOf(base);
  const before = modelOf(base);
  let inPlace = 0;
  fc.assert(
    fc.property(fc.array(documentEdit(ids), { maxLength: 3 }), (edits) => {
      const after = example();
      for (const edit of edits) applyEdit(after, edit);
      const next = modelOf(after);
      const ops = patchOf(before, next);
      const found = rowsInPlace(before, ops);
      if (found === undefined) return;
      if (found.length > 0) inPlace += 1;
      assert.deepEqual(rowPointers(next), rowPointers(before));
      const patched = structuredClone(before);
      assert.equal(applyPreviewPatch(patched, ops), true);
      for (const { op, replaced } of found) {
        replaced.forEach((row, index) => {
          const now = patched.statements[op.statement]!.rows[op.start + index]!;
          assert.equal(now.pointer, row.pointer);
          assert.equal(now.parent, row.parent);
          assert.equal(now.depth, row.depth);
        });
      }
    }),
    { numRuns: 200 },
  );
  assert.ok(inPlace > 0, "some random edits (labels, descriptions) are patched in place");
});
