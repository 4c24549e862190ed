// fsdoc-language-server: the FS language server for any LSP client.
// Transport from the command line: --stdio (default), --node-ipc or --socket=<port>.
// It first makes sure it runs with its memory settings (launch.ts): started without them, it runs
// the server in a child started with them, and loads nothing of the server itself.

import { relaunchWithSettings } from "./launch";

const argv = process.argv.slice(2);
if (argv.includes("--help") || argv.includes("-h")) {
  process.stderr.write("Usage: fsdoc-language-server [--stdio | --node-ipc | --socket=<port>]\nThe FS 0.2 language server (Language Server Protocol).\n");
  process.exit(0);
}
void relaunchWithSettings().then(async (relaunched) => {
  if (!relaunched) (await import("./nodeServer")).runNodeServer(argv);
});
