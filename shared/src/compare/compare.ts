// compareDocuments: two FS documents, OLD and NEW, compared by meaning rather than by text.
// Statements, items, units and periods are matched by id (a period whose id changed but whose
// kind and dates did not is one rename); formatting and member order are invisible, since both
// sides are parsed values; validationSnapshot is reported apart. Values are compared as amounts
// (value × 10^scale) in exact decimals. One pass over each side: linear in the documents.

import { member, stringMember } from "../json/read";
import { comparePointers, pointer } from "../json/pointer";
import { applicationKey } from "../model/keys";
import { periodName } from "../model/names";
import type { RollupApplication, ValidationResult } from "../types";
import { difference, inNewUnit, relativePercent } from "./amounts";
import { movedPositions } from "./order";
import { cellOf, readSide, rowValues, type Side, type SideItem, type SidePeriod, type SideStatement, type SideUnit } from "./read";
import type { Change, CompareCell, Comparison, DocumentField, RollupState, SideState, ValueChange } from "./types";

/** One side: the parsed document and its validation result (both sides are validated by the caller, who usually has them). */
export interface CompareInput {
  value: unknown;
  result: ValidationResult;
}

export function compareDocuments(oldInput: CompareInput, newInput: CompareInput): Comparison {
  const oldSide = readSide(oldInput.value);
  const newSide = readSide(newInput.value);
  const changes: Change[] = [];
  compareIdentity(oldSide.value, newSide.value, changes);
  compareUnits(oldSide, newSide, changes);
  const periods = matchPeriods(oldSide, newSide, changes);
  // Rollups are compared only where both sides evaluated them: a side that does not conform has none.
  const bothRan = oldInput.result.calculations.status !== "not-run" && newInput.result.calculations.status !== "not-run";
  const indexes = bothRan ? { old: applicationsByKey(oldInput.result, periods.oldToNew), new: applicationsByKey(newInput.result, undefined) } : { old: new Map(), new: new Map() };
  const rollups: Rollups = { ...indexes, parents: parentsByStatement(indexes) };
  compareStatements(oldSide, newSide, periods, rollups, changes);
  compareConformance(oldInput.result, newInput.result, changes);
  const counts: Comparison["counts"] = {};
  for (const change of changes) counts[change.kind] = (counts[change.kind] ?? 0) + 1;
  return {
    status: changes.length === 0 ? "same" : "different",
    old: sideState(oldInput.result),
    new: sideState(newInput.result),
    complete: oldInput.result.conformance.status === "conforming" && newInput.result.conformance.status === "conforming",
    snapshot: compareSnapshots(member(oldSide.value, "validationSnapshot"), member(newSide.value, "validationSnapshot")),
    counts,
    changes,
  };
}

function sideState(result: ValidationResult): SideState {
  return { conformance: result.conformance.status, calculations: result.calculations.status, errors: result.conformance.errors.length };
}

const IDENTITY: readonly (readonly [DocumentField, string, string | undefined])[] = [
  ["formatVersion", "formatVersion", undefined],
  ["documentId", "documentId", undefined],
  ["entity.name", "entity", "name"],
  ["entity.id", "entity", "id"],
  ["scope.label", "scope", "label"],
  ["scope.id", "scope", "id"],
];

function compareIdentity(oldValue: unknown, newValue: unknown, changes: Change[]): void {
  for (const [field, key, inner] of IDENTITY) {
    const read = (value: unknown) => (inner === undefined ? stringMember(value, key) : stringMember(member(value, key), inner));
    const old = read(oldValue);
    const now = read(newValue);
    if (old !== now) changes.push({ kind: "document-changed", path: inner === undefined ? pointer(key) : pointer(key, inner), field, old, new: now });
  }
}

