// `fsdoc compare --format markdown`: a pull-request comment. A heading and the summary line, the
// sides' states, then a table per statement (rows, period, old, new, difference); a section with
// more than TABLE_ROWS changes shows the first ones and folds the rest into <details>.

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
import type { Change, Comparison } from "./types";

export const TABLE_ROWS = 25;

/** Author text in a table cell: no line breaks, no pipes, no HTML, no Markdown emphasis or links. */
export function markdownText(text: string): string {
  return text
    .replace(/[\r\n]+/g, " ")
    .replace(/[\\`*_[\]|<>~]/g, (character) => `\\${character}`)
    .replace(/&/g, "&amp;");
}

/** Text in a code span (ids, file names): shown as written; in a table GFM takes \\| as a pipe even there. */
export function codeSpan(text: string): string {
  return `\`${text
    .replace(/[\r\n]+/g, " ")
    .replace(/`/g, "'")
    .replace(/\|/g, "\\|")}\``;
}

function statementRow(change: Change, names: ComparisonNames): string[] {
  const row = "item" in change ? `${markdownText(names.item(change.statement, change.item))} ${codeSpan(change.item)}` : "";
  switch (change.kind) {
    case "value-changed":
      return [row, markdownText(names.period(change.period)), markdownText(cellText(change.old)), markdownText(cellText(change.new)), markdownText(differenceText(change))];
    case "rollup-changed":
      return [
        `${rollupOutcome(change) === "holds" ? "✅" : "⚠️"} ${row}`,
        markdownText(names.period(change.period)),
        markdownText(rollupStateText(change.old, undefined, names.itemIn(change.statement))),
        markdownText(rollupStateText(change.new, undefined, names.itemIn(change.statement))),
        "",
      ];
    case "item-added":
      return [`➕ ${row}`, "", "", "added", ""];
    case "item-removed":
      return [`➖ ${row}`, "", "removed", "", ""];
    default:
      return [row, "", "", markdownText(describeChange(change, names)), ""];
  }
}

function table(header: string[], rows: string[][]): string[] {
  return [`| ${header.join(" | ")} |`, `|${header.map(() => " --- ").join("|")}|`, ...rows.map((row) => `| ${row.join(" | ")} |`)];
}

function foldedTable(header: string[], rows: string[][]): string[] {
  if (rows.length <= TABLE_ROWS) return table(header, rows);
  const rest = rows.length - TABLE_ROWS;
  return [
    ...table(header, rows.slice(0, TABLE_ROWS)),
    "",
    `<details><summary>${rest} more change${rest === 1 ? "" : "s"}</summary>`,
    "",
    ...table(header, rows.slice(TABLE_ROWS)),
    "",
    "</details>",
  ];
}

export function comparisonMarkdown(comparison: Comparison, oldValue: unknown, newValue: unknown, oldName: string, newName: string): string {
  const names = new ComparisonNames(oldValue, newValue);
  const lines = [`### FS documents compared: ${codeSpan(oldName)} → ${codeSpan(newName)}`, "", `**${summaryLine(comparison)}**`, ""];
  lines.push(`- old: ${sideText(comparison.old)}`, `- new: ${sideText(comparison.new)}`, `- ${snapshotLine(comparison)}`);
  const incomplete = incompleteLine(comparison, oldName, newName);
  if (incomplete !== undefined) lines.push(`- ⚠️ ${markdownText(incomplete)}`);
  for (const { section, changes } of sections(comparison)) {
    lines.push("");
    if (section.kind === "statement") {
      lines.push(`#### ${markdownText(names.statement(section.statement))} ${codeSpan(section.statement)}`, "");
      lines.push(
        ...foldedTable(
          ["row", "period", "old", "new", "difference"],
          changes.map((change) => statementRow(change, names)),
        ),
      );
    } else {
      lines.push(section.kind === "document" ? "#### Document, units and periods" : "#### Conformance", "");
      lines.push(
        ...foldedTable(
          ["change"],
          changes.map((change) => [markdownText(describeChange(change, names))]),
        ),
      );
    }
  }
  return lines.join("\n") + "\n";
}
