// Which files the extension asks the server to read ahead of their opening, and when: the rule
// (the file's URI, size and first bytes) and the requests, over what they need of VS Code
// (openAhead.ts binds it), so that both are tested without an editor.

import { isOpenAheadSize, OPEN_AHEAD } from "../../../protocol/lsp";
import { isFsDocumentStart } from "../detectText";

/** Bytes of a file read to decide by its start whether it is an FS document (as detection.ts reads the first 64 Ki characters). */
const START_BYTES = 64 * 1024;

/** A local file that may be an FS document: a JSON name, or one an fs.files pattern names. */
export function mayOpenAhead(uri: { scheme: string; path: string }, named: boolean): boolean {
  return uri.scheme === "file" && (named || /\.jsonc?$/i.test(uri.path));
}

/** Whether a file's start makes it an FS document (a start that does not decide is not enough to start the server for). */
export function startsLikeFsDocument(bytes: Uint8Array): boolean {
  const whole = bytes.length <= START_BYTES;
  return isFsDocumentStart(new TextDecoder().decode(whole ? bytes : bytes.subarray(0, START_BYTES)), whole) === true;
}

/** What deciding needs of VS Code (client/src/server/openAhead.ts binds it; tests fake it). */
export interface OpenAheadEnvironment<U> {
  /** The document is open in the editor already (its didOpen has been or will be sent). */
  isOpen(uri: U): boolean;
  /** An FS document by its name (`*.fs.json` or an fs.files pattern). */
  isNamed(uri: U): boolean;
  /** fs.enable and fs.openAhead are on for it. */
  isWanted(uri: U): boolean;
  size(uri: U): Promise<number>;
  bytes(uri: U): Promise<Uint8Array>;
  serverRunning(): boolean;
  /** Sends fs/openAhead (starting the server if needed). */
  ask(uri: U): Promise<void>;
}

/**
 * Asks once per opening: a tab shown again (or reported active again) before its document opens
 * asks nothing more; the document's opening, or OPEN_AHEAD.keptMs (what the server keeps for it),
 * lets the next opening ask again.
 */
export class OpenAheadRequests<U extends { scheme: string; path: string; toString(): string }> {
  private readonly asked = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(private readonly environment: OpenAheadEnvironment<U>) {}

  /** A tab shows `uri` (the active tab of its group). */
  async tabShown(uri: U): Promise<void> {
    const { environment } = this;
    const key = uri.toString();
    if (this.asked.has(key) || environment.isOpen(uri)) return;
    const named = environment.isNamed(uri);
    if (!mayOpenAhead(uri, named) || !environment.isWanted(uri)) return;
    this.asked.set(
      key,
      setTimeout(() => this.opened(key), OPEN_AHEAD.keptMs),
    );
    if (!isOpenAheadSize(await environment.size(uri))) return;
    if (!named && !environment.serverRunning() && !startsLikeFsDocument(await environment.bytes(uri))) return;
    // Opened meanwhile: its didOpen brings the text.
    if (!environment.isOpen(uri)) await environment.ask(uri);
  }

  /** The document `key` opened: its next opening may ask again. */
  opened(key: string): void {
    clearTimeout(this.asked.get(key));
    this.asked.delete(key);
  }

  dispose(): void {
    for (const timer of this.asked.values()) clearTimeout(timer);
    this.asked.clear();
  }
}
