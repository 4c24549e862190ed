// Words for a comparison, shared by its text, Markdown and HTML forms (English, as the command
// line is): the names of statements, rows and periods from both sides, each change in one phrase,
// changes grouped by section, and the summary line.

import { groupDigits } from "../render/format";
import { periodLabel } from "./compare";
import { cellOf, readSide, type Side } from "./read";
import type { Change, CompareCell, Comparison, RollupState, SideState } from "./types";

export class ComparisonNames {
  private readonly old: Side;
  private readonly now: Side;

  constructor(oldValue: unknown, newValue: unknown) {
    this.old = readSide(oldValue);
    this.now = readSide(newValue);
  }

  statement(id: string): string {
    const label = (this.now.statementsById.get(id) ?? this.old.statementsById.get(id))?.label;
    return label === undefined ? id : label;
  }

  item(statement: string, id: string): string {
    const item = this.now.statementsById.get(statement)?.itemsById.get(id) ?? this.old.statementsById.get(statement)?.itemsById.get(id);
    return item?.label ?? id;
  }

  period(id: string): string {
    const period = this.now.periods.get(id) ?? this.old.periods.get(id);
    return period === undefined ? id : periodLabel(period);
  }

  /** The cell NEW (or, for a row NEW no longer has, OLD) stores for the row and period. */
  cell(statement: string, item: string, period: string): CompareCell | undefined {
    const row = this.now.statementsById.get(statement)?.itemsById.get(item);
    if (row !== undefined) return cellOf(row, period);
    const old = this.old.statementsById.get(statement)?.itemsById.get(item);
    return old === undefined ? undefined : cellOf(old, period);
  }

  /** The statement's period ids in NEW (or OLD, when NEW has no such statement). */
  columns(statement: string): string[] {
    return (this.now.statementsById.get(statement) ?? this.old.statementsById.get(statement))?.periods ?? [];
  }
}

export function cellText(cell: CompareCell | undefined): string {
  if (cell === undefined) return "(none)";
  if (cell === null) return "— (missing)";
  if (typeof cell === "string") return groupDigits(cell);
  if ("unavailable" in cell) return "n/a (unavailable)";
  return `${cell.invalid} (not a decimal string)`;
}

export function signed(decimal: string): string {
  return decimal.startsWith("-") ? `−${groupDigits(decimal.slice(1))}` : `+${groupDigits(decimal)}`;
}

/** "+1 (+0.83%)", the difference of a value change; empty when there is none. */
export function differenceText(change: Extract<Change, { kind: "value-changed" }>): string {
  if (change.difference === undefined) return "";
  return change.relativePercent === undefined ? signed(change.difference) : `${signed(change.difference)} (${signed(change.relativePercent)}%)`;
}

export function rollupStateText(state: RollupState): string {
  switch (state.status) {
    case "absent":
      return "no rollup check";
    case "satisfied":
      return state.difference === "0"
        ? `adds up (${groupDigits(state.actual)})`
        : `adds up within tolerance ${groupDigits(state.tolerance)} (difference ${signed(state.difference)})`;
    case "unsatisfied":
      return `does not add up: stated ${groupDigits(state.actual)}, children sum to ${groupDigits(state.expected)} (difference ${signed(state.difference)})`;
    case "error":
      return `not evaluated: ${state.item} has ${state.reason === "missing-value" ? "no value (null)" : "an unavailable value"}`;
  }
}

export function sideText(state: SideState): string {
  const conformance = state.conformance === "conforming" ? "conforming" : `nonconforming (${state.errors} structural error${state.errors === 1 ? "" : "s"})`;
  const calculations: Record<SideState["calculations"], string> = {
    "not-run": "rollups not checked",
    "not-defined": "no rollups",
    consistent: "rollups consistent",
    inconsistent: "rollups inconsistent",
  };
  return `${conformance}, ${calculations[state.calculations]}`;
}

const show = (text: string | undefined) => (text === undefined ? "(none)" : JSON.stringify(text));

/** The change in one phrase, without the statement it is in. */
export function describeChange(change: Change, names: ComparisonNames): string {
  switch (change.kind) {
    case "document-changed":
      return `${change.field}: ${show(change.old)} → ${show(change.new)}`;
    case "unit-added":
      return `unit ${change.unit} added (${change.measure ?? "no measure"}, scale ${change.scale ?? "?"})`;
    case "unit-removed":
      return `unit ${change.unit} removed`;
    case "unit-changed":
      return change.field === "scale"
        ? `unit ${change.unit}: scale ${change.old ?? "(none)"} → ${change.new ?? "(none)"} (values compared as amounts)`
        : `unit ${change.unit}: ${change.field} ${show(change.old)} → ${show(change.new)}`;
    case "period-added":
      return `period ${change.period} added (${change.label})`;
    case "period-removed":
      return `period ${change.period} removed (${change.label})`;
    case "period-renamed":
      return `period ${change.oldPeriod} renamed ${change.period} (${change.label})`;
    case "period-changed":
      return `period ${change.period}: ${change.field} ${show(change.old)} → ${show(change.new)}`;
    case "statement-added":
      return `statement added (${change.items} row${change.items === 1 ? "" : "s"})`;
    case "statement-removed":
      return `statement removed (${change.items} row${change.items === 1 ? "" : "s"})`;
    case "statement-moved":
      return `statement moved from position ${change.oldIndex + 1} to ${change.newIndex + 1}`;
    case "statement-changed":
      return `label ${show(change.old)} → ${show(change.new)}`;
    case "column-added":
      return `column ${names.period(change.period)} added`;
    case "column-removed":
      return `column ${names.period(change.period)} removed`;
    case "columns-reordered":
      return `columns reordered: ${change.old.join(", ")} → ${change.new.join(", ")}`;
    case "item-added":
      return `row added at ${change.index + 1}`;
    case "item-removed":
      return `row removed (was row ${change.index + 1})`;
    case "item-moved":
      return `row moved from ${change.oldIndex + 1} to ${change.newIndex + 1}`;
    case "item-reparented":
      return `rolls up to ${change.old ?? "(nothing)"} → ${change.new ?? "(nothing)"}`;
    case "item-changed":
      return `${change.field} ${show(change.old)} → ${show(change.new)}`;
    case "value-changed": {
      const difference = differenceText(change);
      const rescaled = change.oldInNewUnit === undefined ? "" : ` (${groupDigits(change.oldInNewUnit)} in the new unit)`;
      return `${names.period(change.period)}: ${cellText(change.old)}${rescaled} → ${cellText(change.new)}${difference === "" ? "" : `, ${difference}`}`;
    }
    case "rollup-changed":
      return `${names.period(change.period)}: subtotal ${rollupStateText(change.old)} → ${rollupStateText(change.new)}`;
    case "error-added":
      return `new error ${change.code} at ${change.path || "(document)"}: ${change.message}`;
    case "error-fixed":
      return `fixed error ${change.code} at ${change.path || "(document)"}: ${change.message}`;
  }
}

