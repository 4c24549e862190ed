// The FS language service: pure functions from the analysis of one document version (plus a
// position and settings) to LSP types, one module per feature. No connection, no timers, no
// transport: the LSP layer (../lsp) registers these and translates, and tests call them directly.

export { DocumentAnalysis, ParsedVersion } from "../analysis";
export { diagnostics, failingToRelate, relateStep, RELATED_LATER_MIN, SOURCE } from "./diagnostics";
export { codeLenses, codeLensesNear, lensDocumentKey, LENSES_IN_FULL, resolveCodeLens, subtotalCount, unresolvableLens, type LensData } from "./codeLens";
export { hover } from "./hover";
export { completion, MAX_COMPLETION_ITEMS } from "./completion";
export { definition, references, prepareRename, rename } from "./navigation";
export { documentSymbols, OUTLINE_SYMBOLS, outlinePlan, type OutlinePlan } from "./symbols";
export { codeActions, CODE_ACTION_KINDS, RECORD_SNAPSHOT_KIND } from "./codeActions";
export { snapshotDiff, recordEdits, exportFiles, broken } from "./requests";
export { limitsOf, statusOf } from "./status";
export { rollupSumHints } from "./inlayHints";
export { hierarchyItem, incomingCalls, itemAtOffset, outgoingCalls, resolveItem } from "./callHierarchy";
export { rollupHighlights } from "./documentHighlight";
export { rollupTree } from "./rollupTree";
export { FIX_ALL_KIND } from "./fixAll";
export { previewAnswer, previewModel, previewUpdate, pointerAt, pointerAtEdited, rangeOf, PreviewBases } from "./preview";
export { cellExplanation } from "./cellExplanation";
export { exportXlsx } from "./exportXlsx";
export { importFile } from "./importSpreadsheet";
export { CompareSessions, compareView } from "./compareView";
export { cellEdits } from "./cellEdits";
export { SentDocuments } from "./sentDocuments";
