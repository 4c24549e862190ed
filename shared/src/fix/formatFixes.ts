// The format fixes behind structural issues, pure so that the language server's quick fixes and
// `fsdoc fix` share them. Each works from the code, path and params, re-reads the node at
// that path in the text's parse tree, and returns offset edits on that text. A fix is "safe" when
// it cannot change a stored amount or delete content: only those run unasked (source.fixAll.fs,
// `fsdoc fix`).

import * as l10n from "@vscode/l10n";
import type { Edit, Node } from "jsonc-parser";
import { canonicalDecimal } from "../decimal/grammar";
import type { SourceLocator } from "../json/locate";
import { parsePointer } from "../json/pointer";
import { statementAt, type DocumentModel } from "../model/document-model";
import { DOCUMENT_SCHEMA_URI, FORMAT_VERSION, SCHEMA_BASE } from "../types";
import { differenceEdit, disjoint, editObjectMembers, memberNamed, removeMember, replaceValue } from "./jsonEdits";

export interface Fix {
  title: string;
  edits: Edit[];
  preferred: boolean;
  /** Cannot change a stored amount or remove content; may be applied without asking. */
  safe: boolean;
}

/** What the fixes read: the exact text, its locator and its id model (the server's analysis fits). */
export interface FixSource {
  readonly text: string;
  readonly locator: SourceLocator;
  readonly model: DocumentModel;
}

/** An issue as the fixes need it: its public code, JSON Pointer and params. */
export interface FixableProblem {
  code: string | number | undefined;
  path: string;
  params?: Readonly<Record<string, unknown>>;
}

const SCHEMA_0_1 = `${SCHEMA_BASE}/schema/0.1/fs-document.schema.json`;

export function formatFixesFor(good: FixSource, problem: FixableProblem): Fix[] {
  const params = problem.params ?? {};
  const node = good.locator.node(problem.path);
  switch (problem.code) {
    case "decimal-string-required":
      return node?.type === "number" ? decimalFix(good, node, (value) => l10n.t("Write as the decimal string {0}", value)) : [];
    case "invalid-value":
      if (params.rule === "decimal" && typeof params.canonical === "string" && node?.type === "string")
        return decimalFix(good, node, (value) => l10n.t("Write the canonical decimal {0}", value));
      if (params.rule === "format-version" && params.actual === "0.1") return migration(good, true);
      return [];
    case "invalid-tolerance":
      return node?.type === "number" || node?.type === "string" ? decimalFix(good, node, (value) => l10n.t("Write the tolerance as {0}", value), true) : [];
    case "map-key-mismatch":
      return node?.type === "object" ? valuesKeyFixes(good, node, params) : [];
    case "unknown-property":
      return isGroupingPath(problem.path) ? migration(good, formatVersionOf(good) === "0.1") : [];
    default:
      return [];
  }
}

/**
 * Replaces a value with its canonical decimal string, computed from the source text of a number
 * (or the string's contents), never through a JS number.
 */
function decimalFix(good: FixSource, node: Node, title: (value: string) => string, nonnegative = false): Fix[] {
  const written = node.type === "number" ? good.text.slice(node.offset, node.offset + node.length) : typeof node.value === "string" ? node.value : undefined;
  const canonical = written === undefined ? undefined : canonicalDecimal(written);
  if (canonical === undefined || canonical === node.value || (nonnegative && canonical.startsWith("-"))) return [];
  // The same number as a canonical string: no amount changes, so it is safe to apply unasked.
  return [{ title: title(JSON.stringify(canonical)), edits: [replaceValue(node, JSON.stringify(canonical))], preferred: true, safe: true }];
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === "string") : [];
}

