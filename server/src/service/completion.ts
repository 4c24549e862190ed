// Completion while typing: ids where ids go (units, periods, rollup parents), the statement's
// periods as values keys, enum literals, and the members a closed object still lacks. The cursor's
// place comes from the current text (which may not parse); the ids come from the last good
// analysis.

import { MarkupKind, type CompletionItem, type CompletionList, type Position } from "vscode-languageserver-protocol";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { buildModel } from "../../../shared/src/index";
import type { DocumentAnalysis } from "../analysis";
import { readCursor, type Cursor } from "./cursor";
import { candidatesAt, type Candidate } from "./completionCandidates";

export const MAX_COMPLETION_ITEMS = 5000;
const EMPTY_MODEL = buildModel(undefined);

/** Completion at a position of the current text, with ids from the last good version. */
export function completion(analysis: DocumentAnalysis, position: Position): CompletionList {
  const { document } = analysis;
  const cursor = readCursor(analysis.text, document.offsetAt(position));
  const candidates = candidatesAt(cursor, analysis.lastGood?.model ?? EMPTY_MODEL);
  const items = candidates.slice(0, MAX_COMPLETION_ITEMS).map((candidate, index) => toItem(document, cursor, candidate, index));
  return { isIncomplete: candidates.length > MAX_COMPLETION_ITEMS, items };
}

function toItem(document: TextDocument, cursor: Cursor, candidate: Candidate, index: number): CompletionItem {
  const range = { start: document.positionAt(cursor.start), end: document.positionAt(cursor.end) };
  let newText: string;
  if (candidate.memberName !== undefined) {
    newText = cursor.keyHasColon ? JSON.stringify(candidate.memberName) : `${JSON.stringify(candidate.memberName)}: ${candidate.memberValue ?? ""}`;
    if (candidate.memberValue !== undefined) newText += cursor.separator;
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
    // The replaced range starts at the opening quote, so the client filters on the quoted text.
    filterText: cursor.inString ? (quoted.startsWith('"') ? quoted : JSON.stringify(candidate.label)) : candidate.label,
    sortText: String(index).padStart(5, "0"),
  };
}
