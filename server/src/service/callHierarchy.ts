// Call hierarchy over rollups: an item "is called by" its children (incoming) and "calls" its
// parent (outgoing). Pure: the analysis and a TextDocument of its text in, LSP items out. Every
// range comes from the parse tree.

import type { Node } from "jsonc-parser";
import { SymbolKind, type CallHierarchyIncomingCall, type CallHierarchyItem, type CallHierarchyOutgoingCall, type Range } from "vscode-languageserver-protocol";
import type { TextDocument } from "vscode-languageserver-textdocument";
import * as l10n from "@vscode/l10n";
import { childrenOf, itemAt, pointer, statementName, type ItemEntry, type StatementEntry } from "../../../shared/src/index";
import type { ParsedVersion } from "../analysis";

/** What a hierarchy item carries between requests: where the item is and which id it had. */
export interface ItemData {
  statement: number;
  item: number;
  id: string;
}

export interface ItemAt {
  statement: StatementEntry;
  item: ItemEntry;
}

/** The item whose object contains `offset` (anywhere inside it: its id, a value, its rollupTo). */
export function itemAtOffset(good: ParsedVersion, offset: number): ItemAt | undefined {
  const path = good.locator.nodeAt(offset)?.path;
  if (path === undefined) return undefined;
  if (path[0] !== "statements" || typeof path[1] !== "number" || path[2] !== "items" || typeof path[3] !== "number") return undefined;
  return itemOf(good, path[1], path[3]);
}

export function itemOf(good: ParsedVersion, statementIndex: number, itemIndex: number): ItemAt | undefined {
  const statement = good.model.statements.find((candidate) => candidate.index === statementIndex);
  const item = statement === undefined ? undefined : itemAt(statement, itemIndex);
  return statement === undefined || item === undefined || item.id === undefined ? undefined : { statement, item };
}

/** The item a hierarchy item names, if the text still has it where it was, with the same id. */
export function resolveItem(good: ParsedVersion, data: unknown): ItemAt | undefined {
  if (typeof data !== "object" || data === null) return undefined;
  const { statement, item, id } = data as Partial<ItemData>;
  if (typeof statement !== "number" || typeof item !== "number" || typeof id !== "string") return undefined;
  const found = itemOf(good, statement, item);
  return found?.item.id === id ? found : undefined;
}

function rangeOf(document: TextDocument, node: Node): Range {
  return { start: document.positionAt(node.offset), end: document.positionAt(node.offset + node.length) };
}

export function hierarchyItem(good: ParsedVersion, document: TextDocument, { statement, item }: ItemAt): CallHierarchyItem | undefined {
  const object = good.locator.node(item.pointer);
  const id = good.locator.node(`${item.pointer}/id`);
  if (object === undefined || id === undefined || item.id === undefined) return undefined;
  const childCount = item.children.length;
  return {
    name: item.label ?? item.id,
    kind: childCount > 0 ? SymbolKind.Namespace : SymbolKind.Field,
    detail: childCount > 0 ? l10n.t("{0} · {1} · subtotal of {2}", item.id, statementName(statement), childCount) : `${item.id} · ${statementName(statement)}`,
    uri: document.uri,
    range: rangeOf(document, object),
    selectionRange: rangeOf(document, id),
    data: { statement: statement.index, item: item.index, id: item.id } satisfies ItemData,
  };
}

/** Incoming calls: the item's children, each at its rollupTo naming the item. */
export function incomingCalls(good: ParsedVersion, document: TextDocument, at: ItemAt): CallHierarchyIncomingCall[] {
  return childrenOf(at.statement, at.item).flatMap((child) => {
    const from = hierarchyItem(good, document, { statement: at.statement, item: child });
    const reference = good.locator.node(pointer("statements", at.statement.index, "items", child.index, "rollupTo"));
    return from === undefined || reference === undefined ? [] : [{ from, fromRanges: [rangeOf(document, reference)] }];
  });
}

/** Outgoing calls: the item's parent, at the item's own rollupTo. */
export function outgoingCalls(good: ParsedVersion, document: TextDocument, at: ItemAt): CallHierarchyOutgoingCall[] {
  const parentId = at.item.rollupTo;
  const parent = parentId === undefined || parentId === at.item.id ? undefined : at.statement.itemsById.get(parentId);
  if (parent === undefined) return [];
  const to = hierarchyItem(good, document, { statement: at.statement, item: parent });
  const reference = good.locator.node(`${at.item.pointer}/rollupTo`);
  return to === undefined || reference === undefined ? [] : [{ to, fromRanges: [rangeOf(document, reference)] }];
}
