import type { CancellationToken, Connection, PublishDiagnosticsParams } from "vscode-languageserver";
import type { DocumentStore } from "../documents";
import type { Settings } from "../settings";
import type { ClientFeatures } from "./clientFeatures";

export interface ServerContext {
  connection: Connection;
  store: DocumentStore;
  /** The settings that apply to `uri` (its folder's resource settings), or the window's. */
  settings(uri?: string): Settings;
  /** What the client declared it supports (read at initialize). */
  client(): ClientFeatures;
  /**
   * Wraps a request handler: an exception is logged to the client's output channel and answered
   * with `fallback`, so one bad document or bug never takes the server down.
   */
  /**
   * Publishes a document's diagnostics, all of them: as textDocument/publishDiagnostics, or to a
   * client that takes them by group, only the groups that changed (lsp/diagnosticDeltas.ts).
   * `open: false`: a file that is not open (nothing is kept of it). Settles once written.
   */
  publishDiagnostics(params: PublishDiagnosticsParams, options?: { open?: boolean; whole?: boolean }): Promise<void>;
  guard<P, R>(name: string, fallback: R, handler: (params: P, token: CancellationToken) => R | Promise<R>): (params: P, token: CancellationToken) => Promise<R>;
}

export function describeError(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
