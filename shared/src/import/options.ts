// What the user may decide instead of the import: every guess of the layout reader has an option
// that overrides it. The CLI's flags and the editor's command fill the same object.

import type { NumberLocale } from "./numbers";

export interface ImportOptions {
  /** Every period's kind, whatever the wording or the statement says. */
  kind?: "instant" | "duration" | undefined;
  /** The last day of a financial year ("MM-DD"), for headers that give only a year. */
  yearEnd?: string | undefined;
  /** The unit's measure ("EUR") and scale (3 for thousands), for every statement. */
  measure?: string | undefined;
  scale?: number | undefined;
  /** How text numbers write thousands and decimals. */
  locale?: NumberLocale | undefined;
  /** The entity's name and the scope's label. */
  entity?: string | undefined;
  scope?: string | undefined;
  /**
   * Where rollupTo comes from: "formulas" (SUM and +/- formulas, the default), "sums" (also a row
   * equal to the sum of a contiguous block of rows above it, proposed and reported as a guess:
   * the only source a CSV or TSV file has), or "none".
   */
  rollups?: "formulas" | "sums" | "none" | undefined;
}

/** "MM-DD" as [month, day] when it is a real day of a year (29 February is refused). */
export function parseYearEnd(text: string): [number, number] | undefined {
  const match = /^(\d{2})-(\d{2})$/.exec(text.trim());
  if (match === null) return undefined;
  const month = Number(match[1]);
  const day = Number(match[2]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(2001, month)) return undefined;
  return [month, day];
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
