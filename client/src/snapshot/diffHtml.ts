// The snapshot diff as a page for a webview: a summary (recorded → current conformance and
// calculations) and a table of the rollup checks that changed, were added or were removed, with
// the recorded and the current outcome side by side and amounts grouped as the preview shows them;
// unchanged checks are listed in a closed <details>. Static HTML made on the extension host: no
// script, every text escaped, and a Content-Security-Policy that allows only the page's own style
// (by nonce). Pure, so it is tested without the editor. Its words are looked up with @vscode/l10n,
// which the extension configures with its bundle on activation; the contract's status words
// (conforming, nonconforming) stay as they are.

import * as l10n from "@vscode/l10n";
import { groupDigits } from "../../../shared/src/render/format";
import { displayFormat } from "../../../shared/src/render/localeFormat";
import type { ApplicationChange, RollupApplication, SnapshotDiff } from "../../../shared/src/types";
import type { SnapshotNames } from "../../../protocol/lsp";

/** Names a diff's ids: labels, and periods by their dates, as the changes view does; an id where there is no name. Writes its amounts as the preview does. */
interface Namer {
  statement(id: string): string;
  item(statement: string, id: string): string;
  period(id: string): string;
  /** An amount in the display language's separators, as the preview's cells show it. */
  number(decimal: string): string;
}

