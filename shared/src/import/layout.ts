// A workbook made by people (or a CSV/TSV file) → an FS document: statements found by their header
// rows of periods (blocks.ts), rows read as items (rows.ts), rollups from formulas or sums
// (rollups.ts), periods, kinds and units from headers and wording (periods.ts, units.ts). Every
// guess goes into the report, and every option overrides the guess it names.

import * as l10n from "@vscode/l10n";
import { cellsOf, cellText, findBlocks, stripCurrency, type Block } from "./blocks";
import { IdPool } from "./ids";
import { detectLocale, type NumberLocale } from "./numbers";
import { daysInMonth, parseYearEnd, type ImportOptions } from "./options";
import { dayInText, isoDay, kindFromWording, yearEndWithoutYear, yearStart, type Kind } from "./periods";
import { formulaRollups, negate, shownValues, storedSigns, sumRollups, type Links } from "./rollups";
import { readRows, type Cell, type RowDraft } from "./rows";
import { readUnitPhrase, unitNames } from "./units";
import { columnLetters } from "../xlsx/a1";
import type { Grid } from "./grid";
import type { ImportReport } from "./report";

type Json = { [key: string]: unknown };
export type Built = { ok: true; document: Json } | { ok: false; error: string };

const STATEMENT_WORDS =
  /\b(?:balance sheets?|statements? of (?:financial position|profit or loss|comprehensive income|income|operations|cash flows?|changes in equity)|income statements?|profit and loss(?: account)?|p ?& ?l|cash ?flow(?: statement)?s?|bilanz|gewinn- und verlustrechnung|guv|kapitalflussrechnung)\b/i;
const BALANCE_WORDS = /\b(?:balance sheet|financial position|bilanz|net assets)\b/i;

