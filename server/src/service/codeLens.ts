// Code lenses: the document's status at the top, the rollup summary above every parent item, and
// the snapshot's state above validationSnapshot. While the text is broken they keep showing the
// last good analysis, at the positions of that text.

import type { CancellationToken, CodeLens } from "vscode-languageserver-protocol";
import { childrenOf, itemName, type ItemEntry, type RollupApplication, type SnapshotDiff, type StatementEntry } from "../../../shared/src/index";
import { CLIENT_COMMANDS } from "../../../protocol/lsp";
import { groupDigits } from "../../../shared/src/render/format";
import type { DocumentAnalysis, ParsedVersion } from "../analysis";
import type { Settings } from "../settings";
import { applicationFor, cellPath, plural, RangeBatch } from "./documentFacts";

/** Failures named one by one in a parent's lens before the rest are counted. */
const NAMED_FAILURES = 3;

/** The lenses of the last good version, at the positions of its text; null when off, cancelled or there is none. */
export function codeLenses(analysis: DocumentAnalysis, settings: Pick<Settings, "codeLens">, token: CancellationToken): CodeLens[] | null {
  const good = analysis.lastGood;
  if (!settings.codeLens || good === undefined) return null;
  const positions = analysis.positionsOf(good);
  // Plan every lens first and locate all their ranges in one batch.
  const ranges = new RangeBatch(good, positions);
  const plans: LensPlan[] = [...snapshotPlans(good, ranges, good.diff)];
  let visited = 0;
  for (const statement of good.model.statements) {
    for (const item of statement.items) {
      if (++visited % 512 === 0 && token.isCancellationRequested) return null;
      if (item.children.length > 0) plans.push(parentPlan(good, ranges, statement, item));
    }
  }
  if (token.isCancellationRequested) return null;
  ranges.resolve();
  const lenses: CodeLens[] = [statusLens(analysis, good, positions.uri)];
  for (const plan of plans) {
    const range = ranges.start(plan.at);
    const args = plan.peek === undefined ? [positions.uri] : [positions.uri, range.start, plan.peek.map((request) => ranges.location(request))];
    lenses.push({ range, command: { title: plan.title, command: plan.command, arguments: args } });
  }
  return lenses;
}

/** A lens before its ranges are known: requests in the batch stand for them. */
interface LensPlan {
  at: number;
  title: string;
  command: string;
  /** For fs.peekLocations: the locations to peek. */
  peek?: number[];
}

function statusLens(analysis: DocumentAnalysis, good: ParsedVersion, uri: string): CodeLens {
  const { conformance, calculations } = good.analysis.result;
  const parts = ["FS 0.2"];
  if (analysis.parsed === undefined) parts.push("invalid JSON, showing the last valid version");
  parts.push(conformance.status);
  if (conformance.status === "nonconforming") parts.push(plural(conformance.errors.length, "error"));
  else if (calculations.applications.length === 0) parts.push("no rollups");
  else parts.push(...checkCounts(calculations.applications));
  const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  return { range, command: { title: `${parts.join(" · ")} · Open preview`, command: CLIENT_COMMANDS.openPreview, arguments: [uri] } };
}

/**
 * The rollup checks counted apart: not satisfied, not evaluated (and why), satisfied. A check that
 * could not be evaluated is not a sum that is off, so the two are never added together.
 */
function checkCounts(applications: readonly RollupApplication[]): string[] {
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
  if (satisfied === applications.length) return [`${plural(satisfied, "rollup check")} satisfied`];
  const parts: string[] = [];
  if (unsatisfied > 0) parts.push(`${groupDigits(String(unsatisfied))} not satisfied`);
  if (missing + unavailable > 0) {
    const why = [missing > 0 ? "missing" : undefined, unavailable > 0 ? "unavailable" : undefined].filter((reason) => reason !== undefined).join(" or ");
    parts.push(`${groupDigits(String(missing + unavailable))} not evaluated (${why} values)`);
  }
  parts.push(`${groupDigits(String(satisfied))} satisfied`);
  return parts;
}

function snapshotPlans(good: ParsedVersion, ranges: RangeBatch, diff: SnapshotDiff): LensPlan[] {
  if (diff.status === "not-recorded") return [];
  const at = ranges.add("/validationSnapshot", "key");
  return [
    { at, title: snapshotTitle(diff), command: CLIENT_COMMANDS.showSnapshotDiff },
    { at, title: "Record validation snapshot", command: CLIENT_COMMANDS.recordSnapshot },
  ];
}

/** Short enough to read whole above the key: what differs first; the diff view has the rest. */
function snapshotTitle(diff: SnapshotDiff): string {
  if (diff.status === "not-recorded") return "No snapshot recorded";
  if (diff.status === "not-comparable") return "Snapshot invalid (not comparable)";
  if (diff.status === "match") return "Snapshot matches current validation";
  let what: string;
  const changed = diff.applications.filter((change) => change.change !== "unchanged").length;
  if (diff.conformance.recorded !== diff.conformance.current) what = `recorded as ${diff.conformance.recorded}`;
  else if (changed > 0) what = `${plural(changed, "rollup check")} ${changed === 1 ? "differs" : "differ"}`;
  else what = `calculations recorded as ${diff.calculations.recorded}`;
  return `Snapshot out of date: ${what} · Show diff`;
}

function parentPlan(good: ParsedVersion, ranges: RangeBatch, statement: StatementEntry, parent: ItemEntry): LensPlan {
  const at = ranges.add(parent.pointer);
  const children = childrenOf(statement, parent);
  const applications = statement.periods.flatMap((period) => applicationFor(good, statement, parent, period) ?? []);
  const failures = applications.filter((application) => application.status !== "satisfied");
  const command = CLIENT_COMMANDS.peekLocations;
  const peekChildren = (): number[] => children.map((child) => ranges.add(child.pointer));
  if (applications.length === 0) {
    const why = good.analysis.result.conformance.status === "nonconforming" ? "not checked while the document is nonconforming" : "no periods to check";
    return { at, title: `Σ ${plural(children.length, "child", "children")} · ${why}`, command, peek: peekChildren() };
  }
  if (failures.length === 0) return { at, title: `✓ adds up in ${plural(applications.length, "period")}`, command, peek: peekChildren() };
  const parts = failures.slice(0, NAMED_FAILURES).map((failure) => failureText(statement, parent, failure));
  if (failures.length > NAMED_FAILURES) parts.push(`✗ ${groupDigits(String(failures.length - NAMED_FAILURES))} more`);
  const satisfied = applications.length - failures.length;
  if (satisfied > 0) parts.push(`✓ ${plural(satisfied, "other")}`);
  const peek = failures.flatMap((failure) => {
    // The cell to look at: the parent's for a sum that is off, the named cell for an error.
    const item = failure.status === "error" ? statement.itemsById.get(failure.cell.item) : parent;
    return item === undefined ? [] : [ranges.add(cellPath(statement, item, failure.key.period))];
  });
  return { at, title: parts.join(" · "), command, peek };
}

function failureText(statement: StatementEntry, parent: ItemEntry, failure: RollupApplication): string {
  const period = failure.key.period;
  if (failure.status !== "error") return `✗ ${period} off by ${groupDigits(failure.difference)}`;
  const what = failure.reason === "missing-value" ? "missing value" : "unavailable value";
  if (failure.cell.item === parent.id) return `! ${period} ${what}`;
  const child = statement.itemsById.get(failure.cell.item);
  return `! ${period} ${what} (${child === undefined ? failure.cell.item : itemName(child)})`;
}
