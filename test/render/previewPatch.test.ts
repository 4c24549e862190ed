// The preview's patches: the server diffs the wire forms it keeps per version, and its operations
// are exactly those the model-level diff defines (previewPatchReference.ts), in the same JSON text,
// for random edits of a document and for models with pointers the wire form cannot derive; applied
// to the page's model they give the new model; a patch that does not fit is refused.

import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { analyze } from "../../shared/src/result";
import { buildPresentation } from "../../shared/src/render/index";
import { buildPreviewModel, type PreviewModel, type PreviewRow } from "../../shared/src/render/previewModel";
import { applyPreviewPatch, diffPreviewWires } from "../../shared/src/render/previewPatch";
import { encodePreviewWire, previewWireOf } from "../../shared/src/render/previewWire";
import { referenceDiff } from "./previewPatchReference";
import { applyEdit, documentEdit, example, placesOf } from "./documentEdits";

const modelOf = (document: unknown): PreviewModel => buildPreviewModel(buildPresentation(document, analyze(document).result));

/** The server's patch from `before` to `after`, checked against the model-level definition. */
function checkedPatch(before: PreviewModel, after: PreviewModel): ReturnType<typeof diffPreviewWires> {
  const ops = diffPreviewWires(encodePreviewWire(before), encodePreviewWire(after));
  assert.equal(JSON.stringify(ops), JSON.stringify(referenceDiff(before, after)));
  const patched = structuredClone(before);
  assert.equal(applyPreviewPatch(patched, ops), true);
  assert.deepStrictEqual(patched, after);
  return ops;
}

test("the patch of two documents' wire forms is the model diff's, and applied to the first model gives the second, for random edits", () => {
  const base = example();
  const ids = placesOf(base);
  const before = modelOf(base);
  fc.assert(
    fc.property(fc.array(documentEdit(ids), { maxLength: 4 }), (edits) => {
      const after = example();
      for (const edit of edits) applyEdit(after, edit);
      const next = modelOf(after);
      // The server builds its form from the presentation directly; it is the encoded model.
      assert.deepStrictEqual(previewWireOf(buildPresentation(after, analyze(after).result)), encodePreviewWire(next));
      const ops = checkedPatch(before, next);
      if (edits.length === 0) assert.deepEqual(ops, []);
    }),
    { numRuns: 200 },
  );
});

/** Makes a row's pointers ones the wire form carries literally, or points its parent elsewhere. */
const oddity = fc.record({
  statement: fc.nat(),
  row: fc.nat(),
  kind: fc.constantFrom("elsewhere", "leadingZero", "parentLiteral", "parentOfRow", "cellPointer", "swap"),
  other: fc.nat(),
});

/** The row with another parent, its members in the order previewStatement writes them (the JSON text is compared). */
function withParent({ pointer, label, depth, subtotal, cells, id, description, unit }: PreviewRow, parent: string): PreviewRow {
  return {
    pointer,
    label,
    depth,
    subtotal,
    cells,
    ...(id === undefined ? {} : { id }),
    ...(description === undefined ? {} : { description }),
    parent,
    ...(unit === undefined ? {} : { unit }),
  };
}

function makeOdd(model: PreviewModel, { statement, row, kind, other }: { statement: number; row: number; kind: string; other: number }): void {
  const target = model.statements[statement % model.statements.length];
  if (target === undefined || target.rows.length === 0) return;
  const index = row % target.rows.length;
  const chosen = target.rows[index] as PreviewRow;
  const otherRow = target.rows[other % target.rows.length] as PreviewRow;
  if (kind === "elsewhere") chosen.pointer = `/elsewhere/${other % 3}`;
  else if (kind === "leadingZero") chosen.pointer = `${target.pointer}/items/0${other % 3}`;
  else if (kind === "parentLiteral") target.rows[index] = withParent(chosen, `${target.pointer}/items/${other % 50}`);
  else if (kind === "parentOfRow") target.rows[index] = withParent(chosen, otherRow.pointer);
  else if (kind === "cellPointer" && chosen.cells[0] !== undefined) chosen.cells[0].pointer = `/not/derived/${other % 3}`;
  else if (kind === "swap") {
    target.rows[index] = otherRow;
    target.rows[other % target.rows.length] = chosen;
  }
}

test("pointers the wire form carries literally, parents that name no row and moved rows diff as the models do", () => {
  const base = modelOf(example());
  fc.assert(
    fc.property(fc.array(oddity, { maxLength: 4 }), fc.array(oddity, { maxLength: 4 }), (first, second) => {
      const before = structuredClone(base);
      for (const odd of first) makeOdd(before, odd);
      const after = structuredClone(before);
      for (const odd of second) makeOdd(after, odd);
      checkedPatch(before, after);
    }),
    { numRuns: 300 },
  );
});

test("a row that is the same on the wire but whose parent index now names another row is patched", () => {
  const before = modelOf(example());
  const statement = before.statements[0];
  assert.ok(statement);
  const child = statement.rows.findIndex((row) => row.parent !== undefined);
  const parentIndex = statement.rows.findIndex((row) => row.pointer === statement.rows[child]?.parent);
  assert.ok(child >= 0 && parentIndex >= 0);
  // The parent row takes another pointer and the child follows it: the child's wire row is the same
  // array (same parent index), but its parent pointer changed.
  const after = structuredClone(before);
  const moved = `${statement.pointer}/items/99`;
  (after.statements[0]?.rows[parentIndex] as PreviewRow).pointer = moved;
  for (const row of after.statements[0]?.rows ?? []) if (row.parent === statement.rows[parentIndex]?.pointer) row.parent = moved;
  const beforeWire = encodePreviewWire(before);
  const afterWire = encodePreviewWire(after);
  assert.deepEqual(afterWire.statements[0]?.rows[child], beforeWire.statements[0]?.rows[child]);
  const ops = checkedPatch(before, after);
  const rowsPatched = ops.flatMap((op) => (op.op === "rows" && op.statement === 0 ? [op.start] : []));
  assert.ok(rowsPatched.includes(child), JSON.stringify(ops));
});

test("a patch that does not fit the model is refused", () => {
  const model = modelOf(example());
  assert.equal(applyPreviewPatch(model, [{ op: "rows", statement: 99, start: 0, deleteCount: 0, rows: [] }]), false);
  assert.equal(
    applyPreviewPatch(model, [{ op: "cells", statement: 0, row: 0, cells: [{ column: 9, cell: { pointer: "", kind: "missing", value: "", title: "", flag: "" } }] }]),
    false,
  );
});