function compareUnits(oldSide: Side, newSide: Side, changes: Change[]): void {
  for (const unit of newSide.units.values()) {
    const path = pointer("units", unit.index);
    const old = oldSide.units.get(unit.id);
    if (old === undefined) {
      changes.push({ kind: "unit-added", path, unit: unit.id, label: unit.label, measure: unit.measure, scale: unit.scale });
      continue;
    }
    for (const field of ["label", "measure", "scale", "defaultTolerance"] as const) {
      if (old[field] !== unit[field]) changes.push({ kind: "unit-changed", path: pointer("units", unit.index, field), unit: unit.id, field, old: old[field], new: unit[field] });
    }
  }
  for (const unit of oldSide.units.values()) {
    if (!newSide.units.has(unit.id)) {
      changes.push({ kind: "unit-removed", path: pointer("units", unit.index), unit: unit.id, label: unit.label, measure: unit.measure, scale: unit.scale });
    }
  }
}

interface PeriodMatch {
  /** OLD period id → NEW period id, for every OLD period NEW still has (renamed or not). */
  oldToNew: Map<string, string>;
  newToOld: Map<string, string>;
}

function matchPeriods(oldSide: Side, newSide: Side, changes: Change[]): PeriodMatch {
  const oldToNew = new Map<string, string>();
  const newToOld = new Map<string, string>();
  // A NEW period with an id OLD lacks may be an OLD one renamed: the same kind and dates.
  const oldBySignature = new Map<string, SidePeriod>();
  for (const period of oldSide.periods.values()) {
    if (newSide.periods.has(period.id)) {
      oldToNew.set(period.id, period.id);
      newToOld.set(period.id, period.id);
    } else if (period.signature !== undefined && !oldBySignature.has(period.signature)) oldBySignature.set(period.signature, period);
  }
  for (const period of newSide.periods.values()) {
    const path = pointer("periods", period.index);
    const same = oldSide.periods.get(period.id);
    if (same !== undefined) {
      for (const field of ["kind", "date", "start", "end"] as const) {
        if (same[field] !== period[field])
          changes.push({ kind: "period-changed", path: pointer("periods", period.index, field), period: period.id, field, old: same[field], new: period[field] });
      }
      continue;
    }
    const renamed = period.signature === undefined ? undefined : oldBySignature.get(period.signature);
    if (renamed !== undefined) {
      oldBySignature.delete(period.signature as string);
      oldToNew.set(renamed.id, period.id);
      newToOld.set(period.id, renamed.id);
      changes.push({ kind: "period-renamed", path: pointer("periods", period.index, "id"), period: period.id, oldPeriod: renamed.id, label: periodName(period) });
    } else changes.push({ kind: "period-added", path, period: period.id, label: periodName(period) });
  }
  for (const period of oldSide.periods.values()) {
    if (!oldToNew.has(period.id)) changes.push({ kind: "period-removed", path: pointer("periods", period.index), period: period.id, label: periodName(period) });
  }
  return { oldToNew, newToOld };
}

type ApplicationIndex = Map<string, RollupApplication>;

/** A side's applications by key, its period ids written as NEW's (`periods`), when its rollups ran. */
function applicationsByKey(result: ValidationResult, periods: ReadonlyMap<string, string> | undefined): ApplicationIndex {
  const index: ApplicationIndex = new Map();
  for (const application of result.calculations.applications) {
    const { statement, parent, period } = application.key;
    const mapped = periods === undefined ? period : periods.get(period);
    if (mapped !== undefined) index.set(applicationKey(statement, parent, mapped), application);
  }
  return index;
}

interface Rollups {
  old: ApplicationIndex;
  new: ApplicationIndex;
  parents: Map<string, Set<string>>;
}

