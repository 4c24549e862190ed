// What each closed object of FS 0.2 may contain (contract sections 2.2–2.11), in specification
// order, with a short description per member and per enum literal. Completion offers these; the
// wording is ours, condensed from the contract. Names, types and literals are the contract's and
// stay as they are; the descriptions are localized.

import * as l10n from "@vscode/l10n";
import { DOCUMENT_SCHEMA_URI } from "../../../shared/src/index";

export type ObjectKind =
  | "document"
  | "entity"
  | "scope"
  | "unit"
  | "instantPeriod"
  | "durationPeriod"
  | "statement"
  | "item"
  | "unavailableCell"
  | "snapshot"
  | "numericApplication"
  | "errorApplication"
  | "applicationKey"
  | "cellIdentity";

export interface MemberDoc {
  name: string;
  /** The member's type as the contract names it. */
  type: string;
  required: boolean;
  /** Looked up when shown: the server's bundle is configured after the modules load. */
  description: () => string;
}

const member = (name: string, type: string, required: boolean, description: () => string): MemberDoc => ({ name, type, required, description });

const PERIOD_ID = member("id", "identifier", true, () =>
  l10n.t("The period id, unique document-wide. Statements list it and item values use it as a key; it is a reference, not an encoded date."),
);
const KIND = (literal: string): MemberDoc =>
  member("kind", `"${literal}"`, true, () => l10n.t('The period kind: "instant" (a single date) or "duration" (an inclusive start and end).'));
const APPLICATION_KEY = member("key", "object", true, () => l10n.t("Which evaluation this is: exactly statement, parent (item id) and period."));

export const MEMBERS: Readonly<Record<ObjectKind, readonly MemberDoc[]>> = {
  document: [
    member("$schema", "string", false, () => l10n.t('Discovery aid only: if present, exactly "{0}". It changes nothing and does not replace validation.', DOCUMENT_SCHEMA_URI)),
    member("formatVersion", "string", true, () => l10n.t('Exactly "0.2". A 0.2 consumer rejects "0.1" documents.')),
    member("documentId", "identifier", false, () => l10n.t("Author-controlled stable identity of the document. Omitting it affects neither conformance nor calculation.")),
    member("entity", "object", true, () => l10n.t("The one reporting entity: name (required) and id (optional).")),
    member("scope", "object", true, () => l10n.t("The one reporting scope: label (required) and id (optional).")),
    member("units", "array of unit", true, () => l10n.t("Nonempty. Every unit items may use: id, label, measure, scale and an optional defaultTolerance.")),
    member("periods", "array of period", true, () => l10n.t("Nonempty. Every period statements may select: instants (a date) and durations (start and end).")),
    member("statements", "array of statement", true, () => l10n.t("Nonempty. The statements in display and calculation order; each owns its items.")),
    member("validationSnapshot", "object", false, () => l10n.t("A recorded validation (historical evidence, never current status): conformance, calculations and applications.")),
  ],
  entity: [
    member("name", "nonempty string", true, () => l10n.t("The reporting entity's name.")),
    member("id", "identifier", false, () => l10n.t("An optional identity for the entity.")),
  ],
  scope: [
    member("label", "nonempty string", true, () => l10n.t('What the statements cover, e.g. "Consolidated financial statements".')),
    member("id", "identifier", false, () => l10n.t("An optional identity for the scope.")),
  ],
  unit: [
    member("id", "identifier", true, () => l10n.t("The unit id, unique across all units. Items reference it in their unit member.")),
    member("label", "nonempty string", true, () => l10n.t('How the unit is shown, e.g. "USD millions".')),
    member("measure", "nonempty string", true, () => l10n.t('The author-defined measure name, e.g. "USD". No registry is consulted and nothing is converted.')),
    member("scale", "integer", true, () => l10n.t("A stored value means stored value × 10^scale of the measure. An integer from -9007199254740991 to 9007199254740991.")),
    member("defaultTolerance", "nonnegative decimal", false, () =>
      l10n.t('How far a subtotal may differ from the sum of its children, in the unit\'s scaled values. Implicitly "0" (exact).'),
    ),
  ],
  instantPeriod: [PERIOD_ID, KIND("instant"), member("date", "date", true, () => l10n.t("The instant, YYYY-MM-DD (a real Gregorian date)."))],
  durationPeriod: [
    PERIOD_ID,
    KIND("duration"),
    member("start", "date", true, () => l10n.t("The first day, inclusive, YYYY-MM-DD; no later than end.")),
    member("end", "date", true, () => l10n.t("The last day, inclusive, YYYY-MM-DD.")),
  ],
  statement: [
    member("id", "identifier", true, () => l10n.t("The statement id, unique document-wide.")),
    member("label", "nonempty string", true, () => l10n.t('The statement\'s title, e.g. "Balance sheet".')),
    member("periods", "array of period id", true, () =>
      l10n.t("Nonempty, unique, defined period ids: the statement's columns in display and calculation order. Every item's values has exactly these keys."),
    ),
    member("items", "array of item", true, () => l10n.t("Nonempty. The rows in display and calculation order; item ids are unique within the statement.")),
  ],
  item: [
    member("id", "identifier", true, () => l10n.t("Unique within the statement; the same id in another statement is a different item.")),
    member("label", "nonempty string", true, () => l10n.t("The row's caption.")),
    member("description", "nonempty string", false, () => l10n.t("Presentation text only: it affects no identity, order or calculation.")),
    member("unit", "unit id", true, () => l10n.t("A defined unit id; applies to every value of the item.")),
    member("values", "object", true, () =>
      l10n.t('One cell per statement period, keyed by period id, none missing and none extra: a decimal string, null (missing) or {"unavailable": true}.'),
    ),
    member("rollupTo", "item id", false, () =>
      l10n.t("The parent item in the same statement (same unit, not itself, no cycles). The parent's stored value is checked against the sum of its direct children."),
    ),
  ],
  unavailableCell: [member("unavailable", "true", true, () => l10n.t("Exactly true: the value is unavailable (unlike null, which means missing)."))],
  snapshot: [
    member("conformance", "string", true, () => l10n.t('The recorded structural status: "conforming" or "nonconforming".')),
    member("calculations", "string", true, () => l10n.t('The recorded calculation status: "not-run", "not-defined", "consistent" or "inconsistent".')),
    member("applications", "array of application", true, () => l10n.t("The recorded rollup applications, each key unique.")),
  ],
  numericApplication: [
    APPLICATION_KEY,
    member("status", "string", true, () => l10n.t('"satisfied" when |difference| ≤ tolerance, otherwise "unsatisfied".')),
    member("actual", "decimal", true, () => l10n.t("The parent's stored value.")),
    member("expected", "decimal", true, () => l10n.t("The exact sum of the direct children's stored values.")),
    member("difference", "decimal", true, () => l10n.t("actual − expected.")),
    member("tolerance", "nonnegative decimal", true, () => l10n.t('The parent unit\'s defaultTolerance, or "0".')),
  ],
  errorApplication: [
    APPLICATION_KEY,
    member("status", "string", true, () => l10n.t('"error": a cell needed for the check is missing or unavailable.')),
    member("reason", "string", true, () => l10n.t('"missing-value" (null cell) or "unavailable-value" ({"unavailable": true}).')),
    member("cell", "object", true, () => l10n.t("The first offending cell: exactly statement, item and period.")),
  ],
  applicationKey: [
    member("statement", "identifier", true, () => l10n.t("The statement id as recorded (historical; not resolved against the current document).")),
    member("parent", "identifier", true, () => l10n.t("The parent item id as recorded.")),
    member("period", "identifier", true, () => l10n.t("The period id as recorded.")),
  ],
  cellIdentity: [
    member("statement", "identifier", true, () => l10n.t("The statement id as recorded.")),
    member("item", "identifier", true, () => l10n.t("The item id as recorded.")),
    member("period", "identifier", true, () => l10n.t("The period id as recorded.")),
  ],
};

