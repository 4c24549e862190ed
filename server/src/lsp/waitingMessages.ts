// Background work after a publication (the related information of a draft's failing subtotals, the
// value edits' index, the preview's model built ahead) runs once the messages that have arrived are
// handled and the answers sent are written. vscode-jsonrpc handles one queued message per turn of
// the event loop and writes each message in a later turn than the one that sends it, and work put
// on a timer ran in between: on a 5 MB draft the requests VS Code sends as a document opens
// (outline, code actions, inlay hints, the code lenses in view) were handled, or answered, only
// after a second of it, so the first code lens came long after the problems (docs/performance.md).
// The reader counts what arrives, the connection's message strategy what it hands to a handler, the
// writer what is not written yet; work given to `whenIdle` waits a turn at a time until nothing is.
// A message that has begun to arrive and is not whole yet is waited for too (over stdio, where the
// frame guard sees it, `input`): a 5 MB didOpen arrives in about 80 reads of the pipe, one per turn,
// and a step of background work ran in every turn between them, so the didOpen of a file read
// ahead reached the server seconds late, after all of the work (docs/performance.md).

import type { DataCallback, Disposable, Message, MessageReader, MessageStrategy, MessageWriter } from "vscode-languageserver";

/** A cancellation may be consumed on arrival (its request running) without being queued: neither side counts it. */
const CANCEL = "$/cancelRequest";
/** Turns to wait at most for the queue (a client that never pauses must not keep the work from running). */
const MAX_TURNS = 1000;

const counted = (message: Message): boolean => (message as { method?: unknown }).method !== CANCEL;

/** The next turn of the event loop, after the connection's own (the web worker has no setImmediate; vscode-jsonrpc uses a timer there too). */
const immediate = (globalThis as { setImmediate?: (work: () => void) => unknown }).setImmediate;
const nextTurn = (work: () => void): void => void (immediate === undefined ? setTimeout(work, 0) : immediate(work));

/** What arrives before the reader parses it: whether a message is partly read, and when it is whole. */
export interface ArrivingInput {
  readonly arriving: boolean;
  onceArrived(listener: () => void): void;
}

export class WaitingMessages {
  /** `input`: the stream the reader reads (stdio's frame guard); without it only whole messages are seen. */
  constructor(private readonly input?: ArrivingInput) {}

  private received = 0;
  private handled = 0;
  private writing = 0;
  /** Settles once the last message sent is written (the writer writes them in order). */
  private written: Promise<unknown> = Promise.resolve();

  /** Handed to the connection (ConnectionOptions.messageStrategy): counts each message as it is handled. */
  readonly strategy: MessageStrategy = {
    handleMessage: (message, next) => {
      if (counted(message)) this.handled++;
      return next(message);
    },
  };

  /** `inner`, counting each message as it arrives. */
  reader(inner: MessageReader): MessageReader {
    return watchedReader(inner, (message) => {
      if (counted(message)) this.received++;
    });
  }

  /** `inner`, counting each message until it is written. */
  writer(inner: MessageWriter): MessageWriter {
    return {
      onError: inner.onError,
      onClose: inner.onClose,
      write: (message) => {
        this.writing++;
        const done = inner.write(message).finally(() => this.writing--);
        this.written = done.catch(() => undefined);
        return done;
      },
      end: () => inner.end(),
      dispose: () => inner.dispose(),
    };
  }

  /**
   * Runs `work` in a later turn of the event loop, once no message that arrived waits for its turn
   * (checked each turn, at most MAX_TURNS), none is partly read, and every message sent is written.
   */
  whenIdle(work: () => void): void {
    let turns = 0;
    const turn = (): void => {
      // A message partly read: no turn is counted, the rest comes as the client writes it.
      if (this.input?.arriving === true) this.input.onceArrived(() => nextTurn(turn));
      else if (this.received > this.handled && ++turns < MAX_TURNS) nextTurn(turn);
      else if (this.writing > 0) void this.written.then(() => nextTurn(turn));
      else work();
    };
    nextTurn(turn);
  }
}

/** `inner`, telling `arrived` of each message before the connection queues it. */
export function watchedReader(inner: MessageReader, arrived: (message: Message) => void): MessageReader {
  return {
    onError: inner.onError,
    onClose: inner.onClose,
    onPartialMessage: inner.onPartialMessage,
    listen: (callback: DataCallback): Disposable =>
      inner.listen((message) => {
        arrived(message);
        callback(message);
      }),
    dispose: () => inner.dispose(),
  };
}

/** Without a counted connection (other transports): work runs in a later macrotask. */
export function laterMacrotask(work: () => void): void {
  setTimeout(work, 0);
}
