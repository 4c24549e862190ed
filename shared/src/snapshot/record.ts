// Recording: the text of a document with its validationSnapshot replaced (or added) by the
// current validation, every other character left as it was.

import { applyEdits, modify, type Edit } from "jsonc-parser";
import { analyze } from "../result";
import type { ValidationResult, ValidationSnapshot } from "../types";
import { isRecord } from "../json/read";
import { normalizeApplication } from "./diff";

export interface Recording {
  snapshot: ValidationSnapshot;
  /** The validation the snapshot records: that of the document without its old snapshot. */
  result: ValidationResult;
  /** Minimal edits to the original text; `text` is the result of applying them. */
  edits: Edit[];
  text: string;
}

/** Undefined when the value is not an object (there is nowhere to record into). */
export function recordSnapshot(text: string, value: unknown): Recording | undefined {
  if (!isRecord(value)) return undefined;
  // The old snapshot is being replaced, so it must not count against the document being recorded.
  const withoutSnapshot: Record<string, unknown> = {};
  for (const name in value) if (name !== "validationSnapshot") withoutSnapshot[name] = value[name];
  const { result } = analyze(withoutSnapshot);
  const snapshot: ValidationSnapshot = {
    conformance: result.conformance.status,
    calculations: result.calculations.status,
    applications: result.calculations.applications.map(normalizeApplication),
  };
  const indentation = detectIndentation(text);
  const edits = modify(text, ["validationSnapshot"], snapshot, {
    formattingOptions: { insertSpaces: indentation.insertSpaces, tabSize: indentation.tabSize, eol: text.includes("\r\n") ? "\r\n" : "\n" },
  });
  return { snapshot, result, edits, text: applyEdits(text, edits) };
}

/** The indentation of the first indented line, so that the new member reads like its neighbours. */
function detectIndentation(text: string): { insertSpaces: boolean; tabSize: number } {
  const match = /\n([ \t]+)\S/.exec(text);
  if (match === null) return { insertSpaces: true, tabSize: 2 };
  const indent = match[1] as string;
  return indent.startsWith("\t") ? { insertSpaces: false, tabSize: 4 } : { insertSpaces: true, tabSize: indent.length };
}
