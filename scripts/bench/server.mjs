// The language server, measured as an editor uses it: the real built server over stdio, the
// time from a didChange to the publishDiagnostics of that version (validation delay set to 0, so
// the debounce is excluded) for a value edit and for an edit that needs a full analysis, the time
// to the preview's patch, and the server's memory with the preview open, after a forced GC, before
// and after 100 edits. FS_BENCH_SERVER_ARGS adds node options to the server (e.g. "--cpu-prof");
// FS_BENCH_SERVER_JS names another server build.

import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
// FS_BENCH_SERVER_JS measures another build of the server (e.g. main's, for before/after figures).
const serverPath = process.env.FS_BENCH_SERVER_JS ?? fileURLToPath(new URL("../../dist/server.js", import.meta.url));
const URI = "file:///bench/document.json";

/** The Node options the VS Code client starts the server with (protocol/lsp.ts). */
function serverNodeOptions() {
  return require("../../dist/bench-engine.js").SERVER_NODE_OPTIONS ?? [];
}

/** The environment the VS Code client starts the server with (protocol/lsp.ts), over this process's. */
function serverEnvironment() {
  return { ...process.env, ...(require("../../dist/bench-engine.js").SERVER_ENV ?? {}) };
}

function residentBytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return kib === undefined ? undefined : Number(kib) * 1024;
}

const gcHook = fileURLToPath(new URL("./gc-hook.cjs", import.meta.url));
const extraArgs = (process.env.FS_BENCH_SERVER_ARGS ?? "").split(" ").filter((arg) => arg !== "");

/** User + system CPU milliseconds the process has used (from /proc; clock ticks of 10 ms). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * The memory reports a server preloaded with gc-hook.cjs writes to its stderr (the rest passed on):
 * the function forces a GC in `child` and resolves with its process.memoryUsage() (bytes).
 */
export function memoryReports(child) {
  const waiters = [];
  let pending = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk) => {
    pending += chunk;
    for (let end = pending.indexOf("\n"); end !== -1; end = pending.indexOf("\n")) {
      const line = pending.slice(0, end);
      pending = pending.slice(end + 1);
      if (line.startsWith("fs-bench-memory ")) waiters.shift()?.(JSON.parse(line.slice("fs-bench-memory ".length)));
      else process.stderr.write(`${line}\n`);
    }
  });
  return () =>
    new Promise((resolve) => {
      waiters.push(resolve);
      child.kill("SIGUSR2");
    });
}

/** `initializationOptions`: what the client sends (VS Code's: { previewAhead: true }, protocol/lsp.ts). */
export async function startServer({ initializationOptions } = {}) {
  const protocol = require("vscode-languageserver-protocol/node");
  const args = [...serverNodeOptions(), ...extraArgs, "--expose-gc", "-r", gcHook, serverPath, "--stdio"];
  const child = spawn(process.execPath, args, { stdio: ["pipe", "pipe", "pipe"], env: serverEnvironment() });
  const memory = memoryReports(child);
  const connection = protocol.createProtocolConnection(new protocol.StreamMessageReader(child.stdout), new protocol.StreamMessageWriter(child.stdin));
  const waiters = [];
  connection.onNotification("textDocument/publishDiagnostics", (params) => {
    for (const waiter of [...waiters]) if (waiter.accept(params)) waiters.splice(waiters.indexOf(waiter), 1) && waiter.resolve(params);
  });
  // The preview's updates the server pushes after each publication (fs/previewUpdate), by version.
  const updates = new Map();
  const updateWaiters = new Map();
  connection.onNotification("fs/previewUpdate", (update) => {
    if (update.uri !== URI) return;
    const waiter = updateWaiters.get(update.version);
    updateWaiters.delete(update.version);
    if (waiter !== undefined) waiter(update);
    else updates.set(update.version, update);
  });
  const update = (version) =>
    new Promise((resolve) => {
      const known = updates.get(version);
      updates.delete(version);
      if (known !== undefined) resolve(known);
      else updateWaiters.set(version, resolve);
    });
  connection.onRequest("workspace/configuration", (params) => params.items.map(() => ({ validation: { delay: 0 } })));
  connection.onRequest("client/registerCapability", () => null);
  connection.onRequest("workspace/codeLens/refresh", () => null);
  connection.listen();
  await connection.sendRequest("initialize", { processId: process.pid, rootUri: null, capabilities: { workspace: { configuration: true } }, initializationOptions });
  await connection.sendNotification("initialized", {});
  const next = (version) => new Promise((resolve) => waiters.push({ accept: (params) => params.uri === URI && params.version === version, resolve }));
  return { child, connection, next, memory, update };
}

