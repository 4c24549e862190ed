// `fsdoc compare --format html`: a standalone page in the render's style (no script, no network,
// every author text escaped). A summary at the top; per statement, its changes that are not on a
// row as a list, then a table of the rows that changed, with NEW's period columns: a changed cell
// shows old → new and the difference, an added row is marked +, a removed one − (with OLD's
// values), a moved one ↕, a subtotal whose check changed is flagged. Every cell and row carries
// data-pointer, its JSON Pointer in NEW.

import { escapeHtml } from "../render/writer";
import { PAGE_STYLE } from "../render/style";
import { pointer } from "../json/pointer";
import {
  ComparisonNames,
  cellText,
  describeChange,
  differenceText,
  incompleteLine,
  rollupOutcome,
  rollupStateText,
  sections,
  sideText,
  snapshotLine,
  summaryLine,
} from "./describe";
import type { Change, CompareCell, Comparison } from "./types";

const CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

export const COMPARE_STYLE = `
.fc-summary { font-weight: 600; margin: 0.75rem 0 0; }
.fc-notes { margin: 0.25rem 0 0; padding-left: 1.2rem; color: var(--fs-ink-2); font-size: 0.9rem; }
.fc-list { margin: 0 0 1rem; padding-left: 1.2rem; }
.fc-row-added th, .fc-row-added td { background: color-mix(in srgb, var(--fs-ok) 12%, transparent); }
.fc-row-removed th, .fc-row-removed td { background: var(--fs-fail-bg); text-decoration: line-through; color: var(--fs-ink-2); }
.fc-mark { display: inline-block; min-width: 1.2em; font-weight: 700; }
.fc-note { display: block; font-size: 0.82rem; color: var(--fs-ink-2); font-weight: 400; }
.fc-changed { background: var(--fs-warn-bg); }
.fc-old { color: var(--fs-ink-2); text-decoration: line-through; }
.fc-arrow { color: var(--fs-ink-2); padding: 0 0.2em; }
.fc-difference { display: block; font-size: 0.82rem; color: var(--fs-ink-2); }
.fc-rollup-worse { outline: 2px solid var(--fs-fail); outline-offset: -2px; }
.fc-rollup-better { outline: 2px solid var(--fs-ok); outline-offset: -2px; }
.fc-rollup { display: block; font-size: 0.82rem; white-space: normal; min-width: 12rem; }
.fc-table .fs-item { min-width: 12rem; }
.fc-rollup-worse .fc-rollup { color: var(--fs-fail); }
.fc-rollup-better .fc-rollup { color: var(--fs-ok); }
`;

interface RowChanges {
  item: string;
  path: string | undefined;
  mark: "" | "added" | "removed";
  notes: string[];
  cells: Map<string, Extract<Change, { kind: "value-changed" }>>;
  rollups: Map<string, Extract<Change, { kind: "rollup-changed" }>>;
}

/** The rows that changed, in the section's order, each once. */
function rowsOf(changes: readonly Change[], names: ComparisonNames): { rows: RowChanges[]; other: Change[] } {
  const rows = new Map<string, RowChanges>();
  const other: Change[] = [];
  for (const change of changes) {
    if (!("item" in change)) {
      other.push(change);
      continue;
    }
    let row = rows.get(change.item);
    if (row === undefined) {
      row = { item: change.item, path: undefined, mark: "", notes: [], cells: new Map(), rollups: new Map() };
      rows.set(change.item, row);
    }
    if (change.kind === "value-changed") row.cells.set(change.period, change);
    else if (change.kind === "rollup-changed") row.rollups.set(change.period, change);
    else if (change.kind === "item-added" || change.kind === "item-removed") row.mark = change.kind === "item-added" ? "added" : "removed";
    else row.notes.push(describeChange(change, names));
    // The row's pointer in NEW: the change's own path up to the item (a removed row has none).
    if (change.kind !== "item-removed") row.path ??= /^\/statements\/\d+\/items\/\d+/.exec(change.path)?.[0];
  }
  return { rows: [...rows.values()], other };
}

function cellClass(cell: CompareCell | undefined): string {
  if (cell === null) return " fs-missing";
  if (cell !== undefined && typeof cell === "object") return "unavailable" in cell ? " fs-unavailable" : " fs-invalid";
  return "";
}