export function fromLayout(grid: Grid, options: ImportOptions, report: ImportReport, sourceName: string): Built {
  const locale = chooseLocale(grid, options, report);
  const blocks: Block[] = [];
  for (const sheet of grid.sheets) {
    if (sheet.hidden) {
      report.guesses.push({ what: "statement", where: sheet.name, text: l10n.t("a hidden sheet, not read") });
      continue;
    }
    const found = findBlocks(sheet);
    if (found.length === 0 && sheet.rows.size > 0)
      report.guesses.push({ what: "statement", where: sheet.name, text: l10n.t("no header row of periods (years or dates over columns of numbers), so no statement") });
    blocks.push(...found);
  }
  if (blocks.length === 0) return { ok: false, error: l10n.t("found no statement: no sheet has a header row of periods (years or dates) above rows of a label and numbers") };

  const statementIds = new IdPool();
  const periods = new Map<string, Json>();
  const periodIds = new Set<string>();
  const units = new Map<string, Json>();
  const statements: Json[] = [];
  const titleTexts: string[] = [];
  for (const block of blocks) {
    const titles = block.titleRows.flatMap((row) => cellsOf(block.sheet, row).map(cellText)).filter((text) => text.trim() !== "");
    const rows = readRows(block, locale, report);
    const where = `${block.sheet.name}!${block.header}:${block.header}`;
    if (rows.items.length === 0) {
      report.guesses.push({ what: "statement", where, text: l10n.t("a header row of periods without rows of numbers, so no statement") });
      continue;
    }
    titleTexts.push(...titles);
    const captions = block.captions
      .map((column) => cellsOf(block.sheet, block.header).find((cell) => cell.column === column))
      .map((cell) => (cell === undefined ? "" : cellText(cell)));
    const context = [...titles, ...captions, ...block.columns.map((column) => column.text), ...rows.headerTexts];
    const label = statementLabel(titles, block, blocks);
    const id = statementIds.take(label, "statement");
    const lastRow = (rows.items[rows.items.length - 1] as RowDraft).row;
    report.guesses.push({ what: "statement", where, text: l10n.t('"{0}" ({1}): the header row {2} and the rows under it to {3}', label, id, block.header, lastRow) });
    const balance = [label, ...titles, block.sheet.name].some((text) => BALANCE_WORDS.test(text));

    // Kind: the option, else the header's or the titles' wording, else the statement's kind.
    const wording = context.map((text) => ({ text, kind: kindFromWording(text) })).find((entry) => entry.kind !== undefined);
    const fallbackKind: Kind = options.kind ?? wording?.kind ?? (balance ? "instant" : "duration");
    const why =
      options.kind !== undefined
        ? l10n.t("the --kind option")
        : wording !== undefined
          ? l10n.t('the wording "{0}"', wording.text.trim())
          : balance
            ? l10n.t("a balance sheet (no wording said otherwise)")
            : l10n.t("not a balance sheet (no wording said otherwise)");
    const yearEnd = chooseYearEnd(options, context);

    const statementPeriods: string[] = [];
    const keep: boolean[] = [];
    for (const column of block.columns) {
      const kind = options.kind ?? column.header.kind ?? fallbackKind;
      // A year ending on 29 February ends on the 28th in a common year.
      const [month, day] =
        column.header.day !== undefined
          ? [column.header.day.month, column.header.day.day]
          : [yearEnd.day[0], Math.min(yearEnd.day[1], daysInMonth(column.header.year, yearEnd.day[0]))];
      const end = isoDay(column.header.year, month, day);
      const definition: Json = kind === "instant" ? { kind, date: end } : { kind, start: yearStart(column.header.year, month, day), end };
      const key = JSON.stringify(definition);
      let period = periods.get(key);
      if (period === undefined) {
        const periodId = periodIdFor(definition, periodIds);
        period = { id: periodId, ...definition };
        periods.set(key, period);
      }
      const periodId = period.id as string;
      const cell = `${block.sheet.name}!${columnLetters(column.column)}${block.header}`;
      if (statementPeriods.includes(periodId)) {
        keep.push(false);
        report.guesses.push({ what: "period", where: cell, text: l10n.t('"{0}" repeats period {1}; the column is left out', column.text, periodId) });
        continue;
      }
      keep.push(true);
      statementPeriods.push(periodId);
      const span = kind === "instant" ? l10n.t("an instant on {0}", end) : l10n.t("a duration {0} to {1}", definition.start as string, end);
      const kindWhy = options.kind !== undefined ? l10n.t("the --kind option") : column.header.kind !== undefined ? l10n.t("the header's wording") : why;
      const dayWhy = column.header.day !== undefined ? "" : l10n.t("; the year ends on {0} ({1})", isoDay(2000, month, day).slice(5), yearEnd.why);
      report.guesses.push({
        what: "period",
        where: cell,
        text: l10n.t('"{0}" is {1}: {2} (kind from {3}{4})', column.text, periodId, span, kindWhy, dayWhy) + (column.header.note ? `; ${column.header.note}` : ""),
      });
    }

    const unit = chooseUnit(options, context, titleTexts, where, report);
    const unitKey = `${unit.measure}\u0000${unit.scale}`;
    if (!units.has(unitKey)) {
      const names = unitNames(unit.measure, unit.scale);
      let unitId = names.id;
      for (let n = 2; [...units.values()].some((other) => other.id === unitId); n++) unitId = `${names.id}-${n}`;
      units.set(unitKey, { id: unitId, label: names.label, measure: unit.measure, scale: unit.scale });
    }
    const unitId = (units.get(unitKey) as Json).id as string;

    const links: Links = { parent: new Map() };
    if ((options.rollups ?? "formulas") !== "none") formulaRollups(block, rows.items, report, links);
    if (options.rollups === "sums") sumRollups(block, rows.items, report, links);
    statements.push({ id, label, periods: statementPeriods, items: buildItems(block, rows.items, keep, statementPeriods, links, unitId, report) });
  }
  if (statements.length === 0) return { ok: false, error: "found no statement: no header row of periods has rows of numbers under it" };

  const entity = options.entity ?? entityName(titleTexts, sourceName, report);
  const scope = options.scope ?? scopeLabel(titleTexts, report);
  return {
    ok: true,
    document: {
      formatVersion: "0.2",
      entity: { name: entity },
      scope: { label: scope },
      units: [...units.values()],
      periods: [...periods.values()],
      statements,
    },
  };
}

