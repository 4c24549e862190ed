// The preview model's wire form: how the whole model travels from the language server to the page
// script, once per document (patches stay PreviewPatchOp objects: they are small). The model of a
// 5 MB document is 9.8 MB as plain JSON, most of it per-cell keys and pointers; every hop (JSON-RPC,
// the extension host, VS Code's webview channel, the iframe) paid for it in bytes and in objects.
// The wire form drops what can be derived and keeps everything else exactly:
//
// - rows and cells are arrays, not objects with repeated keys;
// - a row's pointer is its item index when it is `<statement pointer>/items/<n>`; its rollup
//   parent is the parent row's index;
// - a cell's pointer is left out when it is `<row pointer>/values/<column id>` (the id escaped as a
//   JSON Pointer segment); a value cell with nothing but its value is just its decimal string;
// - anything that does not follow these forms is carried literally, so decode(encode(m)) deep-equals
//   m for every model (test/render/previewWire.test.ts).
//
// The server sends it as JSON text in ASCII (non-ASCII characters escaped), a large one in parts
// (previewWireParts; protocol/lsp.ts, PreviewModelResult.wireParts), the extension host passes that
// on unparsed (as UTF-8 bytes), and the page parses it once and checks it field by field while
// decoding (an invalid wire form decodes to undefined). Exact decimals stay strings throughout; ids
// and labels are only ever values.
//
// The server also keeps each version's model in this form (previewWireOf): a plain value cell is the
// parsed value's own decimal string, and no cell pointer or cell object is kept, so the model of a
// 5 MB document takes about 3.5 MB of heap instead of 10–17 MB. Its patches are diffed on this form
// (previewPatch.ts) and carry cells and rows decoded here (wireStatementDecoder).

import { asciiJson } from "../json/ascii";
import { escapeSegment } from "../json/pointer";
import type { ValidationResult } from "../types";
import type { CellKind, CellPresentation, Presentation, StatementPresentation } from "./model";
import { presentationHeading, presentStatementsInParts, type StatementInParts } from "./presentation";
import {
  previewCell,
  previewColumns,
  previewRows,
  previewStatementWith,
  previewTitle,
  type PreviewCell,
  type PreviewCheck,
  type PreviewColumn,
  type PreviewModel,
  type PreviewRow,
  type PreviewStatement,
} from "./previewModel";

/** Bumped when the form changes; a page that gets another version ignores the message. */
export const PREVIEW_WIRE_VERSION = 1;

export interface PreviewWire {
  v: typeof PREVIEW_WIRE_VERSION;
  title: string;
  statements: WireStatement[];
}

export interface WireStatement {
  pointer: string;
  id?: string;
  label: string;
  unit?: string;
  unitPerRow: boolean;
  omitted?: string;
  /** A few per statement: as they are. */
  columns: PreviewColumn[];
  rows: WireRow[];
}

/**
 * [pointer, label, depth, subtotal, parent, cells, id, description, unit]: pointer an item index
 * (see above) or the pointer itself; subtotal 0/1; parent a row index, a pointer, or null; the last
 * three null when absent (and left off at the end).
 */
export type WireRow = [
  pointer: number | string,
  label: string,
  depth: number,
  subtotal: 0 | 1,
  parent: number | string | null,
  cells: WireCell[],
  id?: string | null,
  description?: string | null,
  unit?: WireUnit | null,
];

export type WireUnit = [text: string, title: string];

/**
 * A plain value cell (derived pointer, no title, flag, check or marks): its decimal string. Any other
 * cell: [kind, value, title, flag, check, marks, pointer?] with kind and check as indices into KINDS
 * and CHECKS, marks a bit set (1 absent, 2 blocks), pointer only when it is not the derived one.
 */
export type WireCell = string | [kind: number, value: string, title: string, flag: string, check: number, marks: number, pointer?: string];

const KINDS: readonly CellKind[] = ["value", "missing", "unavailable", "invalid"];
const CHECKS: readonly (PreviewCheck | undefined)[] = [undefined, "satisfied", "inconsistent", "rollup-error"];
const COLUMN_KINDS: ReadonlySet<unknown> = new Set(["instant", "duration", "unresolved"]);
const ABSENT = 1;
const BLOCKS = 2;
const ITEM_INDEX = /^(?:0|[1-9][0-9]{0,8})$/;

/** `/values/<id>` for each column: a cell's pointer is its row's pointer followed by this. */
function cellSuffixes(columns: readonly PreviewColumn[]): string[] {
  return columns.map((column) => `/values/${escapeSegment(column.id)}`);
}

