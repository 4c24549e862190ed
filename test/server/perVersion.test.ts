// What the server's speed on large documents relies on, asserted as behaviour (never as time):
// a value edit derives the version's lens list, outline and applications by key from the previous
// version's (equal to a fresh computation), and completion and hover read the item at the cursor, not the whole text
// (and find there what reading the whole text finds).

import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import fc from "fast-check";
import { findNodeAtLocation, parseTree } from "jsonc-parser";
import type { CompletionList, MarkupContent } from "vscode-languageserver-protocol/node";
import * as service from "../../server/src/service/index";
import { candidatesAt } from "../../server/src/service/completionCandidates";
import { readCursor, type Cursor } from "../../server/src/service/cursor";
import { documentArbitrary } from "../engine/documents";
import { createService, NOT_CANCELLED } from "./service";
import { offsetOf, positionAt, positionOf } from "./text-positions";

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

test("a value edit's lens list, outline and applications by key, derived from the previous version's, equal a fresh computation", () => {
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
      server.analysis(uri)?.parsed?.application("", "", "");
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
        // Lens titles, hovers and fixes look applications up by key: the edited ones are found too.
        const parsed = current.parsed;
        for (const application of fresh.analysis(freshUri)?.parsed?.analysis.result.calculations.applications ?? []) {
          const { statement, parent, period } = application.key;
          assert.deepEqual(parsed.application(statement, parent, period), application);
        }
        assert.equal(parsed.application("no such statement", "", ""), undefined);
      }
    }),
    { numRuns: 60 },
  );
  assert.ok(derived > 30, `only ${derived} edits were value edits`);
});

/** A document over 1 MiB (the size above which ranges come from the span index), statuses and parents throughout. */
function bigDocument(): string {
  const items = Array.from({ length: 5600 }, (_, index) => ({
    id: `i${index}`,
    label: `Item ${index}`,
    unit: "u",
    values: { p: "1", q: "1" },
    ...(index % 10 === 0 ? {} : { rollupTo: `i${index - (index % 10)}` }),
  }));
  const text = JSON.stringify(
    {
      formatVersion: "0.2",
      entity: { name: "E" },
      scope: { label: "S" },
      units: [
        { id: "u", label: "U", measure: "u", scale: 0 },
        { id: "v", label: "V", measure: "v", scale: 0 },
      ],
      periods: [
        { id: "p", kind: "instant", date: "2025-12-31" },
        { id: "q", kind: "instant", date: "2024-12-31" },
      ],
      statements: [{ id: "s", label: "Big", periods: ["p", "q"], items }],
    },
    null,
    2,
  );
  assert.ok(text.length > 1 << 20);
  return text;
}

/**
 * Calls `use` while recording the length of every text jsonc-parser is asked to parse, scan or
 * locate in (through its module's exports, which the server's code calls); returns the longest.
 */
function longestRead(use: () => void): number {
  const jsonc = createRequire(__filename)("jsonc-parser") as Record<string, unknown>;
  const names = ["parseTree", "getLocation", "createScanner", "parse", "visit"];
  const originals = new Map(names.map((name) => [name, jsonc[name] as (text: string, ...rest: unknown[]) => unknown]));
  let longest = 0;
  for (const [name, original] of originals) {
    jsonc[name] = (text: string, ...rest: unknown[]) => {
      longest = Math.max(longest, text.length);
      return original(text, ...rest);
    };
  }
  try {
    use();
  } finally {
    for (const [name, original] of originals) jsonc[name] = original;
  }
  return longest;
}

