// buildPresentation: the lenient presentation model of any JSON value. It never throws: what
// cannot be read is skipped (a statement or item that is not an object) or shown as an invalid
// cell, so a document that failed validation can still be previewed while it is being fixed.

import { isDecimal } from "../decimal/grammar";
import { pointer } from "../json/pointer";
import type { ErrorApplication, RollupApplication, ValidationResult } from "../types";
import { rowLinks } from "./hierarchy";
import { chargeCells, RENDER_LIMITS, type Omission } from "./limits";
import type { CellKind, CellPresentation, CellProblem, PeriodColumn, Presentation, RowPresentation, StatementPresentation, UnitPresentation } from "./model";
import { arrayMember, isRecord, member, stringMember, textMember, type JsonRecord } from "../json/read";
import { indexApplications, summarize, type ApplicationIndex, type RowApplications } from "./rollups";
import { datesLabel, ordinalName, periodDates } from "../model/names";
import { itemPointer, statementPointer } from "../model/pointers";

interface Definitions {
  readonly units: ReadonlyMap<string, UnitPresentation>;
  readonly periods: ReadonlyMap<string, Omit<PeriodColumn, "pointer">>;
  readonly applications: ApplicationIndex;
}

export function buildPresentation(document: unknown, result?: ValidationResult): Presentation {
  return presentDocument(document, result, undefined);
}

/**
 * The presentation of all statements, or only of the first statement whose id is `selected`
 * (none when no statement has that id). Cells are built only while the statements fit the cell
 * and column bounds, so the cost stays proportional to the document's size.
 */
export function presentDocument(document: unknown, result: ValidationResult | undefined, selected: string | undefined): Presentation {
  return { ...presentationHeading(document), statements: [...presentStatements(document, result, selected)], status: summarize(result) };
}

/** What a presentation's title is made of: the entity's name and the scope's label. */
export function presentationHeading(document: unknown): Pick<Presentation, "entity" | "scope"> {
  return { entity: textMember(member(document, "entity"), "name"), scope: textMember(member(document, "scope"), "label") };
}

/**
 * The statements of presentDocument, one at a time and in order: each is built only when asked for
 * (the server builds a large document's preview model between requests from presentStatementsInParts, a few rows at a time).
 */
export function* presentStatements(document: unknown, result: ValidationResult | undefined, selected?: string): Generator<StatementPresentation, void, undefined> {
  const definitions: Definitions = {
    units: unitDefinitions(arrayMember(document, "units")),
    periods: periodDefinitions(arrayMember(document, "periods")),
    applications: indexApplications(result),
  };
  const budget = { cells: RENDER_LIMITS.cellsPerDocument };
  let presented = 0;
  for (const [index, statement] of arrayMember(document, "statements").entries()) {
    if (!isRecord(statement)) continue;
    if (selected !== undefined && (presented > 0 || stringMember(statement, "id") !== selected)) continue;
    presented++;
    yield presentStatement(statement, index, definitions, budget);
  }
}

/**
 * The presentation of one statement (at `index` in the document's statements), as presentDocument
 * builds it for a statement whose cells are within the bounds: what a value edit must rebuild.
 * Only the applications of that statement are indexed.
 */
export function presentStatementAt(document: unknown, result: ValidationResult, index: number): StatementPresentation | undefined {
  const found = statementWithDefinitions(document, result, index);
  return found && presentStatement(found.statement, index, found.definitions, { cells: Number.POSITIVE_INFINITY });
}

/**
 * One statement's presentation without cells (labels, units, depths, rollup parents, columns), and
 * the cells of any of its rows: what a value edit needs to present only the rows it changed
 * (previewEdit.ts), without presenting the statement's thousands of others again. The shell holds
 * for every version that differs from `document` by value edits, which change no id, label, unit,
 * period or rollup parent; `cellsAt` makes a row's cells from that version's values and checks.
 */
export interface StatementShell {
  /** As presentStatementAt presents it, every row without cells. */
  readonly statement: StatementPresentation;
  /** The row (position) of each item id, for finding the subtotals an edit changed. */
  readonly rowsById: ReadonlyMap<string, number>;
  /**
   * The cells of the row at `position` as presentStatementAt makes them, from the item's `values`
   * and `application` (the version's check of a parent in a period). Which checks a cell stops is
   * `result`'s: those name only missing and unavailable cells, which a value edit leaves as they were.
   */
  cellsAt(position: number, values: unknown, application: ApplicationIndex["application"]): CellPresentation[];
}

