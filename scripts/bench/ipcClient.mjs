// The client's side of the language server over node-ipc, as VS Code's client starts it: its
// initialization options (the preview's model ahead, diagnostics by group) and answers to the
// server's own requests. For the node-ipc benchmarks (ipc-edits.mjs, editor-session.mjs).
import { fork } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { generateWithStats } from "./generate.mjs";

const protocol = createRequire(import.meta.url)("vscode-languageserver-protocol/node");

/**
 * A connection to the server `child` (forked with an IPC channel), listening and initialized;
 * `settings` is what each workspace/configuration item answers.
 */
export async function initializedOverIpc(child, { settings = {}, onNotifications = () => undefined } = {}) {
  const connection = protocol.createProtocolConnection(new protocol.IPCMessageReader(child), new protocol.IPCMessageWriter(child));
  onNotifications(connection);
  connection.onNotification(() => undefined);
  connection.onRequest("workspace/configuration", (params) => params.items.map(() => settings));
  connection.onRequest("client/registerCapability", () => null);
  connection.onRequest("workspace/codeLens/refresh", () => null);
  connection.onRequest("workspace/inlayHint/refresh", () => null);
  connection.listen();
  await connection.sendRequest("initialize", {
    processId: process.pid,
    rootUri: null,
    capabilities: { workspace: { configuration: true } },
    initializationOptions: { previewAhead: true, diagnosticGroups: true },
  });
  await connection.sendNotification("initialized", {});
  return connection;
}

/**
 * The server (dist/server.js, or FS_BENCH_SERVER_JS) forked over node-ipc as VS Code's client runs
 * it, and a generated 5 MB document of `shape` written to a file of its own (fs/openAhead reads it
 * there): its URI, the server's CPU so far, and a clean-up.
 */
export function serverAndFile(shape, folderPrefix) {
  const require = createRequire(import.meta.url);
  const engine = require("../../dist/bench-engine.js");
  const serverPath = process.env.FS_BENCH_SERVER_JS ?? fileURLToPath(new URL("../../dist/server.js", import.meta.url));
  const { text } = generateWithStats({ targetBytes: 5e6, seed: 1, shape });
  const folder = mkdtempSync(join(tmpdir(), folderPrefix));
  const file = join(folder, `statements-${shape.replaceAll("+", "-")}-5mb.json`);
  writeFileSync(file, text);
  const child = fork(serverPath, ["--node-ipc"], {
    // FS_BENCH_SERVER_ARGS adds Node options to the server (e.g. "--cpu-prof --cpu-prof-dir=<dir>").
    execArgv: [...(engine.SERVER_NODE_OPTIONS ?? []), ...(process.env.FS_BENCH_SERVER_ARGS ?? "").split(" ").filter((arg) => arg !== "")],
    env: { ...process.env, ...(engine.SERVER_ENV ?? {}) },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const cpuMs = () => {
    const fields = readFileSync(`/proc/${child.pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  };
  return { serverPath, text, uri: pathToFileURL(file).href, child, cpuMs, cleanUp: () => rmSync(folder, { recursive: true, force: true }) };
}