test("completion and hover on a large document read the item at the cursor, not the whole text", () => {
  const server = createService();
  const text = bigDocument();
  const uri = "file:///per-version/big.json";
  server.open(uri, text);
  // Whatever the version builds once (its span index, model) is built before recording.
  server.with(uri, (analysis) => service.hover(analysis, positionOf(text, '"p": "1"')));
  const item = 2000;

  let list: CompletionList | null = null;
  const rollupTo = positionOf(text, `"rollupTo": "i5590"`, 0, '"rollupTo": "'.length);
  let read = longestRead(() => {
    list = server.with(uri, (analysis) => service.completion(analysis, rollupTo));
  });
  assert.ok(read < item, `completion read ${read} characters`);
  assert.ok(list!.items.some((candidate) => candidate.label === "i10"));

  let markdown = "";
  const cell = positionOf(text, '"q": "1"', 5595, '"q": "'.length);
  read = longestRead(() => {
    const hover = server.with(uri, (analysis) => service.hover(analysis, cell));
    markdown = (hover?.contents as MarkupContent | undefined)?.value ?? "";
  });
  assert.ok(read < item, `hover read ${read} characters`);
  assert.match(markdown, /Item 5595/);

  // A member name being typed in the last item: the text no longer parses.
  const label = offsetOf(text, '"label": "Item 5599"');
  const lineStart = text.lastIndexOf("\n", label) + 1;
  const indent = text.slice(lineStart, label);
  const broken = `${text.slice(0, lineStart)}${indent}"\n${text.slice(lineStart)}`;
  const at = positionAt(text, lineStart);
  server.change(uri, 2, [{ range: { start: at, end: at }, text: `${indent}"\n` }]);
  assert.equal(server.analysis(uri)?.parsed, undefined, "the text is broken");
  read = longestRead(() => {
    list = server.with(uri, (analysis) => service.completion(analysis, { line: at.line, character: indent.length + 1 }));
  });
  assert.ok(read < item, `completion in broken text read ${read} characters`);
  const labels = list!.items.map((candidate) => candidate.label);
  assert.ok(labels.includes("description") && !labels.includes("unit") && !labels.includes("values"), labels.join(", "));
  // A hover after the broken line answers from the last good text, also without reading it whole.
  const after = positionOf(broken, '"q": "1"', 5599, '"q": "'.length);
  read = longestRead(() => {
    const hover = server.with(uri, (analysis) => service.hover(analysis, after));
    markdown = (hover?.contents as MarkupContent | undefined)?.value ?? "";
  });
  assert.ok(read < item, `hover in broken text read ${read} characters`);
  assert.match(markdown, /Item 5599/);
});

test("reading the cursor's item gives what reading the whole text gives, valid or broken", () => {
  const server = createService();
  const text = bigDocument();
  const uri = "file:///per-version/equivalent.json";
  server.open(uri, text);
  const compare = (current: string, offsets: number[]): void => {
    const analysis = server.analysis(uri)!;
    const model = analysis.lastGood!.model;
    for (const offset of offsets) {
      const whole = readCursor(current, offset);
      const local = readCursor(current, offset, analysis.readingContext(offset));
      const facts = ({ path, atKey, start, end, inString, keyHasColon, afterColon, separator }: Cursor) => ({
        path,
        atKey,
        start,
        end,
        inString,
        keyHasColon,
        afterColon,
        separator,
      });
      assert.deepEqual(facts(local), facts(whole), `at ${offset}: ${JSON.stringify(current.slice(offset - 20, offset + 20))}`);
      assert.deepEqual(
        candidatesAt(local, () => model),
        candidatesAt(whole, () => model),
        `candidates at ${offset}`,
      );
    }
  };
  // Every offset of a few items (and the statement's periods, the units) of the valid text.
  const around = (source: string, needle: string, before: number, after: number): number[] => {
    const at = offsetOf(source, needle);
    return Array.from({ length: Math.ceil((before + after) / 11) }, (_, index) => at - before + index * 11);
  };
  compare(text, [...around(text, '"id": "i5590"', 40, 400), ...around(text, '"periods": [\n        "p"', 10, 60), ...around(text, '"id": "v"', 30, 80)]);
  // Broken in one item: a member name being typed, a value with no closing quote, a missing value,
  // a missing comma. (An unbalanced bracket is read differently, by design: in the item it stays in
  // the item, where in the whole text it would swallow the items after it.)
  let version = 1;
  let current = text;
  for (const insertion of ['"', '"unit": "', '"rollupTo": ', '"unit": "u" "']) {
    const line = offsetOf(current, '"label": "Item 5591"');
    const lineStart = current.lastIndexOf("\n", line) + 1;
    const at = positionAt(current, lineStart);
    const inserted = `          ${insertion}\n`;
    server.edit(uri, ++version, [{ range: { start: at, end: at }, text: inserted }]);
    const broken = current.slice(0, lineStart) + inserted + current.slice(lineStart);
    assert.equal(server.analysis(uri)?.parsed, undefined, `broken by ${insertion}`);
    compare(broken, around(broken, inserted, 60, inserted.length + 120));
    server.edit(uri, ++version, [{ range: { start: at, end: positionAt(broken, lineStart + inserted.length) }, text: "" }]);
    assert.ok(server.analysis(uri)?.parsed !== undefined);
    current = text;
  }
});
