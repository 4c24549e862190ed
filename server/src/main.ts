// fsdoc-language-server: the FS language server for any LSP client.
// Transport from the command line: --stdio (default), --node-ipc or --socket=<port>.

import { createConnection, ProposedFeatures } from "vscode-languageserver/node";
import { startServer } from "./server";

const argv = process.argv.slice(2);
if (argv.includes("--help") || argv.includes("-h")) {
  process.stderr.write("Usage: fsdoc-language-server [--stdio | --node-ipc | --socket=<port>]\nThe FS 0.2 language server (Language Server Protocol).\n");
  process.exit(0);
}
if (!argv.some((arg) => arg === "--stdio" || arg === "--node-ipc" || arg.startsWith("--socket") || arg.startsWith("--pipe"))) {
  process.argv.push("--stdio");
}
startServer(createConnection(ProposedFeatures.all));
