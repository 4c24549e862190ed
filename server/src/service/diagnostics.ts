// Analysis → LSP diagnostics. Ranges come from the parse tree (SourceLocator) of the analysed
// text; nothing here searches text.

import { DiagnosticSeverity, type Diagnostic, type DiagnosticRelatedInformation, type Range } from "vscode-languageserver-protocol";
import { cellPointer, itemName, type LocateRequest, type RollupApplication, type SnapshotDiff } from "../../../shared/src/index";
import * as l10n from "@vscode/l10n";
import type { DisplayFormat } from "../../../shared/src/render/localeFormat";
import type { DocumentAnalysis, ParsedVersion } from "../analysis";
import type { Settings } from "../settings";
import { causeRelatedInformation } from "./rollupCauses";
import type { DiagnosticData } from "../../../protocol/lsp";
import type { TextDocument } from "vscode-languageserver-textdocument";

export const SOURCE = "fs";

/** A diagnostic waiting for its ranges: the request that places it, and the cells related to it. */
interface Pending {
  request: LocateRequest;
  complete: (range: Range) => Diagnostic;
  related: readonly { request: LocateRequest; message: string }[];
  /** Where the finished diagnostic is kept for later versions (a rollup application's position). */
  position?: number;
}

/**
 * From this many failing subtotals whose diagnostics are not built yet, a publication first goes
 * out without their related information (server.ts), then whole: explaining each one's likely
 * causes and locating them and its children's cells is most of an open's diagnostics on a draft
 * with hundreds of failing checks (842 problems with 3,601 related locations at 5 MB).
 */
export const RELATED_LATER_MIN = 100;

/**
 * The rollup checks whose problems `diagnostics` shows under the problem cap (`maxProblems`), in
 * order, with their positions: the structural issues count first, then each check that is not
 * satisfied. The one statement of the cap rule: `diagnostics`, `relateStep` and `failingToRelate`
 * all walk it, so that what is explained ahead is exactly what is shown.
 */
function* applicationsWithinCap(good: ParsedVersion, maxProblems: number): Generator<[position: number, application: RollupApplication]> {
  let shown = good.analysis.issues.length;
  for (const [position, application] of good.analysis.result.calculations.applications.entries()) {
    if (application.status === "satisfied") continue;
    if (shown++ >= maxProblems) return;
    yield [position, application];
  }
}

/** How many failing subtotals of this version would have their related information built now. */
export function failingToRelate(analysis: DocumentAnalysis, settings: Settings): number {
  const good = analysis.parsed;
  if (good === undefined || settings.rollupSeverity === undefined) return 0;
  const kept = good.rollupDiagnostics;
  const built = kept !== undefined && kept.severity === settings.rollupSeverity && kept.display === settings.display ? kept.byPosition : undefined;
  let count = 0;
  for (const [position, application] of applicationsWithinCap(good, settings.maxProblems)) {
    if (application.status === "unsatisfied" && built?.has(position) !== true) count++;
  }
  return count;
}

/**
 * How many failing subtotals a step of the whole publication explains (`relateStep`): at 5 MB each
 * takes 1–3 ms (its causes, their messages, locating them), so a step stays under ~75 ms.
 */
export const RELATED_STEP = 25;

/**
 * Builds the whole diagnostics (with related information) of at most `limit` failing subtotals that
 * `diagnostics` would build now, and keeps them with the version, so that the next `diagnostics`
 * call finds them ready; true while some are left. The server makes a draft's whole publication so,
 * a step per turn between the client's messages: made at once, it took 0.4–0.9 s of CPU at 5 MB, and
 * a request arriving meanwhile (the preview's model, asked as the preview opens) waited for all of it.
 */
export function relateStep(analysis: DocumentAnalysis, settings: Settings, limit = RELATED_STEP): boolean {
  const good = analysis.parsed;
  if (good === undefined || settings.rollupSeverity === undefined) return false;
  const built = builtRollupDiagnostics(good, settings.rollupSeverity, settings.display);
  const entries: Pending[] = [];
  let left = false;
  for (const [position, application] of applicationsWithinCap(good, settings.maxProblems)) {
    if (application.status !== "unsatisfied" || built.has(position)) continue;
    if (entries.length === limit) {
      left = true;
      break;
    }
    entries.push(rollupEntry(good, application, position, settings.rollupSeverity, settings.display, true));
  }
  completeAll(good, analysis.document, entries, built);
  return left;
}

/**
 * The diagnostics of `analysis`. With `related: false`, failing subtotals not built before carry no
 * related information (and are not kept for later versions); everything else is as whole.
 */
