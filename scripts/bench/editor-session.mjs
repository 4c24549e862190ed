// The language server's memory over the editor bench's session, as VS Code's client runs it
// (`npm run bench:editor` measures it in code-server; this runs in a minute, without a browser):
// over node-ipc with the client's Node options, environment and initialization options (the
// preview's model ahead, diagnostics by group), the file read ahead (fs/openAhead) then opened,
// the lenses near the view, the outline, a hover, inlay hints and the preview's model in parts;
// five value edits at new places and five of one cell, each undone; a label typed at a typist's
// pace (120 ms a key, the cursor's pointer asked after each as the preview follows the cursor: a
// full analysis per key), the text reverted, then more value edits. At each stage the resident
// memory after a forced GC, above an idle server process, and the peak as the OS reports it
// (VmHWM); with FS_BENCH_PHASES=1 the peak of each phase apart (VmHWM reset between them).
//   node scripts/bench/editor-session.mjs [MB] [shape] [more value edits]   (after node scripts/build.mjs)
// FS_BENCH_SERVER_JS names another server build ("before"); FS_BENCH_SERVER_ARGS adds Node options
// (--heap-growing-percent=50, --trace-gc); FS_BENCH_TYPING_SESSIONS=5 types the label 5 times, as the
// editor bench does at --runs 5; FS_BENCH_OPENS=15 opens the document 15 times first.
import { fork } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { generateWithStats } from "./generate.mjs";
import { memoryReports, positionAt } from "./server.mjs";
import { initializedOverIpc } from "./ipcClient.mjs";

const require = createRequire(import.meta.url);
const protocol = require("vscode-languageserver-protocol/node");
const engine = require("../../dist/bench-engine.js");

const size = Number(process.argv[2] ?? 5);
const shape = process.argv[3] ?? "long+failing";
const moreEdits = Number(process.argv[4] ?? 100);
const phases = process.env.FS_BENCH_PHASES === "1";
const serverPath = process.env.FS_BENCH_SERVER_JS ?? fileURLToPath(new URL("../../dist/server.js", import.meta.url));
const { text } = generateWithStats({ targetBytes: size * 1e6, seed: 1, shape });
// On disk: fs/openAhead reads it there.
const folder = mkdtempSync(join(tmpdir(), "fs-editor-session-"));
const file = join(folder, `statements-${shape.replaceAll("+", "-")}-${size}mb.json`);
writeFileSync(file, text);
const URI = pathToFileURL(file).href;

// Never left hanging (it may run under the team's heavy-run lock).
setTimeout(() => {
  console.error("editor-session: no answer within 900 s");
  process.exit(2);
}, 900_000).unref();

