// The language server's memory "after a forced GC" (issue 11), read in the real editor: the server
// runs without --expose-gc, so the benchmark opens its inspector the way a debugger attaches to a
// running Node process (SIGUSR1 starts it on 127.0.0.1:9229) and asks V8 for a full collection over
// the Chrome DevTools Protocol (HeapProfiler.collectGarbage, which also returns freed pages to the
// system). Node 20's WebSocket needs --experimental-websocket, so the client runs as a child process.
// Also: the resident memory of an idle server process (started, initialized, no document), the base
// the target is measured above.

import { execFile, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../../support/paths";
import { SERVER_ENV, SERVER_NODE_OPTIONS, type FsInitializationOptions } from "../../../protocol/lsp";

const INSPECTOR = "127.0.0.1:9229";

/**
 * Runs in the child: find the inspector target whose script is our server, collect, report; with a
 * file name, then write a heap snapshot of what is left to it (--server-heap-snapshots).
 */
const CLIENT = `
const [inspector, pattern, snapshotFile, pid] = process.argv.slice(1);
(async () => {
  let url;
  for (let attempt = 0; attempt < 100 && url === undefined; attempt++) {
    try {
      const targets = await (await fetch("http://" + inspector + "/json/list")).json();
      url = targets.find((target) => new RegExp(pattern).test(target.url + " " + target.title))?.webSocketDebuggerUrl;
    } catch {}
    if (url === undefined) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (url === undefined) throw new Error("no inspector target for the language server at " + inspector);
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => { socket.addEventListener("open", resolve); socket.addEventListener("error", reject); });
  const chunks = [];
  const replies = new Map();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.method === "HeapProfiler.addHeapSnapshotChunk") chunks.push(message.params.chunk);
    else replies.get(message.id)?.(message);
  });
  const call = (id, method, params) => new Promise((resolve) => { replies.set(id, resolve); socket.send(JSON.stringify({ id, method, params })); });
  const answer = await call(1, "HeapProfiler.collectGarbage");
  if (answer.error !== undefined) throw new Error(answer.error.message);
  // What the resident memory is made of now: V8's heap (used, and committed), memory outside it.
  const expression = "JSON.stringify({ usage: process.memoryUsage(), spaces: process.mainModule?.require('node:v8').getHeapSpaceStatistics() })";
  const usage = await call(3, "Runtime.evaluate", { expression, returnByValue: true });
  console.log(usage.result?.result?.value ?? "{}");
  if (snapshotFile !== undefined) {
    // The process's mappings as they are after the collection, before the snapshot grows it.
    require("node:fs").writeFileSync(snapshotFile.replace(/\\.heapsnapshot$/, "") + ".smaps", require("node:fs").readFileSync("/proc/" + pid + "/smaps"));
    const taken = await call(2, "HeapProfiler.takeHeapSnapshot", { reportProgress: false });
    if (taken.error !== undefined) throw new Error(taken.error.message);
    require("node:fs").writeFileSync(snapshotFile, chunks.join(""));
  }
  socket.close();
})().then(() => process.exit(0), (error) => { console.error(String(error)); process.exit(1); });
`;

/**
 * Forces a full garbage collection in the language server `pid`, then writes a heap snapshot of it
 * to `snapshotFile` when one is named; false (with the reason logged) when it could not.
 */
export async function collectServerGarbage(pid: number, log: (line: string) => void, snapshotFile?: string): Promise<boolean> {
  try {
    process.kill(pid, "SIGUSR1");
  } catch (error) {
    log(`could not signal the language server: ${String(error)}`);
    return false;
  }
  return new Promise((resolve) => {
    const args = ["--experimental-websocket", "--no-warnings", "-e", CLIENT, INSPECTOR, "dist/server\\.js", ...(snapshotFile === undefined ? [] : [snapshotFile, String(pid)])];
    execFile(process.execPath, args, { timeout: 120_000 }, (error, stdout, stderr) => {
      if (error !== null) log(`forced GC in the language server failed: ${stderr.trim() || String(error)}`);
      else log(`  server ${pid} after a forced GC: ${memorySplit(pid, stdout)}`);
      resolve(error === null);
    });
  });
}

/**
 * The resident memory of `pid` by what holds it, from `evaluated` (the server's memoryUsage and
 * V8's heap spaces, as the inspector client printed them) and /proc: V8's heap in use and
 * committed, memory V8 knows outside its heap (external, of it array buffers), and the rest
 * (malloc's arenas, thread stacks, the binary's pages).
 */
function memorySplit(pid: number, evaluated: string): string {
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
  let usage: { heapUsed?: number; heapTotal?: number; external?: number; arrayBuffers?: number } = {};
  let spaces: { space_name: string; space_used_size: number; physical_space_size: number }[] = [];
  try {
    ({ usage = {}, spaces = [] } = JSON.parse(evaluated.trim().split("\n").at(-1) ?? "{}") as { usage?: typeof usage; spaces?: typeof spaces });
  } catch {
    // Nothing to split by: the line says so.
  }
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) => statusBytes(status, name);
  const bySpace = spaces
    .map((space) => `${space.space_name.replace(/_space$/, "")} ${(space.space_used_size / 1e6).toFixed(1)}/${(space.physical_space_size / 1e6).toFixed(1)}`)
    .join(", ");
  return (
    `resident ${mb(kb("VmRSS"))} (anonymous ${mb(kb("RssAnon"))}, files ${mb(kb("RssFile"))}); ` +
    `V8 heap used ${mb(usage.heapUsed ?? Number.NaN)} of ${mb(usage.heapTotal ?? Number.NaN)} committed; external ${mb(usage.external ?? Number.NaN)} (array buffers ${mb(usage.arrayBuffers ?? Number.NaN)})` +
    (bySpace === "" ? "" : `; spaces used/resident MB: ${bySpace}`)
  );
}

