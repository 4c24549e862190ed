// Exact decimal arithmetic on canonical decimal strings, as BigInt fixed point: a value is an
// integer `units` with `scale` fractional digits. One BigInt per operand, no intermediate objects,
// exact at any length.

export interface Scaled {
  units: bigint;
  scale: number;
}

export function fractionDigits(decimal: string): number {
  const dot = decimal.indexOf(".");
  return dot < 0 ? 0 : decimal.length - dot - 1;
}

const ZEROS: string[] = [];
function zeros(count: number): string {
  return count < 64 ? (ZEROS[count] ??= "0".repeat(count)) : "0".repeat(count);
}

/** `decimal` (canonical) as an integer number of 10^-scale units; scale ≥ its fraction digits. */
export function toUnits(decimal: string, scale: number): bigint {
  const dot = decimal.indexOf(".");
  if (dot < 0) return BigInt(scale === 0 ? decimal : decimal + zeros(scale));
  const padding = scale - (decimal.length - dot - 1);
  return BigInt(decimal.slice(0, dot) + decimal.slice(dot + 1) + (padding > 0 ? zeros(padding) : ""));
}

export function formatUnits(units: bigint, scale: number): string {
  const negative = units < 0n;
  let text = (negative ? -units : units).toString();
  if (scale > 0) {
    if (text.length <= scale) text = zeros(scale + 1 - text.length) + text;
    let end = text.length;
    const point = end - scale;
    while (end > point && text.charCodeAt(end - 1) === 0x30) end--;
    text = end === point ? text.slice(0, point) : text.slice(0, point) + "." + text.slice(point, end);
  }
  return negative ? "-" + text : text;
}

export function sum(decimals: readonly string[]): string {
  let scale = 0;
  for (const decimal of decimals) scale = Math.max(scale, fractionDigits(decimal));
  let total = 0n;
  for (const decimal of decimals) total += toUnits(decimal, scale);
  return formatUnits(total, scale);
}

export function subtract(left: string, right: string): string {
  const scale = Math.max(fractionDigits(left), fractionDigits(right));
  return formatUnits(toUnits(left, scale) - toUnits(right, scale), scale);
}

/** |value| ≤ bound, with `bound` nonnegative. */
export function absAtMost(value: string, bound: string): boolean {
  const scale = fractionDigits(value);
  return unitsAtMost(toUnits(value, scale), scale, bound);
}

/** |units × 10^-scale| ≤ bound (nonnegative), compared at a scale both fit, without formatting. */
export function unitsAtMost(units: bigint, scale: number, bound: string): boolean {
  const magnitude = units < 0n ? -units : units;
  const boundScale = fractionDigits(bound);
  return boundScale <= scale ? magnitude <= toUnits(bound, scale) : magnitude * 10n ** BigInt(boundScale - scale) <= toUnits(bound, boundScale);
}
