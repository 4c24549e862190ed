// The engine entry points the benchmark measures, bundled to dist/bench-engine.js.
import { analyze, diffSnapshot, explainerFor, parseJson, type RollupApplication } from "../../shared/src/index";
import { renderHtmlPage } from "../../shared/src/render/index";
import { presentDocument, presentStatementShell, type StatementShell } from "../../shared/src/render/presentation";
import { diffPreviewWires } from "../../shared/src/render/previewPatch";
import { previewWireOf } from "../../shared/src/render/previewWire";
import { rowsOfValueEdit, withRowsRebuilt } from "../../shared/src/render/previewEdit";
import { ValueCellIndex } from "../../shared/src/incremental/cellIndex";
import { applicationPositions, applyValueEdit } from "../../shared/src/incremental/valueEdit";
export { SERVER_ENV, SERVER_NODE_OPTIONS } from "../../protocol/lsp";
export { openAheadPhases, serverAnalysis, serverEditSetup, serverOpen, serverValueEdit } from "./serverInProcess";

function analyzeText(text: string) {
  const parsed = parseJson(text);
  if (!parsed.ok) throw new Error(parsed.problems[0]?.message);
  return { value: parsed.value, analysis: analyze(parsed.value) };
}

/** Full validation: parse, structure, cross-object rules, rollups and the result object. */
export function validateText(text: string): unknown {
  return analyzeText(text).analysis.result;
}

/**
 * What validation would cost if it also explained every failing subtotal (it does not: causes are
 * computed when a hover, a code action or the preview asks for one application).
 */
export function validateAndExplain(text: string): unknown {
  const { analysis } = analyzeText(text);
  const explainer = explainerFor(analysis);
  let causes = 0;
  if (explainer !== undefined) for (const application of analysis.result.calculations.applications) causes += explainer.causes(application).length;
  return { result: analysis.result, causes };
}

export function renderHtml(text: string): unknown {
  const { value, analysis } = analyzeText(text);
  return renderHtmlPage(value, analysis.result);
}

export function diffText(text: string): unknown {
  const { value, analysis } = analyzeText(text);
  return diffSnapshot(value, analysis);
}

/** The analysis of the text and of the same text with one value changed (an edit), for the preview rows. */
export function previewSetup(text: string) {
  const before = analyzeText(text);
  const after = analyzeText(text);
  const statements = (after.value as { statements?: { items?: { values?: Record<string, unknown> }[] }[] }).statements ?? [];
  const values = statements.flatMap((statement) => statement.items ?? []).find((item) => item.values !== undefined)?.values;
  const period = values === undefined ? undefined : Object.keys(values)[0];
  if (values === undefined || period === undefined) throw new Error("no value to edit");
  values[period] = values[period] === "1" ? "2" : "1";
  const edited = { value: after.value, analysis: analyze(after.value) };
  const document = before.analysis.document;
  const cells = document === undefined ? undefined : ValueCellIndex.build(text, document);
  if (cells === undefined) throw new Error("the generated document does not conform");
  const offset = valueDigit(text);
  const base = { text, analysis: before.analysis, cells, positions: applicationPositions(before.analysis.result.calculations.applications) };
  const beforeModel = previewWireOf(presentDocument(before.value, before.analysis.result, undefined));
  return { before, after: edited, beforeModel, base, offset, flip: 0, shell: undefined as StatementShell | undefined };
}

/** The offset of one value cell's first digit (as the server benchmark edits it). */
function valueDigit(text: string): number {
  const match = /"values": \{\s*"[^"]+": "(-?)([1-9])/.exec(text);
  if (match === null) throw new Error("no value cell to edit");
  return match.index + match[0].length - 1;
}

/** What the server does for a preview that has no model yet: the whole preview model, in the wire form it keeps. */
export function previewModel(_text: string, prepared: ReturnType<typeof previewSetup>): unknown {
  return previewWireOf(presentDocument(prepared.before.value, prepared.before.analysis.result, undefined));
}

/** Per edit that is not a value edit, for an open preview: the new version's whole model and the diff from the last one. */
export function previewPatchFull(_text: string, prepared: ReturnType<typeof previewSetup>): unknown {
  const model = previewWireOf(presentDocument(prepared.after.value, prepared.after.analysis.result, undefined));
  const ops = diffPreviewWires(prepared.beforeModel, model);
  if (ops.length === 0) throw new Error("the edit produced no patch");
  return ops;
}

/** A value edit (one digit of one cell): its analysis from the previous version's, the preview model and the patch. */
export function valueEditPatch(text: string, prepared: ReturnType<typeof previewSetup>): unknown {
  const { base, offset } = prepared;
  prepared.flip ^= 1;
  const digit = text[offset] === "9" ? "8" : "9";
  const next = text.slice(0, offset) + (prepared.flip === 1 ? digit : text[offset]) + text.slice(offset + 1);
  const edit = applyValueEdit(base, { offset, length: 1, text: next[offset] as string }, next);
  if (edit === undefined) throw new Error("the edit is not a value edit");
  // As the server does: only the rows the edit can change, from the statement's shell, made at its
  // first edit and kept (server/src/analysis.ts).
  prepared.shell ??= presentStatementShell(prepared.before.value, prepared.before.analysis.result, edit.statement);
  const { shell } = prepared;
  if (shell === undefined) throw new Error("the edited statement has no shell");
  const applications = edit.analysis.result.calculations.applications;
  const rows = rowsOfValueEdit(shell, edit.value, edit.item, edit.changed, applications);
  const application = (statement: string, parent: string, period: string): RollupApplication | undefined => {
    const position = base.positions.get(statement, parent, period);
    return position === undefined ? undefined : applications[position];
  };
  const model = rows && withRowsRebuilt(prepared.beforeModel, shell, edit.value, rows, application);
  if (model === undefined) throw new Error("the edited rows could not be rebuilt");
  const ops = diffPreviewWires(prepared.beforeModel, model);
  if (prepared.flip === 1 && ops.length === 0) throw new Error("the edit produced no patch");
  return ops;
}
