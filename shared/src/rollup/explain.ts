// Why an unsatisfied rollup application fails: the usual suspects a reviewer checks, each tested
// exactly (BigInt fixed point, never a JS number), computed on demand from an analysis, never
// during validation.
//
// For parent value P, children c₁…cₙ, sum S, difference d = P − S and tolerance T, a rollup
// "holds" when |difference| ≤ T. Each test asks whether one change makes it hold:
//
//   child-sign      a child negated:               |d + 2·cₖ| ≤ T
//   parent-sign     the parent negated:            |−P − S| ≤ T
//   extra-child     a child removed:               |d + cₖ| ≤ T          (counted but does not belong, or twice)
//   missing-child   an item of the statement with the parent's unit, not already a direct child, not
//                   an ancestor (that would be a cycle), whose value in the period is exactly d
//   transposition   two adjacent digits of one child or of the parent swapped (the change is a
//                   multiple of 9 units of the lower digit's place)
//   scale           one value v replaced by v·10^k, 1 ≤ |k| ≤ 9
//   rounding        |d| ≤ ½ × (Σ over the children and the parent of one unit of the value's last
//                   stored digit): every stored value may be off by half a unit of its last digit;
//                   the suggested tolerance is |d|
//   other-periods   the same subtotal holds in the statement's other periods (points at a typing
//                   error in this one), not counting periods where it and its children's sum are
//                   both 0 (nothing filled in yet); context, not an edit
//   stale-subtotal  the subtotal was not updated: it added up at the value it still states when the
//                   snapshot was recorded (heldTotals.ts), or it is 0 while its children are not
//                   (never filled in); the edit is to set it to the children's sum
//
// Ranking, most specific first (the order of CAUSE_RANK): a stale subtotal comes first, since it is
// named only on evidence that the children changed and the total did not, and then it is the
// simplest explanation (every other cause supposes a further slip in what was typed); a sign flip or an extra child is one
// exact relation between d and a single stored value; a missing child needs another item to carry d
// exactly; a transposition or a scale slip can match by coincidence more easily (several swaps or
// powers may fit); rounding only says the difference is small; other periods are context. Within a
// kind, causes follow item order (the parent before its children).
//
// Cost: each test is O(1) BigInt work per child (transposition: per digit of the value), so one
// application is linear in its children; "missing child" is one lookup in a value → items map built
// once per statement and period, on first need.

import { absAtMost, fractionDigits, formatUnits, toUnits } from "../decimal/exact";
import { keyOfApplication } from "../model/keys";
import { heldInSnapshot, sameAmount, type HeldTotals } from "./heldTotals";
import type { ApplicationKey, ErrorApplication, FsDocument, Item, NumericApplication, RollupApplication, Statement, Unit } from "../types";

export type CauseKind = "stale-subtotal" | "child-sign" | "parent-sign" | "extra-child" | "missing-child" | "transposition" | "scale" | "rounding" | "other-periods";

/** The order causes are listed in, most specific first (see the header). */
export const CAUSE_RANK: readonly CauseKind[] = [
  "stale-subtotal",
  "child-sign",
  "parent-sign",
  "extra-child",
  "missing-child",
  "transposition",
  "scale",
  "rounding",
  "other-periods",
];

/** One edit to the document's data that would make the rollup hold. */
export type CauseFix =
  { kind: "set-value"; item: string; period: string; value: string } | { kind: "remove-rollup"; item: string } | { kind: "roll-up"; item: string; parent: string };

