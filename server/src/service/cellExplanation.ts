// fs/cellExplanation: why a failing subtotal cell of the preview fails, in the same words as the
// hover and the diagnostic's related information (rollupCauses.ts), or why its check could not be
// evaluated (the cells it needs that hold no value, from the engine's explainer). Asked for one cell
// when the user points at it, so the preview model never carries causes and validation never
// computes them.

import * as l10n from "@vscode/l10n";
import { cellPointer, describeCause, itemName, parsePointer, type BlockingCell, type ErrorApplication } from "../../../shared/src/index";
import { itemAt, statementAt } from "../../../shared/src/model/document-model";
import type { CellCause, CellExplanation } from "../../../protocol/lsp";
import { NEUTRAL_FORMAT, type DisplayFormat } from "../../../shared/src/render/localeFormat";
import type { DocumentAnalysis, ParsedVersion } from "../analysis";
import { rollupMessage, rollupSubjectName } from "./diagnostics";
import { periodNamer } from "./documentFacts";
import { causePointer, explainApplication, explainerOf } from "./rollupCauses";

/**
 * The explanation of the cell at `pointer` in the model of `modelVersion` (the version the preview
 * shows: the current one, or the last valid one while the text does not parse); null when that
 * version is gone or the cell is not a subtotal whose check is unsatisfied or not evaluated.
 */
export function cellExplanation(analysis: DocumentAnalysis, modelVersion: number, pointer: string, display: DisplayFormat = NEUTRAL_FORMAT): CellExplanation | null {
  const good = analysis.lastGood;
  if (good === undefined || good.version !== modelVersion || typeof pointer !== "string") return null;
  const segments = parsePointer(pointer);
  if (segments.length !== 6 || segments[0] !== "statements" || segments[2] !== "items" || segments[4] !== "values") return null;
  const statement = statementAt(good.model, arrayIndex(segments[1]));
  const item = statement === undefined ? undefined : itemAt(statement, arrayIndex(segments[3]));
  const period = segments[5] as string;
  if (statement?.id === undefined || item?.id === undefined) return null;
  const application = explainerOf(good)?.application(statement.id, item.id, period);
  // Periods are named as the preview's column headings name them, not by their ids.
  const periodName = periodNamer(good, display);
  if (application?.status === "error") {
    const causes = blockingCauses(good, application, periodName);
    // The causes name each value the check needs; the summary does not name the first of them again.
    const summary =
      causes.length > 0 ? l10n.t("{0} cannot be checked.", rollupSubjectName(good, application.key, periodName)) : rollupMessage(good, application, display, periodName);
    return { uri: analysis.uri, modelVersion, pointer, summary, causes, notEvaluated: true };
  }
  const explained = explainApplication(good, { statement: statement.id, parent: item.id, period });
  if (explained === undefined) return null;
  return {
    uri: analysis.uri,
    modelVersion,
    pointer,
    summary: rollupMessage(good, explained.application, display, periodName),
    causes: explained.causes.map((cause) => {
      const at = causePointer(good, cause);
      const text = describeCause(explained.explainer, cause, display.number, periodName);
      return at === undefined ? { text } : { text, pointer: at };
    }),
  };
}

/** Why a check was not evaluated: each cell it needs that holds no value, named, with its pointer (the parent's first). */
function blockingCauses(good: ParsedVersion, application: ErrorApplication, periodName: (id: string) => string): CellCause[] {
  const statement = good.model.statementsById.get(application.key.statement);
  const blocking = explainerOf(good)?.blockingCells(application) ?? [];
  return blocking.flatMap((cell: BlockingCell) => {
    const item = statement?.itemsById.get(cell.item);
    if (statement === undefined || item === undefined) return [];
    const name = `${itemName(item)} ${periodName(cell.period)}`;
    const own = cell.item === application.key.parent;
    const missing = cell.reason === "missing-value";
    const text = own
      ? missing
        ? l10n.t("{0}, the subtotal itself, has no value (null).", name)
        : l10n.t("{0}, the subtotal itself, is marked unavailable.", name)
      : missing
        ? l10n.t("{0} has no value (null).", name)
        : l10n.t("{0} is marked unavailable.", name);
    return [{ text, pointer: cellPointer(statement.index, item.index, cell.period) }];
  });
}

/**
 * A period as the preview's column heading names it (webview/src/statements.ts): its date, or its
 * first and last day, in the display language; its id where it has neither.
 */
/** A pointer segment as an array index; -1 (no such entry) unless it is one. */
function arrayIndex(segment: string | undefined): number {
  return segment !== undefined && /^(0|[1-9][0-9]*)$/.test(segment) ? Number(segment) : -1;
}
