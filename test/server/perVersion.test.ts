// A value edit derives the version's lens list and outline from the previous version's, and they
// equal a fresh computation.

import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { findNodeAtLocation, parseTree } from "jsonc-parser";
import * as service from "../../server/src/service/index";
import { documentArbitrary } from "../engine/documents";
import { createService, NOT_CANCELLED } from "./service";
import { positionAt } from "./text-positions";

/** The ranges of every value cell's string token (located by the test's own parse). */
function valueStrings(text: string): { offset: number; length: number }[] {
  const tree = parseTree(text);
  assert.ok(tree);
  const document = JSON.parse(text) as { statements: { items: { values: Record<string, unknown> }[] }[] };
  const cells: { offset: number; length: number }[] = [];
  document.statements.forEach((statement, s) =>
    statement.items.forEach((item, i) => {
      for (const period of Object.keys(item.values)) {
        const node = findNodeAtLocation(tree, ["statements", s, "items", i, "values", period]);
        if (node?.type === "string") cells.push({ offset: node.offset, length: node.length });
      }
    }),
  );
  return cells;
}

const editsArbitrary = fc.array(fc.record({ cell: fc.nat(), digits: fc.stringMatching(/^[1-9]{1,3}$/) }), { minLength: 1, maxLength: 3 });

test("a value edit's lens list and outline, derived from the previous version's, equal a fresh computation", () => {
  let derived = 0;
  fc.assert(
    fc.property(documentArbitrary, editsArbitrary, fc.boolean(), (document, edits, compact) => {
      const server = createService();
      // Indented, and on one line (where every position after the edit moves).
      let text = compact ? JSON.stringify(document) : JSON.stringify(document, null, 2);
      const uri = "file:///per-version/edited.json";
      server.open(uri, text);
      // The first version's lists, built by requests as the editor makes them.
      server.with(uri, (analysis) => service.codeLenses(analysis, server.settings, NOT_CANCELLED));
      server.with(uri, (analysis) => service.documentSymbols(analysis, NOT_CANCELLED));
      let version = 1;
      for (const { cell, digits } of edits) {
        const cells = valueStrings(text);
        if (cells.length === 0) return;
        const token = cells[cell % cells.length]!;
        // The last digit of the decimal replaced by 1–3 non-zero digits: still a decimal, its length may change.
        const last = token.offset + token.length - 2;
        const range = { start: positionAt(text, last), end: positionAt(text, last + 1) };
        server.edit(uri, ++version, [{ range, text: digits }]);
        text = text.slice(0, last) + digits + text.slice(last + 1);
        const current = server.analysis(uri)!;
        // Taken over from the previous version, not built by a request.
        assert.ok(current.parsed?.lenses !== undefined && current.parsed.outline !== undefined, "derived by the value edit");
        derived++;
        const fresh = createService();
        const freshUri = "file:///per-version/fresh.json";
        fresh.open(freshUri, text);
        assert.deepEqual(
          server.with(uri, (analysis) => service.codeLenses(analysis, server.settings, NOT_CANCELLED)),
          fresh
            .with(freshUri, (analysis) => service.codeLenses(analysis, fresh.settings, NOT_CANCELLED))!
            .map((lens) => (lens.command === undefined ? lens : { ...lens, command: { ...lens.command, arguments: [uri] } })),
        );
        assert.deepEqual(
          server.with(uri, (analysis) => service.documentSymbols(analysis, NOT_CANCELLED)),
          fresh.with(freshUri, (analysis) => service.documentSymbols(analysis, NOT_CANCELLED)),
        );
      }
    }),
    { numRuns: 60 },
  );
  assert.ok(derived > 30, `only ${derived} edits were value edits`);
});
