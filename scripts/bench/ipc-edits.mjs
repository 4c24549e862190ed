// The language server alone over node-ipc, as VS Code's client starts it (its Node options and
// environment, `--node-ipc`, the client's initialization options: the preview's model ahead and
// diagnostics by group): a didOpen, the preview's model asked for once the first problems are in,
// then value edits at new places spread over the document, each sent at once and undone once
// answered, with no pause. For each edit: didChange → its fs/diagnosticGroups and → its
// fs/previewUpdate (elapsed and the server's CPU), and after the edits, how long the server's
// longest turn without reading a message was (a ping request every 20 ms; the longest wait for its
// answer, from the first problems on). Over node-ipc Node hands the server whole messages only, so a message that arrives
// while a step of background work runs waits for that whole step (docs/performance.md).
//   node scripts/bench/ipc-edits.mjs [MB] [shape] [edits] [ms from the first problems to the first edit]   (after node scripts/build.mjs)
// FS_BENCH_PREVIEW_AFTER_MS: when the preview asks for its model, after the first problems (default 0).
// FS_BENCH_SERVER_JS names another server build ("before"); FS_BENCH_SERVER_ARGS adds Node options (--cpu-prof).
import { fork } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { generateWithStats } from "./generate.mjs";
import { positionAt } from "./server.mjs";
import { initializedOverIpc } from "./ipcClient.mjs";

const require = createRequire(import.meta.url);
const engine = require("../../dist/bench-engine.js");

const size = Number(process.argv[2] ?? 5);
const shape = process.argv[3] ?? "long+failing";
const count = Number(process.argv[4] ?? 5);
const firstAfter = Number(process.argv[5] ?? 0);
const previewAfter = Number(process.env.FS_BENCH_PREVIEW_AFTER_MS ?? 0);
const serverPath = process.env.FS_BENCH_SERVER_JS ?? fileURLToPath(new URL("../../dist/server.js", import.meta.url));
const URI = "file:///bench/document.json";

const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

/** `count` value cells spread over the text: the offset of each one's first digit. */
function targets(text) {
  const all = [];
  const pattern = /"values": \{\s*"[^"]+": "-?([1-9])/g;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) all.push(match.index + match[0].length - 1);
  return Array.from({ length: count }, (_, k) => all[Math.floor(((k + 0.5) * all.length) / count)]);
}

// Never left hanging (it runs under the team's heavy-run lock).
setTimeout(() => {
  console.error("ipc-edits: no answer within 180 s");
  process.exit(2);
}, 180_000).unref();

const { text } = generateWithStats({ targetBytes: size * 1e6, seed: 1, shape });
const child = fork(serverPath, ["--node-ipc"], {
  execArgv: [...(engine.SERVER_NODE_OPTIONS ?? []), ...(process.env.FS_BENCH_SERVER_ARGS ?? "").split(" ").filter((arg) => arg !== "")],
  env: { ...process.env, ...(engine.SERVER_ENV ?? {}) },
  stdio: ["ignore", "ignore", "inherit", "ipc"],
});
const started = performance.now();
const cpuStart = () => cpuMs(child.pid);
const waiting = [];
const wait = (method, accept) => new Promise((resolve) => waiting.push({ method, accept, resolve, at: undefined }));
const arrived = (method) => (params) => {
  for (const waiter of [...waiting]) {
    if (waiter.method === method && waiter.accept(params)) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve({ at: performance.now(), cpu: cpuMs(child.pid), params });
    }
  }
};
const connection = await initializedOverIpc(child, {
  settings: { validation: { delay: 0 } },
  onNotifications: (client) => {
    client.onNotification("fs/diagnosticGroups", arrived("fs/diagnosticGroups"));
    client.onNotification("fs/previewUpdate", arrived("fs/previewUpdate"));
  },
});

const clock = () => `${(performance.now() - started).toFixed(0).padStart(6)} ms`;
const cpu0 = cpuStart();
const first = wait("fs/diagnosticGroups", (params) => params.uri === URI && params.version === 1);
await connection.sendNotification("textDocument/didOpen", { textDocument: { uri: URI, languageId: "json", version: 1, text } });
const opened = await first;
console.log(`${clock()} first problems (${(opened.at - started).toFixed(0)} ms, server CPU ${opened.cpu - cpu0} ms)`);
// The preview opens beside the document (FS_BENCH_PREVIEW_AFTER_MS after the first problems): its whole model.
let previewShown = false;
const model = new Promise((resolve) => setTimeout(resolve, previewAfter))
  .then(() => connection.sendRequest("fs/previewModel", { uri: URI }))
  .then(() => {
    previewShown = true;
    console.log(`${clock()} preview model answered`);
  });
// Ping: the longest the server took to answer a request sent every 20 ms, from the first problems
// on (the background work of the open, the preview's model, the edits).
let pinging = true;
let longestPing = 0;
const pings = (async () => {
  while (pinging) {
    const sent = performance.now();
    await connection.sendRequest("fs/ping-unknown").catch(() => undefined);
    longestPing = Math.max(longestPing, performance.now() - sent);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
})();
await new Promise((resolve) => setTimeout(resolve, firstAfter));

let version = 1;
const rows = [];
for (const offset of targets(text)) {
  for (const undo of [false, true]) {
    version++;
    const position = positionAt(text, offset);
    const range = undo ? { start: position, end: { line: position.line, character: position.character + 1 } } : { start: position, end: position };
    const groups = wait("fs/diagnosticGroups", (params) => params.uri === URI && params.version === version);
    // The preview's update comes only once it holds a model.
    const update = previewShown ? wait("fs/previewUpdate", (params) => params.uri === URI && params.version === version) : undefined;
    const sent = performance.now();
    const cpu = cpuMs(child.pid);
    await connection.sendNotification("textDocument/didChange", { textDocument: { uri: URI, version }, contentChanges: [{ range, text: undo ? "" : "9" }] });
    const [problems, preview = problems] = await Promise.all([groups, update]);
    if (!undo)
      rows.push({
        line: position.line + 1,
        problems: problems.at - sent,
        preview: update === undefined ? NaN : preview.at - sent,
        cpu: Math.max(problems.cpu, preview.cpu) - cpu,
        at: sent - started,
      });
  }
}
pinging = false;
await pings;
await model;
for (const row of rows)
  console.log(
    `edit at line ${String(row.line).padStart(6)}, sent at ${row.at.toFixed(0).padStart(5)} ms: problems ${row.problems.toFixed(0).padStart(5)} ms, preview ${row.preview.toFixed(0).padStart(5)} ms (server CPU ${row.cpu} ms)`,
  );
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(
  `median problems ${median(rows.map((row) => row.problems)).toFixed(0)} ms [${Math.min(...rows.map((r) => r.problems)).toFixed(0)}–${Math.max(...rows.map((r) => r.problems)).toFixed(0)}], preview ${median(rows.map((row) => row.preview)).toFixed(0)} ms [${Math.min(...rows.map((r) => r.preview)).toFixed(0)}–${Math.max(...rows.map((r) => r.preview)).toFixed(0)}]; longest unanswered ping ${longestPing.toFixed(0)} ms`,
);
const exited = new Promise((resolve) => child.once("exit", resolve));
await connection.sendRequest("shutdown");
await connection.sendNotification("exit");
await exited;
connection.dispose();
