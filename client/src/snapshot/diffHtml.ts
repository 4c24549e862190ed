// The snapshot diff as a page for a webview: a summary (recorded → current conformance and
// calculations) and a table of the rollup checks that changed, were added or were removed, with
// the recorded and the current outcome side by side and amounts grouped as the preview shows them;
// unchanged checks are listed in a closed <details>. Static HTML made on the extension host: no
// script, every text escaped, and a Content-Security-Policy that allows only the page's own style
// (by nonce). Pure, so it is tested without the editor.

import { groupDigits } from "../../../shared/src/render/format";
import type { ApplicationChange, RollupApplication, SnapshotDiff } from "../../../shared/src/types";

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const CHANGE_WORDS: Record<ApplicationChange["change"], string> = {
  changed: "changed",
  added: "added (not in the snapshot)",
  removed: "removed (only in the snapshot)",
  unchanged: "unchanged",
};

const STATUS_WORDS: Record<string, string> = {
  conforming: "conforming",
  nonconforming: "nonconforming",
  consistent: "all rollup checks satisfied",
  inconsistent: "some rollup checks not satisfied or not evaluated",
  "not-defined": "no rollups defined",
  "not-run": "rollups not checked",
};

/** One side of a row: the outcome in words, and its figures. */
function outcomeHtml(application: RollupApplication | undefined): string {
  if (application === undefined) return `<span class="none">—</span>`;
  if (application.status === "error") {
    const { item, period } = application.cell;
    const why = application.reason === "missing-value" ? "a value is missing" : "a value is unavailable";
    return `<span class="outcome error">not evaluated</span><span class="figures">${escape(why)}: ${escape(item)}, ${escape(period)}</span>`;
  }
  const satisfied = application.status === "satisfied";
  const figures = satisfied
    ? `${escape(groupDigits(application.actual))} = children's sum`
    : `stated ${escape(groupDigits(application.actual))}, children sum to ${escape(groupDigits(application.expected))} (difference ${escape(groupDigits(application.difference))}, tolerance ${escape(groupDigits(application.tolerance))})`;
  return `<span class="outcome ${satisfied ? "ok" : "failed"}">${satisfied ? "satisfied" : "not satisfied"}</span><span class="figures">${figures}</span>`;
}

function keyOf(change: ApplicationChange): RollupApplication["key"] {
  return change.change === "removed" ? change.recorded.key : change.current.key;
}

function rowHtml(change: ApplicationChange): string {
  const { statement, parent, period } = keyOf(change);
  const recorded = change.change === "added" ? undefined : change.recorded;
  const current = change.change === "removed" ? undefined : change.current;
  return (
    `<tr class="${change.change}"><th scope="row"><span class="parent">${escape(parent)}</span><span class="where">${escape(statement)} · ${escape(period)}</span></th>` +
    `<td class="change">${escape(CHANGE_WORDS[change.change])}</td><td>${outcomeHtml(recorded)}</td><td>${outcomeHtml(current)}</td></tr>`
  );
}

function tableHtml(changes: ApplicationChange[]): string {
  return (
    `<table><thead><tr><th scope="col">Rollup check (subtotal · statement · period)</th><th scope="col">Change</th><th scope="col">Recorded</th><th scope="col">Current</th></tr></thead>` +
    `<tbody>${changes.map(rowHtml).join("")}</tbody></table>`
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
    unsatisfied > 0 ? `${groupDigits(String(unsatisfied))} not satisfied` : undefined,
    notEvaluated > 0 ? `${groupDigits(String(notEvaluated))} not evaluated` : undefined,
  ];
  parts.push(`${groupDigits(String(satisfied))} satisfied`);
  return parts.filter((part) => part !== undefined).join(", ");
}

/** The rollup checks line: counted apart on each side, else the status in words. */
function checksLine(diff: Extract<SnapshotDiff, { status: "match" | "mismatch" }>): string {
  const recorded =
    checkCounts(diff.applications.map((change) => (change.change === "added" ? undefined : change.recorded))) ??
    STATUS_WORDS[diff.calculations.recorded] ??
    diff.calculations.recorded;
  const current =
    checkCounts(diff.applications.map((change) => (change.change === "removed" ? undefined : change.current))) ??
    STATUS_WORDS[diff.calculations.current] ??
    diff.calculations.current;
  return recorded === current ? `<li>Rollup checks: ${escape(current)}</li>` : `<li class="differs">Rollup checks: recorded ${escape(recorded)}; now ${escape(current)}</li>`;
}

function statusLine(label: string, recorded: string, current: string): string {
  const words = (status: string) => escape(STATUS_WORDS[status] ?? status);
  return recorded === current ? `<li>${label}: ${words(current)}</li>` : `<li class="differs">${label}: recorded ${words(recorded)}, now ${words(current)}</li>`;
}

function bodyHtml(diff: SnapshotDiff | undefined, problem: string | undefined): string {
  if (problem !== undefined) return `<p class="notice">${escape(problem)}</p>`;
  if (diff === undefined) return `<p class="notice">No diff is available.</p>`;
  if (diff.status === "not-recorded") return `<p class="notice">No validation snapshot is recorded in this document. Run “FS: Record Validation Snapshot” to record one.</p>`;
  if (diff.status === "not-comparable") return `<p class="notice">The recorded validation snapshot is not valid, so it cannot be compared. Record a fresh one.</p>`;
  const differing = diff.applications.filter((change) => change.change !== "unchanged");
  const unchanged = diff.applications.filter((change) => change.change === "unchanged");
  const counts = (["changed", "added", "removed"] as const)
    .map((kind) => [kind, differing.filter((change) => change.change === kind).length] as const)
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => `${count} ${kind}`);
  return [
    diff.status === "match"
      ? `<p class="verdict match">Match: the recorded snapshot agrees with the document as it is now.</p>`
      : `<p class="verdict mismatch">Mismatch: the document no longer validates as recorded${counts.length > 0 ? ` (${counts.join(", ")})` : ""}.</p>`,
    `<ul class="summary">${statusLine("Conformance", diff.conformance.recorded, diff.conformance.current)}${checksLine(diff)}</ul>`,
    differing.length > 0 ? tableHtml(differing) : `<p>No rollup check changed.</p>`,
    unchanged.length > 0 ? `<details><summary>${unchanged.length} unchanged rollup check${unchanged.length === 1 ? "" : "s"}</summary>${tableHtml(unchanged)}</details>` : "",
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
`;

/** The whole page; `nonce` (fresh per page, from Web Crypto) admits the page's one style element. */
export function snapshotDiffHtml(name: string, diff: SnapshotDiff | undefined, problem: string | undefined, nonce: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'nonce-${escape(nonce)}'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Snapshot diff: ${escape(name)}</title>
<style nonce="${escape(nonce)}">${STYLE}</style>
</head>
<body>
<h1>Validation snapshot diff: ${escape(name)}</h1>
${bodyHtml(diff, problem)}
</body>
</html>
`;
}
