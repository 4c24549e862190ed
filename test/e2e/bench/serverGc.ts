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
import { SERVER_ENV, SERVER_NODE_OPTIONS } from "../../../protocol/lsp";

const INSPECTOR = "127.0.0.1:9229";

/**
 * Runs in the child: find the inspector target whose script is our server, collect, report; with a
 * file name, then write a heap snapshot of what is left to it (--server-heap-snapshots).
 */
const CLIENT = `
const [inspector, pattern, snapshotFile] = process.argv.slice(1);
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
  if (snapshotFile !== undefined) {
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
    const args = ["--experimental-websocket", "--no-warnings", "-e", CLIENT, INSPECTOR, "dist/server\\.js", ...(snapshotFile === undefined ? [] : [snapshotFile])];
    execFile(process.execPath, args, { timeout: 120_000 }, (error, _stdout, stderr) => {
      if (error !== null) log(`forced GC in the language server failed: ${stderr.trim() || String(error)}`);
      resolve(error === null);
    });
  });
}

export function residentBytes(pid: number): number {
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? Number.NaN) * 1024;
}

/** Resident bytes of the built server, started as the client starts it, initialized, with no document, after a forced GC. */
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
    send({ id: 1, method: "initialize", params: { processId: process.pid, rootUri: null, capabilities: {} } });
    await initialized;
    send({ method: "initialized", params: {} });
    return (await collectServerGarbage(child.pid!, log)) ? residentBytes(child.pid!) : Number.NaN;
  } finally {
    child.kill();
  }
}
