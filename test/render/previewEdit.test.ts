// The preview model after a value edit, derived from the previous model by rebuilding only the
// edited statement, equals the model built from scratch; its patch names only cells.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { analyze, parseJson, type FsDocument } from "../../shared/src/index";
import { buildPresentation } from "../../shared/src/render/index";
import { ValueCellIndex } from "../../shared/src/incremental/cellIndex";
import { applicationPositions, applyValueEdit } from "../../shared/src/incremental/valueEdit";
import { buildPreviewModel } from "../../shared/src/render/previewModel";
import { withStatementRebuilt } from "../../shared/src/render/previewEdit";
import { applyPreviewPatch, diffPreviewModels } from "../../shared/src/render/previewPatch";
import { canonicalDecimalArbitrary } from "../engine/arbitraries";
import { documentArbitrary } from "../engine/documents";

test("a value edit's preview model equals the model built from scratch, and its patch names only cells", () => {
  fc.assert(
    fc.property(documentArbitrary, fc.nat(), canonicalDecimalArbitrary, (document, pick, decimal) => {
      const text = JSON.stringify(document, null, 1);
      const parsed = parseJson(text);
      assert.ok(parsed.ok);
      const analysis = analyze(parsed.value);
      const cells = ValueCellIndex.build(text, analysis.document as FsDocument);
      assert.ok(cells);
      // A string cell: its token's content is replaced by another decimal.
      const tokens = [...text.matchAll(/"values": \{[^}]*\}/g)].flatMap((match) =>
        [...match[0].matchAll(/: "([-.0-9]+)"/g)].map((cell) => (match.index as number) + (cell.index as number) + 3),
      );
      if (tokens.length === 0) return;
      const start = tokens[pick % tokens.length] as number;
      const end = text.indexOf('"', start);
      const next = text.slice(0, start) + decimal + text.slice(end);
      const edit = applyValueEdit(
        { text, analysis, cells, positions: applicationPositions(analysis.result.calculations.applications) },
        { offset: start, length: end - start, text: decimal },
        next,
      );
      if (start === end) return; // an empty cell string is not a decimal, so the document did not conform
      assert.ok(edit, "a decimal replacing a decimal is a value edit");
      const before = buildPreviewModel(buildPresentation(parsed.value, analysis.result));
      const derived = withStatementRebuilt(before, edit.value, edit.analysis.result, edit.statement);
      const whole = buildPreviewModel(buildPresentation(edit.value, edit.analysis.result));
      assert.deepEqual(derived, whole);
      const ops = diffPreviewModels(before, derived);
      assert.ok(
        ops.every((op) => op.op === "cells"),
        JSON.stringify(ops),
      );
      assert.deepEqual(ops, diffPreviewModels(before, whole));
      const patched = structuredClone(before);
      assert.ok(applyPreviewPatch(patched, ops));
      assert.deepEqual(patched, whole);
      // Untouched statements are the previous model's own objects.
      derived.statements.forEach((statement, index) => {
        if (statement.pointer !== `/statements/${edit.statement}`) assert.equal(statement, before.statements[index]);
      });
    }),
    { numRuns: 200 },
  );
});