/** A size field of /proc/<pid>/status (`VmRSS`, `RssAnon`…), in bytes; NaN when it is not there. */
function statusBytes(status: string, name: string): number {
  return Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN) * 1024;
}

export function residentBytes(pid: number): number {
  return statusBytes(readFileSync(`/proc/${pid}/status`, "utf8"), "VmRSS");
}

/**
 * What VS Code's client (client/src/server/fsServer.ts) initializes the server with in the bench's
 * editor, whose display language is English (no string bundle). The locale matters to the idle
 * reference: formatting numbers and dates in it (localeFormat.ts) brings ICU's code and data into
 * the process, 8.0 MB of resident memory before any document (6.3 MB of the binary's pages, 1.7 MB
 * of its own), which the editor's server has and an idle process initialized without it had not.
 */
const EDITOR_INITIALIZATION: FsInitializationOptions = { locale: "en", previewAhead: true, diagnosticGroups: true, ownCodeLensProvider: true };

/** Resident bytes of the built server, started and initialized as the editor's client does, with no document, after a forced GC. */
export async function idleServerResident(log: (line: string) => void): Promise<number> {
  const child = spawn(process.execPath, [...SERVER_NODE_OPTIONS, join(repoRoot, "dist/server.js"), "--stdio"], {
    stdio: ["pipe", "pipe", "ignore"],
    env: { ...process.env, ...SERVER_ENV },
  });
  const send = (message: object) => {
    const body = JSON.stringify({ jsonrpc: "2.0", ...message });
    child.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  };
  try {
    const initialized = new Promise<void>((resolve) => child.stdout.once("data", () => resolve()));
    send({ id: 1, method: "initialize", params: { processId: process.pid, rootUri: null, capabilities: {}, initializationOptions: EDITOR_INITIALIZATION } });
    await initialized;
    send({ method: "initialized", params: {} });
    return (await collectServerGarbage(child.pid!, log)) ? residentBytes(child.pid!) : Number.NaN;
  } finally {
    child.kill();
  }
}
