// The custom LSP requests between the extension and the language server: method names and
// parameter/result types, imported by both sides (each side wraps them in its library's
// RequestType). Plain data only, so this module stays free of protocol-library imports.

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

/** fs/rollupTree: the document's rollups as a tree (statements → subtotals → children) for the Rollups view. */
export const ROLLUP_TREE_METHOD = "fs/rollupTree";
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
