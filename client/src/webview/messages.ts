// The one message contract between the extension and the preview's page script, imported by both
// sides. Messages are plain data (they cross a structured-clone boundary); each direction is a
// discriminated union on `type`, and each side checks what it receives before acting on it.

import type { DocumentStatus } from "../../../protocol/lsp";

/** Extension → webview: paint a rendered version of the document. */
export interface RenderMessage {
  type: "render";
  /** Increases with every render the extension sends to this panel; older ones are dropped. */
  sequence: number;
  uri: string;
  version: number;
  /** The file name, for the page when the document has no entity/scope title. */
  documentName: string;
  /** "Entity — Scope", author text: shown with textContent only. */
  title: string;
  status: DocumentStatus | undefined;
  /** The engine's escaped statements fragment; "" keeps the last painted tables. */
  html: string;
  /** Why the tables are missing or stale (e.g. the text does not parse). */
  problem: string | undefined;
  locked: boolean;
  /** Scroll to this offset after painting (restored panels); absent keeps the current position. */
  scrollY?: number;
}

/** Extension → webview: the cursor moved in the editor; mark the element nearest to `pointer`. */
export interface HighlightMessage {
  type: "highlight";
  pointer: string;
  /** Scroll the mark into view when it is outside (false: only mark, e.g. after a restore). */
  reveal: boolean;
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

export type ExtensionToWebview = RenderMessage | HighlightMessage | ScrollToMessage | LockMessage;

/** Webview → extension: the page script is listening. */
export interface ReadyMessage {
  type: "ready";
}

/** Webview → extension: the user chose a cell or row (click or Enter); reveal its source. */
export interface RevealMessage {
  type: "reveal";
  pointer: string;
}

/** Webview → extension: the user scrolled the preview; `pointer` is the topmost visible row. */
export interface ScrolledMessage {
  type: "scrolled";
  pointer: string;
}

export type WebviewToExtension = ReadyMessage | RevealMessage | ScrolledMessage;

/** What the webview persists (getState/setState) and the panel serializer restores. */
export interface PreviewState {
  uri: string;
  locked: boolean;
  scrollY: number;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

export function isWebviewToExtension(value: unknown): value is WebviewToExtension {
  const message = record(value);
  if (message === undefined) return false;
  switch (message.type) {
    case "ready":
      return true;
    case "reveal":
    case "scrolled":
      return typeof message.pointer === "string";
    default:
      return false;
  }
}

export function isExtensionToWebview(value: unknown): value is ExtensionToWebview {
  const message = record(value);
  if (message === undefined) return false;
  switch (message.type) {
    case "render":
      return (
        typeof message.sequence === "number" &&
        typeof message.uri === "string" &&
        typeof message.version === "number" &&
        typeof message.documentName === "string" &&
        typeof message.title === "string" &&
        typeof message.html === "string" &&
        typeof message.locked === "boolean" &&
        (message.problem === undefined || typeof message.problem === "string") &&
        (message.scrollY === undefined || typeof message.scrollY === "number") &&
        (message.status === undefined || record(message.status) !== undefined)
      );
    case "highlight":
      return typeof message.pointer === "string" && typeof message.reveal === "boolean";
    case "scrollTo":
      return typeof message.pointer === "string";
    case "lock":
      return typeof message.locked === "boolean";
    default:
      return false;
  }
}

export function asPreviewState(value: unknown): PreviewState | undefined {
  const state = record(value);
  if (state === undefined || typeof state.uri !== "string" || state.uri === "") return undefined;
  const scrollY = typeof state.scrollY === "number" && Number.isFinite(state.scrollY) && state.scrollY >= 0 ? state.scrollY : 0;
  return { uri: state.uri, locked: state.locked === true, scrollY };
}
