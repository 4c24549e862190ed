// The preview model after a value edit, derived from the previous version's wire form by
// rebuilding only the edited statement, is exactly the form built from scratch (the same JSON
// text); its patch names only cells and is the model diff's; what did not change is shared.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { analyze, parseJson, type FsDocument } from "../../shared/src/index";
import { buildPresentation } from "../../shared/src/render/index";
import { ValueCellIndex } from "../../shared/src/incremental/cellIndex";
import { applicationPositions, applyValueEdit } from "../../shared/src/incremental/valueEdit";
import { rowsOfValueEdit, withStatementRebuilt } from "../../shared/src/render/previewEdit";
import { applyPreviewPatch, diffPreviewWires } from "../../shared/src/render/previewPatch";
import { decodePreviewWire, previewWireOf, previewWireText } from "../../shared/src/render/previewWire";
import { referenceDiff } from "./previewPatchReference";
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
      const before = previewWireOf(buildPresentation(parsed.value, analysis.result));
      const whole = previewWireOf(buildPresentation(edit.value, edit.analysis.result));
      // The whole statement rebuilt, and only the rows the edit can change (as the server does).
      const rows = rowsOfValueEdit(edit.value, edit.statement, edit.item, edit.changed, edit.analysis.result.calculations.applications);
      assert.ok(rows !== undefined && rows.has(edit.item));
      assert.equal(previewWireText(withStatementRebuilt(before, edit.value, edit.analysis.result, edit.statement)), previewWireText(whole));
      const derived = withStatementRebuilt(before, edit.value, edit.analysis.result, edit.statement, rows);
      assert.equal(previewWireText(derived), previewWireText(whole));
      const ops = diffPreviewWires(before, derived);
      assert.ok(
        ops.every((op) => op.op === "cells"),
        JSON.stringify(ops),
      );
      assert.equal(JSON.stringify(ops), JSON.stringify(diffPreviewWires(before, whole)));
      const beforeModel = decodePreviewWire(before);
      const wholeModel = decodePreviewWire(whole);
      assert.ok(beforeModel && wholeModel);
      assert.equal(JSON.stringify(ops), JSON.stringify(referenceDiff(beforeModel, wholeModel)));
      const patched = structuredClone(beforeModel);
      assert.ok(applyPreviewPatch(patched, ops));
      assert.deepEqual(patched, wholeModel);
      // Untouched statements are the previous version's own objects; so are the edited
      // statement's rows that did not change (only the edited row and the subtotals it feeds differ).
      const changedRows = new Set(ops.flatMap((op) => (op.op === "cells" ? [op.row] : [])));
      derived.statements.forEach((statement, index) => {
        const previous = before.statements[index];
        assert.ok(previous);
        if (statement.pointer !== `/statements/${edit.statement}`) assert.equal(statement, previous);
        else statement.rows.forEach((row, position) => assert.equal(row === previous.rows[position], !changedRows.has(position)));
      });
    }),
    { numRuns: 200 },
  );
});
