// The editor's changes view of a comparison (FS: Compare with…): NEW's statements as the preview
// draws them (its PreviewModel, so the page reuses the preview's table renderer), with OLD's
// removed rows put back where they stood, plus marks by place: changed cells (old → new and the
// difference), added/removed/moved/changed rows, subtotals whose check changed, and the lines
// that belong to no row (document, units, periods, statements, conformance). Pure data: the page
// words the marks; the phrases of changes outside the tables are the command line's (describe.ts).

import * as l10n from "@vscode/l10n";
import { groupDigits } from "../render/format";
import { NEUTRAL_FORMAT, type DisplayFormat } from "../render/localeFormat";
import type { PreviewCell, PreviewModel, PreviewRow, PreviewStatement } from "../render/previewModel";
import { ComparisonNames, describeChange, incompleteLine, rollupOutcome, rollupStateText, type RollupOutcome, snapshotLine } from "./describe";
import { readSide } from "./read";
import type { Change, CompareCell, Comparison } from "./types";

/** A cell as the page shows it: its kind and, for a value or an invalid cell, its text. */
export interface ViewCellValue {
  kind: PreviewCell["kind"];
  value: string;
}

export interface ViewCellMark {
  statement: number;
  row: number;
  /** The cell's index in its row's cells (NEW's columns). */
  column: number;
  /** The value change of this cell, if its value changed. */
  value?: {
    old: ViewCellValue;
    /** OLD's value written in NEW's unit, when the unit's scale changed. */
    oldInNewUnit?: string;
    /** new − old as amounts in NEW's unit (exact decimal). */
    difference?: string;
    relativePercent?: string;
  };
  /** The subtotal's check changed: what became of it (describe.ts rollupOutcome), and both states in words. */
  rollup?: { outcome: RollupOutcome; old: string; new: string };
}

export type RowMarkKind = "added" | "removed" | "moved" | "changed";

export interface ViewRowMark {
  statement: number;
  row: number;
  mark: RowMarkKind;
  /** What else changed on the row (moved from, re-parented, label…), one phrase each. */
  notes: string[];
}

export interface ComparisonView {
  model: PreviewModel;
  /** The counts the summary words: values changed, rows added/removed/moved, subtotals worse/better, other changes. */
  counts: ViewCounts;
  /** Changes outside the tables and facts about the comparison, one line each (English, as the CLI). */
  lines: string[];
  rows: ViewRowMark[];
  cells: ViewCellMark[];
}

export interface ViewCounts {
  total: number;
  values: number;
  added: number;
  removed: number;
  moved: number;
  /** Subtotals that do not add up now. */
  fails: number;
  /** Subtotals that can no longer be checked (a child without a usable value). */
  unchecked: number;
  /** Subtotals that add up now. */
  better: number;
  other: number;
}

function viewCell(cell: CompareCell): ViewCellValue {
  if (cell === null) return { kind: "missing", value: "" };
  if (typeof cell === "string") return { kind: "value", value: cell };
  return "unavailable" in cell ? { kind: "unavailable", value: "" } : { kind: "invalid", value: cell.invalid };
}

function previewCellOf(cell: CompareCell | undefined, pointer: string): PreviewCell {
  const shown = cell === undefined ? { kind: "missing" as const, value: "" } : viewCell(cell);
  return { pointer, kind: shown.kind, value: shown.value, title: "", flag: "" };
}

/** "/statements/2/items/7" → 7, for pointers of NEW's rows. */
function itemIndexOf(pointer: string): number | undefined {
  const match = /\/items\/(\d+)$/.exec(pointer);
  return match === null ? undefined : Number(match[1]);
}

interface StatementPlan {
  /** The NEW statement's index in the model. */
  index: number;
  statement: PreviewStatement;
  /** Removed OLD rows to insert before NEW row index k (k = rows.length: at the end), in order. */
  before: Map<number, PreviewRow[]>;
  /** NEW row index → its index once removed rows are in. */
  shifted: number[];
  /** Removed item id → its row index once inserted. */
  removedRows: Map<string, number>;
}