/** The offset of one value cell's first digit, so that each run changes exactly one value. */
export function editableDigit(text) {
  const match = /"values": \{\s*"[^"]+": "(-?)([1-9])/.exec(text);
  if (match === null) throw new Error("no value cell to edit");
  return match.index + match[0].length - 1;
}

export function positionAt(text, offset) {
  let line = 0;
  let lineStart = 0;
  for (let at = text.indexOf("\n"); at !== -1 && at < offset; at = text.indexOf("\n", at + 1)) {
    line++;
    lineStart = at + 1;
  }
  return { line, character: offset - lineStart };
}

/** A label's first letter: editing it is not a value edit, so the server analyses the text in full. */
function editableLabel(text) {
  const match = /"label": "([A-Za-z])/.exec(text);
  if (match === null) throw new Error("no label to edit");
  return match.index + match[0].length - 1;
}

const mb = (value) => (value / 2 ** 20).toFixed(0);

/** Opens the document in a fresh server; `preview` also fetches the preview's whole model. */
export async function openServer(text, { preview, find }) {
  const server = await startServer();
  const idle = await server.memory();
  const opened = server.next(1);
  await server.connection.sendNotification("textDocument/didOpen", { textDocument: { uri: URI, languageId: "json", version: 1, text } });
  const first = await opened;
  if (preview) await server.connection.sendRequest("fs/previewModel", { uri: URI });
  const offset = find(text);
  const position = positionAt(text, offset);
  const char = text[offset];
  const other = /[0-9]/.test(char) ? (char === "9" ? "8" : "9") : char === "X" ? "Y" : "X";
  return { ...server, version: 1, position, chars: [other, char], idle, diagnostics: first.diagnostics.length };
}

/** One edit (alternating between two characters, so the text returns to itself) and its diagnostics. */
async function edit(state) {
  state.version++;
  const published = state.next(state.version);
  const range = { start: state.position, end: { line: state.position.line, character: state.position.character + 1 } };
  await state.connection.sendNotification("textDocument/didChange", {
    textDocument: { uri: URI, version: state.version },
    contentChanges: [{ range, text: state.chars[state.version % 2] }],
  });
  return published;
}

/** The preview's patch for the last edit, as the server pushes it after the edit's diagnostics. */
async function patch(state) {
  const result = await state.update(state.version);
  if (result?.patch === undefined) throw new Error("the preview got no patch");
  return result;
}

export async function stop(state) {
  const exited = new Promise((resolve) => state.child.once("exit", resolve));
  await state.connection.sendRequest("shutdown");
  await state.connection.sendNotification("exit");
  await exited;
  state.connection.dispose();
}

export function serverMeasurements() {
  if (!existsSync(serverPath)) return [{ name: "language server change→diagnostics", skipped: "dist/server.js is missing (npm run build)" }];
  return [
    {
      name: "language server change→diagnostics (value edit)",
      setup: (text) => openServer(text, { preview: false, find: editableDigit }),
      run: (_text, state) => edit(state),
      note: (state, bytes) => `${state.diagnostics} diagnostics published; document ${mb(bytes)} MB`,
      teardown: stop,
    },
    {
      name: "language server change→diagnostics (label edit, full analysis)",
      setup: (text) => openServer(text, { preview: false, find: editableLabel }),
      run: (_text, state) => edit(state),
      teardown: stop,
    },
    {
      name: "language server value edit→preview patch (preview open)",
      async setup(text) {
        const state = await openServer(text, { preview: true, find: editableDigit });
        state.open = await state.memory();
        return state;
      },
      async run(_text, state) {
        await edit(state);
        return patch(state);
      },
      async note(state, bytes) {
        // 100 more edits with the preview following each, then the memory again. The server's CPU
        // time per edit is read too: on a loaded machine it is steadier than the elapsed time.
        const cpuBefore = cpuMs(state.child.pid);
        const started = performance.now();
        for (let index = 0; index < 100; index++) {
          await edit(state);
          await patch(state);
        }
        const cpu = (cpuMs(state.child.pid) - cpuBefore) / 100;
        const elapsed = (performance.now() - started) / 100;
        const after = await state.memory();
        const above = (memory) => memory.rss - state.idle.rss;
        return (
          `100 edits with diagnostics and preview patch: ${elapsed.toFixed(0)} ms elapsed, ${cpu.toFixed(0)} ms of server CPU per edit; ` +
          `server memory after GC with the preview open: ${mb(state.open.rss)} MB resident, ${mb(above(state.open))} MB above the idle process (${mb(state.idle.rss)} MB) = ${(above(state.open) / bytes).toFixed(1)}× the document, heap ${mb(state.open.heapUsed)} MB; ` +
          `after 100 more edits: ${mb(after.rss)} MB resident (${(above(after) / bytes).toFixed(1)}×), heap ${mb(after.heapUsed)} MB`
        );
      },
      teardown: stop,
    },
  ];
}