export interface Cause {
  kind: CauseKind;
  statement: string;
  parent: string;
  period: string;
  /** The item the cause is about (the parent for stale-subtotal, parent-sign, rounding and other-periods). */
  item: string;
  /** That item's stored value in the period. */
  value: string;
  /** The single edit that makes the rollup hold; absent for rounding and other-periods. */
  fix?: CauseFix;
  /** scale: the power of ten the value is multiplied by. */
  power?: number;
  /** missing-child: the item it rolls up to now, if any. */
  rollsUpTo?: string;
  /** rounding: how far rounding can move the sum, and the tolerance that would accept the difference. */
  roundingBound?: string;
  suggestedTolerance?: string;
  /** other-periods: the periods in which the same subtotal holds. */
  holdsIn?: string[];
  /** stale-subtotal: the evidence that it was not updated (it added up in the snapshot, or it is 0). */
  staleSince?: StaleEvidence;
}

export type StaleEvidence = "snapshot" | "zero";

const MAX_SCALE_POWER = 9;
/** Causes of one kind beyond this many are coincidences rather than explanations. */
const MAX_PER_KIND = 5;

interface StatementIndex {
  statement: Statement;
  itemsById: Map<string, Item>;
  childrenByParent: Map<string, Item[]>;
  /**
   * Per period: canonical value → the item(s) holding it, built at the second lookup in that
   * period (the first one scans, which allocates nothing); "scanned" marks a period scanned once.
   */
  valuesByPeriod: Map<string, Map<string, Item | Item[]> | "scanned">;
  /** Per parent: its applications by period. */
  applications: Map<string, Map<string, RollupApplication>>;
}

/** A cell that stops a rollup check from being evaluated: it holds no value (null or absent) or is marked unavailable. */
export interface BlockingCell {
  item: string;
  period: string;
  reason: ErrorApplication["reason"];
}

/** The cell a value edit changed (shared/src/incremental/valueEdit.ts), by ids. */
export interface EditedCell {
  readonly statement: string;
  readonly item: string;
  /** The item's parent, if it rolls up. */
  readonly rollupTo: string | undefined;
  readonly period: string;
}

/**
 * Whether a value edit of `cell` can change the causes of the application with `key` (what
 * `causes` reads for it): its own values, or any item's value in its statement and period
 * ("missing child"), or the status of its parent's applications in the statement's other periods
 * ("other periods"; of the edited period's applications only those of the cell's item and of its
 * parent were evaluated again). The applications a value edit evaluates again are among these.
 */
export function explanationMayChange(cell: EditedCell, key: ApplicationKey): boolean {
  if (key.statement !== cell.statement) return false;
  return key.period === cell.period || key.parent === cell.item || key.parent === cell.rollupTo;
}

/**
 * Causes for the unsatisfied applications of one conforming document. Build once per analysis;
 * each statement is indexed only when a cause in it is first asked for, and each application's
 * causes are computed once. A value edit's version takes over what the edit cannot have changed
 * (`afterValueEdit`).
 */
export class RollupExplainer {
  private readonly indexes = new Map<string, StatementIndex>();
  private readonly statementsById = new Map<string, Statement>();
  private readonly applicationsByStatement = new Map<string, RollupApplication[]>();
  private readonly units = new Map<string, Unit>();
  private readonly explained = new Map<RollupApplication, readonly Cause[]>();
  private heldInSnapshotCache: HeldTotals | undefined;

  constructor(
    readonly document: FsDocument,
    applications: readonly RollupApplication[],
  ) {
    for (const unit of document.units) if (!this.units.has(unit.id)) this.units.set(unit.id, unit);
    for (const statement of document.statements) if (!this.statementsById.has(statement.id)) this.statementsById.set(statement.id, statement);
    for (const application of applications) {
      const list = this.applicationsByStatement.get(application.key.statement);
      if (list === undefined) this.applicationsByStatement.set(application.key.statement, [application]);
      else list.push(application);
    }
  }

