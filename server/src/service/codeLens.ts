// Code lenses: the document's status at the top, the rollup summary above every parent item, and
// the snapshot's state above validationSnapshot. While the text is broken they keep showing the
// last good analysis, at the positions of that text.
//
// A parent's lens is resolved lazily (codeLens/resolve): the list carries its range and a small
// key (LensData), and its title and locations are built only for the lenses the editor
// shows, from the analysis current when it asks. The list of a version is built once and kept
// with it (ParsedVersion.lenses; a value edit shifts the previous version's). The status and
// snapshot lenses (at most three, from facts every version computes anyway) come resolved.

import type { CancellationToken, CodeLens } from "vscode-languageserver-protocol";
import {
  childrenOf,
  itemAt,
  itemName,
  statementAt,
  type DocumentModel,
  type ItemEntry,
  type RollupApplication,
  type SnapshotDiff,
  type StatementEntry,
} from "../../../shared/src/index";
import { CLIENT_COMMANDS, type CodeLensesResult, type LineWindow, type RollupFailureArgument } from "../../../protocol/lsp";
import * as l10n from "@vscode/l10n";
import type { DisplayFormat } from "../../../shared/src/render/localeFormat";
import type { DocumentAnalysis, ParsedVersion } from "../analysis";
import type { Settings } from "../settings";
import { applicationFor, cellPath, counted, RangeBatch } from "./documentFacts";

/** Failures named one by one in a parent's lens before the rest are counted. */
const NAMED_FAILURES = 3;

/**
 * What an unresolved parent lens carries: the document's key (the LSP layer's short handle for its
 * URI, since codeLens/resolve names no document), the statement's and the item's index, and the
 * item's id, which tells whether the item at those indices is still the same one.
 */
export type LensData = [document: number, statement: number, item: number, id: string];

/**
 * The lenses of the last good version, at the positions of its text; null when off, cancelled or
 * there is none. Parent lenses come unresolved, their data keyed by `documentKey`.
 */
export function codeLenses(analysis: DocumentAnalysis, settings: Pick<Settings, "codeLens" | "display">, token: CancellationToken, documentKey = 0): CodeLens[] | null {
  const good = analysis.lastGood;
  if (!settings.codeLens || good === undefined) return null;
  const positions = analysis.positionsOf(good);
  const parents = good.lenses?.documentKey === documentKey ? good.lenses.lenses : parentLenses(good, new RangeBatch(good, positions), documentKey, token);
  if (parents === undefined) return null;
  good.lenses = { documentKey, lenses: parents };
  const display = settings.display;
  const top: CodeLens[] = [statusLens(analysis, good, positions.uri, display)];
  const snapshot = snapshotTitles(good.diff, display);
  if (snapshot.length > 0) {
    // One request: the snapshot's key (from the span table or the tree, never a scan).
    const ranges = new RangeBatch(good, positions);
    const at = ranges.add("/validationSnapshot", "key");
    ranges.resolve();
    const range = ranges.start(at);
    for (const { title, command } of snapshot) top.push({ range, command: { title, command, arguments: [positions.uri] } });
  }
  return [...top, ...parents];
}

/**
 * Up to this many subtotals, fs/codeLenses lists every lens, as textDocument/codeLens does; above,
 * only those near the lines shown. VS Code keeps a view zone per lens and moves every one of them
 * after each keystroke: at 5 MB (1,339 subtotals) that was a large share of the editor's own work
 * per edit (docs/performance.md).
 */
export const LENSES_IN_FULL = 500;

/** How many subtotal lenses the document has: its parent items (each has an id, since children name it). */
export function subtotalCount(model: DocumentModel): number {
  let count = 0;
  for (const statement of model.statements) for (const item of statement.items) if (item.children.length > 0 && item.id !== undefined) count++;
  return count;
}

/**
 * fs/codeLenses: the lenses of `codeLenses` whose line lies in one of `lines`, when the document has
 * more than LENSES_IN_FULL subtotals; all of them otherwise. The list itself is the version's one.
 * Those whose line lies in one of `resolved` (the lines shown) come resolved, as codeLens/resolve
 * gives them, so that the editor draws them at once.
 */
