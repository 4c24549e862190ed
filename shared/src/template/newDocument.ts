// A new FS document from a few answers (entity, currency and scale, fiscal years): a small balance
// sheet and income statement whose rollups are satisfied (every value "0"), as plain JSON text for
// `fsdoc init` and as a snippet (TextMate syntax) whose tab stops sit where the user types next, for
// FS: New Document. Pure: no editor, no file system. The labels it writes are in the display
// language (l10n: the editor's bundle; `fsdoc init`, with none, writes English).

import * as l10n from "@vscode/l10n";

export const SCHEMA_URL = "https://cpaikr.github.io/fs/schema/0.2/fs-document.schema.json";

export interface NewDocumentOptions {
  /** The entity's name, e.g. "Northwind Trading Ltd". */
  entityName: string;
  /** The unit's measure, usually an ISO 4217 currency code, e.g. "GBP". */
  currency: string;
  /** Stored values × 10^scale of the currency: 0 units, 3 thousands, 6 millions. */
  scale: number;
  /** The fiscal years, each named by the calendar year it ends in; most recent first in the document. */
  years: readonly number[];
  /** The fiscal year's last day (default 31 December); a 29 February end falls on the 28th in other years. */
  yearEnd?: { month: number; day: number };
}

export interface NewDocument {
  /** The document as JSON text, two-space indented, with a final newline. */
  text: string;
  /** The same text as a snippet: the placeholders hold the text's values. */
  snippet: string;
  /** Where the snippet's first tab stop (the first value to type) sits in `text`, in UTF-16 code units. */
  firstTabStop: { offset: number; length: number };
}

const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const CONTROL = /[\u0000-\u001f\u007f]/;
const MAX_SCALE = 18;

/** Why the options cannot make a document, or undefined when they can. */
export function checkNewDocumentOptions(options: NewDocumentOptions): string | undefined {
  if (options.entityName.trim() === "") return "The entity name is empty.";
  if (CONTROL.test(options.entityName)) return "The entity name contains a control character.";
  if (options.currency.trim() === "") return "The currency is empty.";
  if (CONTROL.test(options.currency)) return "The currency contains a control character.";
  if (!Number.isInteger(options.scale) || Math.abs(options.scale) > MAX_SCALE)
    return `The scale must be a whole number from -${MAX_SCALE} to ${MAX_SCALE} (3 for thousands, 6 for millions).`;
  if (options.years.length === 0) return "At least one fiscal year is needed.";
  for (const year of options.years) {
    if (!Number.isInteger(year) || year < 2 || year > 9999) return `${year} is not a year from 2 to 9999.`;
  }
  if (new Set(options.years).size !== options.years.length) return "A fiscal year is listed twice.";
  const { month, day } = options.yearEnd ?? { month: 12, day: 31 };
  if (!Number.isInteger(month) || month < 1 || month > 12) return `${month} is not a month (1 to 12).`;
  if (!Number.isInteger(day) || day < 1 || day > MONTH_DAYS[month - 1]!) return `${month}-${day} is not a day of the year.`;
  return undefined;
}

const YEAR_RANGE = /^\s*(\d{1,4})\s*[-–]\s*(\d{1,4})\s*$/;

/** Parses "2025, 2024" or "2024-2025" into years (most recent first); undefined when it is neither. */
export function parseYears(text: string): number[] | undefined {
  const range = YEAR_RANGE.exec(text);
  if (range !== null) {
    const [from, to] = [Number(range[1]), Number(range[2])];
    // A range runs from the earlier year: "2025-2024" is a typing slip, not a range to guess at.
    if (from > to || to - from >= 50) return undefined;
    return Array.from({ length: to - from + 1 }, (_, index) => to - index);
  }
  const parts = text.split(/[\s,;]+/).filter((part) => part !== "");
  if (parts.length === 0 || !parts.every((part) => /^\d{1,4}$/.test(part))) return undefined;
  return parts.map(Number).sort((a, b) => b - a);
}

