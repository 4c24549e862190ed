// The open of a generated document in a fresh language server over stdio, as VS Code does it at
// start-up: didOpen, then at once a workspace/didChangeConfiguration with the settings in use.
// Per run: the time to the first publishDiagnostics, the server's CPU time to it and in the 1.5 s
// after the open (what else the open costs: preparing value edits, anything the configuration
// change causes), and how many publications there were. Medians over the runs.
//   node scripts/bench/server-open.mjs [runs=5] [MB=5] [path/to/dist/server.js]   (after npm run build)
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { generateWithStats } from "./generate.mjs";
import { connectStdioClient } from "./stdioClient.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const require = createRequire(`${root}package.json`);
const { SERVER_NODE_OPTIONS = [], SERVER_ENV = {} } = require(`${root}dist/bench-engine.js`);
const runs = Number(process.argv[2] ?? 5);
const size = Number(process.argv[3] ?? 5);
const serverJs = process.argv[4] ?? `${root}dist/server.js`;
const extraArgs = (process.env.FS_BENCH_SERVER_ARGS ?? "").split(" ").filter((arg) => arg !== "");
const { text } = generateWithStats({ targetBytes: size * 1e6, seed: 1 });

/** User + system CPU milliseconds of a process (from /proc; clock ticks of 10 ms). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const idle = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const rows = [];
for (let run = 0; run < runs; run++) {
  const child = spawn(process.execPath, [...SERVER_NODE_OPTIONS, ...extraArgs, serverJs, "--stdio"], {
    stdio: ["pipe", "pipe", "inherit"],
    env: { ...process.env, ...SERVER_ENV },
  });
  let publications = 0;
  let first;
  const published = new Promise((resolve) => (first = resolve));
  const connection = await connectStdioClient(child, (params) => {
    publications++;
    first(params);
  });
  await idle(300); // the server has read its settings and is idle
  const cpuBefore = cpuMs(child.pid);
  const started = performance.now();
  await connection.sendNotification("textDocument/didOpen", { textDocument: { uri: "file:///bench/open.json", languageId: "json", version: 1, text } });
  await connection.sendNotification("workspace/didChangeConfiguration", { settings: null });
  const diagnostics = (await published).diagnostics.length;
  const row = { wall: performance.now() - started, cpu: cpuMs(child.pid) - cpuBefore };
  await idle(1500);
  Object.assign(row, { after: cpuMs(child.pid) - cpuBefore, publications, diagnostics });
  rows.push(row);
  await connection.sendRequest("shutdown");
  await connection.sendNotification("exit");
  await new Promise((resolve) => child.once("exit", resolve));
  connection.dispose();
  console.log(
    `run ${run + 1}: open → first publishDiagnostics ${row.wall.toFixed(0)} ms, server CPU ${row.cpu} ms to it and ${row.after} ms within 1.5 s; ${row.publications} publication(s) of ${row.diagnostics} diagnostics`,
  );
}
console.log(
  `${size} MB, median of ${runs}: open → first publishDiagnostics ${median(rows.map((row) => row.wall)).toFixed(0)} ms; server CPU ${median(rows.map((row) => row.cpu))} ms to it, ${median(rows.map((row) => row.after))} ms within 1.5 s of the open`,
);