function valuesKeyFixes(good: FixSource, values: Node, params: Readonly<Record<string, unknown>>): Fix[] {
  // The path from the locator, not from the node's parents: on a large text the node is parsed within its item only.
  const path = good.locator.nodeAt(values.offset)?.path ?? [];
  const present = new Set((values.children ?? []).map((property) => property.children?.[0]?.value as unknown));
  // The error lists only the first few missing periods (docs/design.md: errors stay bounded); the
  // statement has them all, so the fix adds every one.
  const statementPeriods = typeof path[1] === "number" ? statementAt(good.model, path[1])?.periods : undefined;
  const missing = [...new Set(statementPeriods ?? strings(params.missing))].filter((key) => !present.has(key));
  const extra = strings(params.extra).filter((key) => present.has(key));
  const order = statementPeriods ?? missing;
  const position = new Map(order.map((id, index) => [id, index]));
  // A new key goes after the last existing key that precedes it in the statement's period order.
  const insertionIndex = (existing: string[], name: string): number => {
    const rank = position.get(name) ?? Number.MAX_SAFE_INTEGER;
    let index = 0;
    existing.forEach((key, at) => {
      const other = position.get(key);
      if (other !== undefined && other < rank) index = at + 1;
    });
    return index;
  };
  const fix = (title: string, remove: string[], add: string[], preferred: boolean): Fix[] => {
    const after = editObjectMembers(
      good.text,
      path,
      remove,
      add.map((name) => ({ name, json: null })),
      insertionIndex,
    );
    // Adding null cells declares data missing and removing keys deletes values: never unasked.
    return after === undefined || after === good.text ? [] : [{ title, edits: [differenceEdit(good.text, after)], preferred, safe: false }];
  };
  const single = missing.length === 0 || extra.length === 0;
  return [
    ...(missing.length > 0 ? fix(l10n.t("Add missing periods as null"), [], missing, single) : []),
    ...(extra.length > 0 ? fix(l10n.t("Remove keys not in the statement's periods"), extra, [], single) : []),
    ...(single ? [] : fix(l10n.t("Add missing periods as null and remove keys not in the statement's periods"), extra, missing, false)),
  ];
}

/** The 0.1 grouping members: top-level groupingColumns and an item's groupings. */
function isGroupingPath(path: string): boolean {
  const segments = parsePointer(path);
  if (segments.length === 1) return segments[0] === "groupingColumns";
  return segments.length === 5 && segments[0] === "statements" && segments[2] === "items" && segments[4] === "groupings";
}

function formatVersionOf(good: FixSource): unknown {
  return good.locator.node("/formatVersion")?.value;
}

/**
 * 0.1 → 0.2: formatVersion "0.2", the 0.2 $schema in place of the 0.1 one, and no groupingColumns
 * or item groupings (0.2 has no grouping). Every edit is computed on the current text; they touch
 * disjoint members, so they apply together.
 */
function migration(good: FixSource, fromVersion01: boolean): Fix[] {
  const root = good.locator.tree();
  if (root?.type !== "object") return [];
  const edits: Edit[] = [];
  if (fromVersion01) {
    const version = memberNamed(root, "formatVersion")?.children?.[1];
    if (version !== undefined) edits.push(replaceValue(version, JSON.stringify(FORMAT_VERSION)));
    const schema = memberNamed(root, "$schema")?.children?.[1];
    if (schema?.value === SCHEMA_0_1) edits.push(replaceValue(schema, JSON.stringify(DOCUMENT_SCHEMA_URI)));
  }
  const columns = memberNamed(root, "groupingColumns");
  if (columns !== undefined) edits.push(removeMember(columns));
  const statements = memberNamed(root, "statements")?.children?.[1];
  for (const statement of statements?.type === "array" ? (statements.children ?? []) : []) {
    const items = memberNamed(statement, "items")?.children?.[1];
    for (const item of items?.type === "array" ? (items.children ?? []) : []) {
      const groupings = memberNamed(item, "groupings");
      if (groupings !== undefined) edits.push(removeMember(groupings));
    }
  }
  if (edits.length === 0 || !disjoint(edits)) return [];
  // Removes the groupings' content, so it is offered, never applied unasked.
  return [{ title: fromVersion01 ? l10n.t("Migrate to FS 0.2 (remove groupings)") : l10n.t("Remove groupings"), edits, preferred: true, safe: false }];
}
