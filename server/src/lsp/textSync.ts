// Document synchronisation (didOpen, didChange, didClose) into the document store. The client's
// parameters are checked first: a message whose shape is wrong (text null or a number, a version
// that is not an integer, a malformed range) is ignored with a one-line warning, never an
// exception, and leaves the open documents as they were.

import type { Connection } from "vscode-languageserver";
import type { TextDocumentContentChangeEvent } from "vscode-languageserver-textdocument";
import type { DocumentStore } from "../documents";

type Reader<T> = (params: unknown) => T | string;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
const isVersion = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value);

function isPosition(value: unknown): boolean {
  return isObject(value) && isCount(value.line) && isCount(value.character);
}

export const readOpen: Reader<{ uri: string; languageId: string; version: number; text: string }> = (params) => {
  const document = isObject(params) ? params.textDocument : undefined;
  if (!isObject(document)) return "no textDocument";
  const { uri, languageId, version, text } = document;
  if (typeof uri !== "string" || uri === "") return "textDocument.uri is not a string";
  if (typeof languageId !== "string") return "textDocument.languageId is not a string";
  if (!isVersion(version)) return "textDocument.version is not an integer";
  if (typeof text !== "string") return "textDocument.text is not a string";
  return { uri, languageId, version, text };
};

export const readChange: Reader<{ uri: string; version: number; changes: TextDocumentContentChangeEvent[] }> = (params) => {
  if (!isObject(params)) return "no parameters";
  const document = params.textDocument;
  if (!isObject(document) || typeof document.uri !== "string") return "textDocument.uri is not a string";
  if (!isVersion(document.version)) return "textDocument.version is not an integer";
  if (!Array.isArray(params.contentChanges)) return "contentChanges is not an array";
  const changes: TextDocumentContentChangeEvent[] = [];
  for (const change of params.contentChanges as unknown[]) {
    if (!isObject(change) || typeof change.text !== "string") return "a content change has no text string";
    if (change.range === undefined) {
      changes.push({ text: change.text });
      continue;
    }
    const range = change.range;
    if (!isObject(range) || !isPosition(range.start) || !isPosition(range.end)) return "a content change has a malformed range";
    const start = range.start as { line: number; character: number };
    const end = range.end as { line: number; character: number };
    if (end.line < start.line || (end.line === start.line && end.character < start.character)) return "a content change's range ends before it starts";
    changes.push({ range: { start, end }, text: change.text });
  }
  return { uri: document.uri, version: document.version, changes };
};

export const readClose: Reader<{ uri: string }> = (params) => {
  const document = isObject(params) ? params.textDocument : undefined;
  return isObject(document) && typeof document.uri === "string" ? { uri: document.uri } : "textDocument.uri is not a string";
};

export function registerTextSync(connection: Connection, store: DocumentStore): void {
  const accept =
    <T>(method: string, read: Reader<T>, apply: (value: T) => void) =>
    (params: unknown): void => {
      const value = read(params);
      if (typeof value === "string") connection.console.warn(`Ignored a malformed ${method} notification: ${value}.`);
      else apply(value);
    };
  connection.onDidOpenTextDocument(accept("textDocument/didOpen", readOpen, ({ uri, languageId, version, text }) => store.open(uri, languageId, version, text)));
  connection.onDidChangeTextDocument(accept("textDocument/didChange", readChange, ({ uri, version, changes }) => store.change(uri, version, changes)));
  connection.onDidCloseTextDocument(accept("textDocument/didClose", readClose, ({ uri }) => store.close(uri)));
}
