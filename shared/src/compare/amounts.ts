// Exact arithmetic on amounts for the comparison: a stored value × 10^scale, compared and
// subtracted as BigInt fixed point (decimal/exact.ts), never through a JS number.

import { formatUnits, fractionDigits, subtract, toUnits } from "../decimal/exact";

/**
 * Scales further apart than this are not rewritten: a value × 10^1000 has over a thousand digits,
 * and no author re-expresses a document so. Such cells are compared as "changed" unless both are 0.
 */
export const MAX_SCALE_SHIFT = 1000;

/** `decimal` × 10^exponent, canonical; |exponent| ≤ MAX_SCALE_SHIFT. */
export function shiftDecimal(decimal: string, exponent: number): string {
  if (exponent === 0 || decimal === "0") return decimal;
  const digits = fractionDigits(decimal);
  const units = toUnits(decimal, digits);
  const scale = digits - exponent;
  return scale >= 0 ? formatUnits(units, scale) : formatUnits(units * 10n ** BigInt(-scale), 0);
}

/**
 * OLD's value written in NEW's unit: old × 10^(oldScale − newScale). Undefined when the scales are
 * too far apart to rewrite (see MAX_SCALE_SHIFT); the same text when they agree.
 */
export function inNewUnit(old: string, oldScale: bigint, newScale: bigint): string | undefined {
  const shift = oldScale - newScale;
  if (shift === 0n) return old;
  if (old === "0") return "0";
  if (shift > BigInt(MAX_SCALE_SHIFT) || shift < -BigInt(MAX_SCALE_SHIFT)) return undefined;
  return shiftDecimal(old, Number(shift));
}

export function difference(newValue: string, oldValue: string): string {
  return subtract(newValue, oldValue);
}

/** 100 × difference / |old|, rounded half away from zero to 2 decimals; undefined when old is 0. */
export function relativePercent(differenceValue: string, oldValue: string): string | undefined {
  if (oldValue === "0") return undefined;
  const scale = Math.max(fractionDigits(differenceValue), fractionDigits(oldValue));
  const numerator = toUnits(differenceValue, scale);
  let denominator = toUnits(oldValue, scale);
  if (denominator < 0n) denominator = -denominator;
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  // percent with 2 decimals = |d| × 10^4 / |old|, rounded half up on the magnitude.
  const hundredths = (magnitude * 20000n + denominator) / (2n * denominator);
  return formatUnits(negative ? -hundredths : hundredths, 2);
}
