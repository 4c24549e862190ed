// The language server, measured as an editor uses it: the real built server over stdio, the
// time from a didChange of one value to the publishDiagnostics of that version (validation delay
// set to 0, so the debounce is excluded), and the server's memory once the document is open.

import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const serverPath = fileURLToPath(new URL("../../dist/server.js", import.meta.url));
const URI = "file:///bench/document.json";

/** The Node options the VS Code client starts the server with (protocol/lsp.ts). */
function serverNodeOptions() {
  return require("../../dist/bench-engine.js").SERVER_NODE_OPTIONS ?? [];
}

function residentBytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return kib === undefined ? undefined : Number(kib) * 1024;
}

async function startServer() {
  const protocol = require("vscode-languageserver-protocol/node");
  const child = spawn(process.execPath, [...serverNodeOptions(), serverPath, "--stdio"], { stdio: ["pipe", "pipe", "inherit"] });
  const connection = protocol.createProtocolConnection(new protocol.StreamMessageReader(child.stdout), new protocol.StreamMessageWriter(child.stdin));
  const waiters = [];
  connection.onNotification("textDocument/publishDiagnostics", (params) => {
    for (const waiter of [...waiters]) if (waiter.accept(params)) waiters.splice(waiters.indexOf(waiter), 1) && waiter.resolve(params);
  });
  connection.onRequest("workspace/configuration", (params) => params.items.map(() => ({ validation: { delay: 0 } })));
  connection.onRequest("client/registerCapability", () => null);
  connection.onRequest("workspace/codeLens/refresh", () => null);
  connection.listen();
  await connection.sendRequest("initialize", { processId: process.pid, rootUri: null, capabilities: { workspace: { configuration: true } } });
  await connection.sendNotification("initialized", {});
  const next = (version) => new Promise((resolve) => waiters.push({ accept: (params) => params.uri === URI && params.version === version, resolve }));
  return { child, connection, next };
}

/** The offset of one value cell's first digit, so that each run changes exactly one value. */
function editableDigit(text) {
  const match = /"values": \{\s*"[^"]+": "(-?)([1-9])/.exec(text);
  if (match === null) throw new Error("no value cell to edit");
  return match.index + match[0].length - 1;
}

function positionAt(text, offset) {
  let line = 0;
  let lineStart = 0;
  for (let at = text.indexOf("\n"); at !== -1 && at < offset; at = text.indexOf("\n", at + 1)) {
    line++;
    lineStart = at + 1;
  }
  return { line, character: offset - lineStart };
}

export function serverMeasurements() {
  if (!existsSync(serverPath)) return [{ name: "language server change→diagnostics", skipped: "dist/server.js is missing (npm run build)" }];
  return [
    {
      name: "language server change→diagnostics",
      async setup(text) {
        const server = await startServer();
        const idle = residentBytes(server.child.pid);
        const opened = server.next(1);
        await server.connection.sendNotification("textDocument/didOpen", { textDocument: { uri: URI, languageId: "json", version: 1, text } });
        const first = await opened;
        globalThis.gc?.();
        const offset = editableDigit(text);
        const position = positionAt(text, offset);
        const digit = text[offset];
        return { ...server, version: 1, position, digits: [digit === "9" ? "8" : "9", digit], idle, open: residentBytes(server.child.pid), diagnostics: first.diagnostics.length };
      },
      async run(_text, state) {
        state.version++;
        const published = state.next(state.version);
        const range = { start: state.position, end: { line: state.position.line, character: state.position.character + 1 } };
        await state.connection.sendNotification("textDocument/didChange", {
          textDocument: { uri: URI, version: state.version },
          contentChanges: [{ range, text: state.digits[state.version % 2] }],
        });
        return published;
      },
      note(state, bytes) {
        const mb = (value) => (value / 2 ** 20).toFixed(0);
        return `server memory after opening: ${mb(state.open)} MB resident (${mb(state.idle)} MB idle), ${(state.open / bytes).toFixed(1)}× the document; ${state.diagnostics} diagnostics published`;
      },
      async teardown(state) {
        const exited = new Promise((resolve) => state.child.once("exit", resolve));
        await state.connection.sendRequest("shutdown");
        await state.connection.sendNotification("exit");
        await exited;
        state.connection.dispose();
      },
    },
  ];
}
