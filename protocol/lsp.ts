// The custom LSP messages between the extension and the language server, typed once: each is a
// RequestType/NotificationType (method + params + result) that the client sends and the server
// handles, so neither side can drift from the other. vscode-languageserver-protocol is what both
// vscode-languageclient and vscode-languageserver are built on, and it runs in Node and browsers.

import { NotificationType, ProgressType, RequestType, type CodeLens, type Diagnostic, type PartialResultParams } from "vscode-languageserver-protocol";
import type { PreviewPatchOp } from "../shared/src/render/previewPatch";
import type { ComparisonView } from "../shared/src/compare/view";
import type { CalculationStatus, ConformanceStatus, SnapshotDiff } from "../shared/src/types";
import type { CellContent } from "../shared/src/fix/cellEdits";

/**
 * The extension's initializationOptions: the display language (numbers and dates in hovers and
 * lenses) and its string bundle (vscode.l10n.bundle), which the server hands to @vscode/l10n, so
 * the server needs no file access to speak the user's language.
 */
export interface FsInitializationOptions {
  locale?: string;
  l10nBundle?: Record<string, string | { message: string; comment: string[] }>;
  /**
   * The client shows FS Documents' preview (fs/previewModel), so the server builds a large
   * document's preview model in the background once it is open, for the first preview to find it
   * ready. Other clients (Neovim, Helix, Emacs) leave it out: the server then keeps no preview
   * model until one is asked for, which at 5 MB is a third of its memory above idle.
   */
  previewAhead?: boolean;
  /**
   * The client takes a document's diagnostics as fs/diagnosticGroups (only the groups that changed)
   * in place of textDocument/publishDiagnostics. Other clients leave it out and get every
   * publication whole, as LSP has it.
   */
  diagnosticGroups?: boolean;
  /**
   * The client registers a code lens provider of its own when it activates and sends
   * textDocument/codeLens, fs/codeLenses and codeLens/resolve through it, so the server does not
   * advertise codeLensProvider (a client would register a second provider). VS Code asks a provider
   * registered after the server's initialize only after its debounce, counted from the
   * registration; one registered early waits for the start instead.
   */
  ownCodeLensProvider?: boolean;
}

export interface DocumentParams {
  uri: string;
}

/** What the status item and the preview header show for one document. */
export interface DocumentStatus {
  uri: string;
  version: number;
  /** "syntax-error" while the text is not one valid JSON value. */
  conformance: ConformanceStatus | "syntax-error";
  calculations: CalculationStatus;
  errorCount: number;
  /** Applications that are unsatisfied or errors. */
  failingApplications: number;
  /** Of the failing ones, those not evaluated because a cell is missing (null) or unavailable; the rest are not satisfied. */
  notEvaluated: { missingValue: number; unavailableValue: number };
  applications: number;
  /** What the server limits on this document, and why; absent when nothing is limited. */
  limits?: DocumentLimits;
}

/**
 * The features the server limits on a large document, as figures (the client words them): each
 * member is present only when that limit applies. They describe the last version that parsed, as
 * the outline and the preview do.
 */
export interface DocumentLimits {
  /**
   * The outline shows `shown` of the document's `total` symbols: the statements and their
   * subtotals only, the other items left out (cut at the outline's bound, with a notice symbol, if
   * even those are over it).
   */
  outline?: { shown: number; total: number };
  /**
   * The preview leaves out the cells of some statements (a "Not shown" note in their place):
   * `overColumns` of them have more columns than `columnsPerStatement`, `overCells` did not fit in
   * what was left of `cellsPerDocument`; `statements` is how many the document has.
   */
  preview?: { statements: number; overColumns: number; overCells: number; columnsPerStatement: number; cellsPerDocument: number };
  /**
   * The document has `subtotals` subtotal lenses, more than `inFull`: fs/codeLenses gives an
   * editor only those near the lines it shows.
   */
  codeLenses?: { subtotals: number; inFull: number };
}

/** fs/snapshotDiff: the recorded snapshot against current validation. */
export interface SnapshotDiffResult {
  uri: string;
  version: number;
  diff: SnapshotDiff | undefined;
  problem?: string;
  /** How to name what the diff names by id, as the changes view does. */
  names?: SnapshotNames;
}

