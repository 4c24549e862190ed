// Dates are YYYY-MM-DD strings naming a real day of the (proleptic) Gregorian calendar.

const DATE_FORMAT = /^([0-9]{4})-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

/** "format" when not YYYY-MM-DD with a month 01–12 and a day 01–31; "calendar" when no such day exists. */
export function dateProblem(value: string): "format" | "calendar" | undefined {
  const match = DATE_FORMAT.exec(value);
  if (match === null) return "format";
  const year = Number.parseInt(match[1] as string, 10);
  const month = Number.parseInt(match[2] as string, 10);
  const day = Number.parseInt(match[3] as string, 10);
  const last = month === 2 && isLeapYear(year) ? 29 : (DAYS_IN_MONTH[month - 1] as number);
  return day > last ? "calendar" : undefined;
}
