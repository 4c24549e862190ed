// Numbers and dates in the display language's conventions, for the editor (hovers, lenses, the
// preview). A stored decimal is formatted as a STRING: the locale gives only its symbols (digits,
// group and decimal separators, minus sign, grouping sizes), taken once from
// Intl.NumberFormat#formatToParts, and the digits are the document's own, so a value with more than
// 15 significant digits is shown exactly. Dates are calendar dates (YYYY-MM-DD) shown with
// Intl.DateTimeFormat in UTC, so no time zone can move them to another day.
// Percentages take the locale's pattern around the number ("+4.17%", "+4,17 %").
// Without a locale (the CLI, exports, tests), the neutral form is used: "1,234.5", "+4.17%" and ISO dates.

import { groupDigits } from "./format";

export interface NumberSymbols {
  /** The locale's digits 0–9 (Latin for most locales). */
  digits: readonly string[];
  group: string;
  decimal: string;
  /** What comes before and after the digits of a negative number (a minus sign, bidi marks). */
  negativePrefix: string;
  negativeSuffix: string;
  /** Size of the group next to the decimal point, and of the groups further left (2 in en-IN). */
  primaryGroup: number;
  secondaryGroup: number;
  /** The fewest integer digits that are grouped at all (5 in es: "1234" but "12.345"). */
  minimumGroupedDigits: number;
}

const LATIN = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"];

export const NEUTRAL_SYMBOLS: NumberSymbols = {
  digits: LATIN,
  group: ",",
  decimal: ".",
  negativePrefix: "-",
  negativeSuffix: "",
  primaryGroup: 3,
  secondaryGroup: 3,
  minimumGroupedDigits: 4,
};

/** The symbols of `locale`; an unknown or malformed locale gives the neutral symbols. */
export function numberSymbols(locale: string | undefined): NumberSymbols {
  if (locale === undefined || locale === "") return NEUTRAL_SYMBOLS;
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 20 });
  } catch {
    return NEUTRAL_SYMBOLS;
  }
  // Small integers only: exact as JS numbers, so the symbols come out right.
  const sample = format.formatToParts(-1234567890.5);
  const integers = sample.filter((part) => part.type === "integer").map((part) => part.value.length);
  const first = sample.findIndex((part) => part.type === "integer" || part.type === "group");
  let last = -1;
  sample.forEach((part, index) => {
    if (part.type === "integer" || part.type === "fraction" || part.type === "group" || part.type === "decimal") last = index;
  });
  const digits = LATIN.map((digit) => new Intl.NumberFormat(locale, { useGrouping: false }).format(Number(digit)));
  const grouped = format.formatToParts(1234).some((part) => part.type === "group");
  return {
    digits: digits.every((digit) => digit.length > 0) ? digits : LATIN,
    group: sample.find((part) => part.type === "group")?.value ?? "",
    decimal: sample.find((part) => part.type === "decimal")?.value ?? ".",
    negativePrefix:
      sample
        .slice(0, Math.max(first, 0))
        .map((part) => part.value)
        .join("") || "-",
    negativeSuffix:
      last === -1
        ? ""
        : sample
            .slice(last + 1)
            .map((part) => part.value)
            .join(""),
    primaryGroup: integers[integers.length - 1] ?? 3,
    secondaryGroup: integers.length > 2 ? integers[integers.length - 2]! : (integers[integers.length - 1] ?? 3),
    minimumGroupedDigits: grouped ? 4 : 5,
  };
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** A canonical decimal string in `symbols`; anything that is not a plain decimal is returned as it is. */
export function formatDecimal(decimal: string, symbols: NumberSymbols): string {
  const match = DECIMAL.exec(decimal);
  if (match === null) return decimal;
  const [, sign, whole, fraction] = match as unknown as [string, string, string, string | undefined];
  const digit = (text: string): string => (symbols.digits === LATIN ? text : text.replace(/\d/g, (d) => symbols.digits[d.charCodeAt(0) - 48]!));
  let integer = digit(whole);
  if (symbols.group !== "" && whole.length >= symbols.minimumGroupedDigits) {
    const groups: string[] = [];
    let end = whole.length;
    let size = symbols.primaryGroup;
    while (end > size) {
      groups.unshift(integer.slice(end - size, end));
      end -= size;
      size = symbols.secondaryGroup;
    }
    groups.unshift(integer.slice(0, end));
    integer = groups.join(symbols.group);
  }
  const body = fraction === undefined ? integer : `${integer}${symbols.decimal}${digit(fraction)}`;
  return sign === "-" ? `${symbols.negativePrefix}${body}${symbols.negativeSuffix}` : body;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Formats calendar dates ("2025-12-31") for `locale`; the neutral form is the date itself. */
export function dateFormatter(locale: string | undefined): (date: string) => string {
  if (locale === undefined || locale === "") return (date) => date;
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(locale, { year: "numeric", month: "2-digit", day: "2-digit", timeZone: "UTC" });
  } catch {
    return (date) => date;
  }
  return (date) => {
    const match = DATE.exec(date);
    if (match === null) return date;
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const moment = new Date(0);
    // setUTCFullYear, unlike Date.UTC, keeps years below 100 as they are.
    moment.setUTCFullYear(year, month - 1, day);
    // Not a real date (validation reports it): shown as written.
    if (moment.getUTCFullYear() !== year || moment.getUTCMonth() !== month - 1 || moment.getUTCDate() !== day) return date;
    return format.format(moment);
  };
}

const NEUTRAL_PERCENT = (number: string): string => `${number}%`;

/**
 * Writes a number already formatted (sign included) as a percentage the way `locale` does: "+12.5%"
 * in English, "+12,5 %" in German (a no-break space before the sign, as German typography has it),
 * "%12" in Turkish. Only the pattern comes from Intl.NumberFormat (the parts around the digits of a
 * whole percentage); the number is never one. The neutral form is English's.
 */
export function percentFormatter(locale: string | undefined): (number: string) => string {
  if (locale === undefined || locale === "") return NEUTRAL_PERCENT;
  let parts: Intl.NumberFormatPart[];
  try {
    parts = new Intl.NumberFormat(locale, { style: "percent" }).formatToParts(1);
  } catch {
    return NEUTRAL_PERCENT;
  }
  const first = parts.findIndex((part) => part.type === "integer");
  let last = first;
  parts.forEach((part, index) => {
    if (part.type === "integer") last = index;
  });
  if (first === -1 || !parts.some((part) => part.type === "percentSign")) return NEUTRAL_PERCENT;
  const around = (from: number, to: number) =>
    parts
      .slice(from, to)
      .map((part) => part.value)
      .join("");
  const prefix = around(0, first);
  const suffix = around(last + 1, parts.length);
  return (number) => `${prefix}${number}${suffix}`;
}

/** Numbers, percentages and dates for one display language. */
export interface DisplayFormat {
  readonly locale: string | undefined;
  number(decimal: string): string;
  /** A number already written (its sign included) as a percentage: "+4.17%", "+4,17 %". */
  percent(number: string): string;
  date(date: string): string;
}

export function displayFormat(locale: string | undefined): DisplayFormat {
  const symbols = numberSymbols(locale);
  return {
    locale,
    number: symbols === NEUTRAL_SYMBOLS ? groupDigits : (decimal) => formatDecimal(decimal, symbols),
    percent: percentFormatter(locale),
    date: dateFormatter(locale),
  };
}

export const NEUTRAL_FORMAT: DisplayFormat = displayFormat(undefined);
