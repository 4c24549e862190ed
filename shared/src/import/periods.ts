// Period headers and the wording that decides a period's kind.
//
// A header names a year ("2025", "FY2025", "FY 2025") or a day ("31 Dec 2025", "Dec 31, 2025",
// "31.12.2025", "31/12/2025", "2025-12-31", or a date cell), possibly with wording around it
// ("As at 31 December 2025", "Year ended 2025"). A year stands for the financial year ending in it
// (on the year end given by an option or read from a date in the titles, else 31 December). A day
// is an instant on that day, or the year ending on it.

import * as l10n from "@vscode/l10n";
import { daysInMonth } from "./options";

export type Kind = "instant" | "duration";

export interface PeriodHeader {
  /** The year only, or the exact day. */
  year: number;
  day?: { month: number; day: number } | undefined;
  /** The kind the header's own wording says, if any. */
  kind?: Kind | undefined;
  /** How an ambiguous day was read ("03/04/2025": day first). */
  note?: string | undefined;
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const MONTHS_DE = ["jan", "feb", "mär", "apr", "mai", "jun", "jul", "aug", "sep", "okt", "nov", "dez"];

function monthOf(word: string): number | undefined {
  const prefix = word.toLowerCase().slice(0, 3);
  const index = MONTHS.indexOf(prefix);
  if (index >= 0) return index + 1;
  const german = MONTHS_DE.indexOf(prefix);
  return german >= 0 ? german + 1 : undefined;
}

function realDay(year: number, month: number, day: number): boolean {
  return year >= 1000 && year <= 9999 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** The kind that wording says: "as at/as of", "zum" → instant; "(for the) year(s)/period ended", "for the year" → duration. */
export function kindFromWording(text: string): Kind | undefined {
  const lower = text.toLowerCase();
  if (/\bas (?:at|of)\b|\bzum\b|\bstichtag\b/.test(lower)) return "instant";
  if (
    /\b(?:years?|periods?|months?|quarters?|half[- ]years?)\s+(?:ended|ending)\b|\bfor the (?:financial |fiscal )?(?:years?|periods?|months?|quarters?|half[- ]years?)\b|\bgeschäftsjahr\b|\bvom\b/.test(
      lower,
    )
  )
    return "duration";
  return undefined;
}

type Found = { header: PeriodHeader; rest: string };

/** A day inside a text, with the text around it. */
function findDay(text: string): Found | undefined {
  const patterns: [RegExp, (m: RegExpExecArray) => [number, number, number, string?] | undefined][] = [
    [/\b(\d{4})-(\d{2})-(\d{2})\b/, (m) => [Number(m[1]), Number(m[2]), Number(m[3])]],
    [/\b(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4})\b/, (m) => [Number(m[3]), Number(m[2]), Number(m[1])]],
    [
      /\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/,
      (m) => {
        const [a, b] = [Number(m[1]), Number(m[2])];
        if (a > 12) return [Number(m[3]), b, a];
        if (b > 12) return [Number(m[3]), a, b, l10n.t("read month first (the day is over 12)")];
        return [Number(m[3]), b, a, a === b ? undefined : l10n.t("read day first (day/month/year)")];
      },
    ],
    [/\b(\d{1,2})(?:st|nd|rd|th)?[\s.-]+([A-Za-zä]{3,9})\.?[\s,-]+(\d{4})\b/, (m) => withMonth(m[2] as string, Number(m[3]), Number(m[1]))],
    [/\b([A-Za-zä]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b/, (m) => withMonth(m[1] as string, Number(m[3]), Number(m[2]))],
  ];
  for (const [pattern, read] of patterns) {
    const match = pattern.exec(text);
    if (match === null) continue;
    const parts = read(match);
    if (parts === undefined) continue;
    const [year, month, day, note] = parts;
    if (!realDay(year, month, day)) continue;
    return { header: { year, day: { month, day }, note }, rest: text.slice(0, match.index) + " " + text.slice(match.index + match[0].length) };
  }
  return undefined;
}

function withMonth(word: string, year: number, day: number): [number, number, number] | undefined {
  const month = monthOf(word);
  return month === undefined ? undefined : [year, month, day];
}

const YEAR = /\b(?:FY|GJ|F\.Y\.)?\s?'?((?:19|20|21)\d{2})\b/i;

/** Words that may stand around a period in a header without making it something else. */
const HEADER_WORDS =
  /\b(?:as|at|of|for|the|years?|periods?|months?|twelve|12|ended|ending|fy|fiscal|financial|gj|geschäftsjahr|jahr|zum|per|am|vom|restated|audited|unaudited|actual|note|notes)\b|[(),:*'’.\s-]/gi;

/** A header cell's text as a period, or undefined when it is something else. */
export function parseHeaderText(text: string): PeriodHeader | undefined {
  const trimmed = text.trim();
  if (trimmed === "" || trimmed.length > 60) return undefined;
  let found = findDay(trimmed);
  if (found === undefined) {
    const match = YEAR.exec(trimmed);
    if (match === null) return undefined;
    found = { header: { year: Number(match[1]) }, rest: trimmed.slice(0, match.index) + " " + trimmed.slice(match.index + match[0].length) };
  }
  // Anything else than wording (another number, a label) and it is not a header.
  if (found.rest.replace(HEADER_WORDS, "").trim() !== "") return undefined;
  const kind = kindFromWording(trimmed);
  return kind === undefined ? found.header : { ...found.header, kind };
}

/** A number cell as a year header (2025), a date cell as a day. */
export function parseHeaderNumber(value: number): PeriodHeader | undefined {
  return Number.isInteger(value) && value >= 1900 && value <= 2199 ? { year: value } : undefined;
}

export function parseHeaderDate(value: Date): PeriodHeader | undefined {
  const [year, month, day] = [value.getUTCFullYear(), value.getUTCMonth() + 1, value.getUTCDate()];
  return realDay(year, month, day) ? { year, day: { month, day } } : undefined;
}

/** The first whole day written in a text (for the year end of "Year ended 30 June 2025"). */
export function dayInText(text: string): { month: number; day: number } | undefined {
  return findDay(text)?.header.day;
}

export function isoDay(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The first day of the year that ends on (year, month, day): the day after that day a year earlier. */
export function yearStart(year: number, month: number, day: number): string {
  // A year ending on a month's last day (28 or 29 February too) starts on the next month's first.
  const start = day === daysInMonth(year, month) ? new Date(Date.UTC(year - 1, month, 1)) : new Date(Date.UTC(year - 1, month - 1, day + 1));
  return isoDay(start.getUTCFullYear(), start.getUTCMonth() + 1, start.getUTCDate());
}

/** "for the years ended 31 December", "year ending June 30": a year end named without a year. */
export function yearEndWithoutYear(text: string): { month: number; day: number } | undefined {
  const match = /\b(?:ended|ending)\s+(?:(\d{1,2})(?:st|nd|rd|th)?\s+([A-Za-zä]{3,9})|([A-Za-zä]{3,9})\s+(\d{1,2})(?:st|nd|rd|th)?)\b/i.exec(text);
  if (match === null) return undefined;
  const month = monthOf((match[2] ?? match[3]) as string);
  const day = Number(match[1] ?? match[4]);
  // A common year: a year end is the same day every year, so 29 February is none.
  return month !== undefined && realDay(2001, month, day) ? { month, day } : undefined;
}