function compareStatements(oldSide: Side, newSide: Side, periods: PeriodMatch, rollups: Rollups, changes: Change[]): void {
  const common = newSide.statements.filter((statement) => oldSide.statementsById.has(statement.id));
  const moved = movedPositions(common.map((statement) => (oldSide.statementsById.get(statement.id) as SideStatement).index));
  const movedIds = new Set([...moved].map((k) => (common[k] as SideStatement).id));
  for (const statement of newSide.statements) {
    const path = pointer("statements", statement.index);
    const old = oldSide.statementsById.get(statement.id);
    if (old === undefined) {
      changes.push({ kind: "statement-added", path, statement: statement.id, label: statement.label, items: statement.items.length });
      continue;
    }
    if (movedIds.has(statement.id)) changes.push({ kind: "statement-moved", path, statement: statement.id, oldIndex: old.index, newIndex: statement.index });
    if (old.label !== statement.label)
      changes.push({ kind: "statement-changed", path: `${path}/label`, statement: statement.id, field: "label", old: old.label, new: statement.label });
    compareStatement(old, statement, oldSide, newSide, periods, rollups, changes);
  }
  for (const statement of oldSide.statements) {
    if (!newSide.statementsById.has(statement.id)) {
      changes.push({ kind: "statement-removed", path: pointer("statements", statement.index), statement: statement.id, label: statement.label, items: statement.items.length });
    }
  }
}

function compareColumns(old: SideStatement, statement: SideStatement, periods: PeriodMatch, changes: Change[]): void {
  const path = pointer("statements", statement.index, "periods");
  const oldColumns = old.periods.map((period) => periods.oldToNew.get(period) ?? `\u0000${period}`);
  const oldSet = new Set(oldColumns);
  const newSet = new Set(statement.periods);
  for (const period of statement.periods) if (!oldSet.has(period)) changes.push({ kind: "column-added", path, statement: statement.id, period });
  old.periods.forEach((period, index) => {
    if (!newSet.has(oldColumns[index] as string)) changes.push({ kind: "column-removed", path, statement: statement.id, period });
  });
  const keptOld = oldColumns.filter((period) => newSet.has(period));
  const keptNew = statement.periods.filter((period) => oldSet.has(period));
  if (keptOld.some((period, index) => period !== keptNew[index])) changes.push({ kind: "columns-reordered", path, statement: statement.id, old: keptOld, new: keptNew });
}

function compareStatement(old: SideStatement, statement: SideStatement, oldSide: Side, newSide: Side, periods: PeriodMatch, rollups: Rollups, changes: Change[]): void {
  compareColumns(old, statement, periods, changes);
  // The periods both columns lists have, in NEW's order, with their OLD ids.
  const shared: [string, string][] = [];
  const oldColumns = new Set(old.periods);
  for (const period of statement.periods) {
    const oldPeriod = periods.newToOld.get(period);
    if (oldPeriod !== undefined && oldColumns.has(oldPeriod)) shared.push([period, oldPeriod]);
  }
  const parents = rollups.parents.get(statement.id) ?? new Set<string>();

  const commonItems = statement.items.filter((item) => old.itemsById.has(item.id));
  const moved = movedPositions(commonItems.map((item) => (old.itemsById.get(item.id) as SideItem).index));
  const movedIds = new Set([...moved].map((k) => (commonItems[k] as SideItem).id));

  // Removed rows are listed where they stood: after the NEW row of the nearest OLD row before them that NEW still has.
  const removedAfter = new Map<number, SideItem[]>();
  let anchor = -1;
  for (const item of old.items) {
    const kept = statement.itemsById.get(item.id);
    if (kept !== undefined) anchor = kept.index;
    else {
      const list = removedAfter.get(anchor);
      if (list === undefined) removedAfter.set(anchor, [item]);
      else list.push(item);
    }
  }
  const emitRemoved = (at: number) => {
    for (const item of removedAfter.get(at) ?? []) {
      const path = pointer("statements", old.index, "items", item.index);
      changes.push({ kind: "item-removed", path, statement: statement.id, item: item.id, label: item.label, index: item.index, values: rowValues(item, old.periods) });
    }
  };
  emitRemoved(-1);
  for (const item of statement.items) {
    const path = pointer("statements", statement.index, "items", item.index);
    const before = old.itemsById.get(item.id);
    if (before === undefined) {
      changes.push({ kind: "item-added", path, statement: statement.id, item: item.id, label: item.label, index: item.index, values: rowValues(item, statement.periods) });
    } else {
      if (movedIds.has(item.id)) changes.push({ kind: "item-moved", path, statement: statement.id, item: item.id, oldIndex: before.index, newIndex: item.index });
      if (before.rollupTo !== item.rollupTo)
        changes.push({ kind: "item-reparented", path: `${path}/rollupTo`, statement: statement.id, item: item.id, old: before.rollupTo, new: item.rollupTo });
      for (const field of ["label", "unit", "description"] as const) {
        if (before[field] !== item[field])
          changes.push({ kind: "item-changed", path: `${path}/${field}`, statement: statement.id, item: item.id, field, old: before[field], new: item[field] });
      }
      compareRow(statement, before, item, oldSide.units, newSide.units, shared, path, changes);
    }
    if (parents.has(item.id)) compareRollups(statement, item, shared, rollups, path, changes);
    emitRemoved(item.index);
  }
}