export function presentStatementShell(document: unknown, result: ValidationResult, index: number): StatementShell | undefined {
  // Only the checks a cell can stop (errors) are kept: the shell lives as long as the edits do, and
  // an index of every check of a 3,000-row statement was most of its memory.
  const found = statementWithDefinitions(document, result, index, (application) => application.status === "error");
  if (found === undefined) return undefined;
  // Only the statement is kept, not statementParts' own per-row heads: its rows say all a row's cells need.
  const { statement } = statementParts(found.statement, index, found.definitions, { cells: Number.POSITIVE_INFINITY }, (rowAt, count) =>
    Array.from({ length: count }, (_, position) => rowAt(position, false)),
  );
  return shellOf(statement, found.definitions.applications);
}

/**
 * The shell presentStatementShell makes of the statement it presents, from a presentation of that
 * statement whose rows have no cells and whose cells the bounds left in (StatementInParts'
 * statement: the preview's model built ahead presents each statement so), and the checks of
 * `result`: the statement is not presented again.
 */
export function shellOfPresented(statement: StatementPresentation, result: ValidationResult): StatementShell | undefined {
  if (statement.cellsOmitted || statement.rows.some((row) => row.cells.length > 0)) return undefined;
  const stopped = result.calculations.applications.filter((application) => application.key.statement === statement.id && application.status === "error");
  return shellOf(statement, indexApplications({ ...result, calculations: { ...result.calculations, applications: stopped } }));
}

/** The shell of `statement` (rows without cells), the cells' checks it stops from `blocking` (an index of error applications). */
function shellOf(statement: StatementPresentation, blocking: ApplicationIndex): StatementShell {
  const cells = statementCells(statement.periods);
  // The first row of each id: value edits are made in conforming documents only, whose ids are unique in a statement.
  const rowsById = new Map<string, number>();
  statement.rows.forEach((row, position) => {
    if (row.id !== undefined && !rowsById.has(row.id)) rowsById.set(row.id, position);
  });
  return {
    statement,
    rowsById,
    cellsAt: (position, values, application) => {
      const row = statement.rows[position];
      if (row === undefined || statement.cellsOmitted) return [];
      const { id } = statement;
      const own = id === undefined || row.id === undefined ? undefined : blocking.ofRow(id, row.id);
      const checks: RowApplications | undefined = own && {
        application: (period) => application(id as string, row.id as string, period),
        blocking: own.blocking,
        blocks: own.blocks,
      };
      return rowCells(cells, row, values, checks, PRESENTED);
    },
  };
}

/** The statement at `index` and what presenting it alone needs: only its own applications (those `kept`) are indexed. */
function statementWithDefinitions(
  document: unknown,
  result: ValidationResult,
  index: number,
  kept: (application: RollupApplication) => boolean = () => true,
): { statement: JsonRecord; definitions: Definitions } | undefined {
  const statement = arrayMember(document, "statements")[index];
  if (!isRecord(statement)) return undefined;
  const id = stringMember(statement, "id");
  const applications = result.calculations.applications.filter((application) => application.key.statement === id && kept(application));
  const definitions: Definitions = {
    units: unitDefinitions(arrayMember(document, "units")),
    periods: periodDefinitions(arrayMember(document, "periods")),
    applications: indexApplications({ ...result, calculations: { ...result.calculations, applications } }),
  };
  return { statement, definitions };
}

/** A statement whose cells the whole document's presentation leaves out, and the bound it breaks. */
export interface OmittedStatement {
  /** Its index in the document's statements. */
  readonly index: number;
  readonly reason: Omission;
}

/**
 * The statements whose cells presentDocument (of the whole document) leaves out, found from their
 * shapes (items, periods, units) without building a cell: what the language status reports.
 */