function writeCell(out: string[], statement: string, row: RowChanges, period: string, names: ComparisonNames): void {
  const change = row.cells.get(period);
  const rollup = row.rollups.get(period);
  const classes = ["fs-cell"];
  if (change !== undefined) classes.push("fc-changed");
  if (rollup !== undefined) classes.push(rollupOutcome(rollup) === "holds" ? "fc-rollup-better" : "fc-rollup-worse");
  const path = row.path === undefined || row.mark === "removed" ? "" : ` data-pointer="${escapeHtml(`${row.path}/values${pointer(period)}`)}"`;
  out.push(`<td class="${classes.join(" ")}"${path}>`);
  if (change !== undefined) {
    out.push(
      `<span class="fc-old${cellClass(change.old)}">${escapeHtml(cellText(change.old))}</span><span class="fc-arrow">→</span><span class="fc-new${cellClass(change.new)}">${escapeHtml(cellText(change.new))}</span>`,
    );
    const difference = differenceText(change);
    if (difference !== "") out.push(`<span class="fc-difference">${escapeHtml(difference)}</span>`);
  } else {
    const cell = names.cell(statement, row.item, period);
    out.push(`<span class="${cellClass(cell).trim()}">${escapeHtml(cell === undefined ? "" : cellText(cell))}</span>`);
  }
  if (rollup !== undefined) {
    out.push(
      `<span class="fc-rollup" title="${escapeHtml(`was: ${rollupStateText(rollup.old, undefined, names.itemIn(statement))}`)}">${rollupOutcome(rollup) === "holds" ? "✓ " : "⚠ "}${escapeHtml(rollupStateText(rollup.new, undefined, names.itemIn(statement)))}</span>`,
    );
  }
  out.push("</td>");
}

function writeStatement(out: string[], statement: string, changes: readonly Change[], names: ComparisonNames): void {
  out.push(
    `<section class="fs-statement" data-statement="${escapeHtml(statement)}">\n<h2 class="fs-caption">${escapeHtml(names.statement(statement))} <span class="fs-caption-unit">[${escapeHtml(statement)}]</span></h2>\n`,
  );
  const { rows, other } = rowsOf(changes, names);
  if (other.length > 0) {
    out.push('<ul class="fc-list">');
    for (const change of other) out.push(`<li>${escapeHtml(describeChange(change, names))}</li>`);
    out.push("</ul>\n");
  }
  if (rows.length === 0) {
    out.push("</section>\n");
    return;
  }
  const columns = names.columns(statement);
  out.push('<table class="fs-table fc-table">\n<thead><tr><th scope="col" class="fs-col-item">Item</th>');
  for (const period of columns) out.push(`<th scope="col" class="fs-col-period" data-period="${escapeHtml(period)}">${escapeHtml(names.period(period))}</th>`);
  out.push("</tr></thead>\n<tbody>\n");
  for (const row of rows) {
    const mark = row.mark === "added" ? "+" : row.mark === "removed" ? "−" : row.notes.some((note) => note.startsWith("row moved")) ? "↕" : "";
    const path = row.path === undefined || row.mark === "removed" ? "" : ` data-pointer="${escapeHtml(row.path)}"`;
    out.push(`<tr class="fs-row${row.mark === "" ? "" : ` fc-row-${row.mark}`}"${path} data-item="${escapeHtml(row.item)}"><th scope="row" class="fs-item">`);
    out.push(`<span class="fc-mark" aria-label="${escapeHtml(row.mark === "" ? "changed" : row.mark)}">${mark}</span>${escapeHtml(names.item(statement, row.item))}`);
    if (row.mark !== "") out.push(`<span class="fc-note">${row.mark === "added" ? "added" : "removed"}</span>`);
    for (const note of row.notes) out.push(`<span class="fc-note">${escapeHtml(note)}</span>`);
    out.push("</th>");
    for (const period of columns) writeCell(out, statement, row, period, names);
    out.push("</tr>\n");
  }
  out.push("</tbody>\n</table>\n</section>\n");
}

export function comparisonHtml(comparison: Comparison, oldValue: unknown, newValue: unknown, oldName: string, newName: string): string {
  const names = new ComparisonNames(oldValue, newValue);
  const out: string[] = [];
  const title = `${oldName} → ${newName}`;
  out.push('<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n');
  out.push(`<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}">\n`);
  out.push('<meta name="viewport" content="width=device-width, initial-scale=1">\n<meta name="color-scheme" content="light dark">\n');
  out.push(`<title>${escapeHtml(title)}</title>\n<style>${PAGE_STYLE}${COMPARE_STYLE}</style>\n</head>\n<body>\n<div class="fs-page">\n`);
  out.push(`<header class="fs-header">\n<h1 class="fs-entity">${escapeHtml(title)}</h1>\n`);
  out.push(`<p class="fc-summary">${escapeHtml(summaryLine(comparison))}</p>\n<ul class="fc-notes">`);
  const notes = [`old: ${sideText(comparison.old)}`, `new: ${sideText(comparison.new)}`, snapshotLine(comparison)];
  const incomplete = incompleteLine(comparison, oldName, newName);
  if (incomplete !== undefined) notes.push(incomplete);
  for (const note of notes) out.push(`<li>${escapeHtml(note)}</li>`);
  out.push("</ul>\n</header>\n<main>\n");
  for (const { section, changes } of sections(comparison)) {
    if (section.kind === "statement") writeStatement(out, section.statement, changes, names);
    else {
      out.push(`<section class="fs-statement"><h2 class="fs-caption">${section.kind === "document" ? "Document, units and periods" : "Conformance"}</h2>\n<ul class="fc-list">`);
      for (const change of changes) out.push(`<li>${escapeHtml(describeChange(change, names))}</li>`);
      out.push("</ul>\n</section>\n");
    }
  }
  out.push("</main>\n</div>\n</body>\n</html>\n");
  return out.join("");
}
