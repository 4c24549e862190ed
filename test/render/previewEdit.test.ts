// The preview model after value edits, derived from the previous version's wire form by presenting
// only the rows an edit can change (from the statement's shell, made at the first edit and kept
// over the edits after it), is exactly the form built from scratch (the same JSON text), on chains
// of random edits of random documents: failing and unevaluable checks, ids such as `constructor`
// and `toString` (a conforming document has no `__proto__` id: it is not an identifier). Its patch
// names only cells and is the model diff's; what did not change is shared.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { analyze, parseJson, type RollupApplication } from "../../shared/src/index";
import { buildPresentation, presentStatementShell, type StatementShell } from "../../shared/src/render/presentation";
import { ValueCellIndex } from "../../shared/src/incremental/cellIndex";
import { applicationPositions, applyValueEdit, type ValueEdit, type ValueEditBase } from "../../shared/src/incremental/valueEdit";
import { rowsOfValueEdit, withRowsRebuilt, withStatementRebuilt } from "../../shared/src/render/previewEdit";
import { applyPreviewPatch, diffPreviewWires } from "../../shared/src/render/previewPatch";
import { decodePreviewWire, previewWireOf, previewWireText, type PreviewWire } from "../../shared/src/render/previewWire";
import { referenceDiff } from "./previewPatchReference";
import { canonicalDecimalArbitrary } from "../engine/arbitraries";
import { documentArbitrary } from "../engine/documents";

/** The offsets of the contents of the document's string value cells. */
function valueTokens(text: string): { start: number; end: number }[] {
  return [...text.matchAll(/"values": \{[^}]*\}/g)].flatMap((match) =>
    [...match[0].matchAll(/: "([-.0-9]+)"/g)].map((cell) => {
      const start = (match.index as number) + (cell.index as number) + 3;
      return { start, end: start + (cell[1] as string).length };
    }),
  );
}

/** The application of (statement, parent, period) in the edit's result, found by key as the server does. */
function applicationOf(base: ValueEditBase, edit: ValueEdit): (statement: string, parent: string, period: string) => RollupApplication | undefined {
  const applications = edit.analysis.result.calculations.applications;
  return (statement, parent, period) => {
    const position = base.positions.get(statement, parent, period);
    return position === undefined ? undefined : applications[position];
  };
}

test("value edits' preview models, rebuilt row by row from kept shells, equal the models built from scratch, and their patches name only cells", () => {
  const seen = { inconsistent: 0, rollupError: 0, blocks: 0, objectMemberIds: 0 };
  fc.assert(
    fc.property(documentArbitrary, fc.array(fc.tuple(fc.nat(), canonicalDecimalArbitrary), { minLength: 1, maxLength: 4 }), (document, edits) => {
      let text = JSON.stringify(document, null, 1);
      const parsed = parseJson(text);
      assert.ok(parsed.ok);
      const analysis = analyze(parsed.value);
      assert.ok(analysis.document, "the generated document conforms");
      const cells = ValueCellIndex.build(text, analysis.document);
      assert.ok(cells);
      let base: ValueEditBase = { text, analysis, cells, positions: applicationPositions(analysis.result.calculations.applications) };
      let value: unknown = parsed.value;
      let before: PreviewWire = previewWireOf(buildPresentation(parsed.value, analysis.result));
      // As the server keeps them: made from the version before a statement's first edit.
      const shells = new Map<number, StatementShell>();
      for (const [pick, decimal] of edits) {
        const tokens = valueTokens(text);
        if (tokens.length === 0) return;
        const { start, end } = tokens[pick % tokens.length] as { start: number; end: number };
        const next = text.slice(0, start) + decimal + text.slice(end);
        const edit = applyValueEdit(base, { offset: start, length: end - start, text: decimal }, next);
        assert.ok(edit, "a decimal replacing a decimal is a value edit");
        let shell = shells.get(edit.statement);
        if (shell === undefined) {
          shell = presentStatementShell(value, base.analysis.result, edit.statement);
          assert.ok(shell);
          shells.set(edit.statement, shell);
        }
        const whole = previewWireOf(buildPresentation(edit.value, edit.analysis.result));
        const rows = rowsOfValueEdit(shell, edit.value, edit.item, edit.changed, edit.analysis.result.calculations.applications);
        assert.ok(rows !== undefined && rows.has(edit.item));
        const derived = withRowsRebuilt(before, shell, edit.value, rows, applicationOf(base, edit));
        assert.ok(derived, "the shell fits the statement");
        assert.equal(previewWireText(derived), previewWireText(whole));
        assert.equal(previewWireText(withStatementRebuilt(before, edit.value, edit.analysis.result, edit.statement)), previewWireText(whole));

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
        for (const row of rows) {
          if (Object.hasOwn(Object.prototype, shell.statement.rows[row]?.id ?? "")) seen.objectMemberIds++;
          for (const cell of wholeModel.statements[edit.statement]?.rows[row]?.cells ?? []) {
            if (cell.check === "inconsistent") seen.inconsistent++;
            if (cell.check === "rollup-error") seen.rollupError++;
            if (cell.blocks === true) seen.blocks++;
          }
        }
        text = next;
        value = edit.value;
        base = { text, analysis: edit.analysis, cells: edit.cells, positions: base.positions };
        before = derived;
      }
    }),
    { numRuns: 200 },
  );
  // The rebuilt rows held failing checks, unevaluable ones, cells that stop a check, and ids that name Object.prototype's members.
  assert.ok(seen.inconsistent > 0 && seen.rollupError > 0 && seen.blocks > 0 && seen.objectMemberIds > 0, JSON.stringify(seen));
});
