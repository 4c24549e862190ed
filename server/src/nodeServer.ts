// The language server in a Node process (main.ts starts it once the process has its settings),
// over the transport the command line names: --stdio (default), --node-ipc (VS Code's client) or
// --socket=<port> / --pipe=<name>.

import {
  createConnection,
  IPCMessageReader,
  IPCMessageWriter,
  ProposedFeatures,
  StreamMessageReader,
  StreamMessageWriter,
  type MessageReader,
  type MessageWriter,
} from "vscode-languageserver/node";
import { FrameGuard } from "./lsp/frameGuard";
import { readFileText } from "./fileText";
import { startServer } from "./server";
import { WaitingMessages, type ArrivingInput } from "./lsp/waitingMessages";
import { chainedStrategies, LensFirst } from "./lsp/lensFirst";

/** The server over `reader` and `writer`, its background work after the client's waiting messages (lsp/waitingMessages.ts), a document's lenses before its outline (lsp/lensFirst.ts). */
function serve(reader: MessageReader, writer: MessageWriter, input?: ArrivingInput): void {
  const messages = new WaitingMessages(input);
  // A document's lenses answered before its outline and code actions sent just before them (lsp/lensFirst.ts).
  const lensFirst = new LensFirst();
  const connection = createConnection(ProposedFeatures.all, messages.reader(lensFirst.reader(reader)), messages.writer(writer), {
    messageStrategy: chainedStrategies(messages.strategy, lensFirst.strategy),
  });
  startServer(connection, { readFileText, whenIdle: (work) => messages.whenIdle(work) });
}

export function runNodeServer(argv: readonly string[]): void {
  if (argv.includes("--node-ipc")) {
    serve(new IPCMessageReader(process), new IPCMessageWriter(process));
    return;
  }
  if (argv.some((arg) => arg.startsWith("--socket") || arg.startsWith("--pipe"))) {
    startServer(createConnection(ProposedFeatures.all), { readFileText });
    return;
  }
  // stdio: frames are checked before the JSON-RPC reader sees them (see frameGuard.ts).
  const input = new FrameGuard();
  input.on("error", (error: Error) => {
    process.stderr.write(`fsdoc-language-server: invalid message from the client (${error.message}); the message stream cannot be resynchronised, so the server exits.\n`);
    process.exit(1);
  });
  process.stdin.pipe(input);
  serve(new StreamMessageReader(input), new StreamMessageWriter(process.stdout), input);
}
