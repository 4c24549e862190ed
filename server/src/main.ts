// fsdoc-language-server: the FS language server for any LSP client.
// Transport from the command line: --stdio (default), --node-ipc or --socket=<port>.

import { createConnection, ProposedFeatures } from "vscode-languageserver/node";
import { FrameGuard } from "./lsp/frameGuard";
import { readFileText } from "./fileText";
import { startServer } from "./server";

const argv = process.argv.slice(2);
if (argv.includes("--help") || argv.includes("-h")) {
  process.stderr.write("Usage: fsdoc-language-server [--stdio | --node-ipc | --socket=<port>]\nThe FS 0.2 language server (Language Server Protocol).\n");
  process.exit(0);
}
const otherTransport = argv.some((arg) => arg === "--node-ipc" || arg.startsWith("--socket") || arg.startsWith("--pipe"));
if (otherTransport) {
  startServer(createConnection(ProposedFeatures.all), { readFileText });
} else {
  // stdio: frames are checked before the JSON-RPC reader sees them (see frameGuard.ts).
  const input = new FrameGuard();
  input.on("error", (error: Error) => {
    process.stderr.write(`fsdoc-language-server: invalid message from the client (${error.message}); the message stream cannot be resynchronised, so the server exits.\n`);
    process.exit(1);
  });
  process.stdin.pipe(input);
  startServer(createConnection(ProposedFeatures.all, input, process.stdout), { readFileText });
}
