// Causes in a reviewer's words, with labels and grouped amounts: one sentence each, a question
// followed by what the fix would show. Used by the hover, the diagnostics, the CLI's text output.

import { groupDigits } from "../render/format";
import type { Analysis } from "../result";
import type { NumericApplication, RollupApplication } from "../types";
import { RollupExplainer, type Cause, type CauseFix } from "./explain";
import { scaleInWords } from "../model/names";

export { scaleInWords };

function times(power: number): string {
  return groupDigits(`1${"0".repeat(Math.abs(power))}`);
}

/** One sentence per cause. */
export function describeCause(explainer: RollupExplainer, cause: Cause): string {
  const name = (id: string): string => explainer.item(cause.statement, id)?.label ?? id;
  const item = name(cause.item);
  const amount = groupDigits(cause.value);
  const total = name(cause.parent);
  switch (cause.kind) {
    case "child-sign":
      return `${item} (${amount}) has the wrong sign? With it negated the total holds.`;
    case "parent-sign":
      return `${item} (${amount}) has the wrong sign? Negated, it equals the sum of its children.`;
    case "extra-child":
      return `${item} (${amount}) does not belong in ${total}, or is counted twice? Without it the total holds.`;
    case "missing-child": {
      const where = cause.rollsUpTo === undefined ? "it rolls up nowhere" : `it rolls up to ${name(cause.rollsUpTo)}`;
      return `${item} (${amount}) is missing from ${total}? ${capitalize(where)} now; rolled up here, the total holds.`;
    }
    case "transposition":
      return `Two digits of ${item} (${amount}) transposed? As ${groupDigits(fixedValue(cause.fix))} the total holds.`;
    case "scale": {
      const power = cause.power ?? 0;
      const unitId = explainer.item(cause.statement, cause.item)?.unit;
      const unit = unitId === undefined ? undefined : explainer.unit(unitId);
      const note = unit === undefined ? "" : ` (the unit is ${scaleInWords(unit.scale)})`;
      const how = power > 0 ? `${times(power)} times too small` : `${times(power)} times too large`;
      return `${item} (${amount}) is ${how}${note}? As ${groupDigits(fixedValue(cause.fix))} the total holds.`;
    }
    case "rounding":
      return `Rounding? Each stored value may be off by half a unit of its last digit, up to ${groupDigits(cause.roundingBound ?? "0")} together, which covers the difference; a tolerance of ${groupDigits(cause.suggestedTolerance ?? "0")} would accept it.`;
    case "other-periods":
      return `${total} holds in ${list(cause.holdsIn ?? [])}, which points at a typing error in ${cause.period}.`;
  }
}

/** The title of the quick fix a cause offers, or undefined when it is not one edit. */
export function fixTitle(explainer: RollupExplainer, cause: Cause): string | undefined {
  const fix = cause.fix;
  if (fix === undefined) return undefined;
  const name = (id: string): string => explainer.item(cause.statement, id)?.label ?? id;
  switch (fix.kind) {
    case "remove-rollup":
      return `Remove ${name(fix.item)} from ${name(cause.parent)} (delete its rollupTo)`;
    case "roll-up":
      return `Roll ${name(fix.item)} up to ${name(fix.parent)}`;
    case "set-value": {
      const from = groupDigits(cause.value);
      const to = groupDigits(fix.value);
      const verb = cause.kind === "transposition" ? "Swap the digits of" : cause.kind === "scale" ? "Fix the scale of" : "Negate";
      return `${verb} ${name(fix.item)} (${from} → ${to})`;
    }
  }
}

/** "Set subtotal to the sum of its children (…)" for any unsatisfied application. */
export function setSubtotalTitle(explainer: RollupExplainer, application: NumericApplication): string {
  const label = explainer.item(application.key.statement, application.key.parent)?.label ?? application.key.parent;
  return `Set ${label} to the sum of its children (${groupDigits(application.expected)})`;
}

/** The explainer of an analysis (build it once, ask it per application); undefined unless the document conforms. */
export function explainerFor(analysis: Analysis): RollupExplainer | undefined {
  return analysis.document === undefined ? undefined : new RollupExplainer(analysis.document, analysis.result.calculations.applications);
}

/**
 * The causes of one application as text lines for people (the CLI's text output, the hover): one
 * line per cause, most specific first; none when the application is not unsatisfied.
 */
export function rollupCauseLines(explainer: RollupExplainer, application: RollupApplication): string[] {
  return explainer.causes(application).map((cause) => describeCause(explainer, cause));
}

function fixedValue(fix: CauseFix | undefined): string {
  return fix?.kind === "set-value" ? fix.value : "";
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}
