// The one message contract between the extension and the preview's page script (webview/src),
// imported by both sides. Messages are plain data (they cross a structured-clone boundary); each
// direction is a discriminated union on `type`, and each side checks what it receives before
// acting on it.

import type { CellExplanation, CompareViewMarks, DocumentStatus, GridWrite } from "./lsp";
import type { PreviewCell, PreviewRow, PreviewStatement } from "../shared/src/render/previewModel";
import type { PreviewPatchOp } from "../shared/src/render/previewPatch";

export type NumberFormat = "full" | "compact";

/** The element ids of the page shell (client/src/preview/shell.ts) the page script fills. */
export const SHELL_IDS = {
  title: "fs-preview-title",
  status: "fs-preview-status",
  lock: "fs-preview-lock",
  problem: "fs-preview-problem",
  find: "fs-preview-find",
  content: "fs-preview-content",
  explanation: "fs-preview-explanation",
} as const;

interface Envelope {
  /** Increases with every model or patch the extension sends to this panel; older ones are dropped. */
  sequence: number;
  uri: string;
  status: DocumentStatus | undefined;
  /** Why the tables are missing or stale, in words (e.g. "line 12 has a syntax error"). */
  problem: string | undefined;
}

/** Extension → webview: a whole model (first paint, another document, or no usable base). */
export interface ModelMessage extends Envelope {
  type: "model";
  /** The model's version; undefined with `wire` undefined (nothing to show). */
  version: number | undefined;
  /** The file name, for the page when the document has no entity/scope title. */
  documentName: string;
  /**
   * The whole model as the UTF-8 JSON text of its wire form (shared/src/render/previewWire.ts),
   * decoded by the page: VS Code carries bytes to a webview without serializing them, and the page
   * parses them once. undefined: keep the tables already shown for the same document (or show none).
   */
  wire: Uint8Array | undefined;
  locked: boolean;
  numberFormat: NumberFormat;
  /** Scroll to this offset after painting (restored panels); absent keeps the current position. */
  scrollTop?: number;
  /** Why the grid cannot be edited (read-only file system, untrusted workspace), shown on the page; absent: editable. */
  readOnly?: string;
}

/** Extension → webview: the changes from `baseVersion` (which the page must hold) to `version`. */
export interface PatchMessage extends Envelope {
  type: "patch";
  baseVersion: number;
  version: number;
  ops: PreviewPatchOp[];
}

/** Extension → webview: the cursor moved in the editor; mark the element nearest to `pointer`. */
export interface HighlightMessage {
  type: "highlight";
  pointer: string;
  /** Scroll the mark into view when it is outside (false: only mark, e.g. after a restore). */
  reveal: boolean;
  /**
   * Also select the cell at `pointer` and, when it is a failing subtotal's, open its "why" panel
   * (a failing subtotal's code lens was clicked); the keyboard stays where it is.
   */
  explain?: boolean;
}

/** Extension → webview: the editor scrolled; bring the element nearest to `pointer` to the top. */
export interface ScrollToMessage {
  type: "scrollTo";
  pointer: string;
}

/** Extension → webview: the lock state changed (it is part of the restorable state). */
export interface LockMessage {
  type: "lock";
  locked: boolean;
}

/** Extension → webview: display settings changed. */
export interface OptionsMessage {
  type: "options";
  numberFormat: NumberFormat;
}

/**
 * Extension → webview: the answer to an ExplainMessage, for exactly the document, model version and
 * cell asked about; `explanation` null when that cell is not (or no longer) a failing subtotal.
 */
export interface ExplanationMessage {
  type: "explanation";
  uri: string;
  version: number;
  pointer: string;
  explanation: CellExplanation | null;
}

/** Extension → webview: what became of the page's EditMessage `id` (the cells concerned when not written). */
export interface EditResultMessage {
  type: "editResult";
  id: number;
  written: boolean;
  message?: string;
  pointers: string[];
}

/**
 * Extension → webview: the answer to a "ready" that needs no render because the model `sequence`
 * was posted while the page loaded. A page that does not hold it (VS Code discarded the page it went
 * to and loaded this one) says "resync".
 */
export interface ExpectMessage {
  type: "expect";
  uri: string;
  sequence: number;
}