/**
 * The names of the statements, items and periods a snapshot diff's checks name by id: labels, and
 * periods by their dates (lists, since ids are data). Only those the diff names; one without a
 * label is left out and named by its id.
 */
export interface SnapshotNames {
  statements: { id: string; name: string }[];
  items: { statement: string; id: string; name: string }[];
  periods: { id: string; name: string }[];
}

export const SnapshotDiffRequest = new RequestType<DocumentParams, SnapshotDiffResult | null, void>("fs/snapshotDiff");

/** fs/recordEdits: text edits (offsets in the current text) that record a fresh snapshot. */
export interface RecordEditsResult {
  uri: string;
  version: number;
  edits: { offset: number; length: number; content: string }[];
  problem?: string;
}

export const RecordEditsRequest = new RequestType<DocumentParams, RecordEditsResult | null, void>("fs/recordEdits");

/** fs/export: a standalone HTML page, or one TSV per statement. */
export interface ExportParams extends DocumentParams {
  format: "html" | "tsv";
}
export interface ExportResult {
  files: { statement?: string; text: string }[];
  problem?: string;
}

export const ExportRequest = new RequestType<ExportParams, ExportResult, void>("fs/export");

/**
 * fs/exportXlsx: the workbook `fsdoc render --format xlsx` writes, of a conforming document's
 * current version, as base64 (protocol/base64.ts).
 */
export interface ExportXlsxResult {
  /** The workbook; absent with `problem`. */
  base64?: string;
  /** How many values have more than 15 significant digits and went in as text (each with a note). */
  textValues: number;
  /** Why there is no workbook, in words a user reads. */
  problem?: string;
}

export const ExportXlsxRequest = new RequestType<DocumentParams, ExportXlsxResult, void>("fs/exportXlsx");

/** fs/validateText: validate a file that is not open (workspace validation); diagnostics are published for it. */
export interface ValidateTextParams extends DocumentParams {
  text: string;
}
export interface ValidateTextResult {
  isFsDocument: boolean;
  status: DocumentStatus | undefined;
}

export const ValidateTextRequest = new RequestType<ValidateTextParams, ValidateTextResult, void>("fs/validateText");

/**
 * fs/openAhead: a JSON file the editor has just opened in a tab, before its text reaches the
 * extension (VS Code loads a 5 MB file for 1.5–2.5 s first). The server reads it from disk and
 * analyses it meanwhile; the didOpen that brings the same text then finds the analysis, its
 * diagnostics and outline ready (server/src/documents.ts). `prepared`: an FS document was analysed.
 */
export const OpenAheadRequest = new RequestType<DocumentParams, { prepared: boolean }, void>("fs/openAhead");

/**
 * Files the server reads ahead of their opening: smaller ones are analysed at once anyway, larger
 * ones VS Code does not send to extensions. What it prepared waits `keptMs` for the didOpen.
 */
export const OPEN_AHEAD = { minBytes: 256 * 1024, maxBytes: 50 * 1024 * 1024, keptMs: 60_000 } as const;

/** Whether a file of `bytes` is one to read ahead of its opening (OPEN_AHEAD's sizes): the client's rule and the server's reader. */
export function isOpenAheadSize(bytes: number): boolean {
  return bytes >= OPEN_AHEAD.minBytes && bytes <= OPEN_AHEAD.maxBytes;
}

/** fs/status (server → client notification): sent whenever a document's analysis changes. */
export const StatusNotification = new NotificationType<DocumentStatus>("fs/status");

// How the server process runs (its Node options and environment): decided in one place, protocol/serverProcess.ts.
export { SERVER_ENV, SERVER_NODE_OPTIONS } from "./serverProcess";

/** Commands the server's code lenses and code actions invoke in the client. */
export const CLIENT_COMMANDS = {
  openPreview: "fs.openPreviewToSide",
  showSnapshotDiff: "fs.showSnapshotDiff",
  recordSnapshot: "fs.recordSnapshot",
  revealInPreview: "fs.revealInPreview",
  peekLocations: "fs.peekLocations",
  explainRollup: "fs.explainRollup",
} as const;