  /**
   * The explainer of the document after a value edit of `cell` (`document` and `applications` are
   * that version's): the indexes of the other statements, whose items and applications the edit
   * left as they were (the same objects), and the causes that cannot have changed
   * (`explanationMayChange`) are this explainer's.
   */
  afterValueEdit(document: FsDocument, applications: readonly RollupApplication[], cell: EditedCell): RollupExplainer {
    const next = new RollupExplainer(document, applications);
    // A value edit leaves the snapshot as it was.
    next.heldInSnapshotCache = this.heldInSnapshotCache;
    for (const [id, index] of this.indexes) {
      if (id !== cell.statement && next.statementsById.get(id) === index.statement) next.indexes.set(id, index);
    }
    for (const [application, causes] of this.explained) {
      if (!explanationMayChange(cell, application.key)) next.explained.set(application, causes);
    }
    return next;
  }

  private indexOf(id: string): StatementIndex | undefined {
    let index = this.indexes.get(id);
    if (index !== undefined) return index;
    const statement = this.statementsById.get(id);
    if (statement === undefined) return undefined;
    const itemsById = new Map<string, Item>();
    const childrenByParent = new Map<string, Item[]>();
    for (const item of statement.items) if (!itemsById.has(item.id)) itemsById.set(item.id, item);
    for (const item of statement.items) {
      if (item.rollupTo === undefined) continue;
      const children = childrenByParent.get(item.rollupTo);
      if (children === undefined) childrenByParent.set(item.rollupTo, [item]);
      else children.push(item);
    }
    const byParent = new Map<string, Map<string, RollupApplication>>();
    for (const application of this.applicationsByStatement.get(id) ?? []) {
      let byPeriod = byParent.get(application.key.parent);
      if (byPeriod === undefined) byParent.set(application.key.parent, (byPeriod = new Map()));
      byPeriod.set(application.key.period, application);
    }
    index = { statement, itemsById, childrenByParent, valuesByPeriod: new Map(), applications: byParent };
    this.indexes.set(id, index);
    return index;
  }

  item(statement: string, id: string): Item | undefined {
    return this.indexOf(statement)?.itemsById.get(id);
  }

  unit(id: string): Unit | undefined {
    return this.units.get(id);
  }

  statement(id: string): Statement | undefined {
    return this.statementsById.get(id);
  }

  children(statement: string, parent: string): readonly Item[] {
    return this.indexOf(statement)?.childrenByParent.get(parent) ?? [];
  }

  application(statement: string, parent: string, period: string): RollupApplication | undefined {
    return this.indexOf(statement)?.applications.get(parent)?.get(period);
  }

  /**
   * Every cell that stops a check that could not be evaluated: the parent's, then its children's in
   * item order, in its period, that is not a value. The application names only the first one the
   * evaluation met (evaluate.ts); the user needs all of them to make the check run.
   */
  blockingCells(application: ErrorApplication): BlockingCell[] {
    const { statement, parent, period } = application.key;
    const parentItem = this.item(statement, parent);
    if (parentItem === undefined) return [];
    const blocking: BlockingCell[] = [];
    for (const item of [parentItem, ...this.children(statement, parent)]) {
      const cell = item.values[period];
      if (typeof cell !== "string") blocking.push({ item: item.id, period, reason: cell === null || cell === undefined ? "missing-value" : "unavailable-value" });
    }
    return blocking;
  }

  /** The causes that hold for one application, most specific first; none unless it is unsatisfied. */
  causes(application: RollupApplication): readonly Cause[] {
    if (application.status !== "unsatisfied") return [];
    let causes = this.explained.get(application);
    if (causes === undefined) {
      causes = this.explain(application);
      this.explained.set(application, causes);
    }
    return causes;
  }

