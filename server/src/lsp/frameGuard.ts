// Checks the framing of the messages arriving on stdin before vscode-jsonrpc reads them. The
// reader trusts Content-Length: a negative or otherwise invalid one corrupts its buffer, and the
// server then stays alive but answers nothing. A stream whose frame boundary is lost cannot be
// resynchronised, so an invalid header is an error: the server says why on stderr and exits,
// and the client restarts it. Valid frames pass through unchanged.

import { Transform, type TransformCallback } from "node:stream";

const SEPARATOR = Buffer.from("\r\n\r\n", "ascii");
/** Longer headers are not LSP (it defines two short fields). */
const MAX_HEADER_BYTES = 8 * 1024;
/** V8 cannot hold a longer string, so a larger body could never be decoded. */
export const MAX_CONTENT_LENGTH = 512 * 1024 * 1024;

/** The Content-Length of a header block, or why the block is invalid. */
export function contentLength(header: string): number | string {
  let length: number | undefined;
  for (const line of header.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) return `the header line ${JSON.stringify(line.slice(0, 80))} is not "Name: value"`;
    if (line.slice(0, colon).trim().toLowerCase() !== "content-length") continue;
    const value = line.slice(colon + 1).trim();
    if (!/^[0-9]{1,10}$/.test(value)) return `Content-Length ${JSON.stringify(value.slice(0, 40))} is not a byte count`;
    length = Number(value);
    if (length > MAX_CONTENT_LENGTH) return `Content-Length ${value} exceeds ${MAX_CONTENT_LENGTH} bytes`;
  }
  return length ?? "the header has no Content-Length";
}

export class FrameGuard extends Transform {
  private header: Buffer = Buffer.alloc(0);
  /** Body bytes of the current frame still to pass through. */
  private remaining = 0;
  private readonly framed: (() => void)[] = [];

  /** Whether part of a message has arrived and the rest not yet (a 5 MB didOpen arrives in many reads). */
  get arriving(): boolean {
    return this.remaining > 0 || this.header.length > 0;
  }

  /** Calls `listener` once, when the message arriving now has arrived whole (lsp/waitingMessages.ts). */
  onceArrived(listener: () => void): void {
    this.framed.push(listener);
  }

  private arrived(): void {
    for (const listener of this.framed.splice(0)) listener();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let data = chunk;
    while (data.length > 0) {
      if (this.remaining > 0) {
        const take = Math.min(this.remaining, data.length);
        this.push(data.subarray(0, take));
        this.remaining -= take;
        data = data.subarray(take);
        if (this.remaining === 0) this.arrived();
        continue;
      }
      const combined = this.header.length === 0 ? data : Buffer.concat([this.header, data]);
      const end = combined.indexOf(SEPARATOR);
      if (end === -1) {
        if (combined.length > MAX_HEADER_BYTES) return done(new Error(`a message header is longer than ${MAX_HEADER_BYTES} bytes`));
        this.header = Buffer.from(combined);
        return done();
      }
      const length = contentLength(combined.subarray(0, end).toString("latin1"));
      if (typeof length === "string") return done(new Error(length));
      this.push(combined.subarray(0, end + SEPARATOR.length));
      this.header = Buffer.alloc(0);
      this.remaining = length;
      data = combined.subarray(end + SEPARATOR.length);
      if (length === 0) this.arrived();
    }
    done();
  }
}