const child = fork(serverPath, ["--node-ipc"], {
  execArgv: [
    ...(engine.SERVER_NODE_OPTIONS ?? []),
    "-r",
    fileURLToPath(new URL("./gc-hook.cjs", import.meta.url)),
    ...(process.env.FS_BENCH_SERVER_ARGS ?? "").split(" ").filter((arg) => arg !== ""),
  ],
  env: { ...process.env, ...(engine.SERVER_ENV ?? {}) },
  stdio: ["ignore", "inherit", "pipe", "ipc"],
});
const memoryUsage = memoryReports(child);
const mb = (bytes) => (bytes / 1e6).toFixed(1);
const times = (bytes) => `${(bytes / text.length).toFixed(1)}×`;
const status = () => {
  const read = readFileSync(`/proc/${child.pid}/status`, "utf8");
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(read)?.[1] ?? Number.NaN) * 1024;
  return { rss: kb("VmRSS"), peak: kb("VmHWM") };
};
const cpuMs = () => {
  const fields = readFileSync(`/proc/${child.pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
/** The server's memory after a forced GC (gc-hook.cjs), with VmRSS and VmHWM. */
const memory = () => memoryUsage().then((usage) => ({ ...usage, ...status() }));
/** FS_BENCH_PHASES=1: the peak since the last phase, then VmHWM reset to the resident memory now (clear_refs 5). */
function phase(what) {
  if (!phases) return;
  const { rss, peak } = status();
  console.log(`    peak of ${what.padEnd(46)} ${mb(peak).padStart(6)} MB (${times(peak)}), resident now ${mb(rss)} MB`);
  writeFileSync(`/proc/${child.pid}/clear_refs`, "5");
}

const waiting = [];
const wait = (method, accept) => new Promise((resolve) => waiting.push({ method, accept, resolve }));
const arrived = (method) => (params) => {
  for (const waiter of [...waiting])
    if (waiter.method === method && waiter.accept(params)) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve(params);
    }
};
const connection = await initializedOverIpc(child, {
  onNotifications: (client) => {
    client.onNotification("fs/diagnosticGroups", arrived("fs/diagnosticGroups"));
    client.onNotification("fs/previewUpdate", arrived("fs/previewUpdate"));
    client.onProgress(new protocol.ProgressType(), "preview", () => undefined);
  },
});
const idle = await memory();
const started = cpuMs();
console.log(`${shape}, ${size} MB (${text.length.toLocaleString("en")} bytes), over node-ipc; idle server ${mb(idle.rss)} MB resident after GC`);
async function report(stage) {
  const now = await memory();
  console.log(
    `${stage.padEnd(40)} after GC ${mb(now.rss).padStart(6)} MB = ${times(now.rss - idle.rss).padStart(5)} above idle (heap ${mb(now.heapUsed)} MB); ` +
      `peak so far ${mb(now.peak)} MB = ${times(now.peak)}; server CPU ${((cpuMs() - started) / 1000).toFixed(2)} s`,
  );
}

let version = 1;
const published = (at) => wait("fs/diagnosticGroups", (params) => params.uri === URI && params.version === at);
/** What VS Code asks for around `line` after a change (the lenses near the view, the outline, a hover, inlay hints, the cursor's pointer). */
async function requests(line) {
  await connection.sendRequest("fs/codeLenses", { uri: URI, lines: [{ start: Math.max(0, line - 60), end: line + 60 }] });
  await connection.sendRequest("textDocument/documentSymbol", { textDocument: { uri: URI } });
  await connection.sendRequest("textDocument/hover", { textDocument: { uri: URI }, position: { line, character: 10 } });
  const range = { start: { line: Math.max(0, line - 30), character: 0 }, end: { line: line + 30, character: 0 } };
  await connection.sendRequest("textDocument/inlayHint", { textDocument: { uri: URI }, range });
  await connection.sendRequest("fs/pointerAt", { uri: URI, version, offset: 1000 });
}
async function change(contentChanges, line) {
  version++;
  const publication = published(version);
  await connection.sendNotification("textDocument/didChange", { textDocument: { uri: URI, version }, contentChanges });
  await publication;
  await requests(line);
}

phase("the idle server");
// FS_BENCH_OPENS=N: the document opened N times, closed between (as the editor bench's warm opens
// and its Markdown control open it again and again in one server); the session goes on in the last.
const opens = Number(process.env.FS_BENCH_OPENS ?? 1);
for (let open = 1; open <= opens; open++) {
  const which = opens > 1 ? ` (open ${open} of ${opens})` : "";
  if (open > 1) {
    await connection.sendNotification("textDocument/didClose", { textDocument: { uri: URI } });
    phase(`the document closed${which}`);
  }
  // The first problems: of the file read ahead, or of the didOpen's text when it comes first.
  const opened = published(1);
  const ahead = connection.sendRequest("fs/openAhead", { uri: URI });
  // VS Code loads the text meanwhile (1.5–2.5 s at 5 MB in code-server); the didOpen brings it.
  await new Promise((resolve) => setTimeout(resolve, 800));
  await connection.sendNotification("textDocument/didOpen", { textDocument: { uri: URI, languageId: "json", version: 1, text } });
  await Promise.all([ahead, opened]);
  phase(`fs/openAhead, didOpen → first problems${which}`);
  await requests(0);
  phase(`lenses, outline, hover, hints${which}`);
  await connection.sendRequest("fs/previewModel", { uri: URI, partialResultToken: "preview" });
  phase(`the preview's model${which}`);
}
await report("open, preview and requests");

const digits = [];
for (const match of text.matchAll(/"values": \{\s*"[^"]+": "-?[1-9]/g)) digits.push(match.index + match[0].length - 1);
const edit = async (offset) => {
  const at = positionAt(text, offset);
  await change([{ range: { start: at, end: at }, text: "9" }], at.line);
  await change([{ range: { start: at, end: { line: at.line, character: at.character + 1 } }, text: "" }], at.line);
};
for (let k = 0; k < 5; k++) await edit(digits[Math.floor(((k + 0.5) * digits.length) / 5)]);
phase("5 value edits at new places, each undone");
const middle = digits[digits.length >> 1];
for (let k = 0; k < 5; k++) await edit(middle);
phase("5 value edits of one cell, each undone");
await report("10 value edits");

const label = positionAt(text, text.indexOf('"label": "', middle - 2000) + '"label": "'.length);
const typed = " quarterly figures restated";
// FS_BENCH_TYPING_SESSIONS=N: N sessions of the phrase, one after the other, as the editor bench
// types one per run (5 at --runs 5); each session starts once the last one's key is published.
const sessions = Number(process.env.FS_BENCH_TYPING_SESSIONS ?? 1);
for (let session = 0; session < sessions; session++) {
  for (let index = 0; index < typed.length; index++) {
    const at = { line: label.line, character: label.character + session * typed.length + index };
    version++;
    // The last key's publication may come while its pointer is asked: waited for from before its change.
    const last = index === typed.length - 1 ? published(version) : undefined;
    await connection.sendNotification("textDocument/didChange", { textDocument: { uri: URI, version }, contentChanges: [{ range: { start: at, end: at }, text: typed[index] }] });
    await connection.sendRequest("fs/pointerAt", { uri: URI, version, offset: 1000 });
    await last;
    await new Promise((resolve) => setTimeout(resolve, 120));
  }
  phase(`a label typed (${sessions > 1 ? `session ${session + 1}, ` : ""}${typed.length} keys, a full analysis each)`);
}
await report(sessions > 1 ? `a label typed in ${sessions} sessions` : "a label typed");
await change([{ text }], label.line);
phase("the text reverted (a full analysis)");
await report("reverted");
const cell = positionAt(text, middle);
for (let index = 0; index < moreEdits; index++) {
  const range = index % 2 === 0 ? { start: cell, end: cell } : { start: cell, end: { line: cell.line, character: cell.character + 1 } };
  await change([{ range, text: index % 2 === 0 ? "9" : "" }], cell.line);
}
phase(`${moreEdits} more value edits`);
await report(`${moreEdits} more value edits`);

const exited = new Promise((resolve) => child.once("exit", resolve));
await connection.sendRequest("shutdown");
await connection.sendNotification("exit");
await exited;
connection.dispose();
rmSync(folder, { recursive: true, force: true });
