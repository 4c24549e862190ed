// Documents a preview shows that the server does not hold open: the left side of a Git diff (a git:
// URI), or any scheme the client does not sync. The client sends such a document's text with its
// preview request (protocol/lsp.ts, PreviewModelParams.sentDocument), once per version. Each is
// analysed once per version and kept until no preview shows it. It is never validated (nothing is
// published for it: it is a version of a file, not the file the user edits), and the grid writes
// nothing to it: the preview shows it read-only.

import type { SentDocument } from "../../../protocol/lsp";
import { isFsDocumentValue } from "../../../shared/src/detect";
import { DocumentAnalysis } from "../analysis";
import { OpenDocument } from "../textDocument";

export class SentDocuments {
  private readonly documents = new Map<string, DocumentAnalysis>();

  /**
   * The document at `uri`: analysed from `sent` when it is given and is another version than the
   * one kept, else the one kept. Undefined when none was sent, or when its text parses and is not
   * an FS document and `named` (by its name or the fs.files patterns) does not make it one.
   */
  hold(uri: string, sent: SentDocument | undefined, named: boolean): DocumentAnalysis | undefined {
    const kept = this.documents.get(uri);
    if (sent !== undefined && sent.version !== kept?.version) {
      const analysis = DocumentAnalysis.of(OpenDocument.create(uri, "json", sent.version, sent.text), kept);
      if (!named && analysis.parsed !== undefined && !isFsDocumentValue(analysis.parsed.value)) {
        this.documents.delete(uri);
        return undefined;
      }
      this.documents.set(uri, analysis);
      return analysis;
    }
    return kept;
  }

  /** The document kept at `uri`, for the navigation and explanation requests about it. */
  get(uri: string): DocumentAnalysis | undefined {
    return this.documents.get(uri);
  }

  /** No preview shows `uri` any more. */
  release(uri: string): void {
    this.documents.delete(uri);
  }
}