/**
 * A failing check of a subtotal's lens, for fs.explainRollup (whose arguments are the document's
 * URI, the lens's position, the cells to look at, as for fs.peekLocations, and these, one for each
 * location): the subtotal's cell in the failing period, whose "why" panel the preview opens, and
 * the lens's words for the failure ("✗ fy2025 off by 1").
 */
export interface RollupFailureArgument {
  pointer: string;
  title: string;
}

/** A subtotal's status over its periods: the worst of them (error, then unsatisfied); "not-checked" while the document does not conform. */
export type RollupNodeStatus = "satisfied" | "unsatisfied" | "error" | "not-checked";
export interface RollupTreeRange {
  start: { line: number; character: number };
  end: { line: number; character: number };
}
export interface RollupTreeChild {
  id: string;
  label: string;
  /** The child's own status when it is a subtotal too; absent for a plain item. */
  status?: RollupNodeStatus;
  range: RollupTreeRange;
}
export interface RollupTreeSubtotal {
  id: string;
  label: string;
  status: RollupNodeStatus;
  /** Per failing period, a short description ("fy2025: off by 6"); empty when all hold. */
  problems: string[];
  range: RollupTreeRange;
  children: RollupTreeChild[];
}
export interface RollupTreeStatement {
  id: string;
  label: string;
  status: RollupNodeStatus;
  range: RollupTreeRange;
  subtotals: RollupTreeSubtotal[];
}
export interface RollupTreeResult {
  uri: string;
  version: number;
  statements: RollupTreeStatement[];
}

/** fs/rollupTree: the document's rollups as a tree (statements → subtotals → children) for the Rollups view. */
export const RollupTreeRequest = new RequestType<DocumentParams, RollupTreeResult | null, void>("fs/rollupTree");
/**
 * fs/previewModel: the preview's data model of an open document, whole or as a patch. The client
 * names the model version its preview holds (`baseVersion`); when the server still has that model
 * it answers with the operations from it to the current one, otherwise with the whole model.
 */
export interface PreviewModelParams extends DocumentParams, PartialResultParams {
  /** The version of the model the preview already shows, if any. */
  baseVersion?: number;
  /**
   * The text and version of a document the server does not hold open (the left side of a Git diff,
   * a git: URI, or any scheme it does not validate), for a read-only preview of it. Sent once per
   * version; the server keeps its analysis, unvalidated (no diagnostics), until fs/previewRelease,
   * and answers fs/pointerAt, fs/rangeOf and fs/cellExplanation for it, never fs/cellEdits. Without
   * it, a document the server does not hold (or no longer holds, after a restart) answers null.
   */
  sentDocument?: SentDocument;
  // partialResultToken: a large whole model may come in parts (PreviewWireProgress, `wireParts`).
}
/** A document's text as the client has it, at its version. */
export interface SentDocument {
  text: string;
  version: number;
}
export interface PreviewModelResult {
  uri: string;
  /** The document's current version. */
  version: number;
  status: DocumentStatus;
  /** The version the model is of (the last valid one while the text does not parse); absent: no model. */
  modelVersion?: number;
  /**
   * The whole model (no usable base), or absent with `patch`: the JSON text of its wire form
   * (shared/src/render/previewWire.ts), which the extension hands to the page unparsed.
   */
  wire?: string;
  /**
   * Set instead of `wire` when the request had a partialResultToken and the model is large: its wire
   * text came as this many PreviewWireProgress parts before this answer, which joined in order are
   * `wire`. Each part is made once the one before it is written, so the server never holds the
   * whole text, nor a message of it (shared/src/render/previewWire.ts, previewWireParts).
   */
  wireParts?: number;
  /** The changes from `baseVersion` to `modelVersion`. */
  patch?: { baseVersion: number; ops: PreviewPatchOp[] };
  /** Why the model is missing or stale, in words a user reads. */
  problem?: string;
}

export const PreviewModelRequest = new RequestType<PreviewModelParams, PreviewModelResult | null, void>("fs/previewModel");

/** A part of fs/previewModel's whole model: a piece of its wire text ($/progress with the request's partialResultToken). */
export interface PreviewWirePart {
  text: string;
}
export const PreviewWireProgress = new ProgressType<PreviewWirePart>();