export function diagnostics(analysis: DocumentAnalysis, settings: Settings, { related: withRelated = true }: { related?: boolean } = {}): Diagnostic[] {
  const document = analysis.document;
  if (analysis.parsed === undefined) {
    return analysis.syntax.map((problem) => ({
      range: { start: document.positionAt(problem.offset), end: document.positionAt(problem.offset + problem.length) },
      severity: DiagnosticSeverity.Error,
      source: SOURCE,
      code: problem.code,
      message: problem.message,
    }));
  }
  const good = analysis.parsed;
  // Everything to locate is gathered first and located in one pass (a large document is scanned once).
  // A rollup diagnostic built before for this version (or carried over by a value edit) is ready.
  const entries: (Pending | Diagnostic)[] = [];
  // Every problem counts towards the total the cap's notice names; the first `maxProblems` are shown.
  let total = good.analysis.issues.length;
  for (const issue of good.analysis.issues.slice(0, settings.maxProblems)) {
    entries.push({
      request: { path: issue.path, mark: issue.mark },
      complete: (range) => ({
        range,
        severity: DiagnosticSeverity.Error,
        source: SOURCE,
        code: issue.code,
        message: issue.message,
        data: { path: issue.path, params: issue.params } satisfies DiagnosticData,
      }),
      related: [],
    });
  }
  const built = settings.rollupSeverity === undefined ? undefined : builtRollupDiagnostics(good, settings.rollupSeverity, settings.display);
  if (settings.rollupSeverity !== undefined && built !== undefined) {
    const severity = settings.rollupSeverity;
    for (const application of good.analysis.result.calculations.applications) if (application.status !== "satisfied") total++;
    for (const [position, application] of applicationsWithinCap(good, settings.maxProblems)) {
      entries.push(built.get(position) ?? rollupEntry(good, application, position, severity, settings.display, withRelated));
    }
  }
  const snapshot = snapshotDiagnostic(good.diff);
  if (snapshot !== undefined) {
    total++;
    if (entries.length < settings.maxProblems) entries.push({ request: { path: "/validationSnapshot", mark: "key" }, complete: snapshot, related: [] });
  }

  const diagnostics = completeAll(good, document, entries, built);
  if (total > diagnostics.length) {
    diagnostics.push({
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } },
      severity: DiagnosticSeverity.Information,
      source: SOURCE,
      code: "problems-capped",
      message: l10n.t('Showing the first {0} of {1} problems (setting fs.validation.maxProblems); run "fsdoc validate" for all of them.', settings.maxProblems, total),
    });
  }
  return diagnostics;
}

/**
 * A failing or unevaluable rollup check's diagnostic, waiting for its ranges. An unsatisfied sum
 * lists its likely causes (`withRelated`), each pointing at the item concerned; an error names its
 * one cell in the message. The children's cells are not repeated here: VS Code shows related
 * information above the hover, whose rollup table lists them (with them, the table was pushed out
 * of the hover's first 250 px).
 */
function rollupEntry(good: ParsedVersion, application: RollupApplication, position: number, severity: DiagnosticSeverity, display: DisplayFormat, withRelated: boolean): Pending {
  const related =
    withRelated && application.status === "unsatisfied"
      ? causeRelatedInformation(good, application, display).map(({ path, message }) => ({ request: { path, mark: "value" as const }, message }))
      : [];
  return {
    request: { path: rollupTarget(good, application), mark: "value" },
    complete: (range) => rollupDiagnostic(good, application, range, severity, display),
    related,
    // Kept for later versions only when whole.
    position: withRelated || application.status !== "unsatisfied" ? position : undefined,
  };
}

/**
 * The entries' diagnostics, in order: everything to locate is located in one pass (a large
 * document is scanned once); those with a `position` are kept in `built` for later requests.
 */
function completeAll(good: ParsedVersion, document: TextDocument, entries: readonly (Pending | Diagnostic)[], built: Map<number, Diagnostic> | undefined): Diagnostic[] {
  const pending = entries.filter((entry): entry is Pending => "complete" in entry);
  const requests = pending.flatMap((entry) => [entry.request, ...entry.related.map((child) => child.request)]);
  const ranges = good.locator.locateAll(requests);
  const toRange = (at: number): Range => {
    const { offset, length } = ranges[at]!;
    return { start: document.positionAt(offset), end: document.positionAt(offset + length) };
  };
  let next = 0;
  return entries.map((entry) => {
    if (!("complete" in entry)) return entry;
    const diagnostic = entry.complete(toRange(next++));
    if (entry.related.length > 0) {
      diagnostic.relatedInformation = entry.related.map((child): DiagnosticRelatedInformation => ({
        location: { uri: document.uri, range: toRange(next++) },
        message: child.message,
      }));
    }
    if (entry.position !== undefined) built?.set(entry.position, diagnostic);
    return diagnostic;
  });
}

