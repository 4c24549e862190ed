// The likely causes of a failing subtotal, for the hover, the diagnostic's related information and
// the quick fixes. Pure: each function takes the current analysis and returns plain data (Markdown,
// pointers with messages, offset edits). Causes are computed on demand, never during validation,
// through one explainer per analysis.

import type { Edit } from "jsonc-parser";
import {
  causeFixEdits,
  describeCause,
  fixTitle,
  pointer,
  RollupExplainer,
  setSubtotalFix,
  setSubtotalTitle,
  toleranceEdits,
  toleranceFixTitle,
  type ApplicationKey,
  type Cause,
  type NumericApplication,
  type RollupApplication,
} from "../../../shared/src/index";
import * as l10n from "@vscode/l10n";
import { NEUTRAL_FORMAT, type DisplayFormat } from "../../../shared/src/render/localeFormat";
import type { ParsedVersion } from "../analysis";
import { periodNamer } from "./documentFacts";
import { escapeText } from "./markdown";

/** The analysis's explainer (ParsedVersion.explainer); none while the document does not conform. */
export function explainerOf(good: ParsedVersion): RollupExplainer | undefined {
  return good.explainer;
}

export interface ExplainedApplication {
  explainer: RollupExplainer;
  application: NumericApplication;
  causes: readonly Cause[];
}

/** The causes of the application with this key, when it is unsatisfied. */
export function explainApplication(good: ParsedVersion, key: ApplicationKey): ExplainedApplication | undefined {
  const explainer = explainerOf(good);
  const application = explainer?.unsatisfied(key.statement, key.parent, key.period);
  if (explainer === undefined || application === undefined) return undefined;
  return { explainer, application, causes: explainer.causes(application) };
}

/** "Likely causes" for the subtotal's hover: a bulleted list, or undefined when there are none. */
export function causesMarkdown(good: ParsedVersion, key: ApplicationKey, display: DisplayFormat = NEUTRAL_FORMAT): string | undefined {
  const explained = explainApplication(good, key);
  if (explained === undefined || explained.causes.length === 0) return undefined;
  // Periods as the rest of the hover names them; the diagnostic's related information keeps the ids.
  const period = periodNamer(good, display);
  const lines = explained.causes.map((cause) => `- ${escapeText(describeCause(explained.explainer, cause, display.number, period))}`);
  return `${l10n.t("**Likely causes**, most specific first:")}\n\n${lines.join("\n")}`;
}

/** The value cell a cause points at (the item concerned in the application's period). */
export function causePointer(good: ParsedVersion, cause: Cause): string | undefined {
  const statement = good.model.statementsById.get(cause.statement);
  const item = statement?.itemsById.get(cause.item);
  if (statement === undefined || item === undefined) return undefined;
  return pointer("statements", statement.index, "items", item.index, "values", cause.period);
}

/** Related information for an unsatisfied rollup diagnostic: one entry per cause, at the item concerned. */
export function causeRelatedInformation(good: ParsedVersion, application: RollupApplication, display: DisplayFormat = NEUTRAL_FORMAT): { path: string; message: string }[] {
  if (application.status !== "unsatisfied") return [];
  const explained = explainApplication(good, application.key);
  if (explained === undefined) return [];
  return explained.causes.flatMap((cause) => {
    const path = causePointer(good, cause);
    return path === undefined ? [] : [{ path, message: l10n.t("Likely cause: {0}", describeCause(explained.explainer, cause, display.number)) }];
  });
}

export interface RollupFix {
  title: string;
  edits: Edit[];
  preferred: boolean;
}

/**
 * Quick fixes for an unsatisfied rollup: one per cause that is a single edit (most specific first;
 * the first is preferred when it is the only one of its rank); for a difference rounding explains,
 * the parent's unit's tolerance set to it (the one fix that leaves the subtotals stated from the
 * rounded one holding, where setting this subtotal moves the difference to its own parent); then
 * always "Set … to the sum of its children (…)", unless a stale subtotal (explain.ts) put it first.
 * Edits are offsets on the analysed text.
 */
export function rollupFixes(good: ParsedVersion, key: ApplicationKey, display: DisplayFormat = NEUTRAL_FORMAT): RollupFix[] {
  const explained = explainApplication(good, key);
  const document = good.analysis.document;
  if (explained === undefined || document === undefined) return [];
  const fixes: RollupFix[] = [];
  const seen = new Set<string>();
  for (const cause of explained.causes) {
    const title = fixTitle(explained.explainer, cause, display.number);
    if (cause.fix === undefined || title === undefined || seen.has(title)) continue;
    const edits = causeFixEdits(good.text, good.locator, document, key.statement, cause.fix);
    if (edits === undefined) continue;
    seen.add(title);
    fixes.push({ title, edits, preferred: false });
  }
  // A cause is preferred only when nothing else explains the difference: a guess never is.
  if (fixes.length === 1 && fixes[0] !== undefined) fixes[0].preferred = true;
  const rounding = explained.causes.find((cause) => cause.kind === "rounding" && cause.suggestedTolerance !== undefined);
  const unit = explained.explainer.item(key.statement, key.parent)?.unit;
  if (rounding?.suggestedTolerance !== undefined && unit !== undefined) {
    const edits = toleranceEdits(good.text, good.locator, document, unit, rounding.suggestedTolerance);
    if (edits !== undefined) fixes.push({ title: toleranceFixTitle(explained.explainer, unit, rounding.suggestedTolerance, display.number), edits, preferred: false });
  }
  // Unless a stale subtotal already offered it (the same title), first.
  const totalTitle = setSubtotalTitle(explained.explainer, explained.application, display.number);
  const total = seen.has(totalTitle) ? undefined : causeFixEdits(good.text, good.locator, document, key.statement, setSubtotalFix(explained.application));
  if (total !== undefined) fixes.push({ title: totalTitle, edits: total, preferred: false });
  return fixes;
}
