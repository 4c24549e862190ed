// Time and peak memory of `fsdoc validate` and of the language server on the large shapes of
// test/fuzz/shapes.ts (a 100,000-item rollup cycle, chain and fan-out by default), each under
// /usr/bin/time -v for its maximum resident set size.
//
//   npm run build && node scripts/fuzz/measure-shapes.mjs [n] [shape...]
//
// The server is the built dist/server.js over stdio, started with the Node options the VS Code
// client uses; its time is from didOpen to the first publishDiagnostics of the document.

import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL("../..", import.meta.url));
const protocol = require("vscode-languageserver-protocol/node");

const n = Number(process.argv[2] ?? 100_000);
const shapes = process.argv.length > 3 ? process.argv.slice(3) : ["cycle", "chain", "fanout"];

function run(command, args, { input } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: [input === undefined ? "ignore" : "pipe", "pipe", "pipe"] });
    const out = [];
    const err = [];
    child.stdout.on("data", (chunk) => out.push(chunk));
    child.stderr.on("data", (chunk) => err.push(chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString() }));
  });
}

const maxRssMiB = (timeOutput) => {
  const kib = /Maximum resident set size \(kbytes\): (\d+)/.exec(timeOutput)?.[1];
  return kib === undefined ? NaN : Number(kib) / 1024;
};

async function measureCli(file) {
  const started = performance.now();
  const { code, stdout, stderr } = await run("/usr/bin/time", ["-v", process.execPath, join(root, "dist/cli.js"), "validate", file]);
  const seconds = (performance.now() - started) / 1000;
  let errors = "?";
  try {
    errors = JSON.parse(stdout.toString()).conformance.errors.length;
  } catch {
    // not a result: reported as "?"
  }
  return { seconds, mib: maxRssMiB(stderr), exit: code, outputMiB: stdout.length / 2 ** 20, errors };
}

async function measureServer(text) {
  const { SERVER_NODE_OPTIONS } = require(join(root, "dist/bench-engine.js"));
  const child = spawn("/usr/bin/time", ["-v", process.execPath, ...(SERVER_NODE_OPTIONS ?? []), join(root, "dist/server.js"), "--stdio"], { stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk.toString()));
  const exited = new Promise((resolve) => child.on("close", resolve));
  const connection = protocol.createProtocolConnection(new protocol.StreamMessageReader(child.stdout), new protocol.StreamMessageWriter(child.stdin));
  const uri = "file:///measure/shape.json";
  let published;
  const diagnostics = new Promise((resolve) => (published = resolve));
  connection.onNotification("textDocument/publishDiagnostics", (params) => params.uri === uri && published(params.diagnostics));
  connection.onRequest("workspace/configuration", (params) => params.items.map(() => ({ validation: { delay: 0 } })));
  connection.onRequest("client/registerCapability", () => null);
  connection.onRequest("workspace/codeLens/refresh", () => null);
  connection.listen();
  await connection.sendRequest("initialize", { processId: process.pid, rootUri: null, capabilities: { workspace: { configuration: true } } });
  await connection.sendNotification("initialized", {});
  const started = performance.now();
  await connection.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "json", version: 1, text } });
  const received = await diagnostics;
  const seconds = (performance.now() - started) / 1000;
  await connection.sendRequest("shutdown");
  await connection.sendNotification("exit");
  await exited;
  connection.dispose();
  return { seconds, mib: maxRssMiB(stderr), diagnostics: received.length };
}

const dir = mkdtempSync(join(tmpdir(), "fsdoc-shapes-"));
try {
  console.log(`n = ${n}`);
  console.log("| shape | size | CLI time | CLI peak RSS | CLI exit, errors, stdout | server time (open → diagnostics) | server peak RSS | diagnostics shown |");
  console.log("|---|---|---|---|---|---|---|---|");
  for (const shape of shapes) {
    const generated = await run(process.execPath, [join(root, "out/fuzz/shapes.js"), shape, String(n)]);
    if (generated.code !== 0) throw new Error(generated.stderr);
    const file = join(dir, `${shape}.json`);
    writeFileSync(file, generated.stdout);
    const text = readFileSync(file, "utf8");
    const cli = await measureCli(file);
    const server = await measureServer(text);
    console.log(
      `| ${shape} | ${(text.length / 2 ** 20).toFixed(1)} MiB | ${cli.seconds.toFixed(2)} s | ${cli.mib.toFixed(0)} MiB | ${cli.exit}, ${cli.errors}, ${cli.outputMiB.toFixed(1)} MiB | ${server.seconds.toFixed(2)} s | ${server.mib.toFixed(0)} MiB | ${server.diagnostics} |`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
