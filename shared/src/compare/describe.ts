// Words for a comparison, shared by its text, Markdown and HTML forms and the editor's changes
// view: the names of statements, rows and periods from both sides, each change in one phrase,
// changes grouped by section, and the summary line. The phrases go through l10n.t: the command line
// never configures a bundle, so it stays English; the language server has the display language's,
// and gives the names its number and date formats (ComparisonNames.number, .date), so the view reads in one language.

import * as l10n from "@vscode/l10n";
import { groupDigits, signedDecimal } from "../render/format";
import { NEUTRAL_FORMAT, type DisplayFormat } from "../render/localeFormat";
import { periodName } from "../model/names";
import { cellOf, readSide, type Side } from "./read";
import type { Change, CompareCell, Comparison, RollupState, SideState } from "./types";

export class ComparisonNames {
  private readonly old: Side;
  private readonly now: Side;

  /** A decimal string as shown: digits grouped (the command line), or the display language's format. */
  readonly number: (decimal: string) => string;
  /** A date as shown: ISO (the command line), or the display language's form, as the preview's column headings. */
  readonly date: (iso: string) => string;
  /** A written number as a percentage: "+4.17%" (the command line, English), "+4,17 %" (German). */
  readonly percent: (number: string) => string;

  constructor(oldValue: unknown, newValue: unknown, display: Pick<DisplayFormat, "number" | "date" | "percent"> = NEUTRAL_FORMAT) {
    this.old = readSide(oldValue);
    this.now = readSide(newValue);
    this.number = display.number;
    this.date = display.date;
    this.percent = display.percent;
  }

  statement(id: string): string {
    const label = (this.now.statementsById.get(id) ?? this.old.statementsById.get(id))?.label;
    return label === undefined ? id : label;
  }

  item(statement: string, id: string): string {
    const item = this.now.statementsById.get(statement)?.itemsById.get(id) ?? this.old.statementsById.get(statement)?.itemsById.get(id);
    return item?.label ?? id;
  }

  /** The labels of one statement's items, by id (for rollupStateText). */
  itemIn(statement: string): (id: string) => string {
    return (id) => this.item(statement, id);
  }

