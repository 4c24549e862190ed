// Value edits for property tests that make the rollups' causes move, not only the edited cell's
// own applications: a cell set to the difference of a failing subtotal in its statement (a
// "missing child" candidate for it), to a failing subtotal's expected sum (it holds, so the same
// subtotal's "other periods" change), to another cell's value in the period, or to random digits.
// Cells are found by jsonc-parser's tree of the text, independently of the code under test.

import fc from "fast-check";
import { findNodeAtLocation, parseTree } from "jsonc-parser";
import type { FsDocument, RollupApplication } from "../../shared/src/index";
import { canonicalDecimalArbitrary } from "./arbitraries";

export interface ValueEditChoice {
  cell: number;
  strategy: "difference" | "expected" | "copy" | "digits";
  pick: number;
  digits: string;
}

export const valueEditChoiceArbitrary: fc.Arbitrary<ValueEditChoice> = fc.record({
  cell: fc.nat(),
  strategy: fc.constantFrom("difference", "difference", "expected", "copy", "digits"),
  pick: fc.nat(),
  digits: canonicalDecimalArbitrary.filter((value) => value.length < 30),
});

/** A string cell of the document: where its content (inside the quotes) lies, and what it is. */
interface StringCell {
  statement: number;
  item: number;
  period: string;
  value: string;
  /** Offset and length of the content, inside the quotes. */
  offset: number;
  length: number;
}

function stringCells(text: string, document: FsDocument): StringCell[] {
  const tree = parseTree(text);
  const cells: StringCell[] = [];
  if (tree === undefined) return cells;
  document.statements.forEach((statement, s) =>
    statement.items.forEach((item, i) => {
      for (const period of Object.keys(item.values)) {
        const node = findNodeAtLocation(tree, ["statements", s, "items", i, "values", period]);
        if (node?.type === "string") cells.push({ statement: s, item: i, period, value: node.value as string, offset: node.offset + 1, length: node.length - 2 });
      }
    }),
  );
  return cells;
}

/**
 * The edit `choice` makes of `text` (whose parsed, conforming value is `document` and whose
 * applications are `applications`): the content of one decimal cell replaced by another decimal.
 * Undefined when the text has no decimal cell or the value would not change.
 */
export function chooseValueEdit(
  text: string,
  document: FsDocument,
  applications: readonly RollupApplication[],
  choice: ValueEditChoice,
): { offset: number; length: number; text: string; cell: { statement: number; item: number; period: string } } | undefined {
  const cells = stringCells(text, document);
  if (cells.length === 0) return undefined;
  let cell = cells[choice.cell % cells.length]!;
  const statementId = document.statements[cell.statement]!.id;
  const failing = applications.filter((application) => application.status === "unsatisfied" && application.key.statement === statementId);
  let value = choice.digits;
  if (choice.strategy === "difference") {
    // Preferably in the cell's own period: that is where a missing child is looked for.
    const inPeriod = failing.filter((application) => application.key.period === cell.period);
    const among = inPeriod.length > 0 ? inPeriod : failing;
    const application = among[choice.pick % Math.max(among.length, 1)];
    if (application?.status === "unsatisfied") value = application.difference;
  }
  if (choice.strategy === "expected") {
    // The failing subtotal's own cell set to its children's sum: it holds now.
    const application = failing[choice.pick % Math.max(failing.length, 1)];
    const items = document.statements[cell.statement]!.items;
    const parent = application === undefined ? undefined : items.findIndex((item) => item.id === application.key.parent);
    const target = cells.find((other) => other.statement === cell.statement && other.item === parent && other.period === application?.key.period);
    if (application?.status === "unsatisfied" && target !== undefined) {
      cell = target;
      value = application.expected;
    }
  }
  if (choice.strategy === "copy") {
    const others = cells.filter((other) => other.period === cell.period && other !== cell);
    value = others[choice.pick % Math.max(others.length, 1)]?.value ?? value;
  }
  if (value === cell.value) return undefined;
  return { offset: cell.offset, length: cell.length, text: value, cell: { statement: cell.statement, item: cell.item, period: cell.period } };
}