// ---- Encoding (the server) ----

export function encodePreviewWire(model: PreviewModel): PreviewWire {
  return { v: PREVIEW_WIRE_VERSION, title: model.title, statements: model.statements.map(encodeWireStatement) };
}

/**
 * The wire form of a presentation, equal to encodePreviewWire(buildPreviewModel(presentation)),
 * built one statement at a time: only one statement's PreviewModel objects exist at once.
 */
export function previewWireOf(presentation: Presentation): PreviewWire {
  return { v: PREVIEW_WIRE_VERSION, title: previewTitle(presentation), statements: presentation.statements.map(wireStatementOf) };
}

/**
 * How many cells PreviewWireBuilder makes per step at most (a row is never cut): at 5 MB a statement
 * of 3,000 rows took one step of 85–140 ms on a quiet machine and several times that on a loaded
 * one, and over node-ipc a message that arrives meanwhile waits for the whole step
 * (docs/performance.md). About 10 ms a step.
 */
export const PREVIEW_STEP_CELLS = 2048;

/**
 * previewWireOf(buildPresentation(document, result)), built a few rows per step (at most
 * PREVIEW_STEP_CELLS cells, or one row): the server builds a large document's model ahead of the
 * preview asking for it, between its requests, so that no step holds a message up for longer than
 * those rows take. Only the rows of one step have their cells' model objects at once.
 */
export class PreviewWireBuilder {
  private readonly title: string;
  private readonly source: Iterator<StatementInParts, void, undefined>;
  private readonly statements: WireStatement[] = [];
  /** The statement being built, and its rows encoded so far. */
  private current:
    | {
        parts: StatementInParts;
        columns: PreviewColumn[];
        row: (position: number) => PreviewRow;
        encode: (row: PreviewRow, cells: WireCell[]) => WireRow;
        suffixes: readonly string[];
        rows: WireRow[];
      }
    | undefined;
  private left = true;

  /** `presented` gets each statement's presentation (its rows without cells) once its rows are built. */
  constructor(
    document: unknown,
    result: ValidationResult,
    private readonly presented?: (statement: StatementPresentation) => void,
  ) {
    this.title = previewTitle(presentationHeading(document));
    this.source = presentStatementsInParts(document, result);
  }

  /** Builds the next rows (a statement's first step also presents it); false once nothing is left. */
  step(): boolean {
    if (!this.left) return false;
    if (this.current === undefined) {
      const next = this.source.next();
      if (next.done === true) {
        this.left = false;
        return false;
      }
      const { statement } = next.value;
      const columns = previewColumns(statement);
      const encode = rowEncoder(
        statement.pointer,
        columns,
        statement.rows.map((each) => each.pointer),
      );
      this.current = { parts: next.value, columns, row: previewRows(statement), encode, suffixes: cellSuffixes(columns), rows: [] };
    }
    const { parts, columns, row, encode, suffixes, rows } = this.current;
    const statement = parts.statement;
    const total = statement.rows.length;
    const perRow = Math.max(1, statement.cellsOmitted ? 0 : statement.periods.length);
    const from = rows.length;
    const to = Math.min(total, from + Math.max(1, Math.floor(PREVIEW_STEP_CELLS / perRow)));
    for (let position = from; position < to; position++) {
      // The statement's rows have no cells: the row's wire cells are made here, a plain value cell
      // straight from its decimal (what encodeCell makes of its model cell), any other through its model cell.
      const rowPointer = (statement.rows[position] as StatementPresentation["rows"][number]).pointer;
      const cells = parts.cellsAt<WireCell>(position, {
        plain: (decimal) => decimal,
        cell: (cell, column) => encodeCell(previewCell(statement, cell), rowPointer, suffixes[column]),
      });
      rows.push(encode(row(position), cells));
    }
    if (to === total) {
      this.statements.push(previewStatementWith(statement, columns, (position) => rows[position] as WireRow));
      this.current = undefined;
      this.presented?.(statement);
    }
    return true;
  }

  /** The whole wire form, building what is left first. */
  finish(): PreviewWire {
    while (this.step());
    return { v: PREVIEW_WIRE_VERSION, title: this.title, statements: this.statements };
  }
}

/** The wire form as the JSON text the server answers with: JSON.stringify(wire), in ASCII (json/ascii.ts). */
export function previewWireText(wire: PreviewWire): string {
  return Array.from(previewWireParts(wire)).join("");
}

/** previewWireParts cuts a part once it is this long (in characters, which are bytes: ASCII). */
export const PREVIEW_WIRE_PART_CHARS = 256 * 1024;

