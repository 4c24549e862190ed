// A value edit's version takes over the rollup diagnostics the edit cannot have changed (moved on
// the edited line) and builds the others: what it publishes must be exactly the diagnostics of a
// fresh analysis of the edited text, on random documents, chains of value edits (some versions
// never asked for their diagnostics, as in a burst of keys), in one-line and indented layouts,
// with the problem cap and the severity varied.

import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import type { Diagnostic } from "vscode-languageserver-protocol/node";
import * as service from "../../server/src/service/index";
import type { FsDocument } from "../../shared/src/index";
import { documentArbitrary } from "../engine/documents";
import { chooseValueEdit, valueEditChoiceArbitrary } from "../engine/valueEditChoices";
import { createService } from "./service";
import { positionAt } from "./text-positions";

const URI = "file:///value-edit-diagnostics/edited.json";
const FRESH = "file:///value-edit-diagnostics/fresh.json";

/** A fresh analysis's diagnostics of `text`, as if they were the edited document's. */
function freshDiagnostics(text: string, settings: Record<string, unknown>): Diagnostic[] {
  const fresh = createService(settings);
  const published = fresh.open(FRESH, text);
  fresh.close(FRESH);
  return JSON.parse(JSON.stringify(published.diagnostics).replaceAll(FRESH, URI)) as Diagnostic[];
}

/** Rollup diagnostics by application, for telling which changed between two versions. */
function byApplication(diagnostics: readonly Diagnostic[]): Map<string, string> {
  const entries = diagnostics
    .filter((diagnostic) => String(diagnostic.code).startsWith("rollup-"))
    .map(
      (diagnostic) => [JSON.stringify((diagnostic.data as { params: unknown }).params), JSON.stringify(diagnostic.relatedInformation?.map((related) => related.message))] as const,
    );
  return new Map(entries);
}

test("a value edit's diagnostics, partly carried over from the previous version, equal a fresh analysis's", () => {
  let carried = 0;
  let changedElsewhere = 0;
  fc.assert(
    fc.property(
      documentArbitrary,
      fc.boolean(),
      fc.constantFrom<Record<string, unknown>>({}, { validation: { maxProblems: 3 } }, { rollups: { severity: "error" } }),
      fc.array(fc.tuple(valueEditChoiceArbitrary, fc.boolean()), { minLength: 1, maxLength: 5 }),
      (document, compact, settings, steps) => {
        let text = compact ? JSON.stringify(document) : JSON.stringify(document, null, 2);
        const server = createService(settings);
        server.open(URI, text);
        let version = 1;
        let previous = freshDiagnostics(text, settings);
        try {
          for (const [choice, look] of steps) {
            const good = server.analysis(URI)?.parsed;
            assert.ok(good !== undefined);
            const edit = chooseValueEdit(text, good.value as FsDocument, good.analysis.result.calculations.applications, choice);
            if (edit === undefined) continue;
            const range = { start: positionAt(text, edit.offset), end: positionAt(text, edit.offset + edit.length) };
            server.edit(URI, ++version, [{ range, text: edit.text }]);
            text = text.slice(0, edit.offset) + edit.text + text.slice(edit.offset + edit.length);
            const current = server.analysis(URI);
            // Analysed from the previous version: what the edit did not touch is the previous value's own.
            assert.ok(current?.parsed !== undefined && (current.parsed.value as FsDocument).units === (good.value as FsDocument).units, "analysed as a value edit");
            const expected = freshDiagnostics(text, settings);
            // Some versions are never asked for their diagnostics (later keys of a burst): the next inherits through them.
            if (look) {
              if ((current.parsed.rollupDiagnostics?.byPosition.size ?? 0) > 0) carried++;
              assert.deepEqual(service.diagnostics(current, server.settings), expected);
            }
            // The test must see diagnostics change where the edit evaluated nothing again (their causes).
            const statement = (good.value as FsDocument).statements[edit.cell.statement]!;
            const item = statement.items[edit.cell.item]!;
            const reEvaluated = new Set([item.id, item.rollupTo].map((parent) => JSON.stringify({ statement: statement.id, parent, period: edit.cell.period })));
            const before = byApplication(previous);
            for (const [key, related] of byApplication(expected)) {
              if (!reEvaluated.has(key) && before.has(key) && before.get(key) !== related) changedElsewhere++;
            }
            previous = expected;
          }
          assert.deepEqual(service.diagnostics(server.analysis(URI)!, server.settings), previous);
        } finally {
          server.close(URI);
        }
      },
    ),
    { numRuns: 120 },
  );
  assert.ok(carried > 30, `diagnostics carried over ${carried} times`);
  assert.ok(changedElsewhere > 10, `related information changed outside the re-evaluated applications ${changedElsewhere} times`);
});
