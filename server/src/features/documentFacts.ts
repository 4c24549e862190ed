// What the lens, hover and symbol features read from one good analysis: ranges (located in the
// analysed text, in batches), stored cells, rollup applications by key, and display text for
// units and periods. Lenient: every reader accepts nonconforming documents.

import type { Location, Range } from "vscode-languageserver/node";
import { TextDocument } from "vscode-languageserver-textdocument";
import {
  isDecimal,
  member,
  pointer,
  storedCell,
  type DocumentModel,
  type ItemEntry,
  type LocateRequest,
  type PeriodEntry,
  type RollupApplication,
  type SourceRange,
  type StatementEntry,
  type UnitEntry,
} from "../../../shared/src/index";
import { groupDigits } from "../../../shared/src/render/format";
import type { DocumentState, GoodAnalysis } from "../analysis";

const textDocuments = new WeakMap<GoodAnalysis, TextDocument>();
const applicationIndexes = new WeakMap<GoodAnalysis, Map<string, RollupApplication>>();

/**
 * The text positions of `good` are those of the text it analysed: the open document when it is
 * current, otherwise (the text is broken) a document made from the last good text.
 */
export function positionsOf(state: DocumentState, good: GoodAnalysis, open: TextDocument): TextDocument {
  if (state.current && open.version === good.version) return open;
  let document = textDocuments.get(good);
  if (document === undefined) {
    document = TextDocument.create(open.uri, open.languageId, good.version, good.text);
    textDocuments.set(good, document);
  }
  return document;
}

/**
 * Ranges located together: add every request first, then resolve once. On a large text the
 * locator answers a batch with one scan, where one request at a time would rescan the text.
 */
export class RangeBatch {
  private readonly requests: LocateRequest[] = [];
  private ranges: SourceRange[] = [];

  constructor(
    private readonly good: GoodAnalysis,
    readonly positions: TextDocument,
  ) {}

  add(path: string, mark: "key" | "value" = "value"): number {
    this.requests.push({ path, mark });
    return this.requests.length - 1;
  }

  resolve(): void {
    this.ranges = this.good.locator.locateAll(this.requests);
  }

  range(request: number): Range {
    const { offset, length } = this.ranges[request] ?? { offset: 0, length: 0 };
    return { start: this.positions.positionAt(offset), end: this.positions.positionAt(offset + length) };
  }

  /** An empty range at the start of the request's range (where a lens above it belongs). */
  start(request: number): Range {
    const start = this.positions.positionAt(this.ranges[request]?.offset ?? 0);
    return { start, end: start };
  }

  location(request: number): Location {
    return { uri: this.positions.uri, range: this.range(request) };
  }
}

function applicationKey(statement: string, parent: string, period: string): string {
  return JSON.stringify([statement, parent, period]);
}

/** The current applications by (statement, parent, period); empty unless the document conforms. */
function applicationsOf(good: GoodAnalysis): Map<string, RollupApplication> {
  let index = applicationIndexes.get(good);
  if (index === undefined) {
    index = new Map();
    for (const application of good.analysis.result.calculations.applications) {
      index.set(applicationKey(application.key.statement, application.key.parent, application.key.period), application);
    }
    applicationIndexes.set(good, index);
  }
  return index;
}

export function applicationFor(good: GoodAnalysis, statement: StatementEntry, parent: ItemEntry, period: string): RollupApplication | undefined {
  if (statement.id === undefined || parent.id === undefined) return undefined;
  return applicationsOf(good).get(applicationKey(statement.id, parent.id, period));
}

// The model keeps only the array elements that are objects, each with its position in the
// document's array; children lists hold those positions. Usually both agree.
export function statementAt(model: DocumentModel, index: number): StatementEntry | undefined {
  const direct = model.statements[index];
  return direct?.index === index ? direct : model.statements.find((statement) => statement.index === index);
}

export { itemAt, childrenOf } from "../../../shared/src/index";

/** The item `item` rolls into, when rollupTo names another item of the statement. */
export function parentOf(statement: StatementEntry, item: ItemEntry): ItemEntry | undefined {
  if (item.rollupTo === undefined) return undefined;
  const parent = statement.itemsById.get(item.rollupTo);
  return parent === item ? undefined : parent;
}

export type StoredCell =
  | { kind: "value"; decimal: string }
  | { kind: "missing" }
  | { kind: "unavailable" }
  | { kind: "absent" }
  | { kind: "other"; source: string };

export function cellPath(statement: StatementEntry, item: ItemEntry, period: string): string {
  return pointer("statements", statement.index, "items", item.index, "values", period);
}

/** The stored cells of `items` in `period`, read from the parsed value (the text only for odd cells). */
export function storedCells(good: GoodAnalysis, statement: StatementEntry, items: readonly ItemEntry[], period: string): StoredCell[] {
  const odd: { index: number; path: string }[] = [];
  const cells = items.map((item, index): StoredCell => {
    const cell = storedCell(good.value, statement.index, item.index, period);
    if (cell === undefined) return { kind: "absent" };
    if (cell === null) return { kind: "missing" };
    if (isDecimal(cell)) return { kind: "value", decimal: cell };
    if (typeof cell === "object" && !Array.isArray(cell) && Object.keys(cell).length === 1 && member(cell, "unavailable") === true) return { kind: "unavailable" };
    odd.push({ index, path: cellPath(statement, item, period) });
    return { kind: "other", source: "" };
  });
  // A number or malformed string is shown as written, which only the text knows (1.50 parses as 1.5).
  const ranges = good.locator.locateAll(odd.map(({ path }) => ({ path, mark: "value" })));
  odd.forEach(({ index }, position) => {
    const range = ranges[position];
    if (range !== undefined) cells[index] = { kind: "other", source: good.text.slice(range.offset, range.offset + Math.min(range.length, 80)) };
  });
  return cells;
}

/** A stored cell as plain text: values exactly as stored, with thousands separators. */
export function cellText(cell: StoredCell): string {
  switch (cell.kind) {
    case "value":
      return groupDigits(cell.decimal);
    case "missing":
      return "null (missing)";
    case "unavailable":
      return "unavailable";
    case "absent":
      return "no cell";
    case "other":
      return cell.source;
  }
}

export function itemName(item: ItemEntry): string {
  return item.label ?? item.id ?? `item ${item.index}`;
}

export function statementName(statement: StatementEntry): string {
  return statement.label ?? statement.id ?? `statement ${statement.index}`;
}

/** "KRW millions (KRW, ×10^6)". */
export function unitSummary(unit: UnitEntry): string {
  const details = [unit.measure, unit.scale === undefined ? undefined : `×10^${unit.scale}`].filter((part): part is string => part !== undefined);
  const name = unit.label ?? unit.id;
  return details.length === 0 ? name : `${name} (${details.join(", ")})`;
}

/** "instant 2025-12-31" or "duration 2025-01-01 – 2025-12-31". */
export function periodSummary(period: PeriodEntry): string {
  if (period.kind === "instant") return `instant ${period.date ?? "(no date)"}`;
  if (period.kind === "duration") return `duration ${period.start ?? "(no start)"} – ${period.end ?? "(no end)"}`;
  return period.kind === undefined ? "period without a kind" : `period of unknown kind ${period.kind}`;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${groupDigits(String(count))} ${count === 1 ? one : many}`;
}
