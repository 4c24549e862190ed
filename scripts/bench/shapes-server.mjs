// The language server alone over stdio, per shape of document (scripts/bench/generate.mjs): the
// open's publications (elapsed, server CPU, problems, related locations, size), the server's peak
// resident memory (VmHWM) after the open, the lenses, the preview's model and the outline, asked
// as VS Code's client asks (the model built ahead, the whole model in parts; FS_BENCH_PREVIEW_WHOLE=1
// asks for it as one text, as before issue 25's parts; FS_BENCH_PREVIEW_AHEAD=0 as a client that
// does not build it ahead), and for value edits how
// many diagnostics the client sets when grouped per statement (before issue 25) or per 64 items
// (client/src/server/diagnosticGroups.ts). One fresh server per shape; one run, so read it beside
// another run on the same machine.
//   node scripts/bench/shapes-server.mjs [MB] [shape,shape…]      (after node scripts/build.mjs)
// FS_BENCH_SERVER_JS names another server build ("before"); FS_BENCH_SERVER_ARGS adds node options.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { SHAPE_NAMES, generateWithStats } from "./generate.mjs";
import { startServer, stop } from "./server.mjs";

const { ProgressType } = createRequire(import.meta.url)("vscode-languageserver-protocol/node");

const size = Number(process.argv[2] ?? 5);
const shapes = (process.argv[3] ?? [...SHAPE_NAMES, "long+failing"].join(",")).split(",");
const URI = "file:///bench/document.json";
const ITEMS_PER_GROUP = 64;

const proc = (pid, field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? Number.NaN) / 1024;
const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const related = (params) => params.diagnostics.reduce((sum, diagnostic) => sum + (diagnostic.relatedInformation?.length ?? 0), 0);
const kb = (value) => `${(JSON.stringify(value).length / 1e3).toFixed(0)} KB`;
const byStatement = (diagnostic) => /^\/statements\/(\d+)/.exec(diagnostic.data?.path ?? "")?.[1] ?? "";
const byItems = (diagnostic) => {
  const match = /^\/statements\/(\d+)(?:\/items\/(\d+))?/.exec(diagnostic.data?.path ?? "");
  return match === null ? "" : match[2] === undefined ? match[1] : `${match[1]}.${Math.floor(Number(match[2]) / ITEMS_PER_GROUP)}`;
};
/** Diagnostics (and related locations) in the groups whose diagnostics differ between two publications. */
function setPerEdit(before, after, group) {
  const groups = (list) => {
    const map = new Map();
    for (const diagnostic of list) map.set(group(diagnostic), [...(map.get(group(diagnostic)) ?? []), JSON.stringify(diagnostic)]);
    return map;
  };
  const old = groups(before);
  let count = 0;
  let locations = 0;
  for (const [key, list] of groups(after)) {
    const previous = old.get(key);
    if (previous !== undefined && previous.length === list.length && previous.every((entry, index) => entry === list[index])) continue;
    count += list.length;
    locations += list.reduce((sum, entry) => sum + (JSON.parse(entry).relatedInformation?.length ?? 0), 0);
  }
  return `${count} (${locations} related)`;
}

let tokens = 0;
/** fs/previewModel's whole model as VS Code's client asks for it: in parts (unless FS_BENCH_PREVIEW_WHOLE=1); says how it came. */
async function previewModel(connection) {
  if (process.env.FS_BENCH_PREVIEW_WHOLE === "1") {
    const result = await connection.sendRequest("fs/previewModel", { uri: URI });
    return `one text of ${(result.wire.length / 1e6).toFixed(2)}M characters`;
  }
  const token = `bench-${++tokens}`;
  let chars = 0;
  const listening = connection.onProgress(new ProgressType(), token, ({ text }) => (chars += text.length));
  const result = await connection.sendRequest("fs/previewModel", { uri: URI, partialResultToken: token });
  listening.dispose();
  return result.wireParts === undefined ? `one text of ${(result.wire.length / 1e6).toFixed(2)}M characters` : `${result.wireParts} parts, ${(chars / 1e6).toFixed(2)}M characters`;
}