export type ExtensionToWebview =
  ModelMessage | PatchMessage | HighlightMessage | ScrollToMessage | LockMessage | OptionsMessage | ExplanationMessage | EditResultMessage | ExpectMessage;

/** Webview → extension: the page script is listening (and holds no model). */
export interface ReadyMessage {
  type: "ready";
}

/**
 * Webview → extension: the user chose a cell or row; reveal and select its source. `focus`: the
 * editor takes the focus (Space, Ctrl/Cmd+click, a cause's button, a double-click where nothing can
 * be edited); otherwise the source follows a click without it, and the focus stays in the grid
 * (so that a double-click edits and keys go on in the table).
 */
export interface RevealMessage {
  type: "reveal";
  pointer: string;
  focus: boolean;
}

/** Webview → extension: the user scrolled the preview; `pointer` is the topmost visible row. */
export interface ScrolledMessage {
  type: "scrolled";
  pointer: string;
}

/**
 * Webview → extension: the page has drawn a model of `uri`'s tables, the first of that document it
 * draws (the walkthrough ticks its preview step only then, not when the panel opens).
 */
export interface PaintedMessage {
  type: "painted";
  uri: string;
}

/** Webview → extension: a patch did not fit the model the page holds; send the whole model. */
export interface ResyncMessage {
  type: "resync";
  uri: string;
}

/** Webview → extension: the user points at, focuses or clicks a failing subtotal cell; say why it fails. */
export interface ExplainMessage {
  type: "explain";
  uri: string;
  /** The model version the page holds. */
  version: number;
  pointer: string;
}

/**
 * Webview → extension: a mouse button went down in the page. Sent before the click's own reveal;
 * what follows is the user's use of the preview, so a refocus of the editor a reveal armed no
 * longer applies (client/src/preview/previewPanel.ts, refocusRevealed).
 */
export interface PressedMessage {
  type: "pressed";
}

/**
 * Webview → extension: the page got or lost the keyboard (its window's focus and blur). VS Code
 * learns of a webview's focus by polling and may report it after the focus moved on; the extension
 * tells such a stale activation from a real one by this (client/src/preview/staleFocus.ts).
 */
export interface PageFocusMessage {
  type: "pageFocus";
  focused: boolean;
}

/**
 * Webview → extension: the grid's writes (one commit, one paste, one action): applied as one edit of
 * the document, one undo step, by pointer (client/src/preview/gridEdits.ts); answered by EditResultMessage.
 */
export interface EditMessage {
  type: "edit";
  uri: string;
  id: number;
  writes: GridWrite[];
}

/** Webview → extension: Ctrl+Z (undo) or Ctrl+Y / Ctrl+Shift+Z (redo) pressed in the preview. */
export interface UndoMessage {
  type: "undo";
  uri: string;
  redo: boolean;
}

export type WebviewToExtension =
  ReadyMessage | PaintedMessage | RevealMessage | ScrolledMessage | ResyncMessage | ExplainMessage | PressedMessage | EditMessage | UndoMessage | PageFocusMessage;

/** What the webview persists (getState/setState) and the panel serializer restores. */
export interface PreviewState {
  uri: string;
  locked: boolean;
  scrollTop: number;
  /** Pointers of the collapsed subtotal rows of `uri`. */
  collapsed: string[];
}

// ---- Validation: each side checks what it receives. ----

type Rec = Record<string, unknown>;

function record(value: unknown): Rec | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Rec) : undefined;
}

const isString = (value: unknown): value is string => typeof value === "string";
const optionalString = (value: unknown): boolean => value === undefined || typeof value === "string";
const isCount = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value) && value >= 0;
const CELL_KINDS: ReadonlySet<unknown> = new Set(["value", "missing", "unavailable", "invalid"]);
const CHECKS: ReadonlySet<unknown> = new Set([undefined, "satisfied", "inconsistent", "rollup-error"]);
const COLUMN_KINDS: ReadonlySet<unknown> = new Set(["instant", "duration", "unresolved"]);
const ROLLUP_OUTCOMES: ReadonlySet<unknown> = new Set(["fails", "unchecked", "holds"]);

export function isPreviewCell(value: unknown): value is PreviewCell {
  const cell = record(value);
  return (
    cell !== undefined &&
    isString(cell.pointer) &&
    CELL_KINDS.has(cell.kind) &&
    isString(cell.value) &&
    isString(cell.title) &&
    isString(cell.flag) &&
    CHECKS.has(cell.check) &&
    (cell.absent === undefined || typeof cell.absent === "boolean") &&
    (cell.blocks === undefined || typeof cell.blocks === "boolean")
  );
}

