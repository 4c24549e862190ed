// The outline: every member of the document (formatVersion, entity…), the units and periods, and the
// statements with their items nested by rollup (a child under
// the subtotal it rolls into). A document whose whole outline is over OUTLINE_SYMBOLS gets its
// statements and subtotals only, the whole document's shape rather than its first few statements,
// cut at OUTLINE_SYMBOLS if even that is over: VS Code asks for the outline again after every edit
// (outline, breadcrumbs, sticky scroll), and every symbol crosses the extension host and the
// workbench each time (1.5 MB per version at 5 MB with every item; docs/performance.md).

import * as l10n from "@vscode/l10n";
import { SymbolKind, type CancellationToken, type DocumentSymbol, type Position } from "vscode-languageserver-protocol";
import { itemName, parentOf, periodSummary, pointer, statementName, type DocumentModel, type ItemEntry, type StatementEntry } from "../../../shared/src/index";
import { groupDigits } from "../../../shared/src/render/format";
import type { DocumentAnalysis, ParsedVersion } from "../analysis";
import { RangeBatch } from "./documentFacts";

export const OUTLINE_SYMBOLS = 2500;

/**
 * The outline of the last good version, at the positions of its text; `limited` when it was cut
 * at OUTLINE_SYMBOLS (a notice symbol then ends it). Undefined when cancelled or there is no version.
 * A complete outline is kept with the version it was built from.
 */
export function documentSymbols(analysis: DocumentAnalysis, token: CancellationToken): { symbols: DocumentSymbol[]; limited: boolean } | undefined {
  const good = analysis.lastGood;
  if (good === undefined) return undefined;
  // Either positions (the open document's or the version's own) are of the same text.
  if (good.outline !== undefined) return good.outline;
  const outline = new Outline(good, new RangeBatch(good, analysis.positionsOf(good)), outlinePlan(good.model, good.value).subtotalsOnly);
  const symbols = outline.build(token);
  if (symbols === undefined) return undefined;
  if (outline.exceeded) symbols.push(outline.capNotice());
  good.outline = { symbols, limited: outline.exceeded };
  return good.outline;
}

/** What the outline of a document shows, from the model's counts (the language status says it, service/status.ts). */
export interface OutlinePlan {
  /** Symbols of the whole outline: a group for units, periods and statements (each with its members, when there are any), the document's other members, each statement and each item. */
  total: number;
  /** Over OUTLINE_SYMBOLS: the items that are no subtotal are left out. */
  subtotalsOnly: boolean;
  /** Symbols shown (at most OUTLINE_SYMBOLS, the cap notice not counted). */
  shown: number;
}

export function outlinePlan(model: DocumentModel, value: unknown): OutlinePlan {
  const group = (members: number): number => (members === 0 ? 0 : 1 + members);
  // The groups with their units and periods, the statements' group, and the document's other members.
  const groups = group(model.units.size) + group(model.periods.size) + (model.statements.length === 0 ? 0 : 1) + otherMembers(value).length;
  let total = groups;
  let subtotals = groups;
  for (const statement of model.statements) {
    total += 1 + statement.items.length;
    subtotals += 1;
    for (const item of statement.items) if (item.children.length > 0) subtotals++;
  }
  if (total <= OUTLINE_SYMBOLS) return { total, subtotalsOnly: false, shown: total };
  return { total, subtotalsOnly: true, shown: Math.min(subtotals, OUTLINE_SYMBOLS) };
}

/** Where a symbol's ranges come from, until the batch resolves them. */
interface Placement {
  symbol: DocumentSymbol;
  range: number;
  /** The selection: the id's value, or the key of a group; none selects the range's start. */
  selection: number | undefined;
  /** For a group, the request of its key: the range runs from the key to the end of the value. */
  from?: number;
}

class Outline {
  private used = 0;
  exceeded = false;
  private readonly placements: Placement[] = [];

