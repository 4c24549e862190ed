// Looks up rollup applications of a validation result by the cell they concern. The result may
// be stale or belong to another document: an application that names no rendered cell is simply
// not shown. They are indexed by statement, item and period, a Map a level: ids are data, any
// string included, and no key is made per cell.

import type { ErrorApplication, RollupApplication, ValidationResult } from "../types";
import type { StatusSummary } from "./model";
import { isRecord, member, type JsonRecord } from "../json/read";

export interface ApplicationIndex {
  /** The application for a parent item in one period of one statement. */
  application(statement: string, parent: string, period: string): RollupApplication | undefined;
  /** The error applications whose missing or unavailable cell is this one. */
  blocking(statement: string, item: string, period: string): readonly ErrorApplication[];
  /**
   * The same lookups for one row's cells (an item of a statement), found once for the row: the
   * preview presents a row's cells one period after another, and a key per cell (made from the
   * three ids and hashed) was the largest part of building the model of a large document.
   */
  ofRow(statement: string, item: string): RowApplications;
}

/** ApplicationIndex's lookups for one row: by period. */
export interface RowApplications {
  /** The application of this row as a parent in `period`. */
  application(period: string): RollupApplication | undefined;
  /** The error applications whose missing or unavailable cell is this row's in `period`. */
  blocking(period: string): readonly ErrorApplication[];
  /** Whether any cell of this row stops a check (blocking gives none for every period otherwise). */
  readonly blocks: boolean;
}

const EMPTY: readonly ErrorApplication[] = [];

/** Statement id → item id → period → what a cell holds: ids are data, so each level is a Map. */
type ByCell<T> = Map<string, Map<string, Map<string, T>>>;

function cellEntry<T>(index: ByCell<T>, statement: string, item: string): Map<string, T> {
  let items = index.get(statement);
  if (items === undefined) index.set(statement, (items = new Map()));
  let periods = items.get(item);
  if (periods === undefined) items.set(item, (periods = new Map()));
  return periods;
}

const isId = (value: unknown): value is string => typeof value === "string";

function applicationsOf(result: ValidationResult | undefined): readonly unknown[] {
  const applications = member(member(result, "calculations"), "applications");
  return Array.isArray(applications) ? applications : [];
}

/** The application when its members have the types of section 2.10, so rendering can trust them. */
function wellFormed(entry: JsonRecord): RollupApplication | undefined {
  const status = member(entry, "status");
  if (status === "satisfied" || status === "unsatisfied") {
    const numbers = ["actual", "expected", "difference", "tolerance"].every((name) => typeof member(entry, name) === "string");
    return numbers ? (entry as unknown as RollupApplication) : undefined;
  }
  if (status !== "error") return undefined;
  const reason = member(entry, "reason");
  const cell = member(entry, "cell");
  if (reason !== "missing-value" && reason !== "unavailable-value") return undefined;
  if (!isId(member(cell, "statement")) || !isId(member(cell, "item")) || !isId(member(cell, "period"))) return undefined;
  return entry as unknown as ErrorApplication;
}

const NO_PERIODS: ReadonlyMap<string, never> = new Map<string, never>();

export function indexApplications(result: ValidationResult | undefined): ApplicationIndex {
  const byKey: ByCell<RollupApplication> = new Map();
  const byCell: ByCell<ErrorApplication[]> = new Map();
  for (const entry of applicationsOf(result)) {
    if (!isRecord(entry)) continue;
    const key = member(entry, "key");
    const statement = member(key, "statement");
    const parent = member(key, "parent");
    const period = member(key, "period");
    if (!isId(statement) || !isId(parent) || !isId(period)) continue;
    const application = wellFormed(entry);
    if (application === undefined) continue;
    const periods = cellEntry(byKey, statement, parent);
    if (!periods.has(period)) periods.set(period, application);
    if (application.status !== "error") continue;
    const { cell } = application;
    const blocked = cellEntry(byCell, cell.statement, cell.item);
    const list = blocked.get(cell.period);
    if (list === undefined) blocked.set(cell.period, [application]);
    else list.push(application);
  }
  const ofRow = (statement: string, item: string): RowApplications => {
    const applications = byKey.get(statement)?.get(item) ?? NO_PERIODS;
    const blocked = byCell.get(statement)?.get(item) ?? NO_PERIODS;
    return {
      application: (period) => applications.get(period),
      blocking: (period) => blocked.get(period) ?? EMPTY,
      blocks: blocked.size > 0,
    };
  };
  return {
    application: (statement, parent, period) => byKey.get(statement)?.get(parent)?.get(period),
    blocking: (statement, item, period) => byCell.get(statement)?.get(item)?.get(period) ?? EMPTY,
    ofRow,
  };
}

export function summarize(result: ValidationResult | undefined): StatusSummary | undefined {
  if (result === undefined || !isRecord(result)) return undefined;
  const conformance = member(member(result, "conformance"), "status");
  const calculations = member(member(result, "calculations"), "status");
  const errors = member(member(result, "conformance"), "errors");
  const counts = { satisfied: 0, unsatisfied: 0, error: 0 };
  for (const entry of applicationsOf(result)) {
    const status = member(entry, "status");
    if (status === "satisfied" || status === "unsatisfied" || status === "error") counts[status] += 1;
  }
  return {
    conformance: conformance === "conforming" ? "conforming" : "nonconforming",
    errorCount: Array.isArray(errors) ? errors.length : 0,
    calculations: calculations === "not-defined" || calculations === "consistent" || calculations === "inconsistent" ? calculations : "not-run",
    satisfied: counts.satisfied,
    unsatisfied: counts.unsatisfied,
    errors: counts.error,
  };
}
