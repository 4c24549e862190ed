// The statements as an HTML fragment: one <section> with a real <table> per statement. The same
// fragment is styled by the standalone page (style.ts) and by the editor preview's own stylesheet,
// so its classes are a contract. No scripts, no external resources, no inline style attributes (a
// webview's content security policy would drop them).
//
// Classes (all prefixed fs-):
//   fs-statements      wrapper <div> around all statements
//   fs-statement       <section> of one statement (data-statement: id, data-pointer)
//   fs-table           the statement's <table>
//   fs-caption         its <caption>; fs-caption-label the statement label,
//                      fs-caption-unit the unit when all rows share one
//   fs-col-item        column header of the item labels
//   fs-col-unit        column header of the per-row unit cells (mixed-unit statements only)
//   fs-col-period      a period column header (data-period: id, data-period-kind, data-pointer)
//   fs-row             an item row (data-item, data-depth, data-pointer, data-parent-pointer)
//   fs-depth-0 … fs-depth-6   row depth in the rollupTo hierarchy, capped at 6 (data-depth is exact)
//   fs-subtotal        a row other rows roll up into (from rollupTo only, never inferred)
//   fs-item            the row header cell; fs-item-label its label,
//                      fs-item-description the item's description
//   fs-unit            a per-row unit cell (title: the unit's full name)
//   fs-cell            every value cell (data-pointer: the cell in the document)
//   fs-value           a stored decimal, shown as stored with thousands separators (data-value: exact)
//   fs-missing         a missing value (JSON null), shown as "—"
//   fs-unavailable     a value marked unavailable, shown as "n/a"
//   fs-invalid         a cell that is not a decimal, null or {"unavailable": true}
//   fs-rollup-satisfied  a subtotal cell whose rollup check is satisfied
//   fs-inconsistent    a subtotal cell whose rollup check is not satisfied (title: figures)
//   fs-rollup-error    a subtotal cell whose rollup check could not be evaluated
//   fs-error-cell      the missing or unavailable cell that stopped a rollup check
//   fs-flag            a visible marker beside an inconsistent or failed check
//   fs-sr-only         text for screen readers only (must be visually hidden by the stylesheet)
//   fs-empty           the row stating that a statement has no items
//   fs-omitted         the note in place of a statement too large to render (see limits.ts)

import * as l10n from "@vscode/l10n";
import type { ErrorApplication, RollupApplication } from "../types";
import { datesLabel, scaleTextInWords } from "../model/names";
import { countText, groupDigits, unitShortText, unitText } from "./format";
import { RENDER_LIMITS, statementColumns } from "./limits";
import type { CellPresentation, Presentation, RowPresentation, StatementPresentation } from "./model";
import { HtmlCollector, type Writer } from "./writer";
import { fillTemplate, messageTemplate, type MessageTemplate } from "./messageTemplate";

const MAX_DEPTH_CLASS = 6;

export function renderStatementsHtml(p: Presentation): string {
  const out = new HtmlCollector();
  writeStatements(p, out);
  return out.toString();
}

export function writeStatements(p: Presentation, out: Writer): void {
  out.raw('<div class="fs-statements">\n');
  for (const statement of p.statements) writeStatement(statement, out);
  out.raw("</div>\n");
}

function attribute(out: Writer, name: string, value: string): void {
  out.raw(` ${name}="`);
  out.text(value);
  out.raw('"');
}

function writeStatement(statement: StatementPresentation, out: Writer): void {
  out.raw('<section class="fs-statement"');
  if (statement.id !== undefined) attribute(out, "data-statement", statement.id);
  attribute(out, "data-pointer", statement.pointer);
  out.raw('>\n<table class="fs-table">\n<caption class="fs-caption"><span class="fs-caption-label">');
  out.text(statement.label);
  out.raw("</span>");
  if (statement.unit !== undefined) {
    out.raw('<span class="fs-caption-unit"> — Unit: ');
    out.text(unitText(statement.unit));
    out.raw("</span>");
  }
  out.raw("</caption>\n");
  if (statement.cellsOmitted) {
    writeOmitted(statement, out);
    return;
  }
  out.raw('<thead>\n<tr><th scope="col" class="fs-col-item">Item</th>');
  if (statement.unitPerRow) out.raw('<th scope="col" class="fs-col-unit">Unit</th>');
  for (const period of statement.periods) {
    out.raw('<th scope="col" class="fs-col-period"');
    attribute(out, "data-period", period.id);
    attribute(out, "data-period-kind", period.kind);
    attribute(out, "data-pointer", period.pointer);
    out.raw(">");
    out.text(period.label);
    out.raw("</th>");
  }
  out.raw("</tr>\n</thead>\n<tbody>\n");
  if (statement.rows.length === 0) {
    out.raw(`<tr class="fs-empty"><td colspan="${statementColumns(statement)}">This statement has no items.</td></tr>\n`);
  }
  for (const row of statement.rows) writeRow(statement, row, out);
  out.raw("</tbody>\n</table>\n</section>\n");
}

