// A cause's fix (or "set the subtotal to the sum of its children") as offset edits on the exact
// text that was analysed, made from its parse tree (SourceLocator), never by searching text.

import { modify, type Edit } from "jsonc-parser";
import type { SourceLocator } from "../json/locate";
import { pointer } from "../json/pointer";
import type { CauseFix } from "../rollup/explain";
import type { FsDocument, NumericApplication } from "../types";
import { formattingOf, removeMember, replaceValue } from "./jsonEdits";

/** Where an item sits: its statement's and its own index in the document's arrays. */
function positionOf(document: FsDocument, statementId: string, itemId: string): { statement: number; item: number } | undefined {
  const statement = document.statements.findIndex((candidate) => candidate.id === statementId);
  if (statement < 0) return undefined;
  const item = (document.statements[statement]?.items ?? []).findIndex((candidate) => candidate.id === itemId);
  return item < 0 ? undefined : { statement, item };
}

/** The edits that apply `fix` to the text; undefined when the text does not hold what the fix expects. */
export function causeFixEdits(text: string, locator: SourceLocator, document: FsDocument, statementId: string, fix: CauseFix): Edit[] | undefined {
  const at = positionOf(document, statementId, fix.item);
  if (at === undefined) return undefined;
  switch (fix.kind) {
    case "set-value": {
      const node = locator.node(pointer("statements", at.statement, "items", at.item, "values", fix.period));
      return node?.type === "string" ? [replaceValue(node, JSON.stringify(fix.value))] : undefined;
    }
    case "remove-rollup": {
      const property = locator.node(pointer("statements", at.statement, "items", at.item, "rollupTo"))?.parent;
      return property?.type === "property" ? [removeMember(property)] : undefined;
    }
    case "roll-up": {
      const existing = locator.node(pointer("statements", at.statement, "items", at.item, "rollupTo"));
      if (existing !== undefined) return existing.type === "string" ? [replaceValue(existing, JSON.stringify(fix.parent))] : undefined;
      if (locator.node(pointer("statements", at.statement, "items", at.item))?.type !== "object") return undefined;
      return modify(text, ["statements", at.statement, "items", at.item, "rollupTo"], fix.parent, { formattingOptions: formattingOf(text) });
    }
  }
}

/** The fix every unsatisfied application offers: its subtotal set to the sum of its children. */
export function setSubtotalFix(application: NumericApplication): CauseFix {
  return { kind: "set-value", item: application.key.parent, period: application.key.period, value: application.expected };
}

/**
 * The edits that set the unit's defaultTolerance (a nonnegative decimal, as a string, in the unit's
 * scaled values): the fix a rounding difference offers. It applies to every rollup in the unit,
 * since the format has no tolerance per subtotal. Undefined when the text does not hold the unit.
 */
export function toleranceEdits(text: string, locator: SourceLocator, document: FsDocument, unitId: string, tolerance: string): Edit[] | undefined {
  const at = document.units.findIndex((unit) => unit.id === unitId);
  if (at < 0) return undefined;
  const existing = locator.node(pointer("units", at, "defaultTolerance"));
  if (existing !== undefined) return existing.type === "string" ? [replaceValue(existing, JSON.stringify(tolerance))] : undefined;
  if (locator.node(pointer("units", at))?.type !== "object") return undefined;
  return modify(text, ["units", at, "defaultTolerance"], tolerance, { formattingOptions: formattingOf(text) });
}