/**
 * The rollup diagnostics kept with this version for these settings (ParsedVersion.rollupDiagnostics):
 * those built for an earlier request, and those a value edit carried over. Other settings start afresh.
 */
function builtRollupDiagnostics(good: ParsedVersion, severity: DiagnosticSeverity, display: DisplayFormat): Map<number, Diagnostic> {
  const kept = good.rollupDiagnostics;
  if (kept !== undefined && kept.severity === severity && kept.display === display) return kept.byPosition;
  const byPosition = new Map<number, Diagnostic>();
  good.rollupDiagnostics = { severity, display, byPosition };
  return byPosition;
}

function itemLabel(good: ParsedVersion, statementId: string, itemId: string): string {
  const item = good.model.statementsById.get(statementId)?.itemsById.get(itemId);
  return item === undefined ? itemId : itemName(item);
}

/** A subtotal and period as messages name it: "Gross profit fy2025" (`period` names the period: its id unless given). */
export function rollupSubjectName(good: ParsedVersion, key: RollupApplication["key"], period: (id: string) => string = (id) => id): string {
  return `${itemLabel(good, key.statement, key.parent)} ${period(key.period)}`;
}

/** The message of a rollup check; `period` names a period (its id unless given: the diagnostics, beside the JSON). */
export function rollupMessage(good: ParsedVersion, application: RollupApplication, display: DisplayFormat, period: (id: string) => string = (id) => id): string {
  const { key } = application;
  const parent = rollupSubjectName(good, key, period);
  if (application.status === "error") {
    const cell = application.cell;
    const missing = application.reason === "missing-value";
    if (cell.item === key.parent) {
      return missing ? l10n.t("{0} cannot be checked: its own value has no value (null).", parent) : l10n.t("{0} cannot be checked: its own value is marked unavailable.", parent);
    }
    const whose = `${itemLabel(good, cell.statement, cell.item)} ${period(cell.period)}`;
    return missing ? l10n.t("{0} cannot be checked: {1} has no value (null).", parent, whose) : l10n.t("{0} cannot be checked: {1} is marked unavailable.", parent, whose);
  }
  return l10n.t(
    "{0}: {1} stated, children sum to {2} (difference {3}, tolerance {4}).",
    parent,
    display.number(application.actual),
    display.number(application.expected),
    display.number(application.difference),
    display.number(application.tolerance),
  );
}

/** The pointer of the cell an application is about: the parent's, or an error's named cell. */
function rollupTarget(good: ParsedVersion, application: RollupApplication): string {
  const { key } = application;
  const target = application.status === "error" ? application.cell : { statement: key.statement, item: key.parent, period: key.period };
  const statement = good.model.statementsById.get(target.statement);
  const item = statement?.itemsById.get(target.item);
  return statement === undefined || item === undefined ? "" : cellPointer(statement.index, item.index, target.period);
}

function rollupDiagnostic(good: ParsedVersion, application: RollupApplication, range: Range, severity: DiagnosticSeverity, display: DisplayFormat): Diagnostic {
  const { key } = application;
  return {
    range,
    severity,
    source: SOURCE,
    code: application.status === "error" ? `rollup-${application.reason}` : "rollup-unsatisfied",
    message: rollupMessage(good, application, display),
    data: { path: rollupTarget(good, application), params: { statement: key.statement, parent: key.parent, period: key.period } } satisfies DiagnosticData,
  };
}

function snapshotDiagnostic(diff: SnapshotDiff): ((range: Range) => Diagnostic) | undefined {
  if (diff.status !== "mismatch") return undefined;
  const changes = diff.applications.filter((change) => change.change !== "unchanged");
  const parts: string[] = [];
  if (diff.conformance.recorded !== diff.conformance.current) parts.push(l10n.t("conformance {0} → {1}", diff.conformance.recorded, diff.conformance.current));
  if (diff.calculations.recorded !== diff.calculations.current) parts.push(l10n.t("calculations {0} → {1}", diff.calculations.recorded, diff.calculations.current));
  if (changes.length === 1) parts.push(l10n.t("1 application changed, added or removed"));
  else if (changes.length > 1) parts.push(l10n.t("{0} applications changed, added or removed", changes.length));
  return (range) => ({
    range,
    severity: DiagnosticSeverity.Information,
    source: SOURCE,
    code: "snapshot-mismatch",
    message: l10n.t('The recorded validation snapshot no longer matches the current validation ({0}). Run "FS: Record Validation Snapshot" to update it.', parts.join("; ")),
    data: { path: "/validationSnapshot" } satisfies DiagnosticData,
  });
}