export function omittedStatements(document: unknown): OmittedStatement[] {
  const omitted: OmittedStatement[] = [];
  const budget = { cells: RENDER_LIMITS.cellsPerDocument };
  arrayMember(document, "statements").forEach((statement, index) => {
    if (!isRecord(statement)) return;
    const reason = chargeCells(statementShape(statement), budget);
    if (reason !== undefined) omitted.push({ index, reason });
  });
  return omitted;
}

/** What presentStatement reads to size a statement: its item rows, its period columns, and whether its items share one unit. */
function statementShape(statement: JsonRecord): { periods: { length: number }; rows: { length: number }; unitPerRow: boolean } {
  let rows = 0;
  let first: string | undefined;
  let shared = true;
  for (const item of arrayMember(statement, "items")) {
    if (!isRecord(item)) continue;
    const unit = stringMember(item, "unit");
    if (rows === 0) first = unit;
    else if (unit !== first) shared = false;
    rows++;
  }
  const periods = arrayMember(statement, "periods").filter((period) => typeof period === "string").length;
  return { periods: { length: periods }, rows: { length: rows }, unitPerRow: rows > 0 && !(shared && first !== undefined) };
}

/** The ids of the document's statements, in order, for messages. */
export function statementIds(document: unknown): string[] {
  return arrayMember(document, "statements").flatMap((statement) => {
    const id = stringMember(statement, "id");
    return id === undefined ? [] : [id];
  });
}

/** First definition wins for a duplicated id, as in every other id lookup of the renderer. */
function unitDefinitions(units: readonly unknown[]): Map<string, UnitPresentation> {
  const byId = new Map<string, UnitPresentation>();
  for (const unit of units) {
    const id = stringMember(unit, "id");
    if (id === undefined || byId.has(id)) continue;
    const scale = member(unit, "scale");
    byId.set(id, {
      id,
      resolved: true,
      label: textMember(unit, "label"),
      measure: textMember(unit, "measure"),
      scale: typeof scale === "number" && Number.isInteger(scale) ? String(scale) : undefined,
    });
  }
  return byId;
}

function periodDefinitions(periods: readonly unknown[]): Map<string, Omit<PeriodColumn, "pointer">> {
  const byId = new Map<string, Omit<PeriodColumn, "pointer">>();
  for (const period of periods) {
    const id = stringMember(period, "id");
    if (id === undefined || byId.has(id)) continue;
    const kind = member(period, "kind");
    const dates = periodDates({
      kind: typeof kind === "string" ? kind : undefined,
      date: stringMember(period, "date"),
      start: stringMember(period, "start"),
      end: stringMember(period, "end"),
    });
    if (dates === undefined) byId.set(id, { id, kind: "unresolved", label: id, dates: [] });
    else byId.set(id, { id, kind: kind === "instant" ? "instant" : "duration", label: datesLabel(dates), dates });
  }
  return byId;
}

function presentStatement(statement: JsonRecord, index: number, definitions: Definitions, budget: { cells: number }): StatementPresentation {
  return statementParts(statement, index, definitions, budget, (rowAt, count) => Array.from({ length: count }, (_, position) => rowAt(position, true))).statement;
}

/**
 * A statement's presentation made in parts, as presentStatement makes it whole: `statement`'s rows
 * have no cells, and `cellsAt` makes those of one row when asked, kept by no one here. So a long
 * statement can be built a few rows at a time (PreviewWireBuilder: the preview's model ahead,
 * between the client's messages), with only those rows' cells in memory at once.
 */
export interface StatementInParts {
  readonly statement: StatementPresentation;
  /** The cells of the row at `position` as presentStatement makes them, each made into what `make` says (CellMaker). */
  cellsAt<T>(position: number, make: CellMaker<T>): T[];
}

/**
 * What a row's cells are made into: `cell` gets each cell's presentation and its column. With
 * `plain`, a cell that is a plain value (a canonical decimal as stored, on no check and stopping
 * none: most cells of a document) goes to `plain` as that decimal string instead, and no
 * presentation is made for it: at 5 MB the cell objects and their pointers were most of the
 * preview model's build and of the garbage it left.
 */
export interface CellMaker<T> {
  readonly plain?: (decimal: string) => T;
  readonly cell: (cell: CellPresentation, column: number) => T;
}

