// Code lenses: the document's status at the top, the rollup summary above every parent item, and
// the snapshot's state above validationSnapshot. While the text is broken they keep showing the
// last good analysis, at the positions of that text.

import type { CancellationToken, CodeLens } from "vscode-languageserver-protocol";
import { childrenOf, itemName, type ItemEntry, type RollupApplication, type SnapshotDiff, type StatementEntry } from "../../../shared/src/index";
import { CLIENT_COMMANDS } from "../../../protocol/lsp";
import * as l10n from "@vscode/l10n";
import type { DisplayFormat } from "../../../shared/src/render/localeFormat";
import type { DocumentAnalysis, ParsedVersion } from "../analysis";
import type { Settings } from "../settings";
import { applicationFor, cellPath, counted, RangeBatch } from "./documentFacts";

/** Failures named one by one in a parent's lens before the rest are counted. */
const NAMED_FAILURES = 3;

/** The lenses of the last good version, at the positions of its text; null when off, cancelled or there is none. */
export function codeLenses(analysis: DocumentAnalysis, settings: Pick<Settings, "codeLens" | "display">, token: CancellationToken): CodeLens[] | null {
  const good = analysis.lastGood;
  if (!settings.codeLens || good === undefined) return null;
  const positions = analysis.positionsOf(good);
  // Plan every lens first and locate all their ranges in one batch.
  const ranges = new RangeBatch(good, positions);
  const display = settings.display;
  const plans: LensPlan[] = [...snapshotPlans(ranges, good.diff, display)];
  let visited = 0;
  for (const statement of good.model.statements) {
    for (const item of statement.items) {
      if (++visited % 512 === 0 && token.isCancellationRequested) return null;
      if (item.children.length > 0) plans.push(parentPlan(good, ranges, statement, item, display));
    }
  }
  if (token.isCancellationRequested) return null;
  ranges.resolve();
  const lenses: CodeLens[] = [statusLens(analysis, good, positions.uri, display)];
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
  else {
    const failing = calculations.applications.filter((application) => application.status !== "satisfied").length;
    const total = calculations.applications.length;
    parts.push(
      failing === 0
        ? counted(
            total,
            display,
            (n) => l10n.t("{0} rollup consistent", n),
            (n) => l10n.t("{0} rollups consistent", n),
          )
        : counted(
            total,
            display,
            (n) => l10n.t("{0} of {1} rollup inconsistent", display.number(String(failing)), n),
            (n) => l10n.t("{0} of {1} rollups inconsistent", display.number(String(failing)), n),
          ),
    );
  }
  const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  return { range, command: { title: `${parts.join(" · ")} · ${l10n.t("Open preview")}`, command: CLIENT_COMMANDS.openPreview, arguments: [uri] } };
}

function snapshotPlans(ranges: RangeBatch, diff: SnapshotDiff, display: DisplayFormat): LensPlan[] {
  if (diff.status === "not-recorded") return [];
  const at = ranges.add("/validationSnapshot", "key");
  return [
    { at, title: snapshotTitle(diff, display), command: CLIENT_COMMANDS.showSnapshotDiff },
    { at, title: l10n.t("Record validation snapshot"), command: CLIENT_COMMANDS.recordSnapshot },
  ];
}

function snapshotTitle(diff: SnapshotDiff, display: DisplayFormat): string {
  if (diff.status === "not-recorded") return l10n.t("No snapshot recorded");
  if (diff.status === "not-comparable") return l10n.t("Snapshot invalid (not comparable)");
  if (diff.status === "match") return l10n.t("Snapshot matches current validation");
  const changes: string[] = [];
  if (diff.conformance.recorded !== diff.conformance.current) changes.push(l10n.t("conformance {0} → {1}", diff.conformance.recorded, diff.conformance.current));
  if (diff.calculations.recorded !== diff.calculations.current) changes.push(l10n.t("calculations {0} → {1}", diff.calculations.recorded, diff.calculations.current));
  const counts = new Map<string, number>();
  for (const change of diff.applications) if (change.change !== "unchanged") counts.set(change.change, (counts.get(change.change) ?? 0) + 1);
  const count = (kind: string): number => counts.get(kind) ?? 0;
  if (count("changed") > 0)
    changes.push(
      counted(
        count("changed"),
        display,
        (n) => l10n.t("{0} application changed", n),
        (n) => l10n.t("{0} applications changed", n),
      ),
    );
  if (count("added") > 0)
    changes.push(
      counted(
        count("added"),
        display,
        (n) => l10n.t("{0} application added", n),
        (n) => l10n.t("{0} applications added", n),
      ),
    );
  if (count("removed") > 0)
    changes.push(
      counted(
        count("removed"),
        display,
        (n) => l10n.t("{0} application removed", n),
        (n) => l10n.t("{0} applications removed", n),
      ),
    );
  return l10n.t("Snapshot out of date: {0} — Show diff", changes.join(", "));
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
  const peek = failures.flatMap((failure) => {
    // The cell to look at: the parent's for a sum that is off, the named cell for an error.
    const item = failure.status === "error" ? statement.itemsById.get(failure.cell.item) : parent;
    return item === undefined ? [] : [ranges.add(cellPath(statement, item, failure.key.period))];
  });
  return { at, title: parts.join(" · "), command, peek };
}

function failureText(statement: StatementEntry, parent: ItemEntry, failure: RollupApplication, display: DisplayFormat): string {
  const period = failure.key.period;
  if (failure.status !== "error") return l10n.t("✗ {0} off by {1}", period, display.number(failure.difference));
  const what = failure.reason === "missing-value" ? l10n.t("missing value") : l10n.t("unavailable value");
  if (failure.cell.item === parent.id) return `! ${period} ${what}`;
  const child = statement.itemsById.get(failure.cell.item);
  return `! ${period} ${what} (${child === undefined ? failure.cell.item : itemName(child)})`;
}
