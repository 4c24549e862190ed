// `fsdoc compare --format text`: for a terminal, grouped by statement, one line per change.

import { ComparisonNames, describeChange, incompleteLine, sections, sideText, snapshotLine, summaryLine } from "./describe";
import type { Change, Comparison } from "./types";

const MARKS: Partial<Record<Change["kind"], string>> = {
  "item-added": "+",
  "statement-added": "+",
  "unit-added": "+",
  "period-added": "+",
  "column-added": "+",
  "error-added": "!",
  "item-removed": "-",
  "statement-removed": "-",
  "unit-removed": "-",
  "period-removed": "-",
  "column-removed": "-",
  "error-fixed": "✓",
  "item-moved": "↕",
  "statement-moved": "↕",
  "rollup-changed": "Σ",
};

/** One line's start: what the change is on ("Cash [cash]"), when it is on a row. */
function rowName(change: Change, names: ComparisonNames): string {
  if (!("item" in change)) return "";
  return `${names.item(change.statement, change.item)} [${change.item}] · `;
}

export function comparisonText(comparison: Comparison, oldValue: unknown, newValue: unknown, oldName: string, newName: string): string {
  const names = new ComparisonNames(oldValue, newValue);
  const lines = [`${oldName} → ${newName}`, `  old: ${sideText(comparison.old)}`, `  new: ${sideText(comparison.new)}`];
  const incomplete = incompleteLine(comparison, oldName, newName);
  if (incomplete !== undefined) lines.push(incomplete);
  lines.push(summaryLine(comparison));
  for (const { section, changes } of sections(comparison)) {
    lines.push("");
    lines.push(
      section.kind === "document" ? "Document, units and periods" : section.kind === "conformance" ? "Conformance" : `${names.statement(section.statement)} [${section.statement}]`,
    );
    for (const change of changes) lines.push(`  ${MARKS[change.kind] ?? "~"} ${rowName(change, names)}${describeChange(change, names)}`);
  }
  lines.push("", snapshotLine(comparison));
  // Author text may hold line breaks; each change stays one line.
  return lines.map((line) => line.replace(/[\r\n]+/g, " ")).join("\n") + "\n";
}