export function codeLensesNear(
  analysis: DocumentAnalysis,
  settings: Pick<Settings, "codeLens" | "display">,
  lines: readonly LineWindow[],
  token: CancellationToken,
  documentKey = 0,
  resolved: readonly LineWindow[] = [],
): CodeLensesResult | null {
  const lenses = codeLenses(analysis, settings, token, documentKey);
  const parents = analysis.lastGood?.lenses?.lenses.length ?? 0;
  if (lenses === null) return null;
  const inside = (windows: readonly LineWindow[]) => (lens: CodeLens) => windows.some((window) => lens.range.start.line >= window.start && lens.range.start.line <= window.end);
  const shown = inside(resolved);
  const answer = (list: CodeLens[]): CodeLens[] => list.map((lens) => (lens.command === undefined && shown(lens) ? resolveCodeLens(analysis, lens, settings) : lens));
  if (parents <= LENSES_IN_FULL) return { lenses: answer(lenses), windowed: false };
  return { lenses: answer(lenses.filter(inside(lines))), windowed: true };
}

/** The unresolved lens of every parent item, in document order; undefined when cancelled. */
function parentLenses(good: ParsedVersion, ranges: RangeBatch, documentKey: number, token: CancellationToken): readonly CodeLens[] | undefined {
  const planned: { at: number; data: LensData }[] = [];
  let visited = 0;
  for (const statement of good.model.statements) {
    for (const item of statement.items) {
      if (++visited % 512 === 0 && token.isCancellationRequested) return undefined;
      // A parent has children, which name it by id: it always has one.
      if (item.children.length > 0 && item.id !== undefined) planned.push({ at: ranges.add(item.pointer), data: [documentKey, statement.index, item.index, item.id] });
    }
  }
  if (token.isCancellationRequested) return undefined;
  ranges.resolve();
  return planned.map(({ at, data }) => ({ range: ranges.start(at), data }));
}

/** The document key of an unresolved parent lens, when its data is ours. */
export function lensDocumentKey(lens: CodeLens): number | undefined {
  return lensData(lens)?.[0];
}

function lensData(lens: CodeLens): LensData | undefined {
  const data: unknown = lens?.data;
  if (!Array.isArray(data) || data.length !== 4) return undefined;
  const [document, statement, item, id] = data as unknown[];
  const index = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value) && value >= 0;
  return index(document) && index(statement) && index(item) && typeof id === "string" ? [document, statement, item, id] : undefined;
}

/**
 * The title and command of a parent lens, from `analysis` (the document's current version, which
 * may be later than the list the lens came from): the item is found again by its indices, or by
 * its id when the indices now hold another item. A lens whose item is gone or no longer a parent
 * gets an empty title and no command to run (`unresolvableLens`), never a stale one.
 */
export function resolveCodeLens(analysis: DocumentAnalysis | undefined, lens: CodeLens, settings: Pick<Settings, "display">): CodeLens {
  const good = analysis?.lastGood;
  const data = lensData(lens);
  if (analysis === undefined || good === undefined || data === undefined) return unresolvableLens(lens);
  const [, statementIndex, itemIndex, id] = data;
  const statement = statementAt(good.model, statementIndex);
  const atIndex = statement === undefined ? undefined : itemAt(statement, itemIndex);
  const item = atIndex?.id === id ? atIndex : statement?.itemsById.get(id);
  if (statement === undefined || item === undefined || item.children.length === 0) return unresolvableLens(lens);
  const positions = analysis.positionsOf(good);
  const ranges = new RangeBatch(good, positions);
  const plan = parentPlan(good, ranges, statement, item, settings.display);
  ranges.resolve();
  const start = ranges.start(plan.at);
  const locations = (plan.peek ?? []).map((request) => ranges.location(request));
  const args: unknown[] = [positions.uri, start.start, locations];
  if (plan.failures !== undefined) args.push(plan.failures);
  return { range: lens.range, data: lens.data, command: { title: plan.title, command: plan.command, arguments: args } };
}

