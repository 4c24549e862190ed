// What may be written at a cursor: chosen by the JSON path, filled from the document model (ids)
// and the current text (what is already there), documented from the contract (memberDocs).

import * as l10n from "@vscode/l10n";
import { CompletionItemKind } from "vscode-languageserver-protocol";
import type { JSONPath } from "jsonc-parser";
import { itemAt, periodSummary, statementAt, wouldCycle, type DocumentModel, type StatementEntry } from "../../../shared/src/index";
import { arrayStrings, presentMembers, stringAt, type Cursor } from "./cursor";
import { LITERALS, MEMBERS, type LiteralDoc, type MemberDoc, type ObjectKind } from "./memberDocs";

export interface Candidate {
  label: string;
  kind: CompletionItemKind;
  detail?: string;
  /** Markdown. */
  documentation?: string;
  /** For a value: its JSON text. */
  json: string;
  /** For a member name: the name, and the JSON of a value to write with it, if any. */
  memberName?: string;
  memberValue?: string;
  /**
   * For a member name: its value as a snippet with the cursor inside (`{$1}`, `[$1]`, `"$1"`), for
   * clients with snippet support; memberValue is then the same structure as plain text.
   */
  memberSnippet?: string;
}

const INDEX = Symbol("index");
const ANY = Symbol("any");
type Pattern = readonly (string | typeof INDEX | typeof ANY)[];

function matches(path: JSONPath, pattern: Pattern): boolean {
  if (path.length !== pattern.length) return false;
  return pattern.every((expected, at) => {
    const segment = path[at];
    if (expected === INDEX) return typeof segment === "number";
    if (expected === ANY) return true;
    return segment === expected;
  });
}

const ITEM: Pattern = ["statements", INDEX, "items", INDEX];
const VALUES: Pattern = [...ITEM, "values"];
const APPLICATION: Pattern = ["validationSnapshot", "applications", INDEX];

const LITERAL_SLOTS: readonly [Pattern, readonly LiteralDoc[]][] = [
  [["formatVersion"], LITERALS.formatVersion],
  [["$schema"], LITERALS.schema],
  [["periods", INDEX, "kind"], LITERALS.periodKind],
  [[...VALUES, ANY, "unavailable"], LITERALS.unavailable],
  [["validationSnapshot", "conformance"], LITERALS.conformance],
  [["validationSnapshot", "calculations"], LITERALS.calculations],
  [[...APPLICATION, "status"], LITERALS.applicationStatus],
  [[...APPLICATION, "reason"], LITERALS.reason],
];

/** What may be written at `cursor`; `model` is asked for only where ids go (it may be built for it). */
export function candidatesAt(cursor: Cursor, model: () => DocumentModel): Candidate[] {
  const { path } = cursor;
  if (cursor.atKey) {
    const objectPath = path.slice(0, -1);
    if (matches(objectPath, VALUES)) return valuesKeys(cursor, model(), objectPath);
    return memberCandidates(cursor, objectPath, objectKinds(cursor, objectPath));
  }
  if (matches(path, ["statements", INDEX, "periods", INDEX])) return statementPeriods(cursor, model(), path);
  if (matches(path, [...ITEM, "unit"])) return units(model());
  if (matches(path, [...ITEM, "rollupTo"])) return rollupParents(cursor, model(), path.slice(0, -1));
  if (matches(path, [...VALUES, ANY])) return cursor.inString ? [] : LITERALS.cell.map(literalCandidate);
  for (const [pattern, literals] of LITERAL_SLOTS) if (matches(path, pattern)) return literals.map(literalCandidate);
  return [];
}

function literalCandidate(literal: LiteralDoc): Candidate {
  return {
    label: literal.json.startsWith('"') ? (JSON.parse(literal.json) as string) : literal.json,
    kind: CompletionItemKind.EnumMember,
    json: literal.json,
    documentation: literal.description(),
  };
}

function statementOf(model: DocumentModel, index: unknown): StatementEntry | undefined {
  return typeof index === "number" ? statementAt(model, index) : undefined;
}

function units(model: DocumentModel): Candidate[] {
  return [...model.units.values()].map((unit) => {
    const facts = [unit.measure === undefined ? undefined : `measure ${unit.measure}`, unit.scale === undefined ? undefined : `scale ${unit.scale}`].filter(
      (part) => part !== undefined,
    );
    return {
      label: unit.id,
      kind: CompletionItemKind.Reference,
      json: JSON.stringify(unit.id),
      detail: [unit.label ?? unit.id, facts.join(", ")].filter((part) => part !== "").join(" — "),
      documentation: unit.defaultTolerance === undefined ? l10n.t("Tolerance: exact (0).") : l10n.t("Tolerance: {0}.", unit.defaultTolerance),
    };
  });
}

function periodCandidate(model: DocumentModel, id: string, json: string): Candidate {
  const period = model.periods.get(id);
  return { label: id, kind: CompletionItemKind.Reference, json, detail: period === undefined ? l10n.t("not a defined period") : periodSummary(period) };
}

/** Defined periods the statement does not list yet. */
function statementPeriods(cursor: Cursor, model: DocumentModel, path: JSONPath): Candidate[] {
  const listed = new Set(arrayStrings(cursor, path.slice(0, -1), path[path.length - 1] as number) ?? []);
  return [...model.periods.keys()].filter((id) => !listed.has(id)).map((id) => periodCandidate(model, id, JSON.stringify(id)));
}