  period(id: string): string {
    const period = this.now.periods.get(id) ?? this.old.periods.get(id);
    return period === undefined ? id : periodName(period, this.date);
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

const NONE = () => l10n.t("(none)");

export function cellText(cell: CompareCell | undefined, number: (decimal: string) => string = groupDigits): string {
  if (cell === undefined) return NONE();
  if (cell === null) return l10n.t("— (missing)");
  if (typeof cell === "string") return number(cell);
  if ("unavailable" in cell) return l10n.t("n/a (unavailable)");
  return l10n.t("{0} (not a decimal string)", cell.invalid);
}

/** "+1 (+0.83%)", the difference of a value change; empty when there is none. */
export function differenceText(change: Extract<Change, { kind: "value-changed" }>, display: Pick<DisplayFormat, "number" | "percent"> = NEUTRAL_FORMAT): string {
  if (change.difference === undefined) return "";
  return change.relativePercent === undefined
    ? signedDecimal(change.difference, display.number)
    : l10n.t("{0} ({1})", signedDecimal(change.difference, display.number), display.percent(signedDecimal(change.relativePercent, display.number)));
}

/** A subtotal's check in words; `name` turns the id of the item that stops the check into its label. */
export function rollupStateText(state: RollupState, number: (decimal: string) => string = groupDigits, name: (item: string) => string = (item) => item): string {
  switch (state.status) {
    case "absent":
      return l10n.t("no rollup check");
    case "satisfied":
      return state.difference === "0"
        ? l10n.t("adds up ({0})", number(state.actual))
        : l10n.t("adds up within tolerance {0} (difference {1})", number(state.tolerance), signedDecimal(state.difference, number));
    case "unsatisfied":
      return l10n.t("does not add up: stated {0}, children sum to {1} (difference {2})", number(state.actual), number(state.expected), signedDecimal(state.difference, number));
    case "error":
      return state.reason === "missing-value"
        ? l10n.t("not evaluated: {0} has no value (null)", name(state.item))
        : l10n.t("not evaluated: {0} has an unavailable value", name(state.item));
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

const show = (text: string | undefined) => (text === undefined ? NONE() : JSON.stringify(text));

/** The change in one phrase, without the statement it is in. Field names and ids are the document's own, never translated. */
export function describeChange(change: Change, names: ComparisonNames): string {
  const count = (n: number) => names.number(String(n));
  switch (change.kind) {
    case "document-changed":
      return l10n.t("{0}: {1} → {2}", change.field, show(change.old), show(change.new));
    case "unit-added":
      return l10n.t("unit {0} added ({1}, scale {2})", change.unit, change.measure ?? l10n.t("no measure"), change.scale ?? "?");
    case "unit-removed":
      return l10n.t("unit {0} removed", change.unit);
    case "unit-changed":
      return change.field === "scale"
        ? l10n.t("unit {0}: scale {1} → {2} (values compared as amounts)", change.unit, change.old ?? NONE(), change.new ?? NONE())
        : l10n.t("unit {0}: {1} {2} → {3}", change.unit, change.field, show(change.old), show(change.new));
    case "period-added":
      return l10n.t("period {0} added ({1})", change.period, names.period(change.period));
    case "period-removed":
      return l10n.t("period {0} removed ({1})", change.period, names.period(change.period));
    case "period-renamed":
      return l10n.t("period {0} renamed {1} ({2})", change.oldPeriod, change.period, names.period(change.period));
    case "period-changed":
      return l10n.t("period {0}: {1} {2} → {3}", change.period, change.field, show(change.old), show(change.new));
    case "statement-added":
      return change.items === 1 ? l10n.t("statement added ({0} row)", count(change.items)) : l10n.t("statement added ({0} rows)", count(change.items));
    case "statement-removed":
      return change.items === 1 ? l10n.t("statement removed ({0} row)", count(change.items)) : l10n.t("statement removed ({0} rows)", count(change.items));
    case "statement-moved":
      return l10n.t("statement moved from position {0} to {1}", count(change.oldIndex + 1), count(change.newIndex + 1));
    case "statement-changed":
      return l10n.t("label {0} → {1}", show(change.old), show(change.new));
    case "column-added":
      return l10n.t("column {0} added", names.period(change.period));
    case "column-removed":
      return l10n.t("column {0} removed", names.period(change.period));
    case "columns-reordered":
      return l10n.t("columns reordered: {0} → {1}", change.old.join(", "), change.new.join(", "));
    case "item-added":
      return l10n.t("row added at {0}", count(change.index + 1));
    case "item-removed":
      return l10n.t("row removed (was row {0})", count(change.index + 1));
    case "item-moved":
      return l10n.t("row moved from {0} to {1}", count(change.oldIndex + 1), count(change.newIndex + 1));
    case "item-reparented":
      return l10n.t("rolls up to {0} → {1}", change.old ?? l10n.t("(nothing)"), change.new ?? l10n.t("(nothing)"));
    case "item-changed":
      return l10n.t("{0} {1} → {2}", change.field, show(change.old), show(change.new));
    case "value-changed": {
      const difference = differenceText(change, names);
      const old = cellText(change.old, names.number);
      const from = change.oldInNewUnit === undefined ? old : l10n.t("{0} ({1} in the new unit)", old, names.number(change.oldInNewUnit));
      const now = cellText(change.new, names.number);
      return difference === ""
        ? l10n.t("{0}: {1} → {2}", names.period(change.period), from, now)
        : l10n.t("{0}: {1} → {2}, {3}", names.period(change.period), from, now, difference);
    }
    case "rollup-changed":
      return l10n.t(
        "{0}: subtotal {1} → {2}",
        names.period(change.period),
        rollupStateText(change.old, names.number, names.itemIn(change.statement)),
        rollupStateText(change.new, names.number, names.itemIn(change.statement)),
      );
    case "error-added":
      return l10n.t("new error {0} at {1}: {2}", change.code, change.path || l10n.t("(document)"), change.message);
    case "error-fixed":
      return l10n.t("fixed error {0} at {1}: {2}", change.code, change.path || l10n.t("(document)"), change.message);
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

/**
 * What became of a subtotal's check that changed: it does not add up now ("fails"), it can no
 * longer be evaluated, for a child without a usable value ("unchecked"), or it adds up or has no
 * check now ("holds"). A check that cannot be evaluated is not one that fails: the Problems panel
 * calls it a warning, not an error.
 */
export type RollupOutcome = "fails" | "unchecked" | "holds";

export function rollupOutcome(change: Extract<Change, { kind: "rollup-changed" }>): RollupOutcome {
  return change.new.status === "unsatisfied" ? "fails" : change.new.status === "error" ? "unchecked" : "holds";
}

/** "14 changes: 9 values, 1 row added, 2 subtotals stopped adding up, …" */
export function summaryLine(comparison: Comparison): string {
  if (comparison.status === "same") return "No changes in meaning.";
  const count = (kind: Change["kind"]) => comparison.counts[kind] ?? 0;
  const parts: string[] = [];
  const add = (n: number, one: string, many: string) => {
    if (n > 0) parts.push(`${groupDigits(String(n))} ${n === 1 ? one : many}`);
  };
  const outcomes: Record<RollupOutcome, number> = { fails: 0, unchecked: 0, holds: 0 };
  for (const change of comparison.changes) if (change.kind === "rollup-changed") outcomes[rollupOutcome(change)]++;
  add(count("value-changed"), "value changed", "values changed");
  add(count("item-added"), "row added", "rows added");
  add(count("item-removed"), "row removed", "rows removed");
  add(count("item-moved"), "row moved", "rows moved");
  add(count("item-reparented"), "row re-parented", "rows re-parented");
  add(count("item-changed"), "row detail changed", "row details changed");
  add(outcomes.fails, "subtotal stopped adding up", "subtotals stopped adding up");
  add(outcomes.unchecked, "subtotal can no longer be checked", "subtotals can no longer be checked");
  add(outcomes.holds, "subtotal now adds up", "subtotals now add up");
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
  switch (comparison.snapshot) {
    case "absent":
      return l10n.t("validationSnapshot: none on either side");
    case "unchanged":
      return l10n.t("validationSnapshot: unchanged");
    case "added":
      return l10n.t("validationSnapshot: added");
    case "removed":
      return l10n.t("validationSnapshot: removed");
    case "changed":
      return l10n.t("validationSnapshot: changed (re-recorded; not counted as a change)");
  }
}

export function incompleteLine(comparison: Comparison, oldName: string, newName: string): string | undefined {
  if (comparison.complete) return undefined;
  const oldFails = comparison.old.conformance === "nonconforming";
  const newFails = comparison.new.conformance === "nonconforming";
  if (oldFails && newFails)
    return l10n.t("{0} and {1} do not conform: compared as far as they could be read; rollups are compared only where both sides conform.", oldName, newName);
  return l10n.t("{0} does not conform: compared as far as it could be read; rollups are compared only where both sides conform.", oldFails ? oldName : newFails ? newName : "");
}
