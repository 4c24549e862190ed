// Causes in a reviewer's words, with labels and grouped amounts: one sentence each, a question
// followed by what the fix would show. Used by the hover, the diagnostics, the CLI's text output.

import * as l10n from "@vscode/l10n";
import { groupDigits } from "../render/format";
import type { Analysis } from "../result";
import type { NumericApplication, RollupApplication } from "../types";
import { RollupExplainer, type Cause, type CauseFix } from "./explain";
import { scaleInWords } from "../model/names";

/** How an amount is written: the neutral form ("1,234.5") unless the editor passes its display language's. */
export type NumberText = (decimal: string) => string;

export { scaleInWords };

function times(power: number, number: NumberText): string {
  return number(`1${"0".repeat(Math.abs(power))}`);
}

/** One sentence per cause; `period` names a period (its id unless given). */
export function describeCause(explainer: RollupExplainer, cause: Cause, number: NumberText = groupDigits, period: (id: string) => string = (id) => id): string {
  const name = (id: string): string => explainer.item(cause.statement, id)?.label ?? id;
  const item = name(cause.item);
  const amount = number(cause.value);
  const total = name(cause.parent);
  switch (cause.kind) {
    case "stale-subtotal": {
      const children = number(fixedValue(cause.fix));
      if (cause.staleSince === "zero") return l10n.t("{0} was not filled in? It is 0 while its children add up to {1}; set to their sum, the total holds.", total, children);
      return l10n.t(
        "{0} was not updated? It added up at {1} when the snapshot was recorded, and its children changed since; set to their sum ({2}), the total holds.",
        total,
        amount,
        children,
      );
    }
    case "child-sign":
      return l10n.t("{0} ({1}) has the wrong sign? With it negated the total holds.", item, amount);
    case "parent-sign":
      return l10n.t("{0} ({1}) has the wrong sign? Negated, it equals the sum of its children.", item, amount);
    case "extra-child":
      return l10n.t("{0} ({1}) does not belong in {2}, or is counted twice? Without it the total holds.", item, amount, total);
    case "missing-child":
      return cause.rollsUpTo === undefined
        ? l10n.t("{0} ({1}) is missing from {2}? It rolls up nowhere now; rolled up here, the total holds.", item, amount, total)
        : l10n.t("{0} ({1}) is missing from {2}? It rolls up to {3} now; rolled up here, the total holds.", item, amount, total, name(cause.rollsUpTo));
    case "transposition":
      return l10n.t("Two digits of {0} ({1}) transposed? As {2} the total holds.", item, amount, number(fixedValue(cause.fix)));
    case "scale": {
      const power = cause.power ?? 0;
      const unitId = explainer.item(cause.statement, cause.item)?.unit;
      const unit = unitId === undefined ? undefined : explainer.unit(unitId);
      const fixed = number(fixedValue(cause.fix));
      const factor = times(power, number);
      if (unit === undefined) {
        return power > 0
          ? l10n.t("{0} ({1}) is {2} times too small? As {3} the total holds.", item, amount, factor, fixed)
          : l10n.t("{0} ({1}) is {2} times too large? As {3} the total holds.", item, amount, factor, fixed);
      }
      const scale = scaleInWords(unit.scale);
      return power > 0
        ? l10n.t("{0} ({1}) is {2} times too small (the unit is {3})? As {4} the total holds.", item, amount, factor, scale, fixed)
        : l10n.t("{0} ({1}) is {2} times too large (the unit is {3})? As {4} the total holds.", item, amount, factor, scale, fixed);
    }
    case "rounding":
      return l10n.t(
        "Rounding? Each stored value may be off by half a unit of its last digit, up to {0} together, which covers the difference; a tolerance of {1} would accept it.",
        number(cause.roundingBound ?? "0"),
        number(cause.suggestedTolerance ?? "0"),
      );
    case "other-periods":
      return l10n.t("{0} holds in {1}, which points at a typing error in {2}.", total, list((cause.holdsIn ?? []).map(period)), period(cause.period));
  }
}

/** The title of the quick fix a cause offers, or undefined when it is not one edit. */
export function fixTitle(explainer: RollupExplainer, cause: Cause, number: NumberText = groupDigits): string | undefined {
  const fix = cause.fix;
  if (fix === undefined) return undefined;
  const name = (id: string): string => explainer.item(cause.statement, id)?.label ?? id;
  switch (fix.kind) {
    case "remove-rollup":
      return l10n.t("Remove {0} from {1} (delete its rollupTo)", name(fix.item), name(cause.parent));
    case "roll-up":
      return l10n.t("Roll {0} up to {1}", name(fix.item), name(fix.parent));
    case "set-value": {
      const from = number(cause.value);
      const to = number(fix.value);
      if (cause.kind === "stale-subtotal") return l10n.t("Set {0} to the sum of its children ({1})", name(fix.item), to);
      if (cause.kind === "transposition") return l10n.t("Swap the digits of {0} ({1} → {2})", name(fix.item), from, to);
      if (cause.kind === "scale") return l10n.t("Fix the scale of {0} ({1} → {2})", name(fix.item), from, to);
      return l10n.t("Negate {0} ({1} → {2})", name(fix.item), from, to);
    }
  }
}

/** The title of the fix a rounding difference offers: the unit's tolerance set to the difference. */
export function toleranceFixTitle(explainer: RollupExplainer, unitId: string, tolerance: string, number: NumberText = groupDigits): string {
  return l10n.t("Accept rounding: set the tolerance of {0} to {1} (every subtotal in it)", explainer.unit(unitId)?.label ?? unitId, number(tolerance));
}

/** "Set subtotal to the sum of its children (…)" for any unsatisfied application. */
export function setSubtotalTitle(explainer: RollupExplainer, application: NumericApplication, number: NumberText = groupDigits): string {
  const label = explainer.item(application.key.statement, application.key.parent)?.label ?? application.key.parent;
  return l10n.t("Set {0} to the sum of its children ({1})", label, number(application.expected));
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

function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return l10n.t("{0} and {1}", items.slice(0, -1).join(", "), items[items.length - 1]!);
}