/**
 * Why FS: New Document cannot read the fiscal years as typed (parseYears), in words; undefined when
 * it can. A reversed range says so: "The first year must be before the second: 2025-2024 is reversed."
 */
export function yearsTextProblem(text: string): string | undefined {
  if (parseYears(text) !== undefined) return undefined;
  const range = YEAR_RANGE.exec(text);
  if (range !== null && Number(range[1]) > Number(range[2])) return l10n.t("The first year must be before the second: {0} is reversed.", text.trim());
  return l10n.t("List years (2024, 2025) or give a range (2024-2025).");
}

/** Words for a scale, as the preview says them: "thousands", or "× 10^n". */
export function scaleWords(scale: number): string {
  const words: Record<number, string> = { 0: "", 3: l10n.t("thousands"), 6: l10n.t("millions"), 9: l10n.t("billions"), 12: l10n.t("trillions") };
  return words[scale] ?? `× 10^${scale}`;
}

/** A value the user will likely change: a tab stop in the snippet, its default in the text. */
class Placeholder {
  constructor(readonly defaultValue: string) {}
}

type Tree = string | number | Placeholder | Tree[] | { [member: string]: Tree };

const pad = (n: number) => String(n).padStart(2, "0");

function lastDay(year: number, month: number, day: number): string {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = month === 2 ? (leap ? 29 : 28) : MONTH_DAYS[month - 1]!;
  return `${String(year).padStart(4, "0")}-${pad(month)}-${pad(Math.min(day, days))}`;
}

/** The day after a date written YYYY-MM-DD (Gregorian). */
function dayAfter(date: string): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = month === 2 ? (leap ? 29 : 28) : MONTH_DAYS[month - 1]!;
  if (day < days) return `${String(year).padStart(4, "0")}-${pad(month)}-${pad(day + 1)}`;
  if (month < 12) return `${String(year).padStart(4, "0")}-${pad(month + 1)}-01`;
  return `${String(year + 1).padStart(4, "0")}-01-01`;
}

/** An identifier made from free text ("GBP" → "gbp"); never empty, always starting with a letter. */
function identifier(text: string, fallback: string): string {
  const slug = text
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, "-")
    .replace(/^[^a-z]+/, "")
    .replace(/-+$/, "");
  return slug === "" ? fallback : slug;
}

interface Line {
  id: string;
  label: string;
  rollupTo?: string;
}

// Functions, not constants: the labels are translated when a document is made, with the bundle in force then.
const balanceSheet = (): Line[] => [
  { id: "cash", label: l10n.t("Cash and cash equivalents"), rollupTo: "total-assets" },
  { id: "receivables", label: l10n.t("Trade receivables"), rollupTo: "total-assets" },
  { id: "total-assets", label: l10n.t("Total assets") },
  { id: "payables", label: l10n.t("Trade payables"), rollupTo: "total-liabilities-and-equity" },
  { id: "equity", label: l10n.t("Equity"), rollupTo: "total-liabilities-and-equity" },
  { id: "total-liabilities-and-equity", label: l10n.t("Total liabilities and equity") },
];

const incomeStatement = (): Line[] => [
  { id: "revenue", label: l10n.t("Revenue"), rollupTo: "gross-profit" },
  { id: "cost-of-sales", label: l10n.t("Cost of sales"), rollupTo: "gross-profit" },
  { id: "gross-profit", label: l10n.t("Gross profit") },
];