export type Section = { kind: "document" } | { kind: "statement"; statement: string } | { kind: "conformance" };

/** The changes by section, in the comparison's order: document, units and periods; each statement; conformance. */
export function sections(comparison: Comparison): { section: Section; changes: Change[] }[] {
  const groups: { section: Section; changes: Change[] }[] = [];
  let current: { section: Section; changes: Change[] } | undefined;
  for (const change of comparison.changes) {
    const section: Section =
      change.kind === "error-added" || change.kind === "error-fixed"
        ? { kind: "conformance" }
        : "statement" in change
          ? { kind: "statement", statement: change.statement }
          : { kind: "document" };
    const same =
      current !== undefined &&
      current.section.kind === section.kind &&
      (section.kind !== "statement" || (current.section.kind === "statement" && current.section.statement === section.statement));
    if (!same) {
      current = { section, changes: [] };
      groups.push(current);
    }
    (current as { changes: Change[] }).changes.push(change);
  }
  return groups;
}

/** The row a change belongs to (an item id), if any. */
export function rowOf(change: Change): string | undefined {
  return "item" in change ? change.item : undefined;
}

/** Whether a subtotal's check got worse: held (or was absent) and now does not hold or cannot be evaluated. */
export function rollupWorse(change: Extract<Change, { kind: "rollup-changed" }>): boolean {
  const rank = (state: RollupState) => (state.status === "satisfied" || state.status === "absent" ? 0 : 1);
  return rank(change.new) > rank(change.old);
}

/** "14 changes: 9 values, 1 row added, 2 subtotals stopped adding up, …" */
export function summaryLine(comparison: Comparison): string {
  if (comparison.status === "same") return "No changes in meaning.";
  const count = (kind: Change["kind"]) => comparison.counts[kind] ?? 0;
  const parts: string[] = [];
  const add = (n: number, one: string, many: string) => {
    if (n > 0) parts.push(`${groupDigits(String(n))} ${n === 1 ? one : many}`);
  };
  let worse = 0;
  let better = 0;
  for (const change of comparison.changes) if (change.kind === "rollup-changed") rollupWorse(change) ? worse++ : better++;
  add(count("value-changed"), "value changed", "values changed");
  add(count("item-added"), "row added", "rows added");
  add(count("item-removed"), "row removed", "rows removed");
  add(count("item-moved"), "row moved", "rows moved");
  add(count("item-reparented"), "row re-parented", "rows re-parented");
  add(count("item-changed"), "row detail changed", "row details changed");
  add(worse, "subtotal stopped adding up", "subtotals stopped adding up");
  add(better, "subtotal now adds up", "subtotals now add up");
  add(count("statement-added") + count("statement-removed") + count("statement-moved") + count("statement-changed"), "statement change", "statement changes");
  add(count("column-added") + count("column-removed") + count("columns-reordered"), "column change", "column changes");
  add(count("unit-added") + count("unit-removed") + count("unit-changed"), "unit change", "unit changes");
  add(count("period-added") + count("period-removed") + count("period-renamed") + count("period-changed"), "period change", "period changes");
  add(count("document-changed"), "identity change", "identity changes");
  add(count("error-added"), "new structural error", "new structural errors");
  add(count("error-fixed"), "structural error fixed", "structural errors fixed");
  const total = comparison.changes.length;
  return `${groupDigits(String(total))} change${total === 1 ? "" : "s"}: ${parts.join(", ")}.`;
}

export function snapshotLine(comparison: Comparison): string {
  const words: Record<Comparison["snapshot"], string> = {
    absent: "validationSnapshot: none on either side",
    unchanged: "validationSnapshot: unchanged",
    added: "validationSnapshot: added",
    removed: "validationSnapshot: removed",
    changed: "validationSnapshot: changed (re-recorded; not counted as a change)",
  };
  return words[comparison.snapshot];
}

export function incompleteLine(comparison: Comparison, oldName: string, newName: string): string | undefined {
  if (comparison.complete) return undefined;
  const sides = [comparison.old.conformance === "nonconforming" ? oldName : undefined, comparison.new.conformance === "nonconforming" ? newName : undefined].filter(
    (name): name is string => name !== undefined,
  );
  return `${sides.join(" and ")} ${sides.length === 1 ? "does" : "do"} not conform: compared as far as ${sides.length === 1 ? "it" : "they"} could be read; rollups are compared only where both sides conform.`;
}
