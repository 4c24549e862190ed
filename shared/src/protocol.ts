// The custom LSP requests between the extension and the language server: method names and
// parameter/result types, imported by both sides (each side wraps them in its library's
// RequestType). Plain data only, so this module stays free of protocol-library imports.

import type { PreviewModel } from "./render/previewModel";
import type { PreviewPatchOp } from "./render/previewPatch";
import type { CalculationStatus, ConformanceStatus, SnapshotDiff } from "./types";

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
  applications: number;
}

/** fs/render: the rendered statements of an open document at its current version. */
export const RENDER_METHOD = "fs/render";
export interface RenderResult {
  uri: string;
  version: number;
  status: DocumentStatus;
  title: string;
  /** The engine's statements fragment (tables with data-pointer on every cell), or "" when none. */
  html: string;
  /** Why nothing could be rendered (e.g. the text is not valid JSON, an output bound was hit). */
  problem?: string;
}

/** fs/snapshotDiff: the recorded snapshot against current validation. */
export const SNAPSHOT_DIFF_METHOD = "fs/snapshotDiff";
export interface SnapshotDiffResult {
  uri: string;
  version: number;
  diff: SnapshotDiff | undefined;
  problem?: string;
}

/** fs/recordEdits: text edits (offsets in the current text) that record a fresh snapshot. */
export const RECORD_EDITS_METHOD = "fs/recordEdits";
export interface RecordEditsResult {
  uri: string;
  version: number;
  edits: { offset: number; length: number; content: string }[];
  problem?: string;
}

/** fs/export: a standalone HTML page, or one TSV per statement. */
export const EXPORT_METHOD = "fs/export";
export interface ExportParams extends DocumentParams {
  format: "html" | "tsv";
}
export interface ExportResult {
  files: { statement?: string; text: string }[];
  problem?: string;
}

/** fs/validateText: validate a file that is not open (workspace validation); diagnostics are published for it. */
export const VALIDATE_TEXT_METHOD = "fs/validateText";
export interface ValidateTextParams extends DocumentParams {
  text: string;
}
export interface ValidateTextResult {
  isFsDocument: boolean;
  status: DocumentStatus | undefined;
}

/** fs/status (server → client notification): sent whenever a document's analysis changes. */
export const STATUS_NOTIFICATION = "fs/status";

/**
 * Node options for the language server process. The server keeps large documents parsed for as
 * long as they are open; V8's default young generation (16 MB semi-spaces) then only adds resident
 * memory. 4 MB semi-spaces take the server from 9.0× to 7.8× a 25 MB document at no measurable
 * cost in latency (docs/performance.md). V8 reads this flag only at start-up.
 */
export const SERVER_NODE_OPTIONS: readonly string[] = ["--max-semi-space-size=4"];

/** Commands the server's code lenses and code actions invoke in the client. */
export const CLIENT_COMMANDS = {
  openPreview: "fs.openPreviewToSide",
  showSnapshotDiff: "fs.showSnapshotDiff",
  recordSnapshot: "fs.recordSnapshot",
  revealInPreview: "fs.revealInPreview",
  peekLocations: "fs.peekLocations",
} as const;

/**
 * fs/previewModel: the preview's data model of an open document, whole or as a patch. The client
 * names the model version its preview holds (`baseVersion`); when the server still has that model
 * it answers with the operations from it to the current one, otherwise with the whole model.
 */
export const PREVIEW_MODEL_METHOD = "fs/previewModel";
export interface PreviewModelParams extends DocumentParams {
  /** The version of the model the preview already shows, if any. */
  baseVersion?: number;
}
export interface PreviewModelResult {
  uri: string;
  /** The document's current version. */
  version: number;
  status: DocumentStatus;
  /** The version the model is of (the last valid one while the text does not parse); absent: no model. */
  modelVersion?: number;
  /** The whole model (no usable base), or absent with `patch`. */
  model?: PreviewModel;
  /** The changes from `baseVersion` to `modelVersion`. */
  patch?: { baseVersion: number; ops: PreviewPatchOp[] };
  /** Why the model is missing or stale, in words a user reads. */
  problem?: string;
}

/** fs/pointerAt: the JSON Pointer of the innermost value or member name at an offset ("" at the top). */
export const POINTER_AT_METHOD = "fs/pointerAt";
export interface PointerAtParams extends DocumentParams {
  /** The document version the offset is in; the server answers null for another version. */
  version: number;
  offset: number;
}

/** fs/rangeOf: where a JSON Pointer's value is (or where it is missing) in a document version. */
export const RANGE_OF_METHOD = "fs/rangeOf";
export interface RangeOfParams extends DocumentParams {
  version: number;
  pointer: string;
}
export interface RangeOfResult {
  offset: number;
  length: number;
}
