// What "FS: Import Spreadsheet…" lets the user decide when the import's guess is wrong: the options
// of `fsdoc import` (shared/src/import/options.ts) as fields of a list, each either a choice among
// fixed values or a typed value, and unset meaning "as the file says". Plain data and words, no
// editor API, so that the list and what each answer sets are tested without an editor; the dialogs
// that show it are in importOptionsPick.ts.

import * as l10n from "@vscode/l10n";
import { parseYearEnd, type ImportOptions } from "../../../shared/src/import/options";

export type ImportOptionKey = keyof ImportOptions;
type Value = string | number | undefined;

export interface ImportChoice {
  label: string;
  description?: string;
  value: Value;
}

export interface ImportOptionField {
  key: ImportOptionKey;
  label: string;
  /** A fixed list of values, the first being `undefined` (as the file says)… */
  choices?: ImportChoice[];
  /** …or a typed value: what the input box says, and why a text is refused (undefined: accepted). */
  input?: { prompt: string; example: string; validate(text: string): string | undefined };
}

const DETECTED = (): string => l10n.t("As the file says");

export function importOptionFields(): ImportOptionField[] {
  return [
    {
      key: "kind",
      label: l10n.t("Periods"),
      choices: [
        { label: l10n.t("As the file says"), description: l10n.t("instants after 'as at', durations after 'for the year ended'; else by statement"), value: undefined },
        { label: l10n.t("Instants"), description: l10n.t("balances at the end of each period"), value: "instant" },
        { label: l10n.t("Durations"), description: l10n.t("flows over each period"), value: "duration" },
      ],
    },
    {
      key: "yearEnd",
      label: l10n.t("Financial year end"),
      input: {
        prompt: l10n.t("The last day of the financial year as MM-DD, for headers that give only a year (empty: as the file says)"),
        example: "12-31",
        validate: (text) => (text.trim() === "" || parseYearEnd(text) !== undefined ? undefined : l10n.t("A day of the year as MM-DD, such as 03-31")),
      },
    },
    {
      key: "measure",
      label: l10n.t("Unit"),
      input: {
        prompt: l10n.t("The unit's measure for every statement, such as EUR (empty: as the file says)"),
        example: "EUR",
        validate: () => undefined,
      },
    },
    {
      key: "scale",
      label: l10n.t("Scale"),
      choices: [
        { label: l10n.t("As the file says"), description: l10n.t("from phrases such as '(EUR thousands)', '€m' or 'TEUR'"), value: undefined },
        { label: l10n.t("Units"), description: l10n.t("values as they are (scale 0)"), value: 0 },
        { label: l10n.t("Thousands"), description: l10n.t("values in thousands (scale 3)"), value: 3 },
        { label: l10n.t("Millions"), description: l10n.t("values in millions (scale 6)"), value: 6 },
        { label: l10n.t("Billions"), description: l10n.t("values in billions (scale 9)"), value: 9 },
      ],
    },
    {
      key: "locale",
      label: l10n.t("Numbers written as text"),
      choices: [
        { label: l10n.t("As the file says"), description: l10n.t("from the numbers themselves"), value: undefined },
        { label: "1,234.5", description: l10n.t("comma for thousands, point for decimals"), value: "point" },
        { label: "1.234,5", description: l10n.t("point for thousands, comma for decimals"), value: "comma" },
      ],
    },
    {
      key: "rollups",
      label: l10n.t("Subtotals"),
      choices: [
        { label: l10n.t("From formulas"), description: l10n.t("SUM and +/- formulas (a CSV or TSV file has none)"), value: undefined },
        { label: l10n.t("From formulas and sums"), description: l10n.t("also a row equal to the sum of the rows right above it, reported as a guess"), value: "sums" },
        { label: l10n.t("None"), description: l10n.t("no rollupTo"), value: "none" },
      ],
    },
    { key: "entity", label: l10n.t("Entity name"), input: { prompt: l10n.t("The entity's name (empty: as the file says)"), example: "", validate: () => undefined } },
    { key: "scope", label: l10n.t("Scope"), input: { prompt: l10n.t("The scope's label (empty: as the file says)"), example: "", validate: () => undefined } },
  ];
}

/** The options with `key` set to what the user chose or typed; undefined or an empty text unsets it. */
export function withOption(options: ImportOptions, key: ImportOptionKey, value: Value): ImportOptions {
  const next: ImportOptions = { ...options };
  const given = typeof value === "string" ? value.trim() : value;
  if (given === undefined || given === "") delete next[key];
  else (next as Record<string, unknown>)[key] = given;
  return next;
}

/** The field's value in words, for the list: the chosen value's label, the typed text, or "as the file says". */
export function describeValue(field: ImportOptionField, options: ImportOptions): string {
  const value = options[field.key];
  if (value === undefined) return field.choices?.[0]?.label ?? DETECTED();
  return field.choices?.find((choice) => choice.value === value)?.label ?? String(value);
}

/** What the user set, one "Label: value" each, or undefined when everything is as the file says. */
export function describeOptions(options: ImportOptions): string | undefined {
  const set = importOptionFields().filter((field) => options[field.key] !== undefined);
  return set.length === 0 ? undefined : set.map((field) => `${field.label}: ${describeValue(field, options)}`).join(" · ");
}
