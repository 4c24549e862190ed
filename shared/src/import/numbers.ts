// Numbers read from a spreadsheet, as exact decimals.
//
// A number cell holds an IEEE double. Its decimal is the shortest one that reads back as the same
// double (what JavaScript's String(n) gives, and what a spreadsheet shows when the digits fit):
// so a value written from a decimal of ≤ 15 significant digits comes back as that decimal. Beyond
// 15 significant digits the double may already be a rounding of what someone typed, so the import
// names such cells in its report.
//
// A text cell with a number in it is parsed from its characters, never through a double:
// thousands separators, a decimal comma or point (the locale), "(1,234)" for a negative, a leading
// minus (also the Unicode minus), and currency signs or a percent are not numbers.

import { canonicalDecimal } from "../decimal/grammar";

export function doubleToDecimal(value: number): string | undefined {
  if (!Number.isFinite(value)) return undefined;
  return canonicalDecimal(String(value));
}

export function significantDigits(decimal: string): number {
  const digits = decimal.replace(/^-/, "").replace(".", "").replace(/^0+/, "").replace(/0+$/, "");
  return digits.length;
}

/** How a text number separates thousands and decimals: "1,234.5" (point) or "1.234,5" (comma). */
export type NumberLocale = "point" | "comma";

const SPACES = /[\s\u00A0\u202F']/g;

/**
 * The exact decimal of a text cell, or undefined when the text is not a plain number in `locale`
 * (then it is a label or a note, not a value). "-", "—" and "–" alone are not numbers either.
 */
export function parseNumberText(text: string, locale: NumberLocale): string | undefined {
  let body = text.trim().replace(/\u2212/g, "-");
  let negative = false;
  const parenthesized = /^\((.*)\)$/.exec(body);
  if (parenthesized !== null) {
    negative = true;
    body = (parenthesized[1] as string).trim();
  }
  if (body.startsWith("-")) {
    if (negative) return undefined;
    negative = true;
    body = body.slice(1).trim();
  } else if (body.startsWith("+")) body = body.slice(1).trim();
  const [group, point] = locale === "point" ? [",", "."] : [".", ","];
  body = body.replace(SPACES, "");
  const grouped = new RegExp(`^[0-9]{1,3}(?:\\${group}[0-9]{3})+(?:\\${point}[0-9]+)?$`);
  const plain = new RegExp(`^(?:[0-9]+(?:\\${point}[0-9]*)?|\\${point}[0-9]+)$`);
  if (!grouped.test(body) && !plain.test(body)) return undefined;
  const normalized = body.split(group).join("").replace(point, ".");
  const decimal = canonicalDecimal(normalized);
  if (decimal === undefined) return undefined;
  return negative && decimal !== "0" ? `-${decimal}` : decimal;
}

/**
 * The locale of a file's text numbers, from the ones that only one reading fits: "1.234,5" or
 * "12,5" reads only with a decimal comma; "1,234.5" or "12.5" only with a decimal point. "1,234"
 * fits both and decides nothing. Undefined when nothing decides.
 */
export function detectLocale(texts: Iterable<string>): NumberLocale | undefined {
  let point = 0;
  let comma = 0;
  for (const text of texts) {
    const asPoint = parseNumberText(text, "point");
    const asComma = parseNumberText(text, "comma");
    if (asPoint !== undefined && asComma === undefined) point++;
    else if (asComma !== undefined && asPoint === undefined) comma++;
  }
  if (point === comma) return undefined;
  return point > comma ? "point" : "comma";
}
