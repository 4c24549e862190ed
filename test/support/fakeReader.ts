// A JSON-RPC message reader whose messages a test delivers (the server's connection wrappers:
// server/src/lsp/waitingMessages.ts, lensFirst.ts).

import { Emitter, type DataCallback, type Message, type MessageReader } from "vscode-languageserver";

export function fakeReader(): { reader: MessageReader; deliver: (message: Message) => void } {
  let callback: DataCallback = () => undefined;
  const reader: MessageReader = {
    onError: new Emitter<Error>().event,
    onClose: new Emitter<void>().event,
    onPartialMessage: new Emitter<never>().event,
    listen: (listener) => {
      callback = listener;
      return { dispose: () => undefined };
    },
    dispose: () => undefined,
  };
  return { reader, deliver: (message) => callback(message) };
}