export function isPreviewRow(value: unknown): value is PreviewRow {
  const row = record(value);
  if (row === undefined) return false;
  const unit = row.unit === undefined ? undefined : record(row.unit);
  return (
    isString(row.pointer) &&
    isString(row.label) &&
    optionalString(row.id) &&
    optionalString(row.description) &&
    optionalString(row.parent) &&
    isCount(row.depth) &&
    typeof row.subtotal === "boolean" &&
    (row.unit === undefined || (unit !== undefined && isString(unit.text) && isString(unit.title))) &&
    Array.isArray(row.cells) &&
    row.cells.every(isPreviewCell)
  );
}

export function isPreviewStatement(value: unknown): value is PreviewStatement {
  const statement = record(value);
  return (
    statement !== undefined &&
    isString(statement.pointer) &&
    isString(statement.label) &&
    optionalString(statement.id) &&
    optionalString(statement.unit) &&
    optionalString(statement.omitted) &&
    typeof statement.unitPerRow === "boolean" &&
    Array.isArray(statement.columns) &&
    statement.columns.every((column) => {
      const c = record(column);
      return c !== undefined && isString(c.id) && isString(c.label) && Array.isArray(c.parts) && c.parts.every(isString) && isString(c.pointer) && COLUMN_KINDS.has(c.kind);
    }) &&
    Array.isArray(statement.rows) &&
    statement.rows.every(isPreviewRow)
  );
}

/** A Uint8Array, also one made in another realm (the page's iframe gets a structured clone). */
function isBytes(value: unknown): value is Uint8Array {
  return ArrayBuffer.isView(value) && Object.prototype.toString.call(value) === "[object Uint8Array]";
}

export function isPatchOp(value: unknown): value is PreviewPatchOp {
  const op = record(value);
  if (op === undefined) return false;
  switch (op.op) {
    case "title":
      return isString(op.title);
    case "statements":
      return isCount(op.start) && isCount(op.deleteCount) && Array.isArray(op.statements) && op.statements.every(isPreviewStatement);
    case "rows":
      return isCount(op.statement) && isCount(op.start) && isCount(op.deleteCount) && Array.isArray(op.rows) && op.rows.every(isPreviewRow);
    case "cells":
      return (
        isCount(op.statement) &&
        isCount(op.row) &&
        Array.isArray(op.cells) &&
        op.cells.every((entry) => {
          const e = record(entry);
          return e !== undefined && isCount(e.column) && isPreviewCell(e.cell);
        })
      );
    default:
      return false;
  }
}

const isNumberFormat = (value: unknown): value is NumberFormat => value === "full" || value === "compact";

function validEnvelope(message: Rec): boolean {
  return typeof message.sequence === "number" && isString(message.uri) && optionalString(message.problem) && (message.status === undefined || record(message.status) !== undefined);
}

export function isExtensionToWebview(value: unknown): value is ExtensionToWebview {
  const message = record(value);
  if (message === undefined) return false;
  switch (message.type) {
    case "model":
      return (
        validEnvelope(message) &&
        (message.version === undefined || typeof message.version === "number") &&
        isString(message.documentName) &&
        typeof message.locked === "boolean" &&
        isNumberFormat(message.numberFormat) &&
        (message.scrollTop === undefined || typeof message.scrollTop === "number") &&
        optionalString(message.readOnly) &&
        (message.wire === undefined || isBytes(message.wire))
      );
    case "patch":
      return validEnvelope(message) && typeof message.baseVersion === "number" && typeof message.version === "number" && Array.isArray(message.ops) && message.ops.every(isPatchOp);
    case "highlight":
      return isString(message.pointer) && typeof message.reveal === "boolean" && (message.explain === undefined || typeof message.explain === "boolean");
    case "scrollTo":
      return isString(message.pointer);
    case "lock":
      return typeof message.locked === "boolean";
    case "options":
      return isNumberFormat(message.numberFormat);
    case "explanation":
      return isString(message.uri) && typeof message.version === "number" && isString(message.pointer) && (message.explanation === null || isCellExplanation(message.explanation));
    case "editResult":
      return isCount(message.id) && typeof message.written === "boolean" && optionalString(message.message) && Array.isArray(message.pointers) && message.pointers.every(isString);
    case "expect":
      return isString(message.uri) && typeof message.sequence === "number";
    default:
      return false;
  }
}

