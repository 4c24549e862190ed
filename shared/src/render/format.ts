// Display text for periods, units and stored decimals. Pure string work: a stored decimal is
// never turned into a JS number, so what is shown is exactly what was stored.

import * as l10n from "@vscode/l10n";
import type { UnitPresentation } from "./model";

/** "1234567.5" → "1,234,567.5"; "-1000" → "-1,000". Only the integer digits are grouped. */
export function groupDigits(decimal: string): string {
  const negative = decimal.startsWith("-");
  const unsigned = negative ? decimal.slice(1) : decimal;
  const point = unsigned.indexOf(".");
  const whole = point === -1 ? unsigned : unsigned.slice(0, point);
  const fraction = point === -1 ? "" : unsigned.slice(point);
  let grouped = "";
  for (let end = whole.length; end > 0; end -= 3) {
    const start = Math.max(0, end - 3);
    grouped = grouped === "" ? whole.slice(start, end) : `${whole.slice(start, end)},${grouped}`;
  }
  return `${negative ? "-" : ""}${grouped}${fraction}`;
}

/**
 * A difference with its sign: "+1,500", "-20". A negative one is written by `number` as any
 * negative number is (its locale's minus sign), so a difference never reads differently from the
 * values beside it ("17,453.4 → -17,453.4", then "-34,906.8"); only a positive one gets a sign added.
 */
export function signedDecimal(decimal: string, number: (decimal: string) => string = groupDigits): string {
  return decimal.startsWith("-") ? number(decimal) : `+${number(decimal)}`;
}

// Rows share their unit's object, so a long unit name is built once, not once per row.
const unitTexts = new WeakMap<UnitPresentation, string>();

/**
 * "Label (measure, scale 6)", the unit's full name in the display language, without repeating
 * itself: the measure is left out where the name is the measure, and a scale of 0 is not said alone
 * ("EUR", not "EUR (EUR, scale 0)"; "KRW millions (KRW, scale 6)" whole). An unresolved id says so.
 */
export function unitText(unit: UnitPresentation): string {
  let text = unitTexts.get(unit);
  if (text === undefined) {
    text = composeUnitText(unit);
    unitTexts.set(unit, text);
  }
  return text;
}

function composeUnitText(unit: UnitPresentation): string {
  if (!unit.resolved) return `${unit.id} (undefined unit)`;
  const name = unit.label ?? unit.id;
  // "Shares" for the measure "shares" too: the same word, whatever its case.
  const measure = unit.measure === undefined || unit.measure.toLowerCase() === name.toLowerCase() ? undefined : unit.measure;
  const scale = unit.scale === undefined || (measure === undefined && /^[-+]?0+$/.test(unit.scale)) ? undefined : l10n.t("scale {0}", unit.scale);
  const details = [measure, scale].filter((part): part is string => part !== undefined);
  return details.length === 0 ? name : `${name} (${details.join(", ")})`;
}

/** The short name shown in a per-row unit cell; the full text goes in its title. */
export function unitShortText(unit: UnitPresentation): string {
  return unit.resolved ? (unit.label ?? unit.id) : unit.id;
}

/** Thousands separators in counts for messages, without locale data (output must not vary). */
export function countText(count: number): string {
  return groupDigits(String(count));
}