/** Every cell as its presentation. */
const PRESENTED: CellMaker<CellPresentation> = { cell: (cell) => cell };

/** The statements presentStatements presents, each in parts (StatementInParts), in the same order with the same bounds. */
export function* presentStatementsInParts(document: unknown, result: ValidationResult | undefined): Generator<StatementInParts, void, undefined> {
  const definitions: Definitions = {
    units: unitDefinitions(arrayMember(document, "units")),
    periods: periodDefinitions(arrayMember(document, "periods")),
    applications: indexApplications(result),
  };
  const budget = { cells: RENDER_LIMITS.cellsPerDocument };
  for (const [index, statement] of arrayMember(document, "statements").entries()) {
    if (!isRecord(statement)) continue;
    const { statement: shell, cellsOf } = statementParts(statement, index, definitions, budget, (rowAt, count) =>
      Array.from({ length: count }, (_, position) => rowAt(position, false)),
    );
    yield { statement: shell, cellsAt: cellsOf };
  }
}

type RowAt = (position: number, withCells: boolean) => RowPresentation;

/** What presenting the cells of one statement's rows reads, made once per statement. */
interface StatementCells {
  readonly periods: readonly PeriodColumn[];
  /** Per period, `/values/<period id>`: a cell's pointer is its row's pointer followed by this. */
  readonly suffixes: readonly string[];
}

function statementCells(periods: readonly PeriodColumn[]): StatementCells {
  return { periods, suffixes: periods.map((period) => pointer("values", period.id)) };
}

/**
 * The cells of `row` (an item's row whose pointer is `row.pointer`), one per period of `of`, from
 * the item's `values` and `checks`, the row's checks (undefined when the statement or the item has
 * no id), each made by `make`.
 */
function rowCells<T>(of: StatementCells, row: Pick<RowPresentation, "pointer" | "isSubtotal">, values: unknown, checks: RowApplications | undefined, make: CellMaker<T>): T[] {
  const { periods, suffixes } = of;
  const rollups = row.isSubtotal ? checks : undefined;
  const blocking = checks?.blocks === true ? checks : undefined;
  const record = isRecord(values) ? values : undefined;
  const cells: T[] = [];
  for (let column = 0; column < periods.length; column++) {
    const period = (periods[column] as PeriodColumn).id;
    const rollup = rollups?.application(period);
    const blocks = blocking?.blocking(period) ?? NO_BLOCKS;
    if (make.plain !== undefined && rollup === undefined && blocks.length === 0 && record !== undefined && Object.hasOwn(record, period)) {
      const raw = record[period];
      if (isDecimal(raw)) {
        cells.push(make.plain(raw));
        continue;
      }
    }
    // As cellPointer makes it (joined: one flat string).
    const at = [row.pointer, suffixes[column] as string].join("");
    cells.push(make.cell(presentCell(values, period, at, rollup, blocks), column));
  }
  return cells;
}

/**
 * The statement's presentation with the rows `rows` makes (its array its own), and the row at a
 * position with or without its cells. The statement is charged to `budget` here.
 */
