// fs/previewModel's whole model, sent in parts when the client asks with a partialResultToken
// (protocol/lsp.ts, PreviewModelResult.wireParts). Written whole, a 5 MB document's model was one
// 3.3 MB text, then a JSON-RPC message of it with every quote escaped, then that message's bytes:
// the server's peak memory rose by about 50 MB for the preview while it keeps less than 4 MB of it
// (docs/performance.md). In parts, each piece of the text is made once the one before it is written
// (the connection's send settles then), so only a part and its message exist at a time.
//
// While a document's model is being sent, its preview's updates wait until the answer is written:
// an update sent between the parts would reach the client before the model it patches, and the
// client would then ask for the whole model again.

import type { Connection, ProgressToken } from "vscode-languageserver";
import { PreviewWireProgress, type PreviewModelResult } from "../../../protocol/lsp";
import { previewWireParts, previewWireText, type PreviewWire } from "../../../shared/src/render/previewWire";

export class PreviewParts {
  /** Per document, the answer being sent in parts: settles once its response is written. */
  private readonly sending = new Map<string, Promise<void>>();

  constructor(private readonly connection: Connection) {}

  /**
   * The answer to fs/previewModel: `result` with the whole model's text as `wire` when it is one part
   * (or the client took no parts), else after sending the parts, with their count as `wireParts`.
   */
  answer(result: PreviewModelResult, wire: PreviewWire | undefined, token: ProgressToken | undefined): PreviewModelResult | Promise<PreviewModelResult> {
    if (wire === undefined) return result;
    if (token === undefined) return { ...result, wire: previewWireText(wire) };
    const parts = previewWireParts(wire);
    const first = parts.next();
    const second = parts.next();
    const text = first.done === true ? "" : first.value;
    // One part (a model under PREVIEW_WIRE_PART_CHARS): the text whole, as ever.
    if (second.done === true) return { ...result, wire: text };
    const sent = this.send(token, [text, second.value], parts).then((count) => ({ ...result, wireParts: count }));
    // Settles a macrotask after the answer: the response is then queued for writing before anything sent later.
    const written = sent.then(
      () => new Promise<void>((resolve) => setTimeout(resolve, 0)),
      () => undefined,
    );
    const uri = result.uri;
    this.sending.set(uri, written);
    void written.then(() => {
      if (this.sending.get(uri) === written) this.sending.delete(uri);
    });
    return sent;
  }

  /**
   * Runs `work` (sending a preview update of `uri`) now, with its result (the promise of the update
   * written), or once a model of it being sent is answered (undefined: nothing to wait for now).
   */
  afterAnswer<T>(uri: string, work: () => T): T | undefined {
    const sending = this.sending.get(uri);
    if (sending === undefined) return work();
    void sending.then(work);
    return undefined;
  }

  /** Sends `made` and then the rest of `parts`, each once the one before it is written; resolves with their count. */
  private async send(token: ProgressToken, made: readonly string[], parts: Iterator<string, void>): Promise<number> {
    let count = 0;
    for (const text of made) {
      await this.connection.sendProgress(PreviewWireProgress, token, { text });
      count++;
    }
    for (let next = parts.next(); next.done !== true; next = parts.next()) {
      await this.connection.sendProgress(PreviewWireProgress, token, { text: next.value });
      count++;
    }
    return count;
  }
}
