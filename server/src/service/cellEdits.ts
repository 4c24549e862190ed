// fs/cellEdits: the preview grid's writes as minimal text edits of the current version
// (shared/src/fix/cellEdits.ts), and "set to the children's sum" resolved to the same value as the
// rollup quick fix (setSubtotalFix), so the grid's action and the quick fix write the same text.

import * as l10n from "@vscode/l10n";
import { setSubtotalFix } from "../../../shared/src/index";
import { cellWriteEdits, type CellWrite } from "../../../shared/src/fix/cellEdits";
import { parsePointer } from "../../../shared/src/json/pointer";
import { itemAt, statementAt } from "../../../shared/src/model/document-model";
import type { CellEditsResult, GridWrite } from "../../../protocol/lsp";
import type { DocumentAnalysis, ParsedVersion } from "../analysis";
import { broken } from "./requests";
import { explainApplication } from "./rollupCauses";

export function cellEdits(analysis: DocumentAnalysis, writes: readonly GridWrite[]): CellEditsResult {
  const { uri, version, parsed } = analysis;
  if (parsed === undefined) return { uri, version, edits: [], missing: [], refused: [], problem: broken() };
  const resolved: CellWrite[] = [];
  const refused: string[] = [];
  for (const write of writes) {
    if (write.content.kind !== "children-sum") resolved.push(write as CellWrite);
    else {
      const decimal = childrenSum(parsed, write.pointer);
      if (decimal === undefined) refused.push(write.pointer);
      else resolved.push({ pointer: write.pointer, content: { kind: "value", decimal } });
    }
  }
  if (refused.length > 0) return { uri, version, edits: [], missing: [], refused, problem: l10n.t("This cell is not a subtotal that differs from the sum of its children.") };
  const outcome = cellWriteEdits(parsed.text, parsed.locator, resolved);
  return { uri, version, ...outcome };
}

/** The sum of the children of the unsatisfied subtotal cell at `pointer`, as the quick fix writes it. */
function childrenSum(good: ParsedVersion, pointer: string): string | undefined {
  const segments = parsePointer(pointer);
  if (segments.length !== 6 || segments[0] !== "statements" || segments[2] !== "items" || segments[4] !== "values") return undefined;
  const statement = statementAt(good.model, index(segments[1]));
  const item = statement === undefined ? undefined : itemAt(statement, index(segments[3]));
  if (statement?.id === undefined || item?.id === undefined) return undefined;
  const explained = explainApplication(good, { statement: statement.id, parent: item.id, period: segments[5] as string });
  if (explained === undefined) return undefined;
  const fix = setSubtotalFix(explained.application);
  return fix.kind === "set-value" ? fix.value : undefined;
}

function index(segment: string | undefined): number {
  return segment !== undefined && /^(0|[1-9][0-9]*)$/.test(segment) ? Number(segment) : -1;
}
