// The transport every entry point (nodeServer.ts, browserMain.ts) gives its connection: the
// client's messages counted as they arrive, are handled and are written, so that background work
// runs only once none waits (waitingMessages.ts), and a document's lenses handed to their handler
// before the outline and code actions of that document sent just before them (lensFirst.ts).

import type { ConnectionOptions, MessageReader, MessageStrategy, MessageWriter } from "vscode-languageserver";
import { LensFirst } from "./lensFirst";
import { WaitingMessages, type ArrivingInput } from "./waitingMessages";

export interface ServerTransport {
  readonly reader: MessageReader;
  readonly writer: MessageWriter;
  /** For the connection: its message strategy. */
  readonly options: ConnectionOptions;
  /** Runs work once no message waits to be handled or written (the server's `whenIdle`). */
  readonly whenIdle: (work: () => void) => void;
}

/** `reader` and `writer` wrapped for the server; `input`: the stream `reader` reads, where partly read messages can be seen (stdio's frame guard). */
export function serverTransport(reader: MessageReader, writer: MessageWriter, input?: ArrivingInput): ServerTransport {
  const messages = new WaitingMessages(input);
  const lensFirst = new LensFirst();
  return {
    reader: messages.reader(lensFirst.reader(reader)),
    writer: messages.writer(writer),
    // WaitingMessages counts a message as handled when the connection hands it on, before LensFirst may hold it back.
    options: { messageStrategy: chainedStrategies(messages.strategy, lensFirst.strategy) },
    whenIdle: (work) => messages.whenIdle(work),
  };
}

/** `outer`'s strategy handing each message to `inner`'s (the connection takes one). */
function chainedStrategies(outer: MessageStrategy, inner: MessageStrategy): MessageStrategy {
  return { handleMessage: (message, next) => outer.handleMessage(message, (handed) => inner.handleMessage(handed, next)) };
}