/** The items that are subtotals on either side, by statement id. */
function parentsByStatement(rollups: Omit<Rollups, "parents">): Map<string, Set<string>> {
  const parents = new Map<string, Set<string>>();
  for (const index of [rollups.old, rollups.new]) {
    for (const { key } of index.values()) {
      const set = parents.get(key.statement);
      if (set === undefined) parents.set(key.statement, new Set([key.parent]));
      else set.add(key.parent);
    }
  }
  return parents;
}

function compareRow(
  statement: SideStatement,
  old: SideItem,
  item: SideItem,
  oldUnits: ReadonlyMap<string, SideUnit>,
  newUnits: ReadonlyMap<string, SideUnit>,
  shared: readonly [string, string][],
  path: string,
  changes: Change[],
): void {
  const oldUnit = old.unit === undefined ? undefined : oldUnits.get(old.unit);
  const newUnit = item.unit === undefined ? undefined : newUnits.get(item.unit);
  const sameMeasure = oldUnit?.measure === newUnit?.measure;
  const oldScale = oldUnit?.scale;
  const newScale = newUnit?.scale;
  const sameScale = oldScale === newScale;
  const oldValues = old.values;
  const newValues = item.values;
  for (const [period, oldPeriod] of shared) {
    // Most cells are the same text: decided without reading them as cells.
    const before = member(oldValues, oldPeriod);
    const after = member(newValues, period);
    if (sameScale && before === after && (typeof before === "string" || before === null)) continue;
    const oldCell = cellOf(old, oldPeriod);
    const newCell = cellOf(item, period);
    if (oldCell === undefined || newCell === undefined) continue;
    const change = compareCell(oldCell, newCell, sameMeasure, oldScale, newScale);
    if (change !== undefined)
      changes.push({
        kind: "value-changed",
        path: `${path}/values/${pointer(period).slice(1)}`,
        statement: statement.id,
        item: item.id,
        period,
        old: oldCell,
        new: newCell,
        ...change,
      });
  }
}

type CellDifference = Pick<ValueChange, "oldInNewUnit" | "difference" | "relativePercent">;

/** undefined when the cells state the same thing; otherwise the difference, where there is one. */
export function compareCell(old: CompareCell, now: CompareCell, sameMeasure: boolean, oldScale: string | undefined, newScale: string | undefined): CellDifference | undefined {
  if (typeof old === "string" && typeof now === "string") {
    if (!sameMeasure) return old === now ? undefined : {};
    if (oldScale === undefined || newScale === undefined || oldScale === newScale) {
      return old === now ? undefined : withDifference(now, old, undefined);
    }
    const rewritten = inNewUnit(old, BigInt(oldScale), BigInt(newScale));
    if (rewritten === undefined) return old === "0" && now === "0" ? undefined : {};
    return rewritten === now ? undefined : withDifference(now, rewritten, rewritten);
  }
  return sameCell(old, now) ? undefined : {};
}