/** A lens with nothing to say: VS Code shows a resolved lens without a command as "!!MISSING: command!!". */
export function unresolvableLens(lens: CodeLens): CodeLens {
  return { range: lens.range, command: { title: "", command: "" } };
}

/** A lens before its ranges are known: requests in the batch stand for them. */
interface LensPlan {
  at: number;
  title: string;
  command: string;
  /** For fs.peekLocations and fs.explainRollup: the locations to peek (or go to). */
  peek?: number[];
  /** For fs.explainRollup: what each location's check is, for the preview's "why" panel. */
  failures?: RollupFailureArgument[];
}

function statusLens(analysis: DocumentAnalysis, good: ParsedVersion, uri: string, display: DisplayFormat): CodeLens {
  const { conformance, calculations } = good.analysis.result;
  const parts = ["FS 0.2"];
  if (analysis.parsed === undefined) parts.push(l10n.t("invalid JSON, showing the last valid version"));
  // The contract's status words stay as they are; the counts around them are translated.
  parts.push(conformance.status);
  if (conformance.status === "nonconforming")
    parts.push(
      counted(
        conformance.errors.length,
        display,
        (n) => l10n.t("{0} error", n),
        (n) => l10n.t("{0} errors", n),
      ),
    );
  else if (calculations.applications.length === 0) parts.push(l10n.t("no rollups"));
  else parts.push(...checkCounts(calculations.applications, display));
  const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  return { range, command: { title: `${parts.join(" · ")} · ${l10n.t("Open preview")}`, command: CLIENT_COMMANDS.openPreview, arguments: [uri] } };
}

/**
 * The rollup checks counted apart: not satisfied, not evaluated (and why), satisfied. A check that
 * could not be evaluated is not a sum that is off, so the two are never added together.
 */
function checkCounts(applications: readonly RollupApplication[], display: DisplayFormat): string[] {
  let unsatisfied = 0;
  let missing = 0;
  let unavailable = 0;
  for (const application of applications) {
    if (application.status === "unsatisfied") unsatisfied++;
    else if (application.status === "error") {
      if (application.reason === "missing-value") missing++;
      else unavailable++;
    }
  }
  const satisfied = applications.length - unsatisfied - missing - unavailable;
  const number = (count: number): string => display.number(String(count));
  if (satisfied === applications.length) {
    return [
      counted(
        satisfied,
        display,
        (n) => l10n.t("{0} rollup check satisfied", n),
        (n) => l10n.t("{0} rollup checks satisfied", n),
      ),
    ];
  }
  const parts: string[] = [];
  if (unsatisfied > 0) parts.push(l10n.t("{0} not satisfied", number(unsatisfied)));
  if (missing + unavailable > 0) {
    const count = number(missing + unavailable);
    parts.push(
      missing > 0 && unavailable > 0
        ? l10n.t("{0} not evaluated (missing or unavailable values)", count)
        : missing > 0
          ? l10n.t("{0} not evaluated (missing values)", count)
          : l10n.t("{0} not evaluated (unavailable values)", count),
    );
  }
  parts.push(l10n.t("{0} satisfied", number(satisfied)));
  return parts;
}

function snapshotTitles(diff: SnapshotDiff, display: DisplayFormat): { title: string; command: string }[] {
  if (diff.status === "not-recorded") return [];
  return [
    { title: snapshotTitle(diff, display), command: CLIENT_COMMANDS.showSnapshotDiff },
    { title: l10n.t("Record validation snapshot"), command: CLIENT_COMMANDS.recordSnapshot },
  ];
}

