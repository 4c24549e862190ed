// The value-edit fast path equals a full analysis of the edited text, on random documents and
// random edits inside a value cell's string (including edits that leave no decimal, break the
// string, or are chained one after another); and the explainer it carries over gives the causes
// a fresh one gives.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { findNodeAtLocation, parseTree, type Node } from "jsonc-parser";
import { analyze, parseJson, RollupExplainer, SourceLocator, type FsDocument, type LocateRequest } from "../../shared/src/index";
import { ValueCellIndex } from "../../shared/src/incremental/cellIndex";
import { applicationPositions, applyValueEdit, type ValueEditBase } from "../../shared/src/incremental/valueEdit";
import { documentArbitrary } from "./documents";
import { chooseValueEdit, valueEditChoiceArbitrary } from "./valueEditChoices";

/** The string cells of `text`, located by jsonc-parser (independently of the index under test). */
function stringCells(text: string, document: FsDocument): { offset: number; length: number }[] {
  const tree = parseTree(text);
  assert.ok(tree);
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

/** Pointers to every statement, item, member and cell, as keys and as values. */
function locatable(document: FsDocument): LocateRequest[] {
  const paths = ["", "/statements", "/units/0", "/periods/0/id"];
  document.statements.forEach((statement, s) => {
    paths.push(`/statements/${s}`, `/statements/${s}/items`);
    statement.items.forEach((item, i) => {
      paths.push(`/statements/${s}/items/${i}`, `/statements/${s}/items/${i}/values`, `/statements/${s}/items/${i}/id`, `/statements/${s}/items/${i}/nothing`);
      for (const period of Object.keys(item.values)) paths.push(`/statements/${s}/items/${i}/values/${period.replaceAll("~", "~0").replaceAll("/", "~1")}`);
    });
  });
  return paths.flatMap((path) => [
    { path, mark: "value" as const },
    { path, mark: "key" as const },
  ]);
}

function baseOf(text: string): ValueEditBase {
  const parsed = parseJson(text);
  assert.ok(parsed.ok);
  const analysis = analyze(parsed.value);
  assert.ok(analysis.document);
  const cells = ValueCellIndex.build(text, analysis.document);
  assert.ok(cells, "the index builds for a conforming document");
  return { text, analysis, cells, positions: applicationPositions(analysis.result.calculations.applications) };
}

const insertion = fc
  .array(fc.constantFrom(..."0123456789", "0", "9", "-", ".", "e", "+", " ", '"', "\\", "}", ",", "1.50", "-0", "00"), { maxLength: 4 })
  .map((parts) => parts.join(""));
const editArbitrary = fc.record({ cell: fc.nat(), from: fc.nat(), span: fc.nat(3), text: insertion, covering: fc.boolean() });

test("a value edit's analysis equals the full analysis of the edited text", () => {
  fc.assert(
    fc.property(documentArbitrary, fc.boolean(), fc.array(editArbitrary, { minLength: 1, maxLength: 4 }), (document, pretty, edits) => {
      let text = JSON.stringify(document, null, pretty ? 2 : undefined);
      let base = baseOf(text);
      for (const edit of edits) {
        const cells = stringCells(text, base.analysis.document as FsDocument);
        if (cells.length === 0) return;
        const cell = cells[edit.cell % cells.length]!;
        // Inside the quotes, or (covering) over the whole token, which is never a value edit.
        const contentLength = cell.length - 2;
        const offset = edit.covering ? cell.offset : cell.offset + 1 + (edit.from % (contentLength + 1));
        const length = edit.covering ? cell.length : Math.min(edit.span, cell.offset + 1 + contentLength - offset);
        const replacement = edit.covering ? (edit.text === "" ? "null" : `"${edit.text}"`) : edit.text;
        const next = text.slice(0, offset) + replacement + text.slice(offset + length);
        const fast = applyValueEdit(base, { offset, length, text: replacement }, next);
        const parsed = parseJson(next);
        if (fast === undefined) {
          // Only edits that leave something other than a plain decimal string go the long way.
          const token = next.slice(cell.offset, cell.offset + cell.length + replacement.length - length);
          const content = token.slice(1, -1);
          assert.ok(
            edit.covering || !/^"[-.0-9]+"$/.test(token) || !/^(?:0|-?[1-9][0-9]*(?:\.[0-9]*[1-9])?|-?0\.[0-9]*[1-9])$/.test(content),
            `a plain decimal edit must take the fast path: ${token}`,
          );
          if (!parsed.ok) return;
          const full = analyze(parsed.value);
          if (full.document === undefined) return;
          text = next;
          base = baseOf(text);
          continue;
        }
        assert.ok(parsed.ok, "a value edit leaves JSON");
        const full = analyze(parsed.value);
        assert.deepEqual(fast.value, parsed.value);
        assert.deepEqual(fast.analysis.result, full.result);
        assert.deepEqual(fast.analysis.issues, full.issues);
        assert.deepEqual(fast.analysis.document, full.document);
        assert.deepEqual(fast.cells, ValueCellIndex.build(next, full.document as FsDocument));
        // Ranges located in the previous text, moved by the edit, are where a fresh locator finds them.
        const requests = locatable(full.document as FsDocument);
        const before = new SourceLocator(text, base.analysis.document, offset % 2 === 0 ? 0 : Number.POSITIVE_INFINITY);
        before.locateAll(requests);
        const moved = before.afterEdit(next, fast.value, { offset, length, inserted: replacement.length });
        assert.deepEqual(moved.locateAll(requests), new SourceLocator(next, fast.value).locateAll(requests));
        text = next;
        base = { text, analysis: fast.analysis, cells: fast.cells, positions: base.positions };
      }
    }),
    { numRuns: 300 },
  );
});

test("the previous version's value is left as it was", () => {
  const text = JSON.stringify({
    formatVersion: "0.2",
    entity: { name: "E" },
    scope: { label: "S" },
    units: [{ id: "usd", label: "USD", measure: "USD", scale: 0 }],
    periods: [{ id: "fy", kind: "instant", date: "2025-12-31" }],
    statements: [
      {
        id: "bs",
        label: "BS",
        periods: ["fy"],
        items: [
          { id: "total", label: "Total", unit: "usd", values: { fy: "3" } },
          { id: "a", label: "A", unit: "usd", values: { fy: "1" }, rollupTo: "total" },
          { id: "b", label: "B", unit: "usd", values: { fy: "2" }, rollupTo: "total" },
        ],
      },
    ],
  });
  const base = baseOf(text);
  const before = JSON.stringify(base.analysis);
  const offset = text.indexOf('"1"') + 1;
  const next = `${text.slice(0, offset)}15${text.slice(offset + 1)}`;
  const fast = applyValueEdit(base, { offset, length: 1, text: "15" }, next);
  assert.ok(fast);
  assert.equal(JSON.stringify(base.analysis), before);
  assert.deepEqual(fast.changed, [0]);
  assert.equal(fast.analysis.result.calculations.status, "inconsistent");
  const back = applyValueEdit({ ...base, text: next, analysis: fast.analysis, cells: fast.cells }, { offset, length: 2, text: "1" }, text);
  assert.equal(back?.analysis.result.calculations.status, "consistent");
});

test("a value edit's explainer keeps what the edit cannot change: every application's causes are a fresh explainer's", () => {
  let changedElsewhere = 0;
  let carried = 0;
  fc.assert(
    fc.property(documentArbitrary, fc.array(fc.tuple(valueEditChoiceArbitrary, fc.boolean()), { minLength: 1, maxLength: 5 }), (document, steps) => {
      let text = JSON.stringify(document, null, 2);
      let base = baseOf(text);
      let explainer = new RollupExplainer(base.analysis.document!, base.analysis.result.calculations.applications);
      for (const [choice, look] of steps) {
        const before = base.analysis.result.calculations.applications;
        // Some versions are explained before the next edit (as diagnostics would), some not.
        if (look) for (const application of before) explainer.causes(application);
        const edit = chooseValueEdit(text, base.analysis.document!, before, choice);
        if (edit === undefined) continue;
        const next = text.slice(0, edit.offset) + edit.text + text.slice(edit.offset + edit.length);
        const fast = applyValueEdit(base, edit, next);
        assert.ok(fast, "a decimal replaced by a decimal is a value edit");
        const applications = fast.analysis.result.calculations.applications;
        const following = explainer.afterValueEdit(fast.value, applications, fast.cell);
        const full = analyze(fast.value);
        const fresh = new RollupExplainer(full.document!, full.result.calculations.applications);
        const previous = new RollupExplainer(base.analysis.document!, before);
        applications.forEach((application, position) => {
          const causes = following.causes(application);
          assert.deepEqual(causes, fresh.causes(full.result.calculations.applications[position]!), `${JSON.stringify(application.key)} after ${JSON.stringify(fast.cell)}`);
          if (look && application.status === "unsatisfied" && causes === explainer.causes(application)) carried++;
          // The test must see causes change where the edit re-evaluated nothing (missing child, other periods).
          if (!fast.changed.includes(position) && JSON.stringify(causes) !== JSON.stringify(previous.causes(before[position]!))) changedElsewhere++;
        });
        text = next;
        base = { text, analysis: fast.analysis, cells: fast.cells, positions: base.positions };
        explainer = following;
      }
    }),
    { numRuns: 200 },
  );
  assert.ok(carried > 50, `causes carried over ${carried} times`);
  assert.ok(changedElsewhere > 20, `causes changed outside the re-evaluated applications ${changedElsewhere} times`);
});

test("the value cell index finds every cell where the parse tree has it, in every layout", () => {
  fc.assert(
    fc.property(documentArbitrary, fc.constantFrom(undefined, 0, 1, 2, "\t", "crlf"), (document, indent) => {
      const text = indent === "crlf" ? JSON.stringify(document, null, 2).replace(/\n/g, "\r\n") : JSON.stringify(document, null, indent);
      const value = JSON.parse(text) as FsDocument;
      const index = ValueCellIndex.build(text, value);
      assert.ok(index);
      const tree = parseTree(text);
      assert.ok(tree);
      let cells = 0;
      for (const [s, statement] of value.statements.entries()) {
        for (const [i, item] of statement.items.entries()) {
          for (const period of Object.keys(item.values)) {
            cells++;
            const node: Node | undefined = findNodeAtLocation(tree, ["statements", s, "items", i, "values", period]);
            assert.ok(node);
            const found = index.containing(text, node.offset + 1, node.offset + 1);
            if (node.type !== "string") assert.equal(found, undefined, "only string cells are edited in place");
            else assert.deepEqual({ ...found, position: undefined }, { position: undefined, statement: s, item: i, period, start: node.offset, end: node.offset + node.length });
          }
        }
      }
      assert.equal(index.size, cells);
      // A text that is not its value's has no index.
      assert.equal(ValueCellIndex.build(`${text} 1`, value), undefined);
    }),
    { numRuns: 150 },
  );
});
