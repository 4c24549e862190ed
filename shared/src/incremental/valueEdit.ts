// The value edit: the commonest edit of a statement ("change one number") analysed from the
// previous version instead of from the text. When an edit stays inside one value cell's string
// and leaves a decimal there, in a document that conformed, nothing but that cell changed: the
// document still conforms (a cell's check looks at the cell alone), and only the rollup
// applications the cell takes part in (as the parent, or as a child) can change. The result is
// exactly what analyze() gives for the new text (test/engine/valueEdit.test.ts checks it on random
// edits); any other edit returns undefined and the caller analyses the text in full.

import { isDecimal } from "../decimal/grammar";
import { calculationStatus, type Analysis } from "../result";
import { evaluateApplication, tolerances } from "../rollup/evaluate";
import type { EditedCell } from "../rollup/explain";
import type { FsDocument, Item, RollupApplication, Statement } from "../types";
import type { ValueCellIndex } from "./cellIndex";
import { ApplicationPositions } from "./applicationPositions";

/** One replacement in the previous text: `length` characters at `offset` became `text`. */
export interface TextEdit {
  readonly offset: number;
  readonly length: number;
  readonly text: string;
}

/** What the previous version offers: its text, analysis, cell index and application positions. */
export interface ValueEditBase {
  readonly text: string;
  readonly analysis: Analysis;
  readonly cells: ValueCellIndex;
  /** Position of each application in the result's list, by its (statement, parent, period). */
  readonly positions: ApplicationPositions;
}

export interface ValueEdit {
  readonly edit: TextEdit;
  readonly value: FsDocument;
  readonly analysis: Analysis;
  readonly cells: ValueCellIndex;
  /** The cell that changed, by position, and by ids (what rollup/explain.ts needs to know of it). */
  readonly statement: number;
  readonly item: number;
  readonly period: string;
  readonly cell: EditedCell;
  /** Positions of the applications that were evaluated again (their content may be unchanged). */
  readonly changed: readonly number[];
}

/** A string token with no escapes whose content could be a decimal; anything else goes the long way. */
const PLAIN_TOKEN = /^"[-.0-9]+"$/;

/** The analysis of `text` (the previous text with `edit` applied), or undefined when it is not a value edit. */
export function applyValueEdit(base: ValueEditBase, edit: TextEdit, text: string): ValueEdit | undefined {
  const document = base.analysis.document;
  if (document === undefined || base.analysis.issues.length > 0) return undefined;
  const delta = edit.text.length - edit.length;
  if (text.length !== base.text.length + delta) return undefined;
  const cell = base.cells.containing(base.text, edit.offset, edit.offset + edit.length);
  if (cell === undefined) return undefined;
  // The token from the previous text and the edit: the new text is not read (nor flattened).
  const token = base.text.slice(cell.start, edit.offset) + edit.text + base.text.slice(edit.offset + edit.length, cell.end);
  if (!PLAIN_TOKEN.test(token)) return undefined;
  const decimal = token.slice(1, -1);
  const statement = document.statements[cell.statement];
  const item = statement?.items[cell.item];
  if (statement === undefined || item === undefined || !isDecimal(decimal) || typeof item.values[cell.period] !== "string") return undefined;

  const value = withCell(document, cell.statement, cell.item, cell.period, decimal);
  const edited = value.statements[cell.statement] as Statement;
  const applications = base.analysis.result.calculations.applications.slice();
  const changed: number[] = [];
  const toleranceByUnit = tolerances(value);
  const evaluate = (parentId: string): void => {
    const position = base.positions.get(statement.id, parentId, cell.period);
    if (position === undefined) return;
    // Ids are unique in a conforming statement, so this is the parent and these are its children
    // in the order evaluateRollups takes them.
    const parent = edited.items.find((candidate) => candidate.id === parentId) as Item;
    const children = edited.items.filter((candidate) => candidate.rollupTo === parentId);
    applications[position] = evaluateApplication(statement.id, parent, children, cell.period, toleranceByUnit.get(parent.unit) ?? "0");
    changed.push(position);
  };
  evaluate(item.id);
  if (item.rollupTo !== undefined) evaluate(item.rollupTo);

  const { result } = base.analysis;
  return {
    edit,
    value,
    analysis: {
      issues: base.analysis.issues,
      document: value,
      result: { formatVersion: result.formatVersion, conformance: result.conformance, calculations: { status: calculationStatus(applications), applications } },
    },
    cells: base.cells.shifted(cell.position, delta),
    statement: cell.statement,
    item: cell.item,
    period: cell.period,
    cell: { statement: statement.id, item: item.id, rollupTo: item.rollupTo, period: cell.period },
    changed,
  };
}

/**
 * A copy of `document` with one cell replaced, sharing everything else: the previous version's
 * value stays as it was (a feature may still be answering from it). Spreads keep member order, which
 * the guided scan relies on; the cell's member exists already, so even a `__proto__` period is an
 * own data property that the assignment updates.
 */
function withCell(document: FsDocument, s: number, i: number, period: string, decimal: string): FsDocument {
  const statement = document.statements[s] as Statement;
  const item = statement.items[i] as Item;
  const values = { ...item.values };
  values[period] = decimal;
  const items = statement.items.slice();
  items[i] = { ...item, values };
  const statements = document.statements.slice();
  statements[s] = { ...statement, items };
  return { ...document, statements };
}

/** Position of each application in `applications`, by its (statement, parent, period) (the first wins, as lookups elsewhere). */
export function applicationPositions(applications: readonly RollupApplication[]): ApplicationPositions {
  return ApplicationPositions.of(applications);
}