/**
 * A diagnostic's `data`: the JSON Pointer of what it concerns, and its parameters. The server's code
 * actions read it back; the VS Code client groups diagnostics by the statement in `path`.
 */
export interface DiagnosticData {
  path: string;
  params?: Readonly<Record<string, unknown>>;
}

/**
 * Items per diagnostic group: a subtotal is usually within a few dozen rows of its children, so a
 * value edit changes one or two groups of a few diagnostics each, whatever the statement's length.
 */
export const ITEMS_PER_GROUP = 64;

/**
 * The group of a diagnostic whose `data.path` is `path`: "N.B" for items B × ITEMS_PER_GROUP … of
 * statement N ("/statements/N/items/M/…"), "N" for the rest of statement N, "" for the rest (and
 * for a diagnostic without a path). The server sends fs/diagnosticGroups by it and VS Code's client
 * keeps one DiagnosticCollection per group (client/src/server/diagnosticGroups.ts).
 */
export function diagnosticGroupOfPath(path: unknown): string {
  if (typeof path !== "string") return "";
  const match = /^\/statements\/(\d+)(?:\/items\/(\d+)(?:\/|$)|\/|$)/.exec(path);
  if (match === null) return "";
  return match[2] === undefined ? match[1]! : `${match[1]!}.${Math.floor(Number(match[2]) / ITEMS_PER_GROUP)}`;
}

/** Diagnostics by group (diagnosticGroupOfPath of each one's path), each group in the publication's order: one rule for the server and the client. */
export function groupByDiagnosticPath<T>(diagnostics: readonly T[], pathOf: (diagnostic: T) => unknown): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const diagnostic of diagnostics) {
    const group = diagnosticGroupOfPath(pathOf(diagnostic));
    let list = groups.get(group);
    if (list === undefined) groups.set(group, (list = []));
    list.push(diagnostic);
  }
  return groups;
}

/** One group's diagnostics, all of them, in the order the whole publication has them; [] when it has none any more. */
export interface DiagnosticGroupParams {
  group: string;
  diagnostics: Diagnostic[];
}

/**
 * fs/diagnosticGroups (server → client), in place of textDocument/publishDiagnostics for a client
 * that sets `diagnosticGroups` in its initializationOptions (VS Code's). Each publication of a
 * document's diagnostics carries only the groups (diagnosticGroupOfPath) whose diagnostics differ
 * from the last publication the server sent for that URI; merged in order, the groups are exactly
 * the whole publication LSP would have sent.
 *
 * `whole` publications carry every group that has diagnostics, and a group not listed has none.
 * The server sends one whenever it holds nothing of what it sent for the URI: the first publication
 * of a document after the server (re)started, after the document was closed or withdrawn (an
 * empty whole one clears it), for a file that is not open (workspace validation); and when it
 * publishes the same analysis again (a text that does not parse, opened after it was read ahead:
 * the client filters by what is open), and when the client asks (fs/diagnosticsResync). The client
 * drops what it holds of the server's diagnostics when the server stops.
 */
export interface DiagnosticGroupsParams {
  uri: string;
  version?: number;
  whole: boolean;
  groups: DiagnosticGroupParams[];
}
export const DiagnosticGroupsNotification = new NotificationType<DiagnosticGroupsParams>("fs/diagnosticGroups");

/**
 * fs/diagnosticsResync (client → server): the client could not take a fs/diagnosticGroups of `uri`
 * (converting or merging it failed), so what it holds of that document is stale. The server forgets
 * what it sent for `uri` and publishes the document's current diagnostics again, whole (even when
 * they were published already from the same analysis); a document with an analysis still pending
 * gets its next publication whole.
 */
export const DiagnosticsResyncNotification = new NotificationType<DocumentParams>("fs/diagnosticsResync");

/**
 * fs/previewUpdate (server → client): after each analysis it publishes of a document whose preview
 * it has answered (fs/previewModel), the server sends the preview's update as that request would
 * answer it: the changes from the version it answered last, which becomes the base of the next.
 * Edits reach the page this way, right after their diagnostics, with no request per edit; the
 * client asks fs/previewModel only for a whole model (a new page, a resync). So a preview never
 * makes the server analyse ahead of its debounce while the user types.
 */
