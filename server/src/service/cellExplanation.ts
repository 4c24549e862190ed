// fs/cellExplanation: why a failing subtotal cell of the preview fails, in the same words as the
// hover and the diagnostic's related information (rollupCauses.ts). Asked for one cell when the user
// points at it, so the preview model never carries causes and validation never computes them.

import { describeCause, parsePointer } from "../../../shared/src/index";
import { itemAt, statementAt } from "../../../shared/src/model/document-model";
import type { CellExplanation } from "../../../protocol/lsp";
import { NEUTRAL_FORMAT, type DisplayFormat } from "../../../shared/src/render/localeFormat";
import type { DocumentAnalysis } from "../analysis";
import { rollupMessage } from "./diagnostics";
import { causePointer, explainApplication } from "./rollupCauses";

/**
 * The explanation of the cell at `pointer` in the model of `modelVersion` (the version the preview
 * shows: the current one, or the last valid one while the text does not parse); null when that
 * version is gone or the cell is not an unsatisfied subtotal.
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
  const explained = explainApplication(good, { statement: statement.id, parent: item.id, period });
  if (explained === undefined) return null;
  return {
    uri: analysis.uri,
    modelVersion,
    pointer,
    summary: rollupMessage(good, explained.application, display),
    causes: explained.causes.map((cause) => {
      const at = causePointer(good, cause);
      const text = describeCause(explained.explainer, cause, display.number);
      return at === undefined ? { text } : { text, pointer: at };
    }),
  };
}

/** A pointer segment as an array index; -1 (no such entry) unless it is one. */
function arrayIndex(segment: string | undefined): number {
  return segment !== undefined && /^(0|[1-9][0-9]*)$/.test(segment) ? Number(segment) : -1;
}