/**
 * The view of `comparison` (OLD `oldValue`, NEW `newValue`) over `model`, NEW's preview model:
 * `model` is copied where rows are inserted and otherwise shared.
 */
export function comparisonView(
  comparison: Comparison,
  oldValue: unknown,
  newValue: unknown,
  model: PreviewModel,
  oldName: string,
  newName: string,
  /** Numbers, percentages and dates in the lines and notes as the display language writes them (the page formats the cells and headings itself). */
  display: Pick<DisplayFormat, "number" | "date" | "percent"> = NEUTRAL_FORMAT,
): ComparisonView {
  const names = new ComparisonNames(oldValue, newValue, display);
  /** A change outside the tables on a row: "Balance sheet › Cash: …". */
  const rowLine = (change: Change & { statement: string }, label: string) => `${names.statement(change.statement)} › ${label}: ${describeChange(change, names)}`;
  const oldSide = readSide(oldValue);
  const newSide = readSide(newValue);
  const statementIndex = new Map<string, number>();
  model.statements.forEach((statement, index) => {
    if (statement.id !== undefined && !statementIndex.has(statement.id)) statementIndex.set(statement.id, index);
  });

  // Removed rows go back where they stood: after the NEW row of the nearest OLD row before them that NEW still has.
  const plans = new Map<string, StatementPlan>();
  const removedByStatement = new Map<string, Extract<Change, { kind: "item-added" | "item-removed" }>[]>();
  for (const change of comparison.changes) {
    if (change.kind !== "item-removed") continue;
    const list = removedByStatement.get(change.statement);
    if (list === undefined) removedByStatement.set(change.statement, [change]);
    else list.push(change);
  }
  // Removed rows hold OLD's values by OLD's period ids; NEW's columns may be renamed periods.
  const oldPeriodOf = new Map<string, string>();
  for (const change of comparison.changes) if (change.kind === "period-renamed") oldPeriodOf.set(change.period, change.oldPeriod);
  const planOf = (statementId: string): StatementPlan | undefined => {
    const existing = plans.get(statementId);
    if (existing !== undefined) return existing;
    const index = statementIndex.get(statementId);
    const statement = index === undefined ? undefined : model.statements[index];
    if (index === undefined || statement === undefined) return undefined;
    const plan: StatementPlan = { index, statement, before: new Map(), shifted: [], removedRows: new Map() };
    const removed = removedByStatement.get(statementId) ?? [];
    const oldStatement = oldSide.statementsById.get(statementId);
    const newStatement = newSide.statementsById.get(statementId);
    if (removed.length > 0 && oldStatement !== undefined && newStatement !== undefined) {
      const rowOfItem = new Map<number, number>();
      statement.rows.forEach((row, rowIndex) => {
        const item = itemIndexOf(row.pointer);
        if (item !== undefined) rowOfItem.set(item, rowIndex);
      });
      const removedIds = new Map(removed.map((change) => [change.item, change]));
      let anchorRow = -1;
      for (const item of oldStatement.items) {
        const kept = newStatement.itemsById.get(item.id);
        if (kept !== undefined) {
          anchorRow = rowOfItem.get(kept.index) ?? anchorRow;
          continue;
        }
        const change = removedIds.get(item.id);
        if (change === undefined) continue;
        const at = anchorRow + 1;
        // A removed row points at the place it stood in NEW: the row before it (or the statement).
        const anchorPointer = anchorRow >= 0 ? (statement.rows[anchorRow] as PreviewRow).pointer : statement.pointer;
        const row: PreviewRow = {
          pointer: anchorPointer,
          id: item.id,
          label: item.label ?? item.id,
          depth: anchorRow >= 0 ? (statement.rows[anchorRow] as PreviewRow).depth : 0,
          subtotal: false,
          cells: statement.omitted === undefined ? statement.columns.map((column) => previewCellOf(change.values[oldPeriodOf.get(column.id) ?? column.id], anchorPointer)) : [],
        };
        if (statement.unitPerRow) row.unit = { text: item.unit ?? "", title: item.unit ?? "" };
        const list = plan.before.get(at);
        if (list === undefined) plan.before.set(at, [row]);
        else list.push(row);
      }
    }
    let inserted = 0;
    for (let rowIndex = 0; rowIndex <= statement.rows.length; rowIndex++) {
      for (const row of plan.before.get(rowIndex) ?? []) {
        if (row.id !== undefined) plan.removedRows.set(row.id, rowIndex + inserted);
        inserted++;
      }
      if (rowIndex < statement.rows.length) plan.shifted.push(rowIndex + inserted);
    }
    plans.set(statementId, plan);
    return plan;
  };

  const rowMarks = new Map<string, ViewRowMark>();
  const cellMarks = new Map<string, ViewCellMark>();
  const lines: string[] = [];
  const counts: ViewCounts = { total: comparison.changes.length, values: 0, added: 0, removed: 0, moved: 0, fails: 0, unchecked: 0, better: 0, other: 0 };

  const rowMark = (statement: number, row: number, mark: RowMarkKind): ViewRowMark => {
    const key = `${statement}:${row}`;
    let found = rowMarks.get(key);
    if (found === undefined) {
      found = { statement, row, mark, notes: [] };
      rowMarks.set(key, found);
    } else if (found.mark === "changed" || (found.mark === "moved" && mark !== "changed")) found.mark = mark;
    return found;
  };
  const cellMark = (statement: number, row: number, column: number): ViewCellMark => {
    const key = `${statement}:${row}:${column}`;
    let found = cellMarks.get(key);
    if (found === undefined) {
      found = { statement, row, column };
      cellMarks.set(key, found);
    }
    return found;
  };
  /** The NEW row (shifted) and the plan of a change on NEW's item at `path`. */
  const newRow = (change: Change & { statement: string }): { plan: StatementPlan; row: number } | undefined => {
    const plan = planOf(change.statement);
    const item = /^\/statements\/\d+\/items\/(\d+)/.exec(change.path);
    if (plan === undefined || item === null) return undefined;
    const itemIndex = Number(item[1]);
    // The model's rows are the statement's items in order, unless render bounds cut the statement.
    const rowIndex =
      plan.statement.rows[itemIndex] !== undefined && itemIndexOf((plan.statement.rows[itemIndex] as PreviewRow).pointer) === itemIndex
        ? itemIndex
        : plan.statement.rows.findIndex((row) => itemIndexOf(row.pointer) === itemIndex);
    const shifted = plan.shifted[rowIndex];
    return rowIndex < 0 || shifted === undefined ? undefined : { plan, row: shifted };
  };
  const columnOf = (plan: StatementPlan, period: string) => plan.statement.columns.findIndex((column) => column.id === period);

  for (const change of comparison.changes) {
    switch (change.kind) {
      case "value-changed": {
        counts.values++;
        const at = newRow(change);
        const column = at === undefined ? -1 : columnOf(at.plan, change.period);
        if (at === undefined || column < 0 || at.plan.statement.omitted !== undefined) {
          lines.push(rowLine(change, names.item(change.statement, change.item)));
          break;
        }
        rowMark(at.plan.index, at.row, "changed");
        const value: NonNullable<ViewCellMark["value"]> = { old: viewCell(change.old) };
        if (change.oldInNewUnit !== undefined) value.oldInNewUnit = change.oldInNewUnit;
        if (change.difference !== undefined) value.difference = change.difference;
        if (change.relativePercent !== undefined) value.relativePercent = change.relativePercent;
        cellMark(at.plan.index, at.row, column).value = value;
        break;
      }
      case "rollup-changed": {
        const outcome = rollupOutcome(change);
        if (outcome === "holds") counts.better++;
        else counts[outcome]++;
        const at = newRow(change);
        const column = at === undefined ? -1 : columnOf(at.plan, change.period);
        if (at === undefined || column < 0 || at.plan.statement.omitted !== undefined) {
          lines.push(rowLine(change, names.item(change.statement, change.item)));
          break;
        }
        rowMark(at.plan.index, at.row, "changed");
        cellMark(at.plan.index, at.row, column).rollup = {
          outcome,
          old: rollupStateText(change.old, names.number, names.itemIn(change.statement)),
          new: rollupStateText(change.new, names.number, names.itemIn(change.statement)),
        };
        break;
      }
      case "item-added":
      case "item-moved":
      case "item-reparented":
      case "item-changed": {
        if (change.kind === "item-added") counts.added++;
        else if (change.kind === "item-moved") counts.moved++;
        else counts.other++;
        const at = newRow(change);
        if (at === undefined) {
          lines.push(rowLine(change, names.item(change.statement, change.item)));
          break;
        }
        const mark = rowMark(at.plan.index, at.row, change.kind === "item-added" ? "added" : change.kind === "item-moved" ? "moved" : "changed");
        if (change.kind !== "item-added") mark.notes.push(describeChange(change, names));
        break;
      }
      case "item-removed": {
        counts.removed++;
        const plan = planOf(change.statement);
        const row = plan?.removedRows.get(change.item);
        if (plan === undefined || row === undefined) {
          lines.push(rowLine(change, change.label ?? change.item));
          break;
        }
        rowMark(plan.index, row, "removed").notes.push(describeChange(change, names));
        break;
      }
      default:
        counts.other++;
        lines.push("statement" in change ? `${names.statement(change.statement)}: ${describeChange(change, names)}` : describeChange(change, names));
    }
  }

  lines.push(snapshotLine(comparison));
  const incomplete = incompleteLine(comparison, oldName, newName);
  if (incomplete !== undefined) lines.push(incomplete);

  const statements = model.statements.map((statement) => {
    const plan = statement.id === undefined ? undefined : plans.get(statement.id);
    if (plan === undefined || plan.before.size === 0 || plan.statement !== statement) return statement;
    const rows: PreviewRow[] = [];
    for (let rowIndex = 0; rowIndex <= statement.rows.length; rowIndex++) {
      rows.push(...(plan.before.get(rowIndex) ?? []));
      if (rowIndex < statement.rows.length) rows.push(statement.rows[rowIndex] as PreviewRow);
    }
    return { ...statement, rows };
  });
  return { model: { title: model.title, statements }, counts, lines, rows: [...rowMarks.values()], cells: [...cellMarks.values()] };
}

