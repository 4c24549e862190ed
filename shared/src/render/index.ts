// The deterministic renderer: a lenient presentation model of an FS document and its projections
// (an HTML fragment for the editor preview, a standalone HTML page, tab-separated text).

export { buildPresentation, omittedStatements, type OmittedStatement } from "./presentation";
export { renderStatementsHtml } from "./html";
export { renderHtmlPage, type RenderOptions, type RenderOutcome } from "./page";
export { renderTsv, type TsvFile, type TsvOutcome } from "./tsv";
export { RENDER_LIMITS, type Omission, type RenderError, type RenderErrorCode } from "./limits";
export { escapeHtml } from "./writer";
export type { CellKind, CellPresentation, CellProblem, PeriodColumn, Presentation, RowPresentation, StatementPresentation, StatusSummary, UnitPresentation } from "./model";