function statementParts(
  statement: JsonRecord,
  index: number,
  definitions: Definitions,
  budget: { cells: number },
  rows: (rowAt: RowAt, count: number) => RowPresentation[],
): { statement: StatementPresentation; rowAt: RowAt; cells: StatementCells; cellsOf: StatementInParts["cellsAt"] } {
  const id = stringMember(statement, "id");
  const periods: PeriodColumn[] = [];
  arrayMember(statement, "periods").forEach((periodId, position) => {
    if (typeof periodId !== "string") return;
    const definition = definitions.periods.get(periodId) ?? { id: periodId, kind: "unresolved", label: periodId, dates: [] };
    periods.push({ ...definition, pointer: pointer("statements", index, "periods", position) });
  });

  const items: { item: JsonRecord; index: number }[] = [];
  arrayMember(statement, "items").forEach((item, itemIndex) => {
    if (isRecord(item)) items.push({ item, index: itemIndex });
  });
  const links = rowLinks(
    items.map(({ item }) => stringMember(item, "id")),
    items.map(({ item }) => stringMember(item, "rollupTo")),
  );
  const heads = items.map(({ item, index: itemIndex }, row) => {
    const itemId = stringMember(item, "id");
    const unitId = stringMember(item, "unit");
    const link = links[row] ?? { parent: undefined, depth: 0, isSubtotal: false };
    return {
      item,
      head: {
        index: itemIndex,
        pointer: itemPointer(index, itemIndex),
        id: itemId,
        label: textMember(item, "label") ?? itemId ?? ordinalName("Item", itemIndex),
        description: textMember(item, "description"),
        unit: unitId === undefined ? undefined : (definitions.units.get(unitId) ?? unresolvedUnit(unitId)),
        depth: link.depth,
        isSubtotal: link.isSubtotal,
        parentRow: link.parent,
      },
    };
  });

  const first = heads[0]?.head.unit;
  const shared = first !== undefined && heads.every(({ head }) => head.unit?.id === first.id);
  const unitPerRow = !shared && heads.length > 0;
  const cellsOmitted = chargeCells({ unitPerRow, periods, rows: heads }, budget) !== undefined;

  const cells = statementCells(periods);
  const cellsOf = <T>(position: number, make: CellMaker<T>): T[] => {
    const { item, head } = heads[position] as (typeof heads)[number];
    if (cellsOmitted) return [];
    const checks = id === undefined || head.id === undefined ? undefined : definitions.applications.ofRow(id, head.id);
    return rowCells(cells, head, member(item, "values"), checks, make);
  };
  // Rows are written out member by member, not spread: a spread per row costs more than the row.
  const rowAt: RowAt = (position, withCells) => {
    const { head } = heads[position] as (typeof heads)[number];
    return {
      index: head.index,
      pointer: head.pointer,
      id: head.id,
      label: head.label,
      description: head.description,
      unit: head.unit,
      depth: head.depth,
      isSubtotal: head.isSubtotal,
      parentRow: head.parentRow,
      cells: withCells ? cellsOf(position, PRESENTED) : [],
    };
  };
  return {
    statement: {
      index,
      pointer: statementPointer(index),
      id,
      label: textMember(statement, "label") ?? id ?? ordinalName("Statement", index),
      periods,
      rows: rows(rowAt, heads.length),
      unit: shared ? first : undefined,
      unitPerRow,
      cellsOmitted,
    },
    rowAt,
    cells,
    cellsOf,
  };
}

function unresolvedUnit(id: string): UnitPresentation {
  return { id, resolved: false, label: undefined, measure: undefined, scale: undefined };
}

const INVALID_TEXT_LIMIT = 80;

/** The cell of `period` in `values`, at `cellPointer`, with the check shown on it (`rollup`) and those it stops (`blocks`). */
function presentCell(values: unknown, period: string, cellPointer: string, rollup: RollupApplication | undefined, blocks: readonly ErrorApplication[]): CellPresentation {
  // One object shape for every cell (no spreads): the presentation of a large document has a
  // cell object per value, so their allocation is most of its cost.
  const cell = (kind: CellKind, text: string, problem: CellProblem | undefined): CellPresentation => ({ pointer: cellPointer, period, rollup, blocks, kind, text, problem });
  if (!isRecord(values) || !Object.hasOwn(values, period)) return cell("invalid", "", "absent");
  const raw = values[period];
  if (raw === null) return cell("missing", "", undefined);
  if (isDecimal(raw)) return cell("value", raw, undefined);
  if (isRecord(raw) && Object.keys(raw).length === 1 && member(raw, "unavailable") === true) return cell("unavailable", "", undefined);
  const text = typeof raw === "string" ? raw : (JSON.stringify(raw) ?? "");
  return cell("invalid", shorten(text), typeof raw === "string" ? "not-decimal" : "wrong-type");
}

const NO_BLOCKS: readonly ErrorApplication[] = [];

/** Invalid content is shown only as a hint; cut at a code point boundary. */
function shorten(text: string): string {
  if (text.length <= INVALID_TEXT_LIMIT) return text;
  const last = text.charCodeAt(INVALID_TEXT_LIMIT - 1);
  const end = last >= 0xd800 && last <= 0xdbff ? INVALID_TEXT_LIMIT - 1 : INVALID_TEXT_LIMIT;
  return `${text.slice(0, end)}…`;
}
