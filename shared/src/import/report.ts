// The import's report: what it guessed, every cell it skipped (sheet and address), and every number
// cell with more than 15 significant digits (its double may already be a rounding). Text for
// people (stderr, the editor's output channel: in the display language there) or JSON (--report).

import * as l10n from "@vscode/l10n";

export interface Guess {
  /** What was decided: "period", "kind", "scale", "unit", "rollup", "statement", "value", "locale", "label", "sign", "entity", "scope", "encoding". */
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
  /**
   * A workbook fsdoc wrote: what became of the document's recorded validationSnapshot. "carried"
   * back from the FS definitions sheet; "none" recorded; "unreadable" (the sheet was edited), so
   * the document has none; "not-in-workbook": written by an fsdoc that did not carry snapshots.
   */
  snapshot?: "carried" | "none" | "unreadable" | "not-in-workbook";
}

export function newReport(source: string, layout: ImportReport["layout"]): ImportReport {
  return { source, layout, guesses: [], skipped: [], beyond15Digits: [] };
}

export function reportText(report: ImportReport): string {
  const lines: string[] = [];
  const how = {
    "fsdoc-export": () => l10n.t("a workbook written by fsdoc (its FS definitions sheet)"),
    workbook: () => l10n.t("a workbook's layout"),
    csv: () => "CSV",
    tsv: () => "TSV",
  }[report.layout]();
  lines.push(l10n.t("{0}: read as {1}", report.source, how));
  if (report.guesses.length > 0) {
    lines.push(l10n.t("guessed ({0}):", report.guesses.length));
    for (const guess of report.guesses)
      lines.push(guess.where === "" ? `  ${guessWord(guess.what)}: ${guess.text}` : `  ${l10n.t("{0} at {1}", guessWord(guess.what), guess.where)}: ${guess.text}`);
  }
  if (report.skipped.length > 0) {
    lines.push(l10n.t("skipped cells ({0}):", report.skipped.length));
    for (const cell of report.skipped) lines.push(`  ${cell.sheet}!${cell.cell} ${JSON.stringify(cell.value)}: ${cell.reason}`);
  }
  const snapshot = snapshotLine(report.snapshot);
  if (snapshot !== undefined) lines.push(snapshot);
  if (report.beyond15Digits.length > 0) {
    lines.push(l10n.t("number cells with more than 15 significant digits, possibly rounded already ({0}): {1}", report.beyond15Digits.length, report.beyond15Digits.join(", ")));
  }
  return lines.join("\n") + "\n";
}

function snapshotLine(snapshot: ImportReport["snapshot"]): string | undefined {
  switch (snapshot) {
    case "carried":
      return l10n.t("validationSnapshot: the recorded one, carried back from the FS definitions sheet (fsdoc diff compares it with the document now)");
    case "unreadable":
      return l10n.t("validationSnapshot: its FS definitions sheet holds one that cannot be read (edited?), so the document has none; fsdoc record records one");
    case "not-in-workbook":
      return l10n.t("validationSnapshot: not carried (an older fsdoc wrote this workbook), so the document has none; fsdoc record records one");
    default:
      return undefined;
  }
}

/** A guess's kind in words; `what` itself stays data (the JSON report's). */
function guessWord(what: string): string {
  const words: Record<string, () => string> = {
    period: () => l10n.t("period"),
    kind: () => l10n.t("kind"),
    scale: () => l10n.t("scale"),
    unit: () => l10n.t("unit"),
    rollup: () => l10n.t("rollup"),
    statement: () => l10n.t("statement"),
    value: () => l10n.t("value"),
    locale: () => l10n.t("locale"),
    label: () => l10n.t("label"),
    sign: () => l10n.t("sign"),
    entity: () => l10n.t("entity"),
    scope: () => l10n.t("scope"),
    encoding: () => l10n.t("encoding"),
  };
  return Object.hasOwn(words, what) ? (words[what] as () => string)() : what;
}
