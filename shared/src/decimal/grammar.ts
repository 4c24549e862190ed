// The decimal grammar of section 2.1: canonical strings only (no exponent, no leading plus, no
// leading integer zeros, no trailing fractional zeros, no negative zero).

export const DECIMAL = /^(?:0|-?(?:[1-9][0-9]*)(?:\.[0-9]*[1-9])?|-?0\.[0-9]*[1-9])$/;
export const NONNEGATIVE_DECIMAL = /^(?:0|(?:[1-9][0-9]*)(?:\.[0-9]*[1-9])?|0\.[0-9]*[1-9])$/;

export function isDecimal(value: unknown): value is string {
  return typeof value === "string" && DECIMAL.test(value);
}

export function isNonnegativeDecimal(value: unknown): value is string {
  return typeof value === "string" && NONNEGATIVE_DECIMAL.test(value);
}

const NUMERIC_LITERAL = /^([+-]?)([0-9]*)(?:\.([0-9]*))?(?:[eE]([+-]?[0-9]+))?$/;
const MAX_EXPONENT_SHIFT = 10_000;

/**
 * The canonical decimal string for a numeric literal written another way ("1.50", "01", "+1",
 * "1e3", "-0", or the text of a JSON number), computed on the digits, never through a JS number.
 * Undefined when the text is not a number or its exponent would expand beyond reason.
 */
export function canonicalDecimal(text: string): string | undefined {
  const match = NUMERIC_LITERAL.exec(text.trim());
  if (match === null) return undefined;
  const [, sign = "", whole = "", fraction = "", exponentText] = match;
  if (whole === "" && fraction === "") return undefined;
  const exponent = exponentText === undefined ? 0 : Number.parseInt(exponentText, 10);
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > MAX_EXPONENT_SHIFT) return undefined;
  // digits × 10^(exponent − fraction length)
  let digits = (whole + fraction).replace(/^0+/, "");
  let shift = exponent - fraction.length;
  if (digits === "") return "0";
  if (shift >= 0) {
    digits += "0".repeat(shift);
    shift = 0;
  }
  const scale = -shift;
  const padded = digits.padStart(scale + 1, "0");
  const integerPart = padded.slice(0, padded.length - scale);
  const fractionPart = padded.slice(padded.length - scale).replace(/0+$/, "");
  const magnitude = fractionPart === "" ? integerPart : `${integerPart}.${fractionPart}`;
  return sign === "-" ? `-${magnitude}` : magnitude;
}