export const PreviewUpdateNotification = new NotificationType<PreviewModelResult>("fs/previewUpdate");

/** fs/previewRelease (client → server): no preview shows the document any more: no updates, no model kept for it. */
export const PreviewReleaseNotification = new NotificationType<DocumentParams>("fs/previewRelease");

/**
 * fs/codeLenses: the code lenses near the lines an editor shows; VS Code's client asks this in place
 * of textDocument/codeLens (other clients keep the standard request, which lists them all). VS Code
 * makes a view zone for every lens it is given and moves them all after every keystroke, so a
 * document with many subtotals gets only the lenses whose line lies in one of `lines`; the client
 * asks again when its view leaves them. The lenses on the lines of `resolved` (the lines shown)
 * come resolved, their titles and commands in the answer, so that VS Code draws them without a
 * codeLens/resolve round trip after its resolve debounce; the others are resolved by
 * codeLens/resolve, as usual.
 */
export interface CodeLensesParams extends DocumentParams {
  /** Line windows (0-based, inclusive): the lines shown, with a margin. At most MAX_LENS_WINDOWS. */
  lines: LineWindow[];
  /** Line windows whose lenses come resolved (the lines shown, without the margin). At most MAX_LENS_WINDOWS. */
  resolved?: LineWindow[];
}
export interface LineWindow {
  start: number;
  end: number;
}
export interface CodeLensesResult {
  lenses: CodeLens[];
  /** Lenses outside `lines` were left out (the document has more than DocumentLimits' `inFull` subtotals). */
  windowed: boolean;
}
/** More windows than this (one per visible range of each editor) are not read. */
export const MAX_LENS_WINDOWS = 32;

export const CodeLensesRequest = new RequestType<CodeLensesParams, CodeLensesResult | null, void>("fs/codeLenses");

/** fs/pointerAt: the JSON Pointer of the innermost value or member name at an offset ("" at the top). */
export interface PointerAtParams extends DocumentParams {
  /** The document version the offset is in; the server answers null for another version. */
  version: number;
  offset: number;
}

export const PointerAtRequest = new RequestType<PointerAtParams, string | null, void>("fs/pointerAt");

/** fs/rangeOf: where a JSON Pointer's value is (or where it is missing) in a document version. */
export interface RangeOfParams extends DocumentParams {
  version: number;
  pointer: string;
}
export interface RangeOfResult {
  offset: number;
  length: number;
}

export const RangeOfRequest = new RequestType<RangeOfParams, RangeOfResult | null, void>("fs/rangeOf");

/**
 * fs/cellExplanation: why a failing subtotal cell of the preview fails, asked for when the user
 * points at, focuses or clicks the cell (never part of the preview model). Keyed by the model
 * version the preview shows, so an answer never describes another version's cell.
 */
export interface CellExplanationParams extends DocumentParams {
  /** The version of the model the preview shows (PreviewModelResult.modelVersion). */
  modelVersion: number;
  /** The cell's JSON Pointer (/statements/i/items/j/values/period). */
  pointer: string;
}
export interface CellCause {
  /** The cause in a reviewer's words ("Cost of sales (1,240) has the wrong sign? …"). */
  text: string;
  /** The cell of the item concerned, in the same version (for reveal), when it has one. */
  pointer?: string;
}
export interface CellExplanation {
  uri: string;
  modelVersion: number;
  pointer: string;
  /** The rollup in one sentence: "Gross profit fy2025: 41 stated, children sum to 40 (…)". */
  summary: string;
  /** The likely causes, most specific first; empty when none of the usual suspects fits. */
  causes: CellCause[];
  /**
   * true: the check could not be evaluated (a value it needs is null or marked unavailable). The
   * causes are then those cells, each with its pointer, and there is no children's sum to set.
   */
  notEvaluated?: boolean;
}

/** null: not a failing or not-evaluated subtotal cell of that model version (or the version is gone). */
export const CellExplanationRequest = new RequestType<CellExplanationParams, CellExplanation | null, void>("fs/cellExplanation");

