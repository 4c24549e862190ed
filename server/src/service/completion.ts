// Completion while typing: ids where ids go (units, periods, rollup parents), the statement's
// periods as values keys, enum literals, and the members a closed object still lacks. The cursor's
// place comes from the current text (which may not parse); the ids come from the last good
// analysis. A member name comes with its value's structure (`{}`, `[]`, `""`), as a snippet with
// the cursor inside when the client supports snippets, else as plain text.

import { InsertTextFormat, MarkupKind, type CompletionItem, type CompletionList, type Position } from "vscode-languageserver-protocol";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { buildModel, type DocumentModel } from "../../../shared/src/index";
import type { DocumentAnalysis } from "../analysis";
import type { OneStringEdited } from "../stringEdited";
import { readCursor, type Cursor } from "./cursor";
import { candidatesAt, escapeSnippet, type Candidate } from "./completionCandidates";

export const MAX_COMPLETION_ITEMS = 5000;
const EMPTY_MODEL = buildModel(undefined);

export interface CompletionOptions {
  /** The client's completionItem.snippetSupport: member values are then snippets. */
  snippets: boolean;
}

/** Completion at a position of the current text, with ids from the last good version. */
export function completion(analysis: DocumentAnalysis, position: Position, options: CompletionOptions = { snippets: false }): CompletionList {
  const { document } = analysis;
  const offset = document.offsetAt(position);
  const cursor = readCursor(analysis.text, offset, analysis.readingContext(offset));
  return completionAt(document, cursor, () => analysis.lastGood?.model ?? EMPTY_MODEL, options);
}

/**
 * Completion while a string value is being typed (stringEdited.ts): the answer an analysis of the
 * current text gives, from the last one and the one string as typed, without analysing the text.
 * Its model is built only where ids go (a `rollupTo` typed); in a label, none is.
 */
export function completionWhileTyping(edited: OneStringEdited, document: TextDocument, position: Position, options: CompletionOptions = { snippets: false }): CompletionList {
  const offset = document.offsetAt(position);
  const cursor = readCursor(document.getText(), offset, edited.readingContext(offset));
  return completionAt(document, cursor, () => edited.model, options);
}

function completionAt(document: TextDocument, cursor: Cursor, model: () => DocumentModel, options: CompletionOptions): CompletionList {
  const candidates = candidatesAt(cursor, model);
  const items = candidates.slice(0, MAX_COMPLETION_ITEMS).map((candidate, index) => toItem(document, cursor, candidate, index, options));
  return { isIncomplete: candidates.length > MAX_COMPLETION_ITEMS, items };
}

function toItem(document: TextDocument, cursor: Cursor, candidate: Candidate, index: number, options: CompletionOptions): CompletionItem {
  const range = { start: document.positionAt(cursor.start), end: document.positionAt(cursor.end) };
  let newText: string;
  const snippet = options.snippets && candidate.memberSnippet !== undefined && !cursor.keyHasColon;
  if (candidate.memberName !== undefined) {
    const name = JSON.stringify(candidate.memberName);
    if (cursor.keyHasColon) newText = name;
    else if (snippet) newText = `${escapeSnippet(name)}: ${candidate.memberSnippet}${cursor.separator}`;
    else newText = `${name}: ${candidate.memberValue ?? ""}${candidate.memberValue === undefined ? "" : cursor.separator}`;
  } else {
    newText = (cursor.afterColon ? " " : "") + candidate.json + cursor.separator;
  }
  const quoted = candidate.memberName !== undefined ? JSON.stringify(candidate.memberName) : candidate.json;
  return {
    label: candidate.label,
    kind: candidate.kind,
    detail: candidate.detail,
    documentation: candidate.documentation === undefined ? undefined : { kind: MarkupKind.Markdown, value: candidate.documentation },
    textEdit: { range, newText },
    ...(snippet ? { insertTextFormat: InsertTextFormat.Snippet } : {}),
    // The replaced range starts at the opening quote, so the client filters on the quoted text.
    filterText: cursor.inString ? (quoted.startsWith('"') ? quoted : JSON.stringify(candidate.label)) : candidate.label,
    sortText: String(index).padStart(5, "0"),
  };
}
