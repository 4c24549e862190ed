// What the lens, hover and symbol features read from one parsed version: ranges (located in its
// text, in batches), stored cells, and display text. Lenient: every reader accepts nonconforming
// documents. Names, pointers and summaries come from the shared document model.

import type { Location, Range } from "vscode-languageserver-protocol";
import type { TextDocument } from "vscode-languageserver-textdocument";
import {
  cellPointer,
  isDecimal,
  member,
  periodName,
  storedCell,
  type ItemEntry,
  type LocateRequest,
  type RollupApplication,
  type SourceRange,
  type StatementEntry,
} from "../../../shared/src/index";
import * as l10n from "@vscode/l10n";
import type { DisplayFormat } from "../../../shared/src/render/localeFormat";
import type { ParsedVersion } from "../analysis";

/**
 * Ranges located together: add every request first, then resolve once. On a large text the
 * locator answers a batch with one scan, where one request at a time would rescan the text.
 */
export class RangeBatch {
  private readonly requests: LocateRequest[] = [];
  private ranges: SourceRange[] = [];

  constructor(
    private readonly good: ParsedVersion,
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

/** The current application of a parent item in one period; none without ids or while nonconforming. */
export function applicationFor(good: ParsedVersion, statement: StatementEntry, parent: ItemEntry, period: string): RollupApplication | undefined {
  if (statement.id === undefined || parent.id === undefined) return undefined;
  return good.application(statement.id, parent.id, period);
}

export function cellPath(statement: StatementEntry, item: ItemEntry, period: string): string {
  return cellPointer(statement.index, item.index, period);
}

export type StoredCell = { kind: "value"; decimal: string } | { kind: "missing" } | { kind: "unavailable" } | { kind: "absent" } | { kind: "other"; source: string };

/** The stored cells of `items` in `period`, read from the parsed value (the text only for odd cells). */
export function storedCells(good: ParsedVersion, statement: StatementEntry, items: readonly ItemEntry[], period: string): StoredCell[] {
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
export function cellText(cell: StoredCell, display: DisplayFormat): string {
  switch (cell.kind) {
    case "value":
      return display.number(cell.decimal);
    case "missing":
      return l10n.t("null (missing)");
    case "unavailable":
      return l10n.t("unavailable");
    case "absent":
      return l10n.t("no cell");
    case "other":
      return cell.source;
  }
}

/** A count in words: `one(n)` or `many(n)` (each an l10n.t message with the count as {0}), the count in the display's digits. */
export function counted(count: number, display: DisplayFormat, one: (count: string) => string, many: (count: string) => string): string {
  const text = display.number(String(count));
  return count === 1 ? one(text) : many(text);
}

/**
 * How the editor's views name a period by its id (the hover, the Rollups view, the preview's
 * explanation): as the preview's column heading does (model/names.ts periodName: its date or dates
 * in the display language; its id only where it has none, or where no period has that id).
 */
export function periodNamer(good: ParsedVersion, display: DisplayFormat): (id: string) => string {
  return (id) => {
    const period = good.model.periods.get(id);
    return period === undefined ? id : periodName(period, display.date);
  };
}