export interface LiteralDoc {
  /** The JSON text of the literal. */
  json: string;
  /** Looked up when shown, as MemberDoc's. */
  description: () => string;
}

const literal = (json: string, description: () => string): LiteralDoc => ({ json, description });

export const LITERALS = {
  formatVersion: [literal('"0.2"', () => l10n.t("FS format 0.2."))],
  schema: [literal(JSON.stringify(DOCUMENT_SCHEMA_URI), () => l10n.t("The published FS 0.2 document schema (a discovery aid only)."))],
  periodKind: [literal('"instant"', () => l10n.t("A single date: add date.")), literal('"duration"', () => l10n.t("An inclusive date range: add start and end."))],
  conformance: [
    literal('"conforming"', () => l10n.t("Structurally conforming: no errors.")),
    literal('"nonconforming"', () => l10n.t('At least one structural error; calculations are then "not-run".')),
  ],
  calculations: [
    literal('"not-run"', () => l10n.t("Rollups did not run because the document was nonconforming. No applications.")),
    literal('"not-defined"', () => l10n.t("Conforming, but there was nothing to evaluate. No applications.")),
    literal('"consistent"', () => l10n.t("Conforming, and every application is satisfied.")),
    literal('"inconsistent"', () => l10n.t("Conforming, and at least one application is unsatisfied or an error.")),
  ],
  applicationStatus: [
    literal('"satisfied"', () => l10n.t("|difference| is at most the tolerance.")),
    literal('"unsatisfied"', () => l10n.t("|difference| exceeds the tolerance.")),
    literal('"error"', () => l10n.t("A needed cell is missing or unavailable; add reason and cell.")),
  ],
  reason: [literal('"missing-value"', () => l10n.t("The cell is null.")), literal('"unavailable-value"', () => l10n.t('The cell is {"unavailable": true}.'))],
  unavailable: [literal("true", () => l10n.t("The value is unavailable."))],
  cell: [literal("null", () => l10n.t("Missing: the value is not stated.")), literal('{ "unavailable": true }', () => l10n.t("Unavailable: the value cannot be stated."))],
} satisfies Record<string, readonly LiteralDoc[]>;
