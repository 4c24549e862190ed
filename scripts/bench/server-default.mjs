// The language server as other editors start it: `fsdoc-language-server --stdio` (dist/server.js
// run through its shebang, as the npm bin runs it), with no flags and no environment of ours, over
// stdio. Per run, on a generated document: open → first publishDiagnostics, and the resident memory
// of the whole process tree the client started (the server re-executes itself with its memory
// settings, server/src/launch.ts), as the OS reports it: idle after `initialized`, the peak
// sampled every 20 ms from the open until the tree's CPU has been quiet for 1 s, and then. No
// forced GC. Medians and ranges over the runs.
// The CPU time of the tree to the diagnostics is given beside the wall time, which a busy machine stretches.
//   node scripts/bench/server-default.mjs [runs=5] [MB=5] [path/to/dist/server.js]   (after npm run build)
// FS_BENCH_NODE=1 starts it as `node dist/server.js --stdio` instead of through the shebang;
// FS_BENCH_SHAPE=long+failing generates another shape (scripts/bench/generate.mjs) than `typical`.
import { spawn } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { generateWithStats } from "./generate.mjs";
import { connectStdioClient } from "./stdioClient.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const runs = Number(process.argv[2] ?? 5);
const size = Number(process.argv[3] ?? 5);
const serverJs = process.argv[4] ?? `${root}dist/server.js`;
const shape = process.env.FS_BENCH_SHAPE ?? "typical";
const { text } = generateWithStats({ targetBytes: size * 1e6, seed: 1, shape });
const bytes = Buffer.byteLength(text);

/** The pids of `pid` and all its descendants (Linux /proc). */
function tree(pid) {
  const pids = [pid];
  for (let index = 0; index < pids.length; index++) {
    try {
      for (const task of readdirSync(`/proc/${pids[index]}/task`)) {
        const children = readFileSync(`/proc/${pids[index]}/task/${task}/children`, "utf8").trim();
        if (children !== "") pids.push(...children.split(" ").map(Number));
      }
    } catch {
      // exited meanwhile
    }
  }
  return pids;
}

function read(pid, file) {
  try {
    return readFileSync(`/proc/${pid}/${file}`, "utf8");
  } catch {
    return "";
  }
}

/** Resident bytes of the tree (VmRSS of each process). */
const treeRss = (pid) => tree(pid).reduce((sum, each) => sum + Number(/VmRSS:\s+(\d+) kB/.exec(read(each, "status"))?.[1] ?? 0) * 1024, 0);
/** User + system CPU milliseconds of the tree (clock ticks of 10 ms). */
const treeCpu = (pid) =>
  tree(pid).reduce((sum, each) => {
    const fields = read(each, "stat").split(") ")[1]?.split(" ") ?? [];
    return sum + (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * 10;
  }, 0);

const idle = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const range = (values) => `${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)}`;
const times = (memory) => memory / bytes;
const mb = (value) => (value / 2 ** 20).toFixed(1);

const rows = [];
for (let run = 0; run < runs; run++) {
  const command = process.env.FS_BENCH_NODE === "1" ? [process.execPath, [serverJs, "--stdio"]] : [serverJs, ["--stdio"]];
  const env = { ...process.env };
  for (const name of ["NODE_OPTIONS", "MALLOC_MMAP_THRESHOLD_", "MALLOC_TRIM_THRESHOLD_"]) delete env[name];
  const child = spawn(command[0], command[1], { stdio: ["pipe", "pipe", "inherit"], env });
  let first;
  const published = new Promise((resolve) => (first = resolve));
  const connection = await connectStdioClient(child, (params) => first(params));
  await idle(1000); // settled after start-up
  const processes = tree(child.pid).length;
  const idleRss = treeRss(child.pid);
  let peak = idleRss;
  const sampler = setInterval(() => (peak = Math.max(peak, treeRss(child.pid))), 20);
  const cpuBefore = treeCpu(child.pid);
  const started = performance.now();
  await connection.sendNotification("textDocument/didOpen", { textDocument: { uri: "file:///bench/open.json", languageId: "json", version: 1, text } });
  await connection.sendNotification("workspace/didChangeConfiguration", { settings: null });
  await published;
  const wall = performance.now() - started;
  const cpu = treeCpu(child.pid) - cpuBefore;
  // Quiet: no CPU in the tree for 1 s (the preview model built ahead, value-edit indexes), at most 20 s.
  for (let cpu = treeCpu(child.pid), waited = 0; waited < 20_000; waited += 1000) {
    await idle(1000);
    const now = treeCpu(child.pid);
    if (now === cpu) break;
    cpu = now;
  }
  clearInterval(sampler);
  const settled = treeRss(child.pid);
  peak = Math.max(peak, settled);
  const row = { wall, cpu, processes, idle: idleRss, peak: times(peak - idleRss), settled: times(settled - idleRss) };
  rows.push(row);
  await connection.sendRequest("shutdown");
  await connection.sendNotification("exit");
  const code = await new Promise((resolve) => child.once("exit", (status, signal) => resolve(signal ?? status)));
  connection.dispose();
  console.log(
    `run ${run + 1}: ${processes} process(es); open → first publishDiagnostics ${wall.toFixed(0)} ms (CPU ${cpu} ms); idle ${mb(idleRss)} MB; ` +
      `above idle: peak ${row.peak.toFixed(1)}×, settled ${row.settled.toFixed(1)}× the document; exit ${code}`,
  );
}
console.log(
  `${(bytes / 1e6).toFixed(1)} MB ${shape} document, ${runs} run(s) of ${process.env.FS_BENCH_NODE === "1" ? "node " : ""}${serverJs} --stdio: ` +
    `open → first publishDiagnostics median ${median(rows.map((row) => row.wall)).toFixed(0)} ms (${range(rows.map((row) => row.wall / 1000))} s), CPU ${median(rows.map((row) => row.cpu))} ms (${range(rows.map((row) => row.cpu / 1000))} s); ` +
    `resident above idle: peak median ${median(rows.map((row) => row.peak)).toFixed(1)}× (${range(rows.map((row) => row.peak))}), ` +
    `settled median ${median(rows.map((row) => row.settled)).toFixed(1)}× (${range(rows.map((row) => row.settled))}) the document`,
);