/** The statement's periods that the values object does not have yet, written with a null cell. */
function valuesKeys(cursor: Cursor, model: DocumentModel, valuesPath: JSONPath): Candidate[] {
  const statementPath = valuesPath.slice(0, 2);
  const periods = arrayStrings(cursor, [...statementPath, "periods"]) ?? statementOf(model, valuesPath[1])?.periods ?? [];
  const present = presentMembers(cursor, valuesPath, editedKey(cursor));
  return [...new Set(periods)].filter((id) => !present.has(id)).map((id) => ({ ...periodCandidate(model, id, JSON.stringify(id)), memberName: id, memberValue: "null" }));
}

/** Items of the same statement with the same unit that can be this item's parent without a cycle. */
function rollupParents(cursor: Cursor, model: DocumentModel, itemPath: JSONPath): Candidate[] {
  const statement = statementOf(model, itemPath[1]);
  if (statement === undefined) return [];
  const ownEntry = typeof itemPath[3] === "number" ? itemAt(statement, itemPath[3]) : undefined;
  const ownId = stringAt(cursor, [...itemPath, "id"]) ?? ownEntry?.id;
  const ownUnit = stringAt(cursor, [...itemPath, "unit"]) ?? ownEntry?.unit;
  const candidates: Candidate[] = [];
  for (const item of statement.items) {
    const id = item.id;
    if (id === undefined || statement.itemsById.get(id) !== item || id === ownId) continue;
    if (ownUnit !== undefined && item.unit !== ownUnit) continue;
    if (ownId !== undefined && wouldCycle(statement, ownId, id)) continue;
    candidates.push({
      label: id,
      kind: CompletionItemKind.Reference,
      json: JSON.stringify(id),
      detail: item.label,
      documentation: item.unit === undefined ? l10n.t("No unit.") : l10n.t("Unit: {0}.", item.unit),
    });
  }
  return candidates;
}

function objectKinds(cursor: Cursor, path: JSONPath): ObjectKind[] {
  if (path.length === 0) return ["document"];
  if (matches(path, ["entity"])) return ["entity"];
  if (matches(path, ["scope"])) return ["scope"];
  if (matches(path, ["units", INDEX])) return ["unit"];
  if (matches(path, ["periods", INDEX])) {
    const kind = stringAt(cursor, [...path, "kind"]);
    return kind === "instant" ? ["instantPeriod"] : kind === "duration" ? ["durationPeriod"] : ["instantPeriod", "durationPeriod"];
  }
  if (matches(path, ["statements", INDEX])) return ["statement"];
  if (matches(path, ITEM)) return ["item"];
  if (matches(path, [...VALUES, ANY])) return ["unavailableCell"];
  if (matches(path, ["validationSnapshot"])) return ["snapshot"];
  if (matches(path, APPLICATION)) {
    const status = stringAt(cursor, [...path, "status"]);
    return status === "error" ? ["errorApplication"] : status === "satisfied" || status === "unsatisfied" ? ["numericApplication"] : ["numericApplication", "errorApplication"];
  }
  if (matches(path, [...APPLICATION, "key"])) return ["applicationKey"];
  if (matches(path, [...APPLICATION, "cell"])) return ["cellIdentity"];
  return [];
}

function memberCandidates(cursor: Cursor, objectPath: JSONPath, kinds: readonly ObjectKind[]): Candidate[] {
  const present = presentMembers(cursor, objectPath, editedKey(cursor));
  const offered = new Map<string, MemberDoc>();
  for (const kind of kinds) for (const member of MEMBERS[kind]) if (!offered.has(member.name) && !present.has(member.name)) offered.set(member.name, member);
  return [...offered.values()].map((member) => {
    const value = valueShape(member);
    return {
      label: member.name,
      kind: CompletionItemKind.Property,
      json: JSON.stringify(member.name),
      memberName: member.name,
      memberValue: value.plain,
      memberSnippet: value.snippet,
      detail: member.required ? l10n.t("{0} (required)", member.type) : l10n.t("{0} (optional)", member.type),
      documentation: member.description(),
    };
  });
}

/** Members whose value can only be one literal: it is written whole. */
const ONLY_VALUE = new Map<string, string>([
  ["formatVersion", LITERALS.formatVersion[0]!.json],
  ["$schema", LITERALS.schema[0]!.json],
]);

/**
 * The structure a member's value takes, from the contract's type, as VS Code's JSON does it: an
 * object `{}`, an array `[]`, a string `""` (identifiers, dates and decimals are strings in FS), a
 * number, or the one literal the member allows. The snippet puts the cursor inside.
 */
function valueShape(member: MemberDoc): { plain: string; snippet: string } {
  const only = ONLY_VALUE.get(member.name) ?? (/^(".*"|true)$/.test(member.type) ? member.type : undefined);
  if (only !== undefined) return { plain: only, snippet: escapeSnippet(only) };
  if (member.type === "object") return { plain: "{}", snippet: "{$1}" };
  if (member.type.startsWith("array")) return { plain: "[]", snippet: "[$1]" };
  if (member.type === "integer") return { plain: "0", snippet: "${1:0}" };
  return { plain: '""', snippet: '"$1"' };
}

/** Text that a snippet inserts literally. */
export function escapeSnippet(text: string): string {
  return text.replace(/[\\$}]/g, "\\$&");
}

/** The offset of the member name being rewritten (it does not count as present), or -1. */
function editedKey(cursor: Cursor): number {
  return cursor.inString ? cursor.start : -1;
}
