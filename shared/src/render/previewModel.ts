// The preview's data model: statements → columns, rows → cells, with every fact the HTML fragment
// carries (labels, depth, subtotal, unit, cell kind and exact value, rollup status and its
// explanation, pointers), as plain data. The editor preview draws it (virtualized) instead of a page
// of HTML, and receives later versions as patches (previewPatch.ts). Author text is data here; the
// page script writes it with textContent only.

import * as l10n from "@vscode/l10n";
import { countText, groupDigits, unitShortText, unitText } from "./format";
import { RENDER_LIMITS } from "./limits";
import type { CellKind, CellPresentation, Presentation, StatementPresentation, UnitPresentation } from "./model";
import { cellKindTitle, describeBlock, describeRollup } from "./html";

export interface PreviewModel {
  /** "Entity — Scope", or "" when the document names neither. */
  title: string;
  statements: PreviewStatement[];
}

export interface PreviewStatement {
  pointer: string;
  id?: string;
  label: string;
  /** The unit all rows share, in words; absent when units are mixed. */
  unit?: string;
  /** Mixed units: each row carries its own unit cell. */
  unitPerRow: boolean;
  columns: PreviewColumn[];
  rows: PreviewRow[];
  /** Set instead of rows' cells when the statement exceeds the render bounds. */
  omitted?: string;
}

export interface PreviewColumn {
  id: string;
  label: string;
  /** The label's pieces that must not break inside themselves: a resolved period's dates (each in ISO form, the page writes them in the display language), else the id. */
  parts: string[];
  kind: "instant" | "duration" | "unresolved";
  pointer: string;
}

export interface PreviewRow {
  pointer: string;
  id?: string;
  label: string;
  description?: string;
  depth: number;
  subtotal: boolean;
  /** Pointer of the rollupTo parent row, when it resolves within the statement. */
  parent?: string;
  /** Per-row unit (mixed-unit statements only): short text and full name; "" text = no unit. */
  unit?: { text: string; title: string };
  cells: PreviewCell[];
}

export type PreviewCheck = "satisfied" | "inconsistent" | "rollup-error";

export interface PreviewCell {
  pointer: string;
  kind: CellKind;
  /** value: the stored decimal, exactly; invalid: what was found (display only); else "". */
  value: string;
  /** An invalid cell whose values object has no member for the period. */
  absent?: boolean;
  check?: PreviewCheck;
  /** This missing/unavailable cell stops a rollup check. */
  blocks?: boolean;
  /** The explanation shown on hover (kind, rollup figures, blocked checks), "" for none. */
  title: string;
  /** A visible marker beside an inconsistent or failed check ("≠", "!"), "" for none. */
  flag: string;
}

/**
 * How the preview's titles write a period's dates (a check that cannot be run names its period):
 * as the page writes its column headings, in the display language. The language server sets it
 * once it knows the language (server/src/lsp/l10n.ts), as it configures @vscode/l10n's bundle, which
 * the model's words come from: process-wide, like that bundle, so a model built anywhere in the
 * server is in one language. Until then, and in the command line, ISO dates.
 */
let previewDate: (iso: string) => string = (iso) => iso;

export function setPreviewDates(date: (iso: string) => string): void {
  previewDate = date;
}

export function buildPreviewModel(presentation: Presentation): PreviewModel {
  return { title: previewTitle(presentation), statements: presentation.statements.map(previewStatement) };
}

/** "Entity — Scope", or "" when the document names neither. */
export function previewTitle(presentation: Pick<Presentation, "entity" | "scope">): string {
  return [presentation.entity, presentation.scope].filter((part) => part !== undefined).join(" — ");
}

export function previewStatement(statement: StatementPresentation): PreviewStatement {
  const row = previewRows(statement);
  return previewStatementWith(statement, previewColumns(statement), (position) => row(position));
}

/** The statement's columns, one per period. */
export function previewColumns(statement: StatementPresentation): PreviewColumn[] {
  return statement.periods.map((period) => ({
    id: period.id,
    label: period.label,
    parts: period.kind === "unresolved" ? [period.label] : [...period.dates],
    kind: period.kind,
    pointer: period.pointer,
  }));
}

/**
 * The statement with `columns` and the rows `row` makes of each of its rows, in previewStatement's
 * member order: a PreviewStatement, or the preview wire's form of one (previewWire.ts), which has
 * the same members and makes each row from its PreviewRow at once.
 */
export function previewStatementWith<Row>(
  statement: StatementPresentation,
  columns: PreviewColumn[],
  row: (position: number) => Row,
): Omit<PreviewStatement, "rows"> & { rows: Row[] } {
  const result: Omit<PreviewStatement, "rows"> & { rows: Row[] } = {
    pointer: statement.pointer,
    label: statement.label,
    unitPerRow: statement.unitPerRow,
    columns,
    rows: statement.rows.map((_, position) => row(position)),
  };
  if (statement.id !== undefined) result.id = statement.id;
  if (statement.unit !== undefined) result.unit = unitText(statement.unit);
  if (statement.cellsOmitted) {
    result.omitted = l10n.t(
      "Not shown: this statement has {0} items and {1} periods, more than the renderer shows ({2} columns per statement, {3} cells per document).",
      countText(statement.rows.length),
      countText(statement.periods.length),
      countText(RENDER_LIMITS.columnsPerStatement),
      countText(RENDER_LIMITS.cellsPerDocument),
    );
  }
  return result;
}