function buildItems(block: Block, items: RowDraft[], keep: boolean[], periodIds: string[], links: Links, unitId: string, report: ImportReport): Json[] {
  const ids = new IdPool();
  const idOf = new Map<number, string>();
  const labelOf = new Map<number, string>();
  for (const item of items) {
    let label = item.label;
    if (label === "") {
      label = `Row ${item.row}`;
      report.guesses.push({ what: "label", where: `${block.sheet.name}!${item.row}:${item.row}`, text: l10n.t('a row of numbers without a label, labelled "{0}"', label) });
    }
    labelOf.set(item.row, label);
    idOf.set(item.row, ids.take(label, "item"));
  }
  const signs = storedSigns(items, links);
  const shown = shownValues(items, links);
  for (const item of items) {
    if (signs.get(item.row) === -1)
      report.guesses.push({
        what: "sign",
        where: `${block.sheet.name}!${item.row}:${item.row}`,
        text: l10n.t(
          "{0}: stored negated, because a formula subtracts it ({1}); the rollups then add up as the sheet computes",
          labelOf.get(item.row) as string,
          links.parent.get(item.row)?.where ?? l10n.t("above"),
        ),
      });
  }
  return items.map((item) => {
    const values: Json = {};
    let at = 0;
    item.shown.forEach((_unused, column) => {
      if (!keep[column]) return;
      let value = (shown.get(item.row) as Cell[])[column] ?? null;
      if (item.unsaved[column]) {
        const ref = `${block.sheet.name}!${columnLetters((block.columns[column] as { column: number }).column)}${item.row}`;
        report.guesses.push({
          what: "value",
          where: ref,
          text:
            value === null
              ? l10n.t("a formula without a saved result, and not a rollup of values: missing (null)")
              : l10n.t("a formula without a saved result: its children's sum, {0}", value as string),
        });
      }
      if (typeof value === "string" && signs.get(item.row) === -1) value = negate(value);
      values[periodIds[at++] as string] = value;
    });
    const json: Json = { id: idOf.get(item.row), label: labelOf.get(item.row), unit: unitId, values };
    const parent = links.parent.get(item.row);
    if (parent !== undefined) json.rollupTo = idOf.get(parent.row);
    return json;
  });
}

function chooseLocale(grid: Grid, options: ImportOptions, report: ImportReport): NumberLocale {
  if (options.locale !== undefined) return options.locale;
  const texts: string[] = [];
  for (const sheet of grid.sheets)
    for (const row of sheet.rows.values()) for (const cell of row.values()) if (cell.value?.kind === "text") texts.push(stripCurrency(cell.value.text));
  const detected = detectLocale(texts);
  if (detected !== undefined) {
    report.guesses.push({
      what: "locale",
      where: "",
      text:
        detected === "comma"
          ? l10n.t("text numbers use a decimal comma (1.234,5), from the numbers that only read one way")
          : l10n.t("text numbers use a decimal point (1,234.5), from the numbers that only read one way"),
    });
    return detected;
  }
  return "point";
}

function chooseYearEnd(options: ImportOptions, context: string[]): { day: [number, number]; why: string } {
  const given = options.yearEnd === undefined ? undefined : parseYearEnd(options.yearEnd);
  if (given !== undefined) return { day: given, why: l10n.t("the --year-end option") };
  for (const text of context) {
    const day = dayInText(text) ?? yearEndWithoutYear(text);
    if (day !== undefined) return { day: [day.month, day.day], why: l10n.t('read from "{0}"', text.trim()) };
  }
  return { day: [12, 31], why: l10n.t("no date in the titles, so 31 December") };
}