/**
 * previewWireText(wire) in consecutive pieces, made one at a time as they are asked for: rows are
 * written one at a time, and a piece ends once it has `partChars` characters (the last
 * one closes the text). A server that sends each piece before it makes the next never holds the
 * whole text of a large model (3.3 MB at 5 MB), nor a message of it, nor the text of one statement.
 */
export function* previewWireParts(wire: PreviewWire, partChars = PREVIEW_WIRE_PART_CHARS): Generator<string, void, undefined> {
  // Members in the objects' own order, undefined ones left out: JSON.stringify's text.
  let part = "{";
  for (const [position, [name, value]] of members(wire).entries()) {
    part += `${position === 0 ? "" : ","}${asciiJson(name)}:`;
    if (name !== "statements") {
      part += asciiJson(value);
      continue;
    }
    part += "[";
    for (const [index, statement] of wire.statements.entries()) {
      part += index === 0 ? "{" : ",{";
      for (const [at, [member, content]] of members(statement).entries()) {
        part += `${at === 0 ? "" : ","}${asciiJson(member)}:`;
        if (member !== "rows") {
          part += asciiJson(content);
          continue;
        }
        part += "[";
        // A row at a time, so a statement of 12,000 rows is never one string, and only the rows that
        // hold a non-ASCII character (a title's "≠", a flag) are escaped: JSON.stringify of 256 rows
        // with one such character is two bytes a character, and finding, escaping and re-encoding it
        // cost three times the stringify itself (5 MB long+failing: 130–170 → 50–70 ms of CPU).
        for (const [row, content] of statement.rows.entries()) {
          part += `${row === 0 ? "" : ","}${asciiJson(content)}`;
          if (part.length >= partChars) {
            yield part;
            part = "";
          }
        }
        part += "]";
      }
      part += "}";
    }
    part += "]";
  }
  yield `${part}}`;
}

function members(value: object): [string, unknown][] {
  return Object.entries(value).filter(([, content]) => content !== undefined);
}

export function encodeWireStatement(statement: PreviewStatement): WireStatement {
  const encode = rowEncoder(
    statement.pointer,
    statement.columns,
    statement.rows.map((row) => row.pointer),
  );
  const out: WireStatement = {
    pointer: statement.pointer,
    label: statement.label,
    unitPerRow: statement.unitPerRow,
    columns: statement.columns,
    rows: statement.rows.map((row) => encode(row)),
  };
  if (statement.id !== undefined) out.id = statement.id;
  if (statement.unit !== undefined) out.unit = statement.unit;
  if (statement.omitted !== undefined) out.omitted = statement.omitted;
  return out;
}

/**
 * encodeWireStatement(previewStatement(statement)), a row at a time: each row's PreviewRow and
 * cells are encoded as soon as they are made, so the model objects of a whole statement (tens of
 * thousands of cells, promoted to the old generation while the statement is built) never exist.
 */
export function wireStatementOf(statement: StatementPresentation): WireStatement {
  const columns = previewColumns(statement);
  const row = previewRows(statement);
  const encode = rowEncoder(
    statement.pointer,
    columns,
    statement.rows.map((each) => each.pointer),
  );
  return previewStatementWith(statement, columns, (position) => encode(row(position)));
}

/**
 * The wire cells of one row of `statement` (whose columns are `columns`), its pointer `rowPointer`
 * and its presented cells `cells`: what wireStatementOf writes for that row's cells.
 */
export function wireCellsOf(statement: StatementPresentation, columns: readonly PreviewColumn[], rowPointer: string, cells: readonly CellPresentation[]): WireCell[] {
  const suffixes = cellSuffixes(columns);
  return cells.map((cell, index) => encodeCell(previewCell(statement, cell), rowPointer, suffixes[index]));
}

/** Encodes the rows of the statement at `pointer` whose rows have `pointers`, in order; `cells`, when given, are the row's wire cells already made. */
function rowEncoder(pointer: string, columns: readonly PreviewColumn[], pointers: readonly string[]): (row: PreviewRow, cells?: WireCell[]) => WireRow {
  const suffixes = cellSuffixes(columns);
  const itemsPrefix = `${pointer}/items/`;
  // The first row with each pointer, as the page's own lookups do.
  const rowIndex = new Map<string, number>();
  pointers.forEach((each, index) => {
    if (!rowIndex.has(each)) rowIndex.set(each, index);
  });
  // Rows that share a unit cell share its wire form (as the JSON text, it is the same).
  const units = new Map<PreviewRow["unit"], WireUnit>();
  const unitOf = (unit: NonNullable<PreviewRow["unit"]>): WireUnit => {
    let wire = units.get(unit);
    if (wire === undefined) {
      wire = [unit.text, unit.title];
      units.set(unit, wire);
    }
    return wire;
  };
  return (row, cells) => encodeRow(row, itemsPrefix, suffixes, rowIndex, unitOf, cells);
}