  private explain(application: NumericApplication): Cause[] {
    const index = this.indexOf(application.key.statement);
    const parent = index?.itemsById.get(application.key.parent);
    if (index === undefined || parent === undefined) return [];
    const { period } = application.key;
    const children = index.childrenByParent.get(parent.id) ?? [];
    const parentValue = parent.values[period];
    if (typeof parentValue !== "string") return [];
    const childValues: string[] = [];
    for (const child of children) {
      const cell = child.values[period];
      if (typeof cell !== "string") return [];
      childValues.push(cell);
    }
    const found: Cause[] = [];
    const base = { statement: application.key.statement, parent: parent.id, period };
    const add = (cause: Omit<Cause, keyof typeof base>): void => {
      if (found.filter((other) => other.kind === cause.kind).length < MAX_PER_KIND) found.push({ ...base, ...cause });
    };

    let scale = Math.max(fractionDigits(parentValue), fractionDigits(application.tolerance));
    for (const value of childValues) scale = Math.max(scale, fractionDigits(value));
    const p = toUnits(parentValue, scale);
    const c = childValues.map((value) => toUnits(value, scale));
    let s = 0n;
    for (const units of c) s += units;
    const d = p - s;
    const t = toUnits(application.tolerance, scale);
    const holds = (difference: bigint): boolean => (difference < 0n ? -difference : difference) <= t;
    if (holds(d)) return [];

    const staleSince = this.staleEvidence(application, parentValue, p === 0n && s !== 0n);
    if (staleSince !== undefined)
      add({ kind: "stale-subtotal", item: parent.id, value: parentValue, staleSince, fix: { kind: "set-value", item: parent.id, period, value: application.expected } });

    children.forEach((child, k) => {
      const ck = c[k] as bigint;
      if (ck !== 0n && holds(d + 2n * ck))
        add({ kind: "child-sign", item: child.id, value: childValues[k] as string, fix: { kind: "set-value", item: child.id, period, value: negate(childValues[k] as string) } });
    });
    if (p !== 0n && holds(-p - s))
      add({ kind: "parent-sign", item: parent.id, value: parentValue, fix: { kind: "set-value", item: parent.id, period, value: negate(parentValue) } });
    children.forEach((child, k) => {
      const ck = c[k] as bigint;
      if (ck !== 0n && holds(d + ck)) add({ kind: "extra-child", item: child.id, value: childValues[k] as string, fix: { kind: "remove-rollup", item: child.id } });
    });
    for (const candidate of this.itemsWithValue(index, period, formatUnits(d, scale))) {
      if (candidate.id === parent.id || candidate.rollupTo === parent.id || candidate.unit !== parent.unit) continue;
      if (index.itemsById.get(candidate.id) !== candidate || this.isAncestor(index, candidate.id, parent.id)) continue;
      add({
        kind: "missing-child",
        item: candidate.id,
        value: candidate.values[period] as string,
        fix: { kind: "roll-up", item: candidate.id, parent: parent.id },
        ...(candidate.rollupTo === undefined ? {} : { rollsUpTo: candidate.rollupTo }),
      });
    }
    // Transposition and scale: a changed parent moves d by the change, a changed child by minus it.
    const values: { item: Item; text: string; sign: 1n | -1n }[] = [{ item: parent, text: parentValue, sign: 1n }];
    children.forEach((child, k) => values.push({ item: child, text: childValues[k] as string, sign: -1n }));
    for (const { item, text, sign } of values) {
      for (const swapped of this.matchingTranspositions(text, scale, d, sign, t)) {
        add({ kind: "transposition", item: item.id, value: text, fix: { kind: "set-value", item: item.id, period, value: swapped } });
      }
    }
    // Scale, exact at scale + MAX_SCALE_POWER so that dividing by up to 10^9 leaves no remainder.
    const wide = scale + MAX_SCALE_POWER;
    const widen = pow10(MAX_SCALE_POWER);
    for (const { item, text, sign } of values) {
      const v = toUnits(text, wide);
      if (v === 0n) continue;
      for (let power = -MAX_SCALE_POWER; power <= MAX_SCALE_POWER; power++) {
        if (power === 0) continue;
        const scaled = power > 0 ? v * pow10(power) : v / pow10(-power);
        const moved = d * widen + sign * (scaled - v);
        if ((moved < 0n ? -moved : moved) <= t * widen) {
          add({ kind: "scale", item: item.id, value: text, power, fix: { kind: "set-value", item: item.id, period, value: formatUnits(scaled, wide) } });
        }
      }
    }
    // Rounding: each stored value may be off by half a unit of its last digit.
    let bound = 0n; // in units of 10^-(scale+1), i.e. tenths of the working unit, so halves stay exact
    for (const text of [parentValue, ...childValues]) bound += 5n * 10n ** BigInt(scale - fractionDigits(text));
    const magnitude = d < 0n ? -d : d;
    if (magnitude * 10n <= bound) {
      add({ kind: "rounding", item: parent.id, value: parentValue, roundingBound: formatUnits(bound, scale + 1), suggestedTolerance: formatUnits(magnitude, scale) });
    }
    // A period where the subtotal and its children's sum are both 0 holds without saying anything:
    // nothing was filled in there yet (a new document's periods), so it is no evidence of a slip here.
    const holdsIn: string[] = [];
    for (const [other, otherApplication] of index.applications.get(parent.id) ?? []) {
      if (other === period || otherApplication.status !== "satisfied") continue;
      if (absAtMost(otherApplication.actual, "0") && absAtMost(otherApplication.expected, "0")) continue;
      holdsIn.push(other);
    }
    if (holdsIn.length > 0) {
      const order = new Map(index.statement.periods.map((id, at) => [id, at]));
      holdsIn.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
      add({ kind: "other-periods", item: parent.id, value: parentValue, holdsIn });
    }
    return found;
  }

