// Looks up rollup applications of a validation result by the cell they concern. The result may
// be stale or belong to another document: an application that names no rendered cell is simply
// not shown. Keys are tuples of ids, so they are joined as JSON to keep them unambiguous.

import type { ErrorApplication, RollupApplication, ValidationResult } from "../types";
import type { StatusSummary } from "./model";
import { isRecord, member, type JsonRecord } from "../json/read";
import { applicationKey } from "../model/keys";

export interface ApplicationIndex {
  /** The application for a parent item in one period of one statement. */
  application(statement: string, parent: string, period: string): RollupApplication | undefined;
  /** The error applications whose missing or unavailable cell is this one. */
  blocking(statement: string, item: string, period: string): readonly ErrorApplication[];
}

const EMPTY: readonly ErrorApplication[] = [];

function cellKey(statement: unknown, item: unknown, period: unknown): string | undefined {
  if (typeof statement !== "string" || typeof item !== "string" || typeof period !== "string") return undefined;
  return applicationKey(statement, item, period);
}

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
  if (cellKey(member(cell, "statement"), member(cell, "item"), member(cell, "period")) === undefined) return undefined;
  return entry as unknown as ErrorApplication;
}

export function indexApplications(result: ValidationResult | undefined): ApplicationIndex {
  const byKey = new Map<string, RollupApplication>();
  const byCell = new Map<string, ErrorApplication[]>();
  for (const entry of applicationsOf(result)) {
    if (!isRecord(entry)) continue;
    const key = member(entry, "key");
    const id = cellKey(member(key, "statement"), member(key, "parent"), member(key, "period"));
    if (id === undefined) continue;
    const application = wellFormed(entry);
    if (application === undefined) continue;
    if (!byKey.has(id)) byKey.set(id, application);
    if (application.status !== "error") continue;
    const { cell } = application;
    const blocked = cellKey(cell.statement, cell.item, cell.period) as string;
    const list = byCell.get(blocked) ?? [];
    list.push(application);
    byCell.set(blocked, list);
  }
  return {
    application: (statement, parent, period) => byKey.get(cellKey(statement, parent, period) ?? ""),
    blocking: (statement, item, period) => byCell.get(cellKey(statement, item, period) ?? "") ?? EMPTY,
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
