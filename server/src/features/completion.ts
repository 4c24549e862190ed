// Completion while typing: ids where ids go (units, periods, rollup parents), the statement's
// periods as values keys, enum literals, and the members a closed object still lacks. The cursor's
// place comes from the current text (which may not parse); the ids come from the last good
// analysis.

import {
  MarkupKind,
  type CompletionItem,
  type CompletionList,
  type CompletionParams,
  type ServerCapabilities,
} from "vscode-languageserver/node";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { buildModel } from "../../../shared/src/index";
import type { ServerContext } from "../context";
import { readCursor, type Cursor } from "./cursor";
import { candidatesAt, type Candidate } from "./completionCandidates";

export const completionCapabilities: ServerCapabilities = {
  completionProvider: { triggerCharacters: ['"', ":"] },
};

export const MAX_COMPLETION_ITEMS = 5000;
const EMPTY_MODEL = buildModel(undefined);

export function registerCompletion(context: ServerContext): void {
  context.connection.onCompletion(
    context.guard<CompletionParams, CompletionList | null>("completion", null, (params) => {
      const open = context.store.current(params.textDocument.uri);
      if (open === undefined) return null;
      const { document, state } = open;
      const cursor = readCursor(document.getText(), document.offsetAt(params.position));
      const candidates = candidatesAt(cursor, state.good?.model ?? EMPTY_MODEL);
      const items = candidates.slice(0, MAX_COMPLETION_ITEMS).map((candidate, index) => toItem(document, cursor, candidate, index));
      return { isIncomplete: candidates.length > MAX_COMPLETION_ITEMS, items };
    }),
  );
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
