// The value the editor benchmark (and the 5 MB end-to-end test) edits: a leaf item's cell whose
// subtotal now adds up, in a statement the preview draws, nearest the middle of those cells (or,
// for edits at new places, several such cells spread over the document). Typing
// a "9" before its first digit breaks that subtotal, so exactly one more rollup problem appears,
// and undo takes it away again. Over the render limits (100,000 cells per document: at 20 MB) the
// preview leaves later statements out; which ones is the renderer's own rule (omittedStatements).

import { findNodeAtLocation, parseTree, type JSONPath } from "jsonc-parser";
import { analyze } from "../../../shared/src/result";
import { parseJson } from "../../../shared/src/json/parse";
import { omittedStatements } from "../../../shared/src/render/index";

export interface EditTarget {
  /** The cell's JSON Pointer, as the preview's data-pointer names it. */
  pointer: string;
  /** 1-based line and column of the value's first digit (where "9" is typed). */
  line: number;
  column: number;
  /** 1-based line and column inside the item's label (where the typing-lag run types). */
  labelLine: number;
  labelColumn: number;
  /** 1-based line of the opening brace of the subtotal the item rolls into: where its code lens is. */
  parentLine: number;
  /** The value as stored, and as it is once "9" is typed at line/column (the preview cell's data-value). */
  value: string;
  edited: string;
}

interface Item {
  id?: unknown;
  label?: unknown;
  rollupTo?: unknown;
  values?: Record<string, unknown>;
}

function position(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let index = text.indexOf("\n"); index !== -1 && index < offset; index = text.indexOf("\n", index + 1)) {
    line++;
    lineStart = index + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

export function chooseEditTarget(text: string): EditTarget {
  return chooseEditTargets(text, 1)[0]!;
}

/**
 * `count` such values spread over the document (the middle one alone for one): for edits at new
 * places, each in another part of the text and of the preview than the last.
 */
export function chooseEditTargets(text: string, count: number): EditTarget[] {
  const parsed = parseJson(text);
  if (!parsed.ok) throw new Error("the generated document does not parse");
  const analysis = analyze(parsed.value);
  const unsatisfied = new Set(
    analysis.result.calculations.applications.filter((application) => application.status !== "satisfied").map(({ key }) => JSON.stringify([key.statement, key.parent, key.period])),
  );
  const statements = (parsed.value as { statements: { id: string; items: Item[] }[] }).statements;
  const notDrawn = new Set(omittedStatements(parsed.value).map((statement) => statement.index));
  const candidates: JSONPath[] = [];
  statements.forEach((statement, s) => {
    if (notDrawn.has(s)) return;
    const parents = new Set(statement.items.map((item) => item.rollupTo));
    statement.items.forEach((item, i) => {
      if (typeof item.rollupTo !== "string" || parents.has(item.id) || typeof item.label !== "string" || item.values === undefined) return;
      for (const [period, value] of Object.entries(item.values)) {
        if (typeof value !== "string" || unsatisfied.has(JSON.stringify([statement.id, item.rollupTo, period]))) continue;
        candidates.push(["statements", s, "items", i, "values", period]);
      }
    });
  });
  if (candidates.length === 0) throw new Error("the generated document has no satisfied subtotal to break in a statement the preview draws");
  const root = parseTree(text)!;
  return Array.from({ length: count }, (_, k) => targetAt(text, root, statements, candidates[Math.floor(((k + 0.5) * candidates.length) / count)]!));
}

function targetAt(text: string, root: NonNullable<ReturnType<typeof parseTree>>, statements: { id: string; items: Item[] }[], path: JSONPath): EditTarget {
  const valueNode = findNodeAtLocation(root, path)!;
  const label = findNodeAtLocation(root, path.slice(0, 4).concat("label"))!;
  const digit = valueNode.offset + 1 + (text[valueNode.offset + 1] === "-" ? 1 : 0);
  const at = position(text, digit);
  const labelAt = position(text, label.offset + 2);
  const pointer = path.map((segment) => `/${String(segment).replaceAll("~", "~0").replaceAll("/", "~1")}`).join("");
  const [, s, , i] = path as [string, number, string, number];
  const items = statements[s]!.items;
  const parentIndex = items.findIndex((item) => item.id === items[i]!.rollupTo);
  const parent = findNodeAtLocation(root, ["statements", s, "items", parentIndex])!;
  const value = text.slice(valueNode.offset + 1, valueNode.offset + valueNode.length - 1);
  const at0 = digit - valueNode.offset - 1;
  return {
    pointer,
    line: at.line,
    column: at.column,
    labelLine: labelAt.line,
    labelColumn: labelAt.column,
    parentLine: position(text, parent.offset).line,
    value,
    edited: value.slice(0, at0) + "9" + value.slice(at0),
  };
}