function withDifference(now: string, old: string, oldInNewUnit: string | undefined): CellDifference {
  const change = difference(now, old);
  const relative = relativePercent(change, old);
  return { ...(oldInNewUnit === undefined ? {} : { oldInNewUnit }), difference: change, ...(relative === undefined ? {} : { relativePercent: relative }) };
}

function sameCell(old: CompareCell, now: CompareCell): boolean {
  if (old === null || now === null || typeof old === "string" || typeof now === "string") return old === now;
  if ("unavailable" in old) return "unavailable" in now;
  return "invalid" in now && now.invalid === old.invalid;
}

function rollupState(application: RollupApplication | undefined): RollupState {
  if (application === undefined) return { status: "absent" };
  if (application.status === "error") return { status: "error", reason: application.reason, item: application.cell.item };
  const { status, actual, expected, difference: off, tolerance } = application;
  return { status, actual, expected, difference: off, tolerance };
}

function stateName(state: RollupState): string {
  return state.status === "error" ? `error ${state.reason}` : state.status;
}

function compareRollups(statement: SideStatement, item: SideItem, shared: readonly [string, string][], rollups: Rollups, path: string, changes: Change[]): void {
  for (const [period] of shared) {
    const key = applicationKey(statement.id, item.id, period);
    const old = rollupState(rollups.old.get(key));
    const now = rollupState(rollups.new.get(key));
    const oldName = stateName(old);
    const newName = stateName(now);
    if (oldName === newName) continue;
    // A subtotal that appears or goes away holding is no news: the row's own change says it.
    if ((oldName === "absent" && newName === "satisfied") || (oldName === "satisfied" && newName === "absent")) continue;
    changes.push({ kind: "rollup-changed", path: `${path}/values/${pointer(period).slice(1)}`, statement: statement.id, item: item.id, period, old, new: now });
  }
}

function compareConformance(oldResult: ValidationResult, newResult: ValidationResult, changes: Change[]): void {
  const key = (error: { code: string; path: string }) => `${error.code}\u0000${error.path}`;
  const oldKeys = new Set(oldResult.conformance.errors.map(key));
  const newKeys = new Set(newResult.conformance.errors.map(key));
  const found: { kind: "error-added" | "error-fixed"; path: string; code: string; message: string }[] = [];
  for (const { code, path, message } of newResult.conformance.errors) if (!oldKeys.has(key({ code, path }))) found.push({ kind: "error-added", path, code, message });
  for (const { code, path, message } of oldResult.conformance.errors) if (!newKeys.has(key({ code, path }))) found.push({ kind: "error-fixed", path, code, message });
  found.sort((a, b) => comparePointers(a.path, b.path) || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  changes.push(...found);
}

/** The snapshot as one line's worth: member order and formatting are not changes. */
function compareSnapshots(old: unknown, now: unknown): Comparison["snapshot"] {
  if (old === undefined) return now === undefined ? "absent" : "added";
  if (now === undefined) return "removed";
  return canonicalJson(old) === canonicalJson(now) ? "unchanged" : "changed";
}

/** JSON text with every object's members sorted: equal for values equal but for member order. */
export function canonicalJson(value: unknown): string {
  const parts: string[] = [];
  const write = (node: unknown): void => {
    if (Array.isArray(node)) {
      parts.push("[");
      node.forEach((element, index) => {
        if (index > 0) parts.push(",");
        write(element);
      });
      parts.push("]");
    } else if (typeof node === "object" && node !== null) {
      parts.push("{");
      Object.keys(node)
        .sort()
        .forEach((name, index) => {
          if (index > 0) parts.push(",");
          parts.push(JSON.stringify(name), ":");
          write((node as Record<string, unknown>)[name]);
        });
      parts.push("}");
    } else parts.push(JSON.stringify(node));
  };
  write(value);
  return parts.join("");
}
