// Registration of the rollup views: inlay hints with the children's sum, call hierarchy and
// document highlight over rollupTo, and the Rollups tree's custom request. The logic is in the
// pure functions of server/src/service/; this file only translates.

import type {
  CallHierarchyIncomingCall,
  CallHierarchyIncomingCallsParams,
  CallHierarchyItem,
  CallHierarchyOutgoingCall,
  CallHierarchyOutgoingCallsParams,
  CallHierarchyPrepareParams,
  DocumentHighlight,
  DocumentHighlightParams,
  InlayHint,
  InlayHintParams,
  ServerCapabilities,
} from "vscode-languageserver/node";
import { ROLLUP_TREE_METHOD, type DocumentParams, type RollupTreeResult } from "../../../shared/src/protocol";
import type { ServerContext } from "../context";
import { hierarchyItem, incomingCalls, itemAtOffset, outgoingCalls, resolveItem } from "../service/callHierarchy";
import { rollupHighlights } from "../service/documentHighlight";
import { rollupSumHints } from "../service/inlayHints";
import { rollupTree } from "../service/rollupTree";

export const rollupViewCapabilities: ServerCapabilities = {
  inlayHintProvider: true,
  callHierarchyProvider: true,
  documentHighlightProvider: true,
};

export function registerRollupViews(context: ServerContext): void {
  const { connection, store } = context;
  /** The analysis of the current text (these features answer only while the text parses). */
  const currentGood = (uri: string) => {
    const open = store.current(uri);
    const good = open?.state.current ? open.state.good : undefined;
    return open === undefined || good === undefined ? undefined : { good, document: open.document };
  };

  connection.languages.inlayHint.on(
    context.guard<InlayHintParams, InlayHint[] | null>("inlayHint", null, ({ textDocument, range }) => {
      const found = currentGood(textDocument.uri);
      if (found === undefined) return null;
      const { good, document } = found;
      return rollupSumHints(good, context.settings().rollupSums, document.offsetAt(range.start), document.offsetAt(range.end)).map((hint) => ({
        position: document.positionAt(hint.offset),
        label: hint.label,
        tooltip: hint.tooltip,
        paddingLeft: true,
      }));
    }),
  );

  connection.languages.callHierarchy.onPrepare(
    context.guard<CallHierarchyPrepareParams, CallHierarchyItem[] | null>("prepareCallHierarchy", null, ({ textDocument, position }) => {
      const found = currentGood(textDocument.uri);
      const at = found === undefined ? undefined : itemAtOffset(found.good, found.document.offsetAt(position));
      const item = found === undefined || at === undefined ? undefined : hierarchyItem(found.good, found.document, at);
      return item === undefined ? null : [item];
    }),
  );
  connection.languages.callHierarchy.onIncomingCalls(
    context.guard<CallHierarchyIncomingCallsParams, CallHierarchyIncomingCall[] | null>("incomingCalls", null, ({ item }) => {
      const found = currentGood(item.uri);
      const at = found === undefined ? undefined : resolveItem(found.good, item.data);
      return found === undefined || at === undefined ? null : incomingCalls(found.good, found.document, at);
    }),
  );
  connection.languages.callHierarchy.onOutgoingCalls(
    context.guard<CallHierarchyOutgoingCallsParams, CallHierarchyOutgoingCall[] | null>("outgoingCalls", null, ({ item }) => {
      const found = currentGood(item.uri);
      const at = found === undefined ? undefined : resolveItem(found.good, item.data);
      return found === undefined || at === undefined ? null : outgoingCalls(found.good, found.document, at);
    }),
  );

  connection.onDocumentHighlight(
    context.guard<DocumentHighlightParams, DocumentHighlight[] | null>("documentHighlight", null, ({ textDocument, position }) => {
      const found = currentGood(textDocument.uri);
      return found === undefined ? null : rollupHighlights(found.good, found.document, found.document.offsetAt(position));
    }),
  );

  connection.onRequest(
    ROLLUP_TREE_METHOD,
    context.guard<DocumentParams, RollupTreeResult | null>(ROLLUP_TREE_METHOD, null, ({ uri }) => {
      const found = currentGood(uri);
      return found === undefined ? null : { uri, version: found.document.version, statements: rollupTree(found.good, found.document) };
    }),
  );
}
