// When a stored decimal may become a spreadsheet number, and which number format shows it.
//
// A spreadsheet number is an IEEE-754 double, and spreadsheets show at most 15 significant digits.
// A decimal with at most 15 significant digits (and a magnitude doubles hold without overflow or
// underflow) survives the trip: Number(text) is the double nearest to it, two distinct decimals
// of ≤ 15 significant digits never share a nearest double (their relative gap, ≥ 1e-15, exceeds
// the double spacing of 2^-52 ≈ 2.2e-16), so the shortest text that reads back as that double (what
// the XLSX writer puts in the file, and what the spreadsheet shows with 15 digits) is the same
// decimal again. Such a value is the only case in FS Documents where a stored decimal goes through
// a JS number, and only to be written out. Anything longer would be rounded, so it goes in as text
// with a note: the export never silently rounds.

export const MAX_EXACT_DIGITS = 15;
/** Decimal exponents well inside the range of doubles that Excel accepts (about 1e-307 to 1e308). */
const MAX_EXPONENT = 300;

export interface DecimalShape {
  /** Significant digits: from the first to the last nonzero digit. */
  digits: number;
  /** Digits after the point, as written (for the display format). */
  places: number;
  /** Position of the first significant digit relative to the point (1e5 → 6, 0.001 → -2). */
  magnitude: number;
}

/** The shape of a stored decimal string (grammar: -?digits(.digits)?). */
export function decimalShape(text: string): DecimalShape {
  const unsigned = text.startsWith("-") || text.startsWith("+") ? text.slice(1) : text;
  const point = unsigned.indexOf(".");
  const whole = point === -1 ? unsigned : unsigned.slice(0, point);
  const fraction = point === -1 ? "" : unsigned.slice(point + 1);
  const all = whole + fraction;
  const first = all.search(/[1-9]/);
  if (first === -1) return { digits: 0, places: fraction.length, magnitude: 0 };
  let last = all.length - 1;
  while (all[last] === "0") last--;
  return { digits: last - first + 1, places: fraction.length, magnitude: whole.length - first };
}

/** True when `text` converts to a double and back without any change in its digits. */
export function exactAsNumber(text: string): boolean {
  const shape = decimalShape(text);
  return shape.digits <= MAX_EXACT_DIGITS && Math.abs(shape.magnitude) <= MAX_EXPONENT;
}

const SCALE_WORDS = new Map<string, string>([
  ["0", ""],
  ["3", "thousand"],
  ["6", "million"],
  ["9", "billion"],
  ["12", "trillion"],
  ["-2", "hundredths"],
]);

/**
 * The most decimal places LibreOffice shows (7.4, measured): a format with more places shows zeros
 * after the 20th, so 0.000…001 with 21 or more places would display as 0. Excel's limit is 30.
 */
export const MAX_SHOWN_PLACES = 20;

/**
 * "#,##0.00" with as many places as the value shows, and the unit as a literal suffix: the measure
 * and the scale in words (stored values are "stored × 10^scale" of the measure, FS 0.2 §1),
 * e.g. `#,##0.0" USD million"`. Quotes and backslashes cannot appear inside a format literal.
 * A value with more than MAX_SHOWN_PLACES places is shown in scientific notation with all of its
 * `digits` (at most 15), e.g. `0.00E+00` for 1.23E-25.
 */
export function numberFormat(places: number, measure: string | undefined, scale: string | undefined, digits = 1): string {
  const base =
    places > MAX_SHOWN_PLACES ? `0${digits > 1 ? "." + "0".repeat(Math.min(digits, MAX_EXACT_DIGITS) - 1) : ""}E+00` : places > 0 ? `#,##0.${"0".repeat(places)}` : "#,##0";
  const scaleWord = scale === undefined ? "" : (SCALE_WORDS.get(scale) ?? `×10^${scale}`);
  const suffix = [measure, scaleWord]
    .filter((part) => part !== undefined && part !== "")
    .join(" ")
    .replace(/["\\]/g, "")
    .slice(0, 60);
  return suffix === "" ? base : `${base}" ${suffix}"`;
}