  constructor(
    private readonly good: ParsedVersion,
    private readonly ranges: RangeBatch,
    /** Only the items that have children (the subtotals). */
    private readonly subtotalsOnly: boolean,
  ) {}

  build(token: CancellationToken): DocumentSymbol[] | undefined {
    const { model } = this.good;
    const units = this.group(
      "/units",
      "units",
      [...model.units.values()].map((unit) => ({ name: unit.id, detail: unit.label, kind: SymbolKind.Constant, path: unit.pointer })),
    );
    const periods = this.group(
      "/periods",
      "periods",
      [...model.periods.values()].map((period) => ({ name: period.id, detail: periodSummary(period), kind: SymbolKind.EnumMember, path: period.pointer })),
    );
    // Before the statements, which the cap may cut: the few other members always fit.
    const others = otherMembers(this.good.value).map(({ key, detail }) => this.member(key, detail));
    const statements = model.statements.length === 0 ? undefined : this.group("/statements", "statements", []);
    for (const statement of model.statements) {
      if (token.isCancellationRequested) return undefined;
      const symbol = this.symbol(statement.pointer, statementName(statement), statement.id, SymbolKind.Namespace, statement.id !== undefined);
      if (symbol === undefined) break;
      symbol.children = this.items(statement, token);
      statements?.children?.push(symbol);
    }
    if (token.isCancellationRequested) return undefined;
    this.ranges.resolve();
    for (const { symbol, range, selection, from } of this.placements) {
      symbol.range = this.ranges.range(range);
      if (from !== undefined) symbol.range.start = this.ranges.range(from).start;
      symbol.selectionRange = selection === undefined ? { start: symbol.range.start, end: symbol.range.start } : this.ranges.range(selection);
    }
    // Document order, so the outline reads like the file whatever order its members come in.
    // Every member of the document has a symbol from its key to the end of its value, as in VS
    // Code's JSON outline: both outlines serve an FS document, and the breadcrumbs take the first
    // provider's symbol around the cursor, the other's where the first has none; with members
    // left out, they flipped between "FS Documents" and "JSON Language Features" as the cursor moved.
    const members = [units, periods, statements, ...others].filter((symbol): symbol is DocumentSymbol => symbol !== undefined);
    const start = (symbol: DocumentSymbol): Position => symbol.range.start;
    return members.sort((left, right) => start(left).line - start(right).line || start(left).character - start(right).character);
  }

  /** A member of the document other than units, periods and statements, from its key to the end of its value. */
  private member(key: string, detail: string | undefined): DocumentSymbol | undefined {
    const path = pointer(key);
    const symbol = this.symbol(path, key, detail, SymbolKind.Property, false);
    if (symbol === undefined) return undefined;
    const placement = this.placements[this.placements.length - 1]!;
    placement.from = this.ranges.add(path, "key");
    placement.selection = placement.from;
    return symbol;
  }

  private take(): boolean {
    if (this.used >= OUTLINE_SYMBOLS) {
      this.exceeded = true;
      return false;
    }
    this.used++;
    return true;
  }

  private symbol(path: string, name: string, detail: string | undefined, kind: SymbolKind, hasId: boolean): DocumentSymbol | undefined {
    if (!this.take()) return undefined;
    const empty = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    // An empty name is rejected by VS Code.
    const shown = name.trim() === "" ? "(unnamed)" : name;
    // A detail that is empty or repeats the name is left out: the outline would show nothing more.
    const symbol: DocumentSymbol = { name: shown, ...(detail === undefined || detail === "" || detail === shown ? {} : { detail }), kind, range: empty, selectionRange: empty };
    this.placements.push({ symbol, range: this.ranges.add(path), selection: hasId ? this.ranges.add(`${path}/id`) : undefined });
    return symbol;
  }