/** Makes the PreviewRow of the statement's row at a position. */
export function previewRows(statement: StatementPresentation): (position: number) => PreviewRow {
  const byRow = statement.rows;
  // One unit cell per unit, shared by its rows: the texts of thousands of rows are a few strings.
  const unitCells = new Map<UnitPresentation | undefined, { text: string; title: string }>();
  const unitCell = (unit: UnitPresentation | undefined): { text: string; title: string } => {
    let cell = unitCells.get(unit);
    if (cell === undefined) {
      cell = unit === undefined ? { text: "", title: l10n.t("no unit") } : { text: unitShortText(unit), title: unitText(unit) };
      unitCells.set(unit, cell);
    }
    return cell;
  };
  return (position) => {
    const row = byRow[position] as StatementPresentation["rows"][number];
    const parent = row.parentRow === undefined ? undefined : byRow[row.parentRow];
    const out: PreviewRow = {
      pointer: row.pointer,
      label: row.label,
      depth: row.depth,
      subtotal: row.isSubtotal,
      cells: row.cells.map((cell) => previewCell(statement, cell)),
    };
    if (row.id !== undefined) out.id = row.id;
    if (row.description !== undefined) out.description = row.description;
    if (parent !== undefined) out.parent = parent.pointer;
    if (statement.unitPerRow) out.unit = unitCell(row.unit);
    return out;
  };
}

/** The preview's cell of a presented cell of `statement` (whose row labels and units its check titles name). */
export function previewCell(statement: StatementPresentation, cell: CellPresentation): PreviewCell {
  const titles: string[] = [];
  const kindTitle = cellKindTitle(cell);
  if (kindTitle !== "") titles.push(kindTitle);
  const out: PreviewCell = { pointer: cell.pointer, kind: cell.kind, value: cell.kind === "missing" || cell.kind === "unavailable" ? "" : cell.text, title: "", flag: "" };
  if (cell.problem === "absent") out.absent = true;
  if (cell.rollup !== undefined) {
    const check = describeRollup(statement, cell.rollup, previewDate);
    out.check = check.className === "fs-rollup-satisfied" ? "satisfied" : check.className === "fs-inconsistent" ? "inconsistent" : "rollup-error";
    out.flag = check.flag;
    titles.push(check.title);
  }
  if (cell.blocks.length > 0) {
    out.blocks = true;
    for (const blocked of cell.blocks) titles.push(describeBlock(statement, blocked, previewDate));
  }
  out.title = titles.join("\n");
  return out;
}

/**
 * The text a cell shows: grouped digits (full) or a compact form, written by `number` (the display
 * language's separators in the preview, neutral by default); never through a JS number.
 */
export function cellDisplayText(cell: PreviewCell, format: "full" | "compact", number: (decimal: string) => string = groupDigits): string {
  switch (cell.kind) {
    case "value":
      return format === "compact" ? compactDecimal(cell.value, number) : number(cell.value);
    case "missing":
      return "—";
    case "unavailable":
      return l10n.t("n/a");
    case "invalid":
      return cell.absent === true ? l10n.t("absent") : cell.value;
  }
}

const SUFFIXES = ["", "K", "M", "B", "T"] as const;
const SIGNIFICANT = 3;

/**
 * "1234567.89" → "1.23M", "-987654" → "-988K", "999.5" → "999.5" (below a thousand the value is
 * shown as stored). Rounding is half away from zero, done on the digit string.
 */
export function compactDecimal(decimal: string, number: (decimal: string) => string = groupDigits): string {
  const negative = decimal.startsWith("-");
  const unsigned = negative ? decimal.slice(1) : decimal;
  const point = unsigned.indexOf(".");
  const whole = (point === -1 ? unsigned : unsigned.slice(0, point)).replace(/^0+(?=\d)/, "");
  if (whole.length <= 3) return number(decimal);
  let group = Math.min(SUFFIXES.length - 1, Math.floor((whole.length - 1) / 3));
  for (;;) {
    const headLength = whole.length - group * 3;
    const keep = Math.max(headLength, SIGNIFICANT);
    const rounded = roundDigits(whole.slice(0, keep), whole.charAt(keep));
    // Rounding can carry into a new digit (999.9K → 1000K): move to the next suffix when there is one.
    const carried = rounded.length > keep;
    const headDigits = headLength + (carried ? 1 : 0);
    if (carried && headDigits > 3 && group < SUFFIXES.length - 1) {
      group += 1;
      continue;
    }
    const head = rounded.slice(0, headDigits);
    const fraction = rounded.slice(headDigits, keep).replace(/0+$/, "");
    const value = `${head}${fraction === "" ? "" : `.${fraction}`}`;
    return `${number(negative && /[1-9]/.test(value) ? `-${value}` : value)}${SUFFIXES[group]}`;
  }
}

/** `digits` rounded half up by the next digit `next` ("" = none); may grow by one digit. */
function roundDigits(digits: string, next: string): string {
  if (next === "" || next < "5") return digits;
  const chars = digits.split("");
  for (let index = chars.length - 1; index >= 0; index -= 1) {
    if (chars[index] === "9") chars[index] = "0";
    else {
      chars[index] = String.fromCharCode((chars[index] as string).charCodeAt(0) + 1);
      return chars.join("");
    }
  }
  return `1${chars.join("")}`;
}