function isCellExplanation(value: unknown): value is CellExplanation {
  const explanation = record(value);
  return (
    explanation !== undefined &&
    isString(explanation.uri) &&
    typeof explanation.modelVersion === "number" &&
    isString(explanation.pointer) &&
    isString(explanation.summary) &&
    (explanation.notEvaluated === undefined || typeof explanation.notEvaluated === "boolean") &&
    Array.isArray(explanation.causes) &&
    explanation.causes.every((entry) => {
      const cause = record(entry);
      return cause !== undefined && isString(cause.text) && optionalString(cause.pointer);
    })
  );
}

export function isWebviewToExtension(value: unknown): value is WebviewToExtension {
  const message = record(value);
  if (message === undefined) return false;
  switch (message.type) {
    case "ready":
    case "pressed":
      return true;
    case "reveal":
      return isString(message.pointer) && typeof message.focus === "boolean";
    case "scrolled":
      return isString(message.pointer);
    case "resync":
    case "painted":
      return isString(message.uri);
    case "explain":
      return isString(message.uri) && typeof message.version === "number" && isString(message.pointer);
    case "edit":
      return isString(message.uri) && typeof message.id === "number" && asGridWrites(message.writes) !== undefined;
    case "undo":
      return isString(message.uri) && typeof message.redo === "boolean";
    case "pageFocus":
      return typeof message.focused === "boolean";
    default:
      return false;
  }
}

/** At most this many cells in one write (a paste): a block larger than a sheet anyone copies is refused. */
export const MAX_GRID_WRITES = 100_000;

function isGridContent(value: unknown): value is GridWrite["content"] {
  const content = record(value);
  if (content === undefined) return false;
  switch (content.kind) {
    case "value":
      return isString(content.decimal);
    case "text":
      return isString(content.text);
    case "missing":
    case "unavailable":
    case "children-sum":
      return true;
    default:
      return false;
  }
}

/** The writes of an edit message or request, checked entry by entry; undefined when any is malformed. */
export function asGridWrites(value: unknown): GridWrite[] | undefined {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_GRID_WRITES) return undefined;
  const writes: GridWrite[] = [];
  for (const entry of value) {
    const write = record(entry);
    if (write === undefined || !isString(write.pointer) || !isGridContent(write.content)) return undefined;
    writes.push({ pointer: write.pointer, content: write.content });
  }
  return writes;
}

export function asPreviewState(value: unknown): PreviewState | undefined {
  const state = record(value);
  if (state === undefined || !isString(state.uri) || state.uri === "") return undefined;
  const scrollTop = typeof state.scrollTop === "number" && Number.isFinite(state.scrollTop) && state.scrollTop >= 0 ? state.scrollTop : 0;
  const collapsed = Array.isArray(state.collapsed) ? state.collapsed.filter(isString) : [];
  return { uri: state.uri, locked: state.locked === true, scrollTop, collapsed };
}

/**
 * User Timing marks the page sets once, on its first paint: script running, "ready" posted, first
 * model received, decoded, drawn. DevTools shows them, and the editor benchmark reads them to tell
 * the page's own part of "Open Preview" from the webview's start (test/e2e/bench/).
 */
export const FIRST_PAINT_MARKS = ["fs-preview-script", "fs-preview-ready", "fs-preview-model-received", "fs-preview-model-decoded", "fs-preview-drawn"] as const;
export type FirstPaintMark = (typeof FIRST_PAINT_MARKS)[number];

// ---- The changes view (FS: Compare with…): its own page (webview/src/compare.ts), drawn with the
// preview's table renderer and stylesheet. ----

/** The element ids of the changes view's shell (client/src/compare/shell.ts). */
export const COMPARE_SHELL_IDS = {
  title: "fc-view-title",
  summary: "fc-view-summary",
  lines: "fc-view-lines",
  problem: "fc-view-problem",
  content: "fc-view-content",
} as const;