  /** Why the subtotal looks not updated: it added up at the value it states when the snapshot was recorded, or it is 0 (`zero`). */
  private staleEvidence(application: NumericApplication, parentValue: string, zero: boolean): StaleEvidence | undefined {
    this.heldInSnapshotCache ??= heldInSnapshot(this.document.validationSnapshot);
    const recorded = this.heldInSnapshotCache.get(keyOfApplication(application));
    if (recorded !== undefined && sameAmount(recorded, parentValue)) return "snapshot";
    return zero ? "zero" : undefined;
  }

  /** The unsatisfied numeric application of a parent in a period, if it is one. */
  unsatisfied(statement: string, parent: string, period: string): NumericApplication | undefined {
    const application = this.application(statement, parent, period);
    return application?.status === "unsatisfied" ? application : undefined;
  }

  private itemsWithValue(index: StatementIndex, period: string, value: string): readonly Item[] {
    // Values are canonical strings, so equal amounts are equal strings.
    const known = index.valuesByPeriod.get(period);
    if (known === undefined) {
      index.valuesByPeriod.set(period, "scanned");
      return index.statement.items.filter((item) => item.values[period] === value);
    }
    let map = known;
    if (map === "scanned") {
      map = new Map();
      for (const item of index.statement.items) {
        const cell = item.values[period];
        if (typeof cell !== "string") continue;
        const found = map.get(cell);
        if (found === undefined) map.set(cell, item);
        else if (Array.isArray(found)) found.push(item);
        else map.set(cell, [found, item]);
      }
      index.valuesByPeriod.set(period, map);
    }
    const found = map.get(value);
    return found === undefined ? [] : Array.isArray(found) ? found : [found];
  }

