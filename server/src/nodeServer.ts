// The language server in a Node process (main.ts starts it once the process has its settings),
// over the transport the command line names: --stdio (default), --node-ipc or --socket=<port>.

import { createConnection, ProposedFeatures, StreamMessageReader, StreamMessageWriter } from "vscode-languageserver/node";
import { FrameGuard } from "./lsp/frameGuard";
import { readFileText } from "./fileText";
import { startServer } from "./server";
import { WaitingMessages } from "./lsp/waitingMessages";

export function runNodeServer(argv: readonly string[]): void {
  const otherTransport = argv.some((arg) => arg === "--node-ipc" || arg.startsWith("--socket") || arg.startsWith("--pipe"));
  if (otherTransport) {
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
  const messages = new WaitingMessages();
  const connection = createConnection(ProposedFeatures.all, messages.reader(new StreamMessageReader(input)), messages.writer(new StreamMessageWriter(process.stdout)), {
    messageStrategy: messages.strategy,
  });
  startServer(connection, { readFileText, whenIdle: (work) => messages.whenIdle(work) });
}