function chooseUnit(options: ImportOptions, context: string[], earlier: string[], where: string, report: ImportReport): { measure: string; scale: number } {
  let measure = options.measure;
  let scale = options.scale;
  let source: string | undefined;
  for (const text of [...context, ...earlier]) {
    const phrase = readUnitPhrase(text);
    if (measure === undefined && phrase.measure !== undefined) {
      measure = phrase.measure;
      source ??= text.trim();
    }
    if (scale === undefined && phrase.scale !== undefined) {
      scale = phrase.scale;
      source ??= text.trim();
    }
  }
  const found = measure !== undefined;
  measure ??= "unstated";
  scale ??= 0;
  const said =
    options.measure !== undefined && options.scale !== undefined
      ? l10n.t("the --measure and --scale options")
      : source !== undefined
        ? `"${source}"`
        : l10n.t("no unit phrase in the titles or headers");
  report.guesses.push({
    what: "unit",
    where,
    text: found
      ? l10n.t("measure {0}, scale {1} ({2}), from {3}", measure, scale, scale === 0 ? l10n.t("units") : `×10^${scale}`, said)
      : l10n.t("measure {0} (none named: give --measure), scale {1} ({2}), from {3}", measure, scale, scale === 0 ? l10n.t("units") : `×10^${scale}`, said),
  });
  return { measure, scale };
}

function periodIdFor(definition: Json, taken: Set<string>): string {
  const end = (definition.kind === "instant" ? definition.date : definition.end) as string;
  const candidates =
    definition.kind === "instant"
      ? [`at-${end}`]
      : definition.start === yearStart(Number(end.slice(0, 4)), Number(end.slice(5, 7)), Number(end.slice(8, 10)))
        ? [`FY${end.slice(0, 4)}`, `FY${end.slice(0, 4)}-${end.slice(5)}`]
        : [];
  candidates.push(`p${(definition.start as string) ?? ""}-to-${end}`);
  const id = candidates.find((candidate) => !taken.has(candidate)) as string;
  taken.add(id);
  return id;
}

function statementLabel(titles: string[], block: Block, blocks: Block[]): string {
  const named = titles.find((text) => STATEMENT_WORDS.test(text));
  if (named !== undefined) {
    const cut = named
      .replace(/\s*[,–-]?\s*\b(?:for the|as (?:at|of)|at \d|year ended|zum|für das)\b.*$/i, "")
      .replace(/\s*\([^)]*\)\s*$/, "")
      .trim();
    return cut === "" ? named.trim() : cut;
  }
  const alone = blocks.filter((other) => other.sheet === block.sheet).length === 1;
  if (alone && !/^(?:sheet|tabelle|table)\s*\d*$/i.test(block.sheet.name)) return block.sheet.name;
  const plain = titles.find((text) => readUnitPhrase(text).measure === undefined && dayInText(text) === undefined && text.trim() !== "");
  return plain?.trim() ?? block.sheet.name;
}

function entityName(titles: string[], sourceName: string, report: ImportReport): string {
  const candidate = titles.find(
    (text) =>
      !STATEMENT_WORDS.test(text) &&
      kindFromWording(text) === undefined &&
      dayInText(text) === undefined &&
      !/\d/.test(text) &&
      readUnitPhrase(text).scale === undefined &&
      !/^\(.*\)$/.test(text.trim()),
  );
  const base = sourceName.replace(/^.*[\\/]/, "").replace(/\.[^.]+$/, "") || "Entity";
  const name = candidate?.trim() ?? base;
  report.guesses.push({
    what: "entity",
    where: "",
    text:
      candidate !== undefined
        ? l10n.t('"{0}", the first title that names no statement, date or unit (--entity overrides)', name)
        : l10n.t('"{0}", the file\'s name: no title names the entity (--entity overrides)', name),
  });
  return name;
}

function scopeLabel(titles: string[], report: ImportReport): string {
  const consolidated = titles.some((text) => /\b(?:consolidated|group|konzern)/i.test(text));
  const label = consolidated ? "Consolidated" : "Entity";
  report.guesses.push({
    what: "scope",
    where: "",
    text: consolidated
      ? l10n.t('"{0}", from a title that says consolidated or group (--scope overrides)', label)
      : l10n.t('"{0}", as no title says consolidated or group (--scope overrides)', label),
  });
  return label;
}