  /**
   * The transpositions of `text` that make the rollup hold. Swapping digit a (place 10^(i+1)) with
   * b (place 10^i) changes the magnitude by (b − a)·9·10^i, so each swap is tested with one small
   * BigInt product; only a match is written out as a string.
   */
  private matchingTranspositions(text: string, scale: number, d: bigint, sign: bigint, t: bigint): string[] {
    const negative = text.startsWith("-");
    const body = negative ? text.slice(1) : text;
    const point = body.indexOf(".");
    const fraction = point === -1 ? 0 : body.length - point - 1;
    const valueSign = negative ? -1n : 1n;
    const matches: string[] = [];
    for (let at = 0; at + 1 < body.length; at++) {
      const a = body.charCodeAt(at) - 48;
      const b = body.charCodeAt(at + 1) - 48;
      if (a === b || a < 0 || a > 9 || b < 0 || b > 9) continue;
      if (at === 0 && b === 0 && (point === -1 ? body.length > 1 : point > 1)) continue;
      // The lower digit's place, as a power of ten of the working unit (10^-scale).
      const digitsAfter = body.length - (at + 2) - (point !== -1 && point > at + 1 ? 1 : 0);
      const place = digitsAfter - fraction + scale;
      const change = valueSign * BigInt(b - a) * 9n * pow10(place);
      const moved = d + sign * change;
      if ((moved < 0n ? -moved : moved) > t) continue;
      const swapped = canonicalSwap(body, at, point);
      if (swapped !== undefined) matches.push(negative ? `-${swapped}` : swapped);
    }
    // The hidden trailing zero ("0.1" typed for "0.01"): rare, tested the plain way.
    if (point !== -1) {
      const swapped = `${text.slice(0, -1)}0${text.slice(-1)}`;
      const wide = scale + 1;
      const moved = d * 10n + sign * (toUnits(swapped, wide) - toUnits(text, wide));
      if ((moved < 0n ? -moved : moved) <= t * 10n) matches.push(swapped);
    }
    return matches;
  }

  /** Is `candidate` the parent or one of its ancestors (so that rolling it up to the parent makes a cycle)? */
  private isAncestor(index: StatementIndex, candidate: string, parent: string): boolean {
    const seen = new Set<string>();
    for (let current: string | undefined = parent; current !== undefined && !seen.has(current); current = index.itemsById.get(current)?.rollupTo) {
      if (current === candidate) return true;
      seen.add(current);
    }
    return false;
  }
}

const POWERS: bigint[] = [];
function pow10(exponent: number): bigint {
  return (POWERS[exponent] ??= 10n ** BigInt(exponent));
}

/** Digits `at` and `at + 1` of an unsigned decimal swapped, in canonical form; undefined for zero. */
function canonicalSwap(body: string, at: number, point: number): string | undefined {
  let swapped = body.slice(0, at) + body[at + 1] + body[at] + body.slice(at + 2);
  if (point !== -1) {
    swapped = swapped.replace(/0+$/, "");
    if (swapped.endsWith(".")) swapped = swapped.slice(0, -1);
  }
  return /^0(\.0*)?$/.test(swapped) ? undefined : swapped;
}

export function negate(decimal: string): string {
  if (decimal === "0") return decimal;
  return decimal.startsWith("-") ? decimal.slice(1) : `-${decimal}`;
}

/**
 * Every canonical value obtained by swapping two adjacent, different digits of `decimal` (not across
 * the point, never making a leading zero). Trailing fraction zeros a swap creates are dropped; and
 * since canonical form hides a trailing fraction zero ("0.10" is stored "0.1"), the last fraction
 * digit is also swapped with that hidden zero ("0.1" → "0.01").
 */
export function transpositions(decimal: string): string[] {
  const results: string[] = [];
  const negative = decimal.startsWith("-");
  const body = negative ? decimal.slice(1) : decimal;
  const point = body.indexOf(".");
  for (let at = 0; at + 1 < body.length; at++) {
    const a = body[at] as string;
    const b = body[at + 1] as string;
    if (a === b || a === "." || b === ".") continue;
    if (at === 0 && b === "0" && (point === -1 ? body.length > 1 : point > 1)) continue;
    let swapped = body.slice(0, at) + b + a + body.slice(at + 2);
    if (point !== -1) {
      swapped = swapped.replace(/0+$/, "");
      if (swapped.endsWith(".")) swapped = swapped.slice(0, -1);
    }
    if (/^0(\.0*)?$/.test(swapped)) continue;
    results.push(negative ? `-${swapped}` : swapped);
  }
  if (point !== -1) results.push(`${negative ? "-" : ""}${body.slice(0, -1)}0${body.slice(-1)}`);
  return results;
}
