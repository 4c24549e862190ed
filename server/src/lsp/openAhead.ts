// fs/openAhead: the client names a large JSON file the editor has just opened in a tab, before
// VS Code has loaded its text and sent it (1.5–2.5 s at 5 MB in code-server). The server reads the
// file and analyses it meanwhile, on a core the editor's loading leaves free, publishes its
// diagnostics (they show as soon as the text does) and builds its outline; the didOpen then only
// compares the text (documents.ts, `prepare`), and replaces them if it brings another. What the
// first answers do not need (the value-edit index's positions, the preview's model, a draft's related
// information) waits for that didOpen, off the cores VS Code loads the text on. Reading
// files is the transport's business: the Node server reads file: URIs (fileText.ts); a server
// without a reader (the web worker) prepares nothing.

import { CancellationToken } from "vscode-languageserver";
import { OpenAheadRequest } from "../../../protocol/lsp";
import * as service from "../service/index";
import type { ServerContext } from "./context";

/** The text of the file at `uri` when it is one to read ahead (a local file within OPEN_AHEAD's sizes), else undefined. */
export type FileTextReader = (uri: string) => Promise<string | undefined>;

export function registerOpenAhead(context: ServerContext, read: FileTextReader | undefined): void {
  const { connection, store, guard } = context;
  // Once its diagnostics are written (server.ts), the outline: the editor's first request once the
  // document opens. The analysis keeps both.
  store.onPreparedPublished((analysis) => void service.documentSymbols(analysis, CancellationToken.None));
  connection.onRequest(
    OpenAheadRequest,
    guard(OpenAheadRequest.method, { prepared: false }, async (params) => {
      const uri: unknown = params?.uri;
      if (read === undefined || typeof uri !== "string" || store.isOpen(uri)) return { prepared: false };
      const text = await read(uri);
      // Opened while it was read: the didOpen's text is the one that counts.
      if (text === undefined || store.isOpen(uri)) return { prepared: false };
      return { prepared: store.prepare(uri, text) !== undefined };
    }),
  );
}
