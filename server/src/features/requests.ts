// The custom requests behind the preview, the snapshot diff view, recording and export
// (contract: shared/src/protocol.ts).

import { TextDocument } from "vscode-languageserver-textdocument";
import { recordSnapshot } from "../../../shared/src/index";
import {
  EXPORT_METHOD,
  RECORD_EDITS_METHOD,
  RENDER_METHOD,
  SNAPSHOT_DIFF_METHOD,
  VALIDATE_TEXT_METHOD,
  type DocumentParams,
  type ExportParams,
  type ExportResult,
  type RecordEditsResult,
  type RenderResult,
  type SnapshotDiffResult,
  type ValidateTextParams,
  type ValidateTextResult,
} from "../../../shared/src/protocol";
import { buildPresentation, renderHtmlPage, renderStatementsHtml, renderTsv } from "../../../shared/src/render/index";
import { analyzeVersion } from "../analysis";
import type { ServerContext } from "../context";
import { isFsDocumentValue, mightBeFsDocument } from "../../../shared/src/detect";
import { diagnosticsFor } from "../diagnostics";
import { statusOf } from "../server";

const NOT_OPEN = "This document is not open as an FS document.";
const BROKEN = "The text is not valid JSON; fix the syntax errors first.";

export function registerRequests(context: ServerContext): void {
  const { connection, store } = context;

  connection.onRequest(
    RENDER_METHOD,
    context.guard<DocumentParams, RenderResult | null>(RENDER_METHOD, null, ({ uri }) => {
      const open = store.current(uri);
      if (open === undefined) return null;
      const { state } = open;
      const status = statusOf(state);
      const good = state.good;
      if (good === undefined) return { uri, version: state.version, status, title: "", html: "", problem: BROKEN };
      const presentation = buildPresentation(good.value, good.analysis.result);
      const title = [presentation.entity, presentation.scope].filter((part) => part !== undefined).join(" — ");
      return {
        uri,
        version: state.version,
        status,
        title,
        html: renderStatementsHtml(presentation),
        problem: state.current ? undefined : `${BROKEN} Showing version ${good.version}.`,
      };
    }),
  );

  connection.onRequest(
    SNAPSHOT_DIFF_METHOD,
    context.guard<DocumentParams, SnapshotDiffResult | null>(SNAPSHOT_DIFF_METHOD, null, ({ uri }) => {
      const open = store.current(uri);
      if (open === undefined) return null;
      const { state } = open;
      if (!state.current || state.good === undefined) return { uri, version: state.version, diff: undefined, problem: BROKEN };
      return { uri, version: state.version, diff: state.good.diff };
    }),
  );

  connection.onRequest(
    RECORD_EDITS_METHOD,
    context.guard<DocumentParams, RecordEditsResult | null>(RECORD_EDITS_METHOD, null, ({ uri }) => {
      const open = store.current(uri);
      if (open === undefined) return null;
      const { state } = open;
      if (!state.current || state.good === undefined) return { uri, version: state.version, edits: [], problem: BROKEN };
      const recording = recordSnapshot(state.good.text, state.good.value);
      if (recording === undefined) return { uri, version: state.version, edits: [], problem: "The document is not a JSON object." };
      return { uri, version: state.version, edits: recording.edits };
    }),
  );

  connection.onRequest(
    EXPORT_METHOD,
    context.guard<ExportParams, ExportResult>(EXPORT_METHOD, { files: [], problem: "Export failed; see the FS output channel." }, ({ uri, format }) => {
      const open = store.current(uri);
      if (open === undefined) return { files: [], problem: NOT_OPEN };
      const good = open.state.current ? open.state.good : undefined;
      if (good === undefined) return { files: [], problem: BROKEN };
      if (format === "html") {
        const page = renderHtmlPage(good.value, good.analysis.result);
        return page.ok ? { files: [{ text: page.text }] } : { files: [], problem: page.error.message };
      }
      const tables = renderTsv(good.value);
      return tables.ok ? { files: tables.files.map((file) => ({ statement: file.statement, text: file.text })) } : { files: [], problem: tables.error.message };
    }),
  );

  connection.onRequest(
    VALIDATE_TEXT_METHOD,
    context.guard<ValidateTextParams, ValidateTextResult>(VALIDATE_TEXT_METHOD, { isFsDocument: false, status: undefined }, ({ uri, text }) => {
      // Open documents are already validated live; their diagnostics must not be overwritten.
      if (store.documents.get(uri) !== undefined) {
        const open = store.current(uri);
        return { isFsDocument: open !== undefined, status: open === undefined ? undefined : statusOf(open.state) };
      }
      if (!mightBeFsDocument(text)) return { isFsDocument: false, status: undefined };
      const state = analyzeVersion(uri, 0, text, undefined);
      if (state.good !== undefined && !isFsDocumentValue(state.good.value)) return { isFsDocument: false, status: undefined };
      const document = TextDocument.create(uri, "json", 0, text);
      void connection.sendDiagnostics({ uri, diagnostics: diagnosticsFor(state, document, context.settings()) });
      return { isFsDocument: true, status: statusOf(state) };
    }),
  );
}