/** The summary line of a view, in the user's language: "12 changes: 3 values changed, 1 row removed, …". */
export function viewSummary(counts: ViewCounts, number: (decimal: string) => string = groupDigits): string {
  if (counts.total === 0) return l10n.t("No changes in meaning.");
  const parts: string[] = [];
  const add = (n: number, one: (count: string) => string, many: (count: string) => string) => {
    if (n > 0) parts.push((n === 1 ? one : many)(number(String(n))));
  };
  add(
    counts.values,
    (n) => l10n.t("{0} value changed", n),
    (n) => l10n.t("{0} values changed", n),
  );
  add(
    counts.added,
    (n) => l10n.t("{0} row added", n),
    (n) => l10n.t("{0} rows added", n),
  );
  add(
    counts.removed,
    (n) => l10n.t("{0} row removed", n),
    (n) => l10n.t("{0} rows removed", n),
  );
  add(
    counts.moved,
    (n) => l10n.t("{0} row moved", n),
    (n) => l10n.t("{0} rows moved", n),
  );
  add(
    counts.fails,
    (n) => l10n.t("{0} subtotal stopped adding up", n),
    (n) => l10n.t("{0} subtotals stopped adding up", n),
  );
  add(
    counts.unchecked,
    (n) => l10n.t("{0} subtotal can no longer be checked", n),
    (n) => l10n.t("{0} subtotals can no longer be checked", n),
  );
  add(
    counts.better,
    (n) => l10n.t("{0} subtotal now adds up", n),
    (n) => l10n.t("{0} subtotals now add up", n),
  );
  add(
    counts.other,
    (n) => l10n.t("{0} other change", n),
    (n) => l10n.t("{0} other changes", n),
  );
  const total = number(String(counts.total));
  return counts.total === 1 ? l10n.t("1 change: {0}", parts.join(", ")) : l10n.t("{0} changes: {1}", total, parts.join(", "));
}