function writeOmitted(statement: StatementPresentation, out: Writer): void {
  const span = statementColumns(statement);
  out.raw(`<tbody>\n<tr class="fs-omitted"><td colspan="${Math.min(span, RENDER_LIMITS.columnsPerStatement)}">`);
  out.text(
    `Not shown: this statement has ${countText(statement.rows.length)} items and ${countText(statement.periods.length)} periods, ` +
      `more than the renderer shows (${countText(RENDER_LIMITS.columnsPerStatement)} columns per statement, ` +
      `${countText(RENDER_LIMITS.cellsPerDocument)} cells per document).`,
  );
  out.raw("</td></tr>\n</tbody>\n</table>\n</section>\n");
}

function writeRow(statement: StatementPresentation, row: RowPresentation, out: Writer): void {
  const depthClass = `fs-depth-${Math.min(row.depth, MAX_DEPTH_CLASS)}`;
  out.raw(`<tr class="fs-row ${depthClass}${row.isSubtotal ? " fs-subtotal" : ""}"`);
  if (row.id !== undefined) attribute(out, "data-item", row.id);
  out.raw(` data-depth="${row.depth}"`);
  attribute(out, "data-pointer", row.pointer);
  const parent = row.parentRow === undefined ? undefined : statement.rows[row.parentRow];
  if (parent !== undefined) attribute(out, "data-parent-pointer", parent.pointer);
  out.raw('>\n<th scope="row" class="fs-item"><span class="fs-item-label">');
  out.text(row.label);
  out.raw("</span>");
  if (row.description !== undefined) {
    out.raw('<span class="fs-item-description">');
    out.text(row.description);
    out.raw("</span>");
  }
  out.raw("</th>");
  if (statement.unitPerRow) {
    if (row.unit === undefined) out.raw('<td class="fs-unit fs-invalid">no unit</td>');
    else {
      out.raw('<td class="fs-unit"');
      attribute(out, "title", unitText(row.unit));
      out.raw(">");
      out.text(unitShortText(row.unit));
      out.raw("</td>");
    }
  }
  out.raw("\n");
  for (const cell of row.cells) writeCell(statement, cell, out);
  out.raw("</tr>\n");
}

/** A cell's title for its kind or problem ("" for a plain value), in the display language. */
export function cellKindTitle(cell: Pick<CellPresentation, "kind" | "problem">): string {
  switch (cell.problem) {
    case "absent":
      return l10n.t("Invalid cell: the values object has no member for this period");
    case "not-decimal":
      return l10n.t("Invalid cell: the string is not a canonical decimal");
    case "wrong-type":
      return l10n.t('Invalid cell: expected a decimal string, null or {"unavailable": true}');
  }
  switch (cell.kind) {
    case "value":
      return "";
    case "missing":
      return l10n.t("Missing: no value is stated (null)");
    case "unavailable":
      return l10n.t("Unavailable: the value is marked unavailable");
    case "invalid":
      return l10n.t("Invalid cell");
  }
}

function writeCell(statement: StatementPresentation, cell: CellPresentation, out: Writer): void {
  const classes = ["fs-cell", `fs-${cell.kind}`];
  const titles: string[] = [];
  const kindTitle = cellKindTitle(cell);
  if (kindTitle !== "") titles.push(kindTitle);
  const check = cell.rollup === undefined ? undefined : describeRollup(statement, cell.rollup);
  if (check !== undefined) {
    classes.push(check.className);
    titles.push(check.title);
  }
  if (cell.blocks.length > 0) {
    classes.push("fs-error-cell");
    for (const blocked of cell.blocks) titles.push(describeBlock(statement, blocked));
  }
  out.raw(`<td class="${classes.join(" ")}"`);
  attribute(out, "data-pointer", cell.pointer);
  if (cell.kind === "value") attribute(out, "data-value", cell.text);
  if (titles.length > 0) attribute(out, "title", titles.join("\n"));
  out.raw(">");
  writeCellContent(cell, out);
  if (check !== undefined && check.flag !== "") {
    out.raw(`<span class="fs-flag" aria-hidden="true">${check.flag}</span><span class="fs-sr-only">`);
    out.text(` (${check.title})`);
    out.raw("</span>");
  }
  out.raw("</td>\n");
}

function writeCellContent(cell: CellPresentation, out: Writer): void {
  switch (cell.kind) {
    case "value":
      out.text(groupDigits(cell.text));
      return;
    case "missing":
      out.raw('<span aria-hidden="true">—</span><span class="fs-sr-only">missing</span>');
      return;
    case "unavailable":
      out.raw('<span aria-hidden="true">n/a</span><span class="fs-sr-only">unavailable</span>');
      return;
    case "invalid":
      if (cell.problem === "absent") out.raw("absent");
      else out.text(cell.text);
      out.raw('<span class="fs-sr-only"> (invalid cell)</span>');
      return;
  }
}

