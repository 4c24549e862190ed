// A preview of a document the language server does not hold open (the left side of a Git diff, a
// git: URI): its model requests carry the document's text, once per version. When the server has
// none (it started again since, or the preview showed another document and released it), it
// answers null, and the request is made again with the text. Pure (no vscode import).

import type { PreviewModelResult, SentDocument } from "../../../protocol/lsp";

/** The document as the panel sees it when it asks: its version and its text (read only when sent). */
export interface SentDocumentNow {
  uri: string;
  version: number;
  text(): string;
}

export type AskForModel = (baseVersion: number | undefined, sent: SentDocument | undefined) => Promise<PreviewModelResult | null>;

export class SentDocumentRequests {
  /** The document and version the server was last sent (and answered for). */
  private sent: { uri: string; version: number } | undefined;

  /** The model of `document` from the server (`ask`), its text sent when the server may not have it. */
  async model(document: SentDocumentNow, baseVersion: number | undefined, ask: AskForModel): Promise<PreviewModelResult | null> {
    const known = this.sent?.uri === document.uri && this.sent.version === document.version;
    const result = await ask(baseVersion, known ? undefined : { text: document.text(), version: document.version });
    if (result !== null) {
      this.sent = { uri: document.uri, version: document.version };
      return result;
    }
    this.sent = undefined;
    // The server had forgotten it: once more, with the text. (Sent and still null: not an FS document.)
    return known ? this.model(document, baseVersion, ask) : null;
  }
}
