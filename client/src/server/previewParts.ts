// fs/previewModel with its whole model in parts (protocol/lsp.ts, PreviewModelResult.wireParts): the
// request names a partialResultToken, the server sends a large model's wire text as parts before
// its answer, and the answer says how many. Joined, they are the `wire` the rest of the extension
// takes, as if the server had answered it whole; the server never holds the whole text at once.

import * as l10n from "@vscode/l10n";
import type { Disposable, ProgressType } from "vscode-languageclient";
import { PreviewModelRequest, PreviewWireProgress, type PreviewModelParams, type PreviewModelResult, type PreviewWirePart } from "../../../protocol/lsp";

/** What this needs of a language client. */
export interface PartsClient {
  onProgress(type: ProgressType<PreviewWirePart>, token: string, handler: (part: PreviewWirePart) => void): Disposable;
  sendRequest(type: typeof PreviewModelRequest, params: PreviewModelParams): Promise<PreviewModelResult | null>;
}

let requests = 0;

/** fs/previewModel; a model sent in parts comes back whole, as `wire`. Rejects when parts went missing. */
export async function previewModelInParts(client: PartsClient, params: PreviewModelParams): Promise<PreviewModelResult | null> {
  const token = `fs/previewModel#${++requests}`;
  const parts: string[] = [];
  const listening = client.onProgress(PreviewWireProgress, token, (part) => {
    if (typeof part?.text === "string") parts.push(part.text);
  });
  try {
    const result = await client.sendRequest(PreviewModelRequest, { ...params, partialResultToken: token });
    if (result === null || result.wireParts === undefined) return result;
    // The parts come before the answer, on the same stream, in order.
    if (parts.length !== result.wireParts) throw new Error(l10n.t("the model arrived incomplete ({0} of {1} parts)", parts.length, result.wireParts));
    const { wireParts: _count, ...whole } = result;
    return { ...whole, wire: parts.join("") };
  } finally {
    listening.dispose();
  }
}