for (const shape of shapes) {
  const { text, stats } = generateWithStats({ targetBytes: size * 1e6, seed: 1, shape });
  const server = await startServer({ initializationOptions: { previewAhead: process.env.FS_BENCH_PREVIEW_AHEAD !== "0" } });
  const pid = server.child.pid;
  const idle = proc(pid, "VmHWM");
  const publications = [];
  let waiting;
  server.connection.onNotification("textDocument/publishDiagnostics", (params) => {
    if (params.uri !== URI) return;
    publications.push({ params, ms: performance.now() - started, cpu: cpuMs(pid) - cpuStart });
    waiting?.(params);
  });
  const next = (accept) => new Promise((resolve) => (waiting = (params) => accept(params) && resolve(params)));
  // A draft's first publication leaves every related location out (the server sends them next, for
  // the same version); the whole one has them where a failing subtotal has a likely cause (not all do).
  const whole = (params) =>
    !params.diagnostics.some((diagnostic) => diagnostic.code === "rollup-unsatisfied") || params.diagnostics.some((diagnostic) => diagnostic.relatedInformation !== undefined);
  const cpuStart = cpuMs(pid);
  const started = performance.now();
  const opened = next((params) => params.version === 1 && whole(params));
  await server.connection.sendNotification("textDocument/didOpen", { textDocument: { uri: URI, languageId: "json", version: 1, text } });
  const open = await opened;
  const peaks = [["the open", proc(pid, "VmHWM")]];
  await server.connection.sendRequest("textDocument/codeLens", { textDocument: { uri: URI } });
  peaks.push(["the lenses", proc(pid, "VmHWM")]);
  const preview = await previewModel(server.connection);
  peaks.push([`the preview's model (${preview})`, proc(pid, "VmHWM")]);
  await server.connection.sendRequest("textDocument/documentSymbol", { textDocument: { uri: URI } });
  const peak = proc(pid, "VmHWM");
  peaks.push(["the outline", peak]);
  // Value edits: a digit typed before a value near 37% of the text, then deleted, three times.
  const match = /"values": \{\s*"[^"]+": "-?[1-9]/g;
  match.lastIndex = Math.floor(text.length * 0.37);
  const found = match.exec(text);
  const digit = found.index + found[0].length - 1;
  const before = text.slice(0, digit);
  const position = { line: before.split("\n").length - 1, character: digit - before.lastIndexOf("\n") - 1 };
  let previous = open;
  const edits = [];
  for (let version = 2; version <= 7; version++) {
    const typed = version % 2 === 0;
    const change = typed
      ? { range: { start: position, end: position }, text: "9" }
      : { range: { start: position, end: { line: position.line, character: position.character + 1 } }, text: "" };
    const published = next((params) => params.version === version && whole(params));
    const cpuBefore = cpuMs(pid);
    const editStarted = performance.now();
    await server.connection.sendNotification("textDocument/didChange", { textDocument: { uri: URI, version }, contentChanges: [change] });
    const params = await published;
    edits.push(
      `${(performance.now() - editStarted).toFixed(0)} ms (CPU ${cpuMs(pid) - cpuBefore} ms) sets ${setPerEdit(previous.diagnostics, params.diagnostics, byStatement)} per statement, ${setPerEdit(previous.diagnostics, params.diagnostics, byItems)} per ${ITEMS_PER_GROUP} items`,
    );
    previous = params;
  }
  console.log(
    `${shape}, ${(stats.bytes / 1e6).toFixed(1)} MB, ${stats.expectedUnsatisfied} failing and ${stats.missingValueErrors + stats.unavailableValueErrors} unevaluable checks`,
  );
  for (const [index, { params, ms, cpu }] of publications.filter(({ params }) => params.version === 1).entries())
    console.log(`  open, publication ${index + 1}: ${ms.toFixed(0)} ms, server CPU ${cpu} ms: ${params.diagnostics.length} problems, ${related(params)} related, ${kb(params)}`);
  const times = (mb) => `${((mb * 2 ** 20) / stats.bytes).toFixed(1)}×`;
  console.log(`  peak RSS (VmHWM) after ${peaks.map(([step, mb]) => `${step} ${mb.toFixed(0)} MB (${times(mb)})`).join(", ")}; idle process ${idle.toFixed(0)} MB`);
  console.log(`  peak RSS after the lenses, the preview's model and the outline: ${peak.toFixed(0)} MB (idle process ${idle.toFixed(0)} MB; ${times(peak)} the document)`);
  for (const edit of edits) console.log(`  value edit: ${edit}`);
  await stop(server);
}