/** Extension → changes view: the whole view (first paint), or a patch of the view the page holds (after each analysis of NEW). */
export interface CompareModelMessage {
  type: "compareModel";
  sequence: number;
  /** NEW's URI: clicks reveal in it. */
  uri: string;
  /** NEW's version the view was made from. */
  version: number | undefined;
  /** "HEAD → report.fs.json". */
  title: string;
  /** "2 changes: 1 value changed, …"; "" without a view. */
  summary: string;
  problem: string | undefined;
  /** The view's model as UTF-8 bytes of the preview's wire form (as ModelMessage.wire); undefined: keep what is shown. */
  wire: Uint8Array | undefined;
  /** Instead of `wire`: the changes from the view of NEW's `baseVersion`, which the page must hold (else it says "ready" again). */
  patch?: { baseVersion: number; ops: PreviewPatchOp[] };
  /** The whole view's marks, with a wire or a patch. */
  marks: CompareViewMarks | undefined;
  numberFormat: NumberFormat;
}

export type ExtensionToCompareView = CompareModelMessage | OptionsMessage;

/** Changes view → extension: "ready" when it listens, "reveal" for a click on a cell or row (in NEW). */
export type CompareViewToExtension = ReadyMessage | RevealMessage | PageFocusMessage;

function isViewCellValue(value: unknown): boolean {
  const cell = record(value);
  return cell !== undefined && CELL_KINDS.has(cell.kind) && isString(cell.value);
}

function isCompareMarks(value: unknown): value is CompareViewMarks {
  const marks = record(value);
  const counts = record(marks?.counts);
  if (marks === undefined || counts === undefined || !Array.isArray(marks.lines) || !marks.lines.every(isString)) return false;
  if (!["total", "values", "added", "removed", "moved", "fails", "unchecked", "better", "other"].every((key) => isCount(counts[key]))) return false;
  const rowsOk =
    Array.isArray(marks.rows) &&
    marks.rows.every((entry) => {
      const row = record(entry);
      return (
        row !== undefined &&
        isCount(row.statement) &&
        isCount(row.row) &&
        ["added", "removed", "moved", "changed"].includes(row.mark as string) &&
        Array.isArray(row.notes) &&
        row.notes.every(isString)
      );
    });
  const cellsOk =
    Array.isArray(marks.cells) &&
    marks.cells.every((entry) => {
      const cell = record(entry);
      if (cell === undefined || !isCount(cell.statement) || !isCount(cell.row) || !isCount(cell.column)) return false;
      const change = cell.value === undefined ? undefined : record(cell.value);
      if (
        cell.value !== undefined &&
        (change === undefined ||
          !isViewCellValue(change.old) ||
          !optionalString(change.oldInNewUnit) ||
          !optionalString(change.difference) ||
          !optionalString(change.relativePercent))
      )
        return false;
      const rollup = cell.rollup === undefined ? undefined : record(cell.rollup);
      return cell.rollup === undefined || (rollup !== undefined && ROLLUP_OUTCOMES.has(rollup.outcome) && isString(rollup.old) && isString(rollup.new));
    });
  return rowsOk && cellsOk;
}

function isComparePatch(value: unknown): boolean {
  const patch = record(value);
  return patch !== undefined && typeof patch.baseVersion === "number" && Array.isArray(patch.ops) && patch.ops.every(isPatchOp);
}

export function isExtensionToCompareView(value: unknown): value is ExtensionToCompareView {
  const message = record(value);
  if (message === undefined) return false;
  if (message.type === "options") return isNumberFormat(message.numberFormat);
  return (
    message.type === "compareModel" &&
    typeof message.sequence === "number" &&
    isString(message.uri) &&
    (message.version === undefined || typeof message.version === "number") &&
    isString(message.title) &&
    isString(message.summary) &&
    optionalString(message.problem) &&
    (message.wire === undefined || isBytes(message.wire)) &&
    (message.patch === undefined || isComparePatch(message.patch)) &&
    (message.marks === undefined || isCompareMarks(message.marks)) &&
    isNumberFormat(message.numberFormat)
  );
}

export function isCompareViewToExtension(value: unknown): value is CompareViewToExtension {
  const message = record(value);
  return (
    message !== undefined &&
    (message.type === "ready" ||
      (message.type === "reveal" && isString(message.pointer) && typeof message.focus === "boolean") ||
      (message.type === "pageFocus" && typeof message.focused === "boolean"))
  );
}