/** Short enough to read whole above the key: what differs first; the diff view has the rest. */
function snapshotTitle(diff: SnapshotDiff, display: DisplayFormat): string {
  if (diff.status === "not-recorded") return l10n.t("No snapshot recorded");
  if (diff.status === "not-comparable") return l10n.t("Snapshot invalid (not comparable)");
  if (diff.status === "match") return l10n.t("Snapshot matches current validation");
  const changed = diff.applications.filter((change) => change.change !== "unchanged").length;
  // The contract's status words stay as they are.
  if (diff.conformance.recorded !== diff.conformance.current) return l10n.t("Snapshot out of date: recorded as {0} · Show diff", diff.conformance.recorded);
  if (changed > 0) {
    return counted(
      changed,
      display,
      (n) => l10n.t("Snapshot out of date: {0} rollup check differs · Show diff", n),
      (n) => l10n.t("Snapshot out of date: {0} rollup checks differ · Show diff", n),
    );
  }
  return l10n.t("Snapshot out of date: calculations recorded as {0} · Show diff", diff.calculations.recorded);
}

function parentPlan(good: ParsedVersion, ranges: RangeBatch, statement: StatementEntry, parent: ItemEntry, display: DisplayFormat): LensPlan {
  const at = ranges.add(parent.pointer);
  const children = childrenOf(statement, parent);
  const applications = statement.periods.flatMap((period) => applicationFor(good, statement, parent, period) ?? []);
  const failures = applications.filter((application) => application.status !== "satisfied");
  const command = CLIENT_COMMANDS.peekLocations;
  const peekChildren = (): number[] => children.map((child) => ranges.add(child.pointer));
  if (applications.length === 0) {
    const why = good.analysis.result.conformance.status === "nonconforming" ? l10n.t("not checked while the document is nonconforming") : l10n.t("no periods to check");
    const count = counted(
      children.length,
      display,
      (n) => l10n.t("{0} child", n),
      (n) => l10n.t("{0} children", n),
    );
    return { at, title: `Σ ${count} · ${why}`, command, peek: peekChildren() };
  }
  if (failures.length === 0) {
    const title = counted(
      applications.length,
      display,
      (n) => l10n.t("✓ adds up in {0} period", n),
      (n) => l10n.t("✓ adds up in {0} periods", n),
    );
    return { at, title, command, peek: peekChildren() };
  }
  const parts = failures.slice(0, NAMED_FAILURES).map((failure) => failureText(statement, parent, failure, display));
  if (failures.length > NAMED_FAILURES) parts.push(l10n.t("✗ {0} more", display.number(String(failures.length - NAMED_FAILURES))));
  const satisfied = applications.length - failures.length;
  if (satisfied > 0)
    parts.push(
      counted(
        satisfied,
        display,
        (n) => l10n.t("✓ {0} other", n),
        (n) => l10n.t("✓ {0} others", n),
      ),
    );
  const peek: number[] = [];
  const explained: RollupFailureArgument[] = [];
  for (const failure of failures) {
    // The cell to look at: the parent's for a sum that is off, the named cell for an error. The
    // "why" panel explains the parent's cell either way (it names the cells that hold no value).
    const item = failure.status === "error" ? statement.itemsById.get(failure.cell.item) : parent;
    if (item === undefined) continue;
    peek.push(ranges.add(cellPath(statement, item, failure.key.period)));
    explained.push({ pointer: cellPath(statement, parent, failure.key.period), title: failureText(statement, parent, failure, display) });
  }
  // A click explains the failure and offers its fix (the preview's "why" panel), where a peek of
  // one cell said nothing; with several failures the client asks which, the peek of all is one choice.
  return { at, title: parts.join(" · "), command: CLIENT_COMMANDS.explainRollup, peek, failures: explained };
}

function failureText(statement: StatementEntry, parent: ItemEntry, failure: RollupApplication, display: DisplayFormat): string {
  const period = failure.key.period;
  if (failure.status !== "error") return l10n.t("✗ {0} off by {1}", period, display.number(failure.difference));
  const what = failure.reason === "missing-value" ? l10n.t("missing value") : l10n.t("unavailable value");
  if (failure.cell.item === parent.id) return `! ${period} ${what}`;
  const child = statement.itemsById.get(failure.cell.item);
  return `! ${period} ${what} (${child === undefined ? failure.cell.item : itemName(child)})`;
}
