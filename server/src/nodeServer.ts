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
import type { ArrivingInput } from "./lsp/waitingMessages";
import { serverTransport } from "./lsp/serverTransport";

/** The server over `reader` and `writer`, wrapped as lsp/serverTransport.ts says. */
function serve(reader: MessageReader, writer: MessageWriter, input?: ArrivingInput): void {
  const transport = serverTransport(reader, writer, input);
  const connection = createConnection(ProposedFeatures.all, transport.reader, transport.writer, transport.options);
  startServer(connection, { readFileText, whenIdle: transport.whenIdle });
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