function namerOf(names: SnapshotNames | undefined, number: (decimal: string) => string): Namer {
  const statements = new Map((names?.statements ?? []).map((entry) => [entry.id, entry.name]));
  const items = new Map<string, Map<string, string>>();
  for (const entry of names?.items ?? []) {
    let byId = items.get(entry.statement);
    if (byId === undefined) items.set(entry.statement, (byId = new Map()));
    byId.set(entry.id, entry.name);
  }
  const periods = new Map((names?.periods ?? []).map((entry) => [entry.id, entry.name]));
  return {
    statement: (id) => statements.get(id) ?? id,
    item: (statement, id) => items.get(statement)?.get(id) ?? id,
    period: (id) => periods.get(id) ?? id,
    number,
  };
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Looked up when a page is made: the bundle is configured after the modules load. */
const CHANGE_WORDS: Record<ApplicationChange["change"], () => string> = {
  changed: () => l10n.t("changed"),
  added: () => l10n.t("added (not in the snapshot)"),
  removed: () => l10n.t("removed (only in the snapshot)"),
  unchanged: () => l10n.t("unchanged"),
};

const STATUS_WORDS: Record<string, () => string> = {
  conforming: () => "conforming",
  nonconforming: () => "nonconforming",
  consistent: () => l10n.t("all rollup checks satisfied"),
  inconsistent: () => l10n.t("some rollup checks not satisfied or not evaluated"),
  "not-defined": () => l10n.t("no rollups defined"),
  "not-run": () => l10n.t("rollups not checked"),
};

const statusWords = (status: string): string => (Object.hasOwn(STATUS_WORDS, status) ? STATUS_WORDS[status]!() : status);

/** One side of a row: the outcome in words, and its figures. */
function outcomeHtml(application: RollupApplication | undefined, names: Namer): string {
  if (application === undefined) return `<span class="none">—</span>`;
  if (application.status === "error") {
    const item = names.item(application.cell.statement, application.cell.item);
    const period = names.period(application.cell.period);
    const why = application.reason === "missing-value" ? l10n.t("a value is missing: {0}, {1}", item, period) : l10n.t("a value is unavailable: {0}, {1}", item, period);
    return `<span class="outcome error">${escape(l10n.t("not evaluated"))}</span><span class="figures">${escape(why)}</span>`;
  }
  const satisfied = application.status === "satisfied";
  const figures = satisfied
    ? l10n.t("{0} = children's sum", names.number(application.actual))
    : l10n.t(
        "stated {0}, children sum to {1} (difference {2}, tolerance {3})",
        names.number(application.actual),
        names.number(application.expected),
        names.number(application.difference),
        names.number(application.tolerance),
      );
  const outcome = satisfied ? l10n.t("satisfied") : l10n.t("not satisfied");
  return `<span class="outcome ${satisfied ? "ok" : "failed"}">${escape(outcome)}</span><span class="figures">${escape(figures)}</span>`;
}

function keyOf(change: ApplicationChange): RollupApplication["key"] {
  return change.change === "removed" ? change.recorded.key : change.current.key;
}

/** A check's row: named by labels and dates, with the ids in its title (labels need not be unique). */
function rowHtml(change: ApplicationChange, names: Namer): string {
  const { statement, parent, period } = keyOf(change);
  const recorded = change.change === "added" ? undefined : change.recorded;
  const current = change.change === "removed" ? undefined : change.current;
  const ids = `${parent} · ${statement} · ${period}`;
  return (
    `<tr class="${change.change}"><th scope="row" title="${escape(ids)}"><span class="parent">${escape(names.item(statement, parent))}</span><span class="where">${escape(names.statement(statement))} · ${escape(names.period(period))}</span></th>` +
    `<td class="change" data-label="${escape(l10n.t("Change"))}">${escape(CHANGE_WORDS[change.change]())}</td>` +
    `<td data-label="${escape(l10n.t("Recorded"))}">${outcomeHtml(recorded, names)}</td><td data-label="${escape(l10n.t("Current"))}">${outcomeHtml(current, names)}</td></tr>`
  );
}

function tableHtml(changes: ApplicationChange[], names: Namer): string {
  return (
    `<table><thead><tr>${[l10n.t("Rollup check (subtotal · statement · period)"), l10n.t("Change"), l10n.t("Recorded"), l10n.t("Current")].map((heading) => `<th scope="col">${escape(heading)}</th>`).join("")}</tr></thead>` +
    `<tbody>${changes.map((change) => rowHtml(change, names)).join("")}</tbody></table>`
  );
}

/** "1 not satisfied, 2 not evaluated, 13 satisfied": the checks on one side, counted apart; undefined when there are none. */
function checkCounts(applications: readonly (RollupApplication | undefined)[]): string | undefined {
  let satisfied = 0;
  let unsatisfied = 0;
  let notEvaluated = 0;
  for (const application of applications) {
    if (application === undefined) continue;
    if (application.status === "satisfied") satisfied++;
    else if (application.status === "unsatisfied") unsatisfied++;
    else notEvaluated++;
  }
  if (satisfied + unsatisfied + notEvaluated === 0) return undefined;
  const parts = [
    unsatisfied > 0 ? l10n.t("{0} not satisfied", groupDigits(String(unsatisfied))) : undefined,
    notEvaluated > 0 ? l10n.t("{0} not evaluated", groupDigits(String(notEvaluated))) : undefined,
  ];
  parts.push(l10n.t("{0} satisfied", groupDigits(String(satisfied))));
  return parts.filter((part) => part !== undefined).join(", ");
}

/** The rollup checks line: counted apart on each side, else the status in words. */
function checksLine(diff: Extract<SnapshotDiff, { status: "match" | "mismatch" }>): string {
  const recorded = checkCounts(diff.applications.map((change) => (change.change === "added" ? undefined : change.recorded))) ?? statusWords(diff.calculations.recorded);
  const current = checkCounts(diff.applications.map((change) => (change.change === "removed" ? undefined : change.current))) ?? statusWords(diff.calculations.current);
  return recorded === current
    ? `<li>${escape(l10n.t("Rollup checks: {0}", current))}</li>`
    : `<li class="differs">${escape(l10n.t("Rollup checks: recorded {0}; now {1}", recorded, current))}</li>`;
}

function conformanceLine(recorded: string, current: string): string {
  return recorded === current
    ? `<li>${escape(l10n.t("Conformance: {0}", statusWords(current)))}</li>`
    : `<li class="differs">${escape(l10n.t("Conformance: recorded {0}, now {1}", statusWords(recorded), statusWords(current)))}</li>`;
}

const notice = (text: string): string => `<p class="notice">${escape(text)}</p>`;

function bodyHtml(diff: SnapshotDiff | undefined, problem: string | undefined, names: Namer): string {
  if (problem !== undefined) return notice(problem);
  if (diff === undefined) return notice(l10n.t("No diff is available."));
  if (diff.status === "not-recorded") return notice(l10n.t("No validation snapshot is recorded in this document. Run “FS: Record Validation Snapshot” to record one."));
  if (diff.status === "not-comparable") return notice(l10n.t("The recorded validation snapshot is not valid, so it cannot be compared. Record a fresh one."));
  const differing = diff.applications.filter((change) => change.change !== "unchanged");
  const unchanged = diff.applications.filter((change) => change.change === "unchanged");
  const countOf = (kind: ApplicationChange["change"]) => differing.filter((change) => change.change === kind).length;
  const counts = [
    countOf("changed") > 0 ? l10n.t("{0} changed", countOf("changed")) : undefined,
    countOf("added") > 0 ? l10n.t("{0} added", countOf("added")) : undefined,
    countOf("removed") > 0 ? l10n.t("{0} removed", countOf("removed")) : undefined,
  ].filter((part) => part !== undefined);
  return [
    diff.status === "match"
      ? `<p class="verdict match">${escape(l10n.t("Match: the recorded snapshot agrees with the document as it is now."))}</p>`
      : `<p class="verdict mismatch">${escape(
          counts.length > 0
            ? l10n.t("Mismatch: the document no longer validates as recorded ({0}).", counts.join(", "))
            : l10n.t("Mismatch: the document no longer validates as recorded."),
        )}</p>`,
    `<ul class="summary">${conformanceLine(diff.conformance.recorded, diff.conformance.current)}${checksLine(diff)}</ul>`,
    differing.length > 0 ? tableHtml(differing, names) : `<p>${escape(l10n.t("No rollup check changed."))}</p>`,
    unchanged.length > 0
      ? `<details><summary>${escape(unchanged.length === 1 ? l10n.t("1 unchanged rollup check") : l10n.t("{0} unchanged rollup checks", unchanged.length))}</summary>${tableHtml(unchanged, names)}</details>`
      : "",
  ].join("\n");
}

const STYLE = `
body { font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); color: var(--vscode-foreground); padding: 0 16px 24px; }
h1 { font-size: 1.3em; font-weight: 600; }
.verdict { font-weight: 600; }
.verdict.match, .outcome.ok { color: var(--vscode-testing-iconPassed, var(--vscode-foreground)); }
.verdict.mismatch, .outcome.failed, .outcome.error, .differs { color: var(--vscode-editorWarning-foreground, var(--vscode-foreground)); }
table { border-collapse: collapse; margin: 8px 0 16px; width: 100%; }
th, td { text-align: left; vertical-align: top; padding: 4px 10px 4px 0; border-bottom: 1px solid var(--vscode-editorWidget-border, rgba(128,128,128,.35)); }
thead th { font-weight: 600; white-space: nowrap; }
th[scope=row] { font-weight: normal; }
.parent, .outcome { display: block; }
.where, .figures { display: block; opacity: .8; font-size: .92em; font-variant-numeric: tabular-nums; }
.change { white-space: nowrap; }
.none { opacity: .6; }
summary { cursor: pointer; margin: 8px 0; }
/* A narrow view (a side group of ~500 px): each check is a block, its cells one under the other
   with their column's name, so no column is cut off and no word stands alone on a line. */
@media (max-width: 640px) {
  thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
  tr { display: block; padding: 6px 0; border-bottom: 1px solid var(--vscode-editorWidget-border, rgba(128,128,128,.35)); }
  th[scope=row], td { display: block; border: 0; padding: 1px 0; }
  td[data-label]::before { content: attr(data-label) ": "; font-weight: 600; }
  td[data-label] .outcome, td[data-label] .figures { display: inline; }
  td[data-label] .figures::before { content: " · "; }
}
`;

/**
 * The whole page; `nonce` (fresh per page, from Web Crypto) admits the page's one style element.
 * `names` (from the server) name the checks' statements, items and periods; without them, ids.
 */
export function snapshotDiffHtml(name: string, diff: SnapshotDiff | undefined, problem: string | undefined, nonce: string, locale = "en", names?: SnapshotNames): string {
  return `<!DOCTYPE html>
<html lang="${escape(locale)}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'nonce-${escape(nonce)}'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(l10n.t("Snapshot diff: {0}", name))}</title>
<style nonce="${escape(nonce)}">${STYLE}</style>
</head>
<body>
<h1>${escape(l10n.t("Validation snapshot diff: {0}", name))}</h1>
${bodyHtml(diff, problem, namerOf(names, displayFormat(locale).number))}
</body>
</html>
`;
}