/**
 * fs/importSpreadsheet: "FS: Import Spreadsheet…". The client reads the file through
 * workspace.fs (any file system the editor has, the web's too) and sends its bytes; the server
 * returns the FS document's text and the report, or why it cannot import it. `options` are those
 * of `fsdoc import` (shared/src/import/options.ts).
 */
export interface ImportSpreadsheetParams {
  /** The file's name, which tells CSV from TSV and names the report's cells. */
  name: string;
  base64: string;
  options?: Record<string, unknown>;
}
export interface ImportSpreadsheetResult {
  /** The document as JSON text; absent with `problem`. */
  text?: string;
  /** The report and the engine's verdict, as `fsdoc import` prints them. */
  report?: string;
  problem?: string;
}

export const ImportSpreadsheetRequest = new RequestType<ImportSpreadsheetParams, ImportSpreadsheetResult, void>("fs/importSpreadsheet");

/**
 * fs/compareView: the changes view (FS: Compare with…) of the open document `uri` (NEW) against
 * OLD. OLD's text is sent once per session (`oldText`), and the server keeps it parsed until
 * fs/compareRelease; later requests of the session (the view following edits to NEW) name only the
 * session. `wire` is the view's model as the preview's wire text (shared/src/render/previewWire.ts);
 * the marks say what changed where (shared/src/compare/view.ts). null: `uri` is not an open FS document.
 */
export interface CompareViewParams extends DocumentParams {
  session: string;
  oldText?: string;
  /** The sides' names for the lines that mention them ("HEAD", "report.fs.json"). */
  oldName: string;
  newName: string;
  /**
   * NEW's text and version when the server does not hold NEW open (outside the documents it
   * validates: the index of a staged-versus-HEAD diff, a git: URI). Sent once per version; the
   * server keeps it for the session, and answers fs/rangeOf for it.
   */
  newSide?: { text: string; version: number };
  /** NEW's version of the view the page holds (the last answer it was sent); absent: it holds none. */
  baseVersion?: number;
}

export interface CompareViewResult {
  uri: string;
  /** NEW's version the view was made from. */
  version: number;
  /** OLD and NEW: "HEAD → report.fs.json". */
  title: string;
  /** What changed, counted: "2 changes: 1 value changed, 1 subtotal stopped adding up"; absent without a view. */
  summary?: string;
  /** Why there is no view, or why it is of an older version of NEW (a syntax error). */
  problem?: string;
  /** The whole view (the page holds none, or another), or absent with `patch`. */
  wire?: string;
  /** The changes from the view of `baseVersion` (as PreviewModelResult.patch). */
  patch?: { baseVersion: number; ops: PreviewPatchOp[] };
  /** The marks of the whole view, also with a patch. */
  marks?: CompareViewMarks;
  /** The server holds no OLD for the session (it started again since): send `oldText` again. */
  needsOld?: true;
}

export type CompareViewMarks = Omit<ComparisonView, "model">;

export const CompareViewRequest = new RequestType<CompareViewParams, CompareViewResult | null, void>("fs/compareView");

/** The changes view closed: the server drops the session's OLD side. */
export const CompareReleaseNotification = new NotificationType<{ session: string }>("fs/compareRelease");

/**
 * fs/cellEdits: the preview grid's writes (a typed value, a paste, a label, "set to the children's
 * sum") as minimal text edits of the document's current version, each value found by its pointer in
 * the parse tree. All or nothing: a pointer that names nothing in this version (`missing`) or a
 * write that is not a grid write (`refused`) makes no edit at all.
 */
export interface CellEditsParams extends DocumentParams {
  writes: GridWrite[];
}
/** A write of the grid: a cell's content, or "the sum of its children" for a failing subtotal cell. */
export interface GridWrite {
  pointer: string;
  content: CellContent | { kind: "children-sum" };
}
export interface CellEditsResult {
  uri: string;
  /** The version the edits are for; applied only to exactly that version. */
  version: number;
  edits: { offset: number; length: number; content: string }[];
  missing: string[];
  refused: string[];
  problem?: string;
}

export const CellEditsRequest = new RequestType<CellEditsParams, CellEditsResult | null, void>("fs/cellEdits");
