// The engine's facade: everything the CLI, the language server and the tests use comes from here.

export * from "./types";
export { isRecord, member, stringMember, arrayMember, storedCell } from "./json/read";
export { SourceLocator, type SourceRange, type LocateRequest } from "./json/locate";
export { parseJson, lineAndColumn, MAX_NESTING, type ParseOutcome, type SyntaxProblem, type SyntaxCode } from "./json/parse";
export { pointer, appendPointer, parsePointer, parentPointer, escapeSegment, comparePointers, type Segment } from "./json/pointer";
export { isDecimal, isNonnegativeDecimal, canonicalDecimal } from "./decimal/grammar";
export { sum as sumDecimals, subtract as subtractDecimals, absAtMost } from "./decimal/exact";
export { analyze, type Analysis } from "./result";
export type { Issue, Mark, IssueParams } from "./validate/index";
export { diffSnapshot, normalizeApplication } from "./snapshot/diff";
export { recordSnapshot, type Recording } from "./snapshot/record";
export { evaluateRollups } from "./rollup/evaluate";
export {
  buildModel,
  sameTarget,
  wouldCycle,
  itemAt,
  statementAt,
  parentOf,
  childrenOf,
  type DocumentModel,
  type UnitEntry,
  type PeriodEntry,
  type ItemEntry,
  type StatementEntry,
  type Occurrence,
  type ReferenceKind,
} from "./model/document-model";
export { IDENTIFIER, IDENTIFIER_RULE, isIdentifier } from "./model/ids";
export { applicationKey, keyOfApplication } from "./model/keys";
export { statementPointer, itemPointer, cellPointer } from "./model/pointers";
export { ordinalName, itemName, statementName, unitSummary, periodSummary, periodLabel, periodName, scaleInWords } from "./model/names";
export { RollupExplainer, CAUSE_RANK, explanationMayChange, transpositions, type BlockingCell, type Cause, type CauseKind, type CauseFix, type EditedCell } from "./rollup/explain";
export { describeCause, fixTitle, setSubtotalTitle, toleranceFixTitle, rollupCauseLines, explainerFor } from "./rollup/explainText";
export { causeFixEdits, setSubtotalFix, toleranceEdits } from "./fix/causeEdits";
export { formatFixesFor, type Fix, type FixSource, type FixableProblem } from "./fix/formatFixes";
export { fixAll, VALUE_FIXES, type ValueFixName, type FixAllOutcome, type AppliedFix } from "./fix/fixAll";
export { applyOffsetEdits, differenceEdit } from "./fix/jsonEdits";
