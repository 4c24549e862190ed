// Document highlight on rollups: with the cursor anywhere in an item, its own id, its parent's id
// and its children's ids are highlighted (the item as "write", its relatives as "read"). Pure.

import { DocumentHighlightKind, type DocumentHighlight } from "vscode-languageserver-protocol";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { childrenOf, type ItemEntry } from "../../../shared/src/index";
import type { ParsedVersion } from "../analysis";
import { itemAtOffset } from "./callHierarchy";

export function rollupHighlights(good: ParsedVersion, document: TextDocument, offset: number): DocumentHighlight[] {
  const at = itemAtOffset(good, offset);
  if (at === undefined) return [];
  const { statement, item } = at;
  const parent = item.rollupTo === undefined || item.rollupTo === item.id ? undefined : statement.itemsById.get(item.rollupTo);
  const relatives = [...(parent === undefined ? [] : [parent]), ...childrenOf(statement, item)];
  if (relatives.length === 0) return [];
  const highlight = (entry: ItemEntry, kind: DocumentHighlightKind): DocumentHighlight[] => {
    const node = good.locator.node(`${entry.pointer}/id`);
    return node === undefined ? [] : [{ range: { start: document.positionAt(node.offset), end: document.positionAt(node.offset + node.length) }, kind }];
  };
  return [...highlight(item, DocumentHighlightKind.Write), ...relatives.flatMap((relative) => highlight(relative, DocumentHighlightKind.Read))];
}