function encodeRow(
  row: PreviewRow,
  itemsPrefix: string,
  suffixes: readonly string[],
  rowIndex: ReadonlyMap<string, number>,
  unitOf: (unit: NonNullable<PreviewRow["unit"]>) => WireUnit,
  made?: WireCell[],
): WireRow {
  const tail = row.pointer.startsWith(itemsPrefix) ? row.pointer.slice(itemsPrefix.length) : "";
  const pointer = ITEM_INDEX.test(tail) ? Number(tail) : row.pointer;
  const parentIndex = row.parent === undefined ? undefined : rowIndex.get(row.parent);
  const parent = row.parent === undefined ? null : (parentIndex ?? row.parent);
  const cells = made ?? row.cells.map((cell, index) => encodeCell(cell, row.pointer, suffixes[index]));
  const wire: WireRow = [
    pointer,
    row.label,
    row.depth,
    row.subtotal ? 1 : 0,
    parent,
    cells,
    row.id ?? null,
    row.description ?? null,
    row.unit === undefined ? null : unitOf(row.unit),
  ];
  while (wire.length > 6 && wire[wire.length - 1] === null) wire.pop();
  return wire;
}

/** Whether `pointer` is `rowPointer` + `suffix`, without making that string for each cell. */
function isDerived(pointer: string, rowPointer: string, suffix: string | undefined): boolean {
  return suffix !== undefined && pointer.length === rowPointer.length + suffix.length && pointer.startsWith(rowPointer) && pointer.endsWith(suffix);
}

function encodeCell(cell: PreviewCell, rowPointer: string, suffix: string | undefined): WireCell {
  const marks = (cell.absent === true ? ABSENT : 0) | (cell.blocks === true ? BLOCKS : 0);
  const derived = isDerived(cell.pointer, rowPointer, suffix);
  const plain = derived && cell.kind === "value" && cell.title === "" && cell.flag === "" && cell.check === undefined;
  // `absent: false` / `blocks: false` are never built; carried literally they would not round-trip.
  if (plain && marks === 0 && cell.absent === undefined && cell.blocks === undefined) return cell.value;
  // The title is one flat string (previewCell's), kept as it is.
  const wire: WireCell = [KINDS.indexOf(cell.kind), cell.value, cell.title, cell.flag, CHECKS.indexOf(cell.check), marks];
  if (!derived) wire.push(cell.pointer);
  return wire;
}

// ---- Decoding (the page), checking every field as it goes ----

/** Thrown inside decoding only; decodePreviewWire turns it into undefined. */
class Invalid extends Error {}

function fail(): never {
  throw new Invalid("invalid preview wire form");
}

const str = (value: unknown): string => (typeof value === "string" ? value : fail());
const optionalStr = (value: unknown): string | undefined => (value === undefined ? undefined : str(value));
const nullableStr = (value: unknown): string | undefined => (value === undefined || value === null ? undefined : str(value));
const count = (value: unknown): number => (typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : fail());
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : fail());

function rec(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : fail();
}

/** The model a wire form (already parsed from JSON) carries, or undefined when it is not one. */
export function decodePreviewWire(value: unknown): PreviewModel | undefined {
  try {
    const wire = rec(value);
    if (wire.v !== PREVIEW_WIRE_VERSION) return undefined;
    return { title: str(wire.title), statements: list(wire.statements).map(decodeStatement) };
  } catch (error) {
    if (error instanceof Invalid) return undefined;
    throw error;
  }
}

function decodeColumn(value: unknown): PreviewColumn {
  const column = rec(value);
  const kind = COLUMN_KINDS.has(column.kind) ? (column.kind as PreviewColumn["kind"]) : fail();
  return { id: str(column.id), label: str(column.label), parts: list(column.parts).map(str), kind, pointer: str(column.pointer) };
}