function documentTree(options: NewDocumentOptions): Tree {
  const years = [...options.years].sort((a, b) => b - a);
  const { month, day } = options.yearEnd ?? { month: 12, day: 31 };
  const currency = isoCurrency(options.currency.trim());
  const unitId = identifier(currency, "currency");
  const words = scaleWords(options.scale);
  const instants = years.map((year) => ({ id: `at-${year}`, kind: "instant", date: lastDay(year, month, day) }));
  const durations = years.map((year) => ({ id: `fy${year}`, kind: "duration", start: dayAfter(lastDay(year - 1, month, day)), end: lastDay(year, month, day) }));
  // Leaf values are tab stops (in statement order); subtotals are plain "0", kept right by the rollup quick fixes.
  const items = (lines: Line[], periods: { id: string }[]) =>
    lines.map((line) => {
      const leaf = line.rollupTo !== undefined;
      const values: Record<string, Tree> = {};
      for (const period of periods) values[period.id] = leaf ? new Placeholder("0") : "0";
      const item: Record<string, Tree> = { id: line.id, label: line.label, unit: unitId, values };
      if (line.rollupTo !== undefined) item.rollupTo = line.rollupTo;
      return item;
    });
  return {
    $schema: SCHEMA_URL,
    formatVersion: "0.2",
    entity: { name: options.entityName.trim() },
    // Not a tab stop: the cursor starts on the first value, which is what the user types next.
    scope: { label: l10n.t("Financial statements") },
    units: [{ id: unitId, label: words === "" ? currency : `${currency} ${words}`, measure: currency, scale: options.scale }],
    periods: [...instants, ...durations],
    statements: [
      { id: "balance-sheet", label: l10n.t("Balance sheet"), periods: instants.map((period) => period.id), items: items(balanceSheet(), instants) },
      { id: "income-statement", label: l10n.t("Income statement"), periods: durations.map((period) => period.id), items: items(incomeStatement(), durations) },
    ],
  };
}

/** A three-letter measure is an ISO 4217 currency code, written in capitals ("gbp" → "GBP"). */
function isoCurrency(measure: string): string {
  return /^[a-z]{3}$/i.test(measure) ? measure.toUpperCase() : measure;
}

/** Escapes text for a snippet: `$`, `}` and `\` are literal only when escaped. */
export function escapeSnippet(text: string): string {
  return text.replace(/[$}\\]/g, "\\$&");
}

function serialize(tree: Tree, snippet: boolean): string {
  let tabStop = 0;
  const write = (node: Tree, indent: string): string => {
    if (node instanceof Placeholder) {
      const text = JSON.stringify(node.defaultValue);
      return snippet ? `"\${${++tabStop}:${escapeSnippet(text.slice(1, -1))}}"` : text;
    }
    if (typeof node === "string") return snippet ? escapeSnippet(JSON.stringify(node)) : JSON.stringify(node);
    if (typeof node === "number") return String(node);
    const inner = `${indent}  `;
    if (Array.isArray(node)) {
      if (node.length === 0) return "[]";
      return `[\n${node.map((element) => inner + write(element, inner)).join(",\n")}\n${indent}]`;
    }
    const members = Object.entries(node);
    if (members.length === 0) return "{}";
    const key = (name: string) => (snippet ? escapeSnippet(JSON.stringify(name)) : JSON.stringify(name));
    return `{\n${members.map(([name, value]) => `${inner}${key(name)}: ${write(value, inner)}`).join(",\n")}\n${indent}}`;
  };
  return `${write(tree, "")}\n`;
}

/** The new document; throws a RangeError with checkNewDocumentOptions' words when the options are unusable. */
export function newDocument(options: NewDocumentOptions): NewDocument {
  const problem = checkNewDocumentOptions(options);
  if (problem !== undefined) throw new RangeError(problem);
  const tree = documentTree(options);
  const snippet = serialize(tree, true);
  return { text: serialize(tree, false), snippet, firstTabStop: firstTabStop(snippet) };
}

/** The first tab stop's default in the text the snippet expands to (what comes before it, unescaped, is that text). */
function firstTabStop(snippet: string): { offset: number; length: number } {
  // An escaped "\\${1:" in a label is text, not the tab stop: escapes are read as tokens of their own.
  const match = [...snippet.matchAll(/\\[$}\\]|\$\{1:((?:\\.|[^\\}])*)\}/g)].find((token) => token[1] !== undefined);
  if (match === undefined) return { offset: 0, length: 0 };
  const unescape = (text: string) => text.replace(/\\([$}\\])/g, "$1");
  return { offset: unescape(snippet.slice(0, match.index)).length, length: unescape(match[1] ?? "").length };
}