  /** A group with `members`; statements are added to their group's children as they are built. */
  private group(
    path: string,
    name: "units" | "periods" | "statements",
    members: { name: string; detail: string | undefined; kind: SymbolKind; path: string }[],
  ): DocumentSymbol | undefined {
    if (name !== "statements" && members.length === 0) return undefined;
    const symbol = this.symbol(path, name, undefined, SymbolKind.Array, false);
    if (symbol === undefined) return undefined;
    // The member from its key to the end of its value, so that the key (the selection) lies inside.
    const placement = this.placements[this.placements.length - 1]!;
    placement.from = this.ranges.add(path, "key");
    placement.selection = placement.from;
    symbol.children = [];
    for (const member of members) {
      const child = this.symbol(member.path, member.name, member.detail, member.kind, true);
      if (child === undefined) break;
      symbol.children.push(child);
    }
    return symbol;
  }

  private items(statement: StatementEntry, token: CancellationToken): DocumentSymbol[] {
    const symbols = new Map<ItemEntry, DocumentSymbol>();
    for (const item of statement.items) {
      if (symbols.size % 512 === 511 && token.isCancellationRequested) return [];
      // A subtotal's parent is a subtotal too: the nesting holds without the leaves.
      if (this.subtotalsOnly && item.children.length === 0) continue;
      const kind = item.children.length > 0 ? SymbolKind.Field : SymbolKind.Number;
      const name = itemName(item);
      // The id, unless it is already the name (an item without a label), and the unit.
      const detail = [item.id === name ? undefined : item.id, item.unit].filter((part) => part !== undefined).join(" · ");
      const symbol = this.symbol(item.pointer, name, detail, kind, item.id !== undefined);
      if (symbol === undefined) break;
      symbols.set(item, symbol);
    }
    const cyclic = inCycles(statement);
    const topLevel: DocumentSymbol[] = [];
    for (const [item, symbol] of symbols) {
      const parent = cyclic.has(item) ? undefined : parentOf(statement, item);
      const parentSymbol = parent === undefined ? undefined : symbols.get(parent);
      if (parentSymbol === undefined) topLevel.push(symbol);
      else (parentSymbol.children ??= []).push(symbol);
    }
    return topLevel;
  }

  capNotice(): DocumentSymbol {
    const end = this.ranges.positions.positionAt(this.good.text.length);
    const range = { start: end, end };
    return { name: l10n.t("Outline limited to the first {0} symbols", groupDigits(String(OUTLINE_SYMBOLS))), kind: SymbolKind.Null, range, selectionRange: range };
  }
}

/** The document's members other than units, periods and statements (formatVersion, entity, scope, validationSnapshot…), with a detail where one says more. */
function otherMembers(value: unknown): { key: string; detail: string | undefined }[] {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return [];
  const record = value as Record<string, unknown>;
  return Object.keys(record)
    .filter((key) => key !== "units" && key !== "periods" && key !== "statements")
    .map((key) => {
      const member = record[key];
      const name =
        typeof member === "object" && member !== null && !Array.isArray(member)
          ? ((member as Record<string, unknown>)["name"] ?? (member as Record<string, unknown>)["label"])
          : member;
      return { key, detail: typeof name === "string" ? name : undefined };
    });
}

/** The items on a rollupTo cycle (nesting them would have no root); linear in the item count. */
function inCycles(statement: StatementEntry): Set<ItemEntry> {
  const cyclic = new Set<ItemEntry>();
  const done = new Set<ItemEntry>();
  for (const start of statement.items) {
    const walk = new Map<ItemEntry, number>();
    const order: ItemEntry[] = [];
    let current: ItemEntry | undefined = start;
    while (current !== undefined && !done.has(current) && !walk.has(current)) {
      walk.set(current, order.length);
      order.push(current);
      current = parentOf(statement, current);
    }
    const cycleStart = current === undefined ? undefined : walk.get(current);
    if (cycleStart !== undefined) for (const item of order.slice(cycleStart)) cyclic.add(item);
    for (const item of order) done.add(item);
  }
  return cyclic;
}