function decodeStatement(value: unknown): PreviewStatement {
  const statement = rec(value);
  const pointer = str(statement.pointer);
  const columns = list(statement.columns).map(decodeColumn);
  const suffixes = cellSuffixes(columns);
  const wireRows = list(statement.rows).map(list);
  const itemsPrefix = `${pointer}/items/`;
  // Pointers first: a parent may come after its children (totals shown after them).
  const pointers = wireRows.map((row) => (typeof row[0] === "number" ? `${itemsPrefix}${count(row[0])}` : str(row[0])));
  const pointerOf = (index: number): string | undefined => pointers[index];
  const rows = wireRows.map((row, index) => decodeRow(row, pointers[index] as string, pointerOf, suffixes));
  const out: PreviewStatement = { pointer, label: str(statement.label), unitPerRow: typeof statement.unitPerRow === "boolean" ? statement.unitPerRow : fail(), columns, rows };
  const id = optionalStr(statement.id);
  const unit = optionalStr(statement.unit);
  const omitted = optionalStr(statement.omitted);
  if (id !== undefined) out.id = id;
  if (unit !== undefined) out.unit = unit;
  if (omitted !== undefined) out.omitted = omitted;
  return out;
}

/** A row; `pointerOf` gives the pointer of the statement's row at an index (for the parent). */
function decodeRow(row: unknown[], pointer: string, pointerOf: (index: number) => string | undefined, suffixes: readonly string[]): PreviewRow {
  const subtotal = row[3] === 1 ? true : row[3] === 0 ? false : fail();
  const out: PreviewRow = {
    pointer,
    label: str(row[1]),
    depth: count(row[2]),
    subtotal,
    cells: list(row[5]).map((cell, index) => decodeCell(cell, suffixes[index] === undefined ? undefined : pointer + suffixes[index])),
  };
  // Members in the order previewStatement writes them, so that a decoded row serializes alike.
  const id = nullableStr(row[6]);
  const description = nullableStr(row[7]);
  if (id !== undefined) out.id = id;
  if (description !== undefined) out.description = description;
  const parent = row[4];
  if (typeof parent === "number") out.parent = pointerOf(count(parent)) ?? fail();
  else if (parent !== null) out.parent = str(parent);
  if (row[8] !== undefined && row[8] !== null) {
    const unit = list(row[8]);
    out.unit = { text: str(unit[0]), title: str(unit[1]) };
  }
  return out;
}

function decodeCell(value: unknown, derived: string | undefined): PreviewCell {
  if (typeof value === "string") return { pointer: derived ?? fail(), kind: "value", value, title: "", flag: "" };
  const cell = list(value);
  const kind = KINDS[count(cell[0])] ?? fail();
  const checkIndex = count(cell[4]);
  if (checkIndex >= CHECKS.length) fail();
  const check = CHECKS[checkIndex];
  const marks = count(cell[5]);
  const pointer = cell.length > 6 ? str(cell[6]) : (derived ?? fail());
  const out: PreviewCell = { pointer, kind, value: str(cell[1]), title: str(cell[2]), flag: str(cell[3]) };
  if ((marks & ABSENT) !== 0) out.absent = true;
  if (check !== undefined) out.check = check;
  if ((marks & BLOCKS) !== 0) out.blocks = true;
  return out;
}

// ---- Reading the server's own wire form (its patches carry model objects) ----

/** The model objects of one statement of a wire form that encodeWireStatement made. */
export interface WireStatementDecoder {
  /** The pointer of row `index` (an item index or a literal pointer on the wire). */
  pointer(index: number): string;
  row(index: number): PreviewRow;
  cell(row: number, column: number): PreviewCell;
}

export function wireStatementDecoder(statement: WireStatement): WireStatementDecoder {
  const suffixes = cellSuffixes(statement.columns);
  const itemsPrefix = `${statement.pointer}/items/`;
  const pointerOf = (index: number): string | undefined => {
    const row = statement.rows[index];
    return row === undefined ? undefined : wirePointer(row[0], itemsPrefix);
  };
  const rowAt = (index: number): WireRow => statement.rows[index] ?? fail();
  return {
    pointer: (index) => pointerOf(index) ?? fail(),
    row: (index) => decodeRow(rowAt(index), pointerOf(index) ?? fail(), pointerOf, suffixes),
    cell(row, column) {
      const pointer = pointerOf(row) ?? fail();
      const suffix = suffixes[column];
      return decodeCell(rowAt(row)[5][column] ?? fail(), suffix === undefined ? undefined : pointer + suffix);
    },
  };
}

/** The model statement of a wire form's statement that encodeWireStatement made. */
export function decodeWireStatement(statement: WireStatement): PreviewStatement {
  return decodeStatement(statement);
}

/** A row's pointer (or a row's parent) as it is on the wire: an item index, or the pointer itself. */
export function wirePointer(pointer: number | string, itemsPrefix: string): string {
  return typeof pointer === "number" ? `${itemsPrefix}${pointer}` : pointer;
}
