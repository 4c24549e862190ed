// The import's report: what it guessed, every cell it skipped (sheet and address), and every number
// cell with more than 15 significant digits (its double may already be a rounding). Text for
// people (stderr, the editor's output channel) or JSON (--report).

export interface Guess {
  /** What was decided: "period", "kind", "scale", "unit", "rollup", "statement", "value", "locale". */
  what: string;
  /** Where it was read, e.g. "Income!D2", or "" for the whole file. */
  where: string;
  text: string;
}

export interface SkippedCell {
  sheet: string;
  cell: string;
  /** What the cell held, as text. */
  value: string;
  reason: string;
}

export interface ImportReport {
  source: string;
  /** How the file was read. */
  layout: "fsdoc-export" | "workbook" | "csv" | "tsv";
  guesses: Guess[];
  skipped: SkippedCell[];
  /** Number cells with more than 15 significant digits: "Sheet!D5". */
  beyond15Digits: string[];
}

export function newReport(source: string, layout: ImportReport["layout"]): ImportReport {
  return { source, layout, guesses: [], skipped: [], beyond15Digits: [] };
}

export function reportText(report: ImportReport): string {
  const lines: string[] = [];
  const how = { "fsdoc-export": "a workbook written by fsdoc (its FS definitions sheet)", workbook: "a workbook's layout", csv: "CSV", tsv: "TSV" }[report.layout];
  lines.push(`${report.source}: read as ${how}`);
  if (report.guesses.length > 0) {
    lines.push(`guessed (${report.guesses.length}):`);
    for (const guess of report.guesses) lines.push(`  ${guess.what}${guess.where === "" ? "" : ` at ${guess.where}`}: ${guess.text}`);
  }
  if (report.skipped.length > 0) {
    lines.push(`skipped cells (${report.skipped.length}):`);
    for (const cell of report.skipped) lines.push(`  ${cell.sheet}!${cell.cell} ${JSON.stringify(cell.value)}: ${cell.reason}`);
  }
  if (report.beyond15Digits.length > 0) {
    lines.push(`number cells with more than 15 significant digits, possibly rounded already (${report.beyond15Digits.length}): ${report.beyond15Digits.join(", ")}`);
  }
  return lines.join("\n") + "\n";
}
