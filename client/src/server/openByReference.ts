// The didOpen of a file the server prepared ahead (fs/openAhead), sent by reference: at 5 MB the
// didOpen's text is serialised in the extension host (60–85 ms), sent, and parsed in the server
// (55–110 ms) just before VS Code asks for the first lenses, which wait behind it. When the server
// answered fs/openAhead with the digest of the text it keeps and the text VS Code loaded has that
// digest, the client sends fs/openPrepared (protocol/lsp.ts) instead, and the server opens the
// document with its own copy. The language client's middleware sees every notification it sends
// (fsServer.ts), so the document's later ones (didChange, didClose) wait until the server has it:
// when the server no longer holds that text (`opened: false`), the didOpen with the text goes first.
// Pure: the digest and the request are given (tests fake them).

import { OPEN_AHEAD, type OpenAheadResult, type OpenPreparedParams } from "../../../protocol/lsp";

export interface OpenByReferenceDeps {
  /** TEXT_DIGEST of a text; undefined on a transport without one (every didOpen then carries its text). */
  readonly digestOf: ((text: string) => string) | undefined;
  /** Sends fs/openPrepared. */
  readonly openPrepared: (params: OpenPreparedParams) => Promise<{ opened: boolean }>;
  readonly now: () => number;
}

interface Held {
  readonly digest: string;
  /** When fs/openAhead was asked: the server's hold on the text (OPEN_AHEAD.keptMs) began later. */
  readonly askedAt: number;
}

/** Notification parameters about one document (a didOpen, didChange, didClose, didSave). */
type DocumentNotification = { textDocument?: { uri?: unknown; languageId?: unknown; version?: unknown; text?: unknown } } | undefined;

export class OpenByReference {
  /** Per document URI, the digest of the text the server holds for it. */
  private readonly held = new Map<string, Held>();
  /** Per document URI, its opening by reference until it settles (the didOpen with the text sent if refused). */
  private readonly opening = new Map<string, Promise<void>>();

  constructor(private readonly deps: OpenByReferenceDeps) {}

  /** fs/openAhead for `uri`, asked at `askedAt`, was answered. */
  answered(uri: string, askedAt: number, result: OpenAheadResult | null | undefined): void {
    if (this.deps.digestOf !== undefined && result?.prepared === true && typeof result.digest === "string") this.held.set(uri, { digest: result.digest, askedAt });
    else this.held.delete(uri);
  }

  /** The server stopped or restarted: what it held went with it. */
  clear(): void {
    this.held.clear();
  }

  /** The language client's `sendNotification` middleware: `next` sends the notification as the client would. */
  send(method: string, params: unknown, next: (params: unknown) => Promise<void>): Promise<void> {
    const document = (params as DocumentNotification)?.textDocument;
    const uri = typeof document?.uri === "string" ? document.uri : undefined;
    if (uri === undefined) return next(params);
    const opening = this.opening.get(uri);
    // Behind an opening by reference: sent once the server has the document (after the didOpen with the text if refused).
    if (opening !== undefined) return opening.then(() => next(params));
    if (method !== "textDocument/didOpen") return next(params);
    const byReference = this.reference(uri, document);
    if (byReference === undefined) return next(params);
    const opened = this.deps.openPrepared(byReference).then(
      ({ opened }) => (opened ? undefined : next(params)),
      () => next(params),
    );
    const settled = opened.finally(() => {
      if (this.opening.get(uri) === settled) this.opening.delete(uri);
    });
    this.opening.set(uri, settled);
    return settled;
  }

  /** fs/openPrepared's parameters for this didOpen, when the server holds a text with the same digest and surely still holds it. */
  private reference(uri: string, document: NonNullable<DocumentNotification>["textDocument"]): OpenPreparedParams | undefined {
    const held = this.held.get(uri);
    // Used once: a later didOpen of the same file (closed and opened again) carries its text.
    this.held.delete(uri);
    const { languageId, version, text } = document ?? {};
    if (held === undefined || this.deps.digestOf === undefined || typeof languageId !== "string" || typeof version !== "number" || typeof text !== "string") return undefined;
    // Half of what the server keeps: far from its drop (a refusal would still be handled, at a lens's cost).
    if (this.deps.now() - held.askedAt > OPEN_AHEAD.keptMs / 2) return undefined;
    const digest = this.deps.digestOf(text);
    return digest === held.digest ? { textDocument: { uri, languageId, version }, digest } : undefined;
  }
}