export interface CheckDescription {
  readonly className: string;
  readonly title: string;
  readonly flag: string;
}

/** `date` writes the period's dates (ISO in the exports, the display language's form in the preview). */
export function describeRollup(statement: StatementPresentation, application: RollupApplication, date: (iso: string) => string = (iso) => iso): CheckDescription {
  if (application.status === "error") {
    const item = itemName(statement, application.cell.item);
    const period = periodName(statement, application.cell.period, date);
    return {
      className: "fs-rollup-error",
      title:
        application.reason === "missing-value"
          ? l10n.t("Rollup check not evaluated: the value of {0} for {1} is missing", item, period)
          : l10n.t("Rollup check not evaluated: the value of {0} for {1} is unavailable", item, period),
      flag: "!",
    };
  }
  // As the table shows them: grouped, with the row's unit and its scale in words.
  const words = wordsOf(statement);
  const unit = words.amountsUnit(application.key.parent);
  const figures = [groupDigits(application.expected), groupDigits(application.actual), groupDigits(application.difference), groupDigits(application.tolerance)];
  const suffix = unit === "" ? "" : ` (${unit})`;
  return application.status === "satisfied"
    ? { className: "fs-rollup-satisfied", title: fillTemplate(words.satisfied(), figures, suffix), flag: "" }
    : { className: "fs-inconsistent", title: fillTemplate(words.unsatisfied(), figures, suffix), flag: "≠" };
}

export function describeBlock(statement: StatementPresentation, application: ErrorApplication, date: (iso: string) => string = (iso) => iso): string {
  const item = itemName(statement, application.key.parent);
  const period = periodName(statement, application.key.period, date);
  return application.reason === "missing-value"
    ? l10n.t("This missing value stops the rollup check of {0} for {1}", item, period)
    : l10n.t("This unavailable value stops the rollup check of {0} for {1}", item, period);
}

function itemName(statement: StatementPresentation, id: string): string {
  const label = wordsOf(statement).rowsById.get(id)?.label;
  return label === undefined ? id : `"${label}"`;
}

/**
 * What the checks' descriptions of one statement's cells read from it, made once per statement:
 * a statement of thousands of rows has a subtotal's check in every period of each subtotal. The
 * messages are those of the display language when the statement is first described: a
 * presentation is made and described in one language (the server sets its language once, as it
 * starts).
 */
interface StatementWords {
  /** The first row of each id (as a lookup by id finds it). */
  readonly rowsById: ReadonlyMap<string, RowPresentation>;
  /** "GBP in thousands" for a parent row's unit, by the parent's id; "" when it has none that resolves. */
  amountsUnit(parent: string): string;
  /** The numeric checks' messages, in the display language. */
  satisfied(): MessageTemplate;
  unsatisfied(): MessageTemplate;
}

const wordsByStatement = new WeakMap<StatementPresentation, StatementWords>();

function wordsOf(statement: StatementPresentation): StatementWords {
  let words = wordsByStatement.get(statement);
  if (words !== undefined) return words;
  const rowsById = new Map<string, RowPresentation>();
  for (const row of statement.rows) if (row.id !== undefined && !rowsById.has(row.id)) rowsById.set(row.id, row);
  const units = new Map<string, string>();
  let satisfied: MessageTemplate | undefined;
  let unsatisfied: MessageTemplate | undefined;
  words = {
    rowsById,
    amountsUnit(parent) {
      let text = units.get(parent);
      if (text === undefined) {
        const unit = rowsById.get(parent)?.unit ?? statement.unit;
        text =
          unit === undefined || !unit.resolved
            ? ""
            : [unit.measure, unit.scale === undefined ? undefined : scaleTextInWords(unit.scale)].filter((part) => part !== undefined).join(" ");
        units.set(parent, text);
      }
      return text;
    },
    satisfied: () =>
      (satisfied ??= messageTemplate(4, (...marks) =>
        l10n.t("Rollup check satisfied: expected {0} (sum of direct children), actual {1}, difference {2}, tolerance {3}", ...marks),
      )),
    unsatisfied: () =>
      (unsatisfied ??= messageTemplate(4, (...marks) =>
        l10n.t("Rollup check not satisfied: expected {0} (sum of direct children), actual {1}, difference {2}, tolerance {3}", ...marks),
      )),
  };
  wordsByStatement.set(statement, words);
  return words;
}

/** The period as its column heading names it (model/names.ts), its dates through `date`; the id where the statement has no such column. */
function periodName(statement: StatementPresentation, id: string, date: (iso: string) => string): string {
  const column = statement.periods.find((period) => period.id === id);
  if (column === undefined) return id;
  return column.kind === "unresolved" ? column.label : datesLabel(column.dates, date);
}
