// Payload sizes and request times of one language server over stdio on a generated document (seed
// 1): open, then the lens list, resolving 20 lenses, the outline, completion, hover and definition,
// each twice; three value edits near the end, each followed by the lens list, 20 resolves, the
// outline and a hover; then a member name typed in the last item (broken text) and completion.
// One run, so read it beside another run on the same machine (docs/performance.md).
//   node scripts/bench/payloads.mjs [MB] [path/to/dist/server.js]
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { generateWithStats } from "./generate.mjs";
const root = fileURLToPath(new URL("../..", import.meta.url));
const size = Number(process.argv[2] ?? 5);
const serverJs = process.argv[3] ?? `${root}dist/server.js`;
const require = createRequire(`${root}package.json`);
const protocol = require("vscode-languageserver-protocol/node");
const { text } = generateWithStats({ targetBytes: size * 1e6, seed: 1 });
const lineStarts = [0];
for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lineStarts.push(i + 1);
const pos = (offset) => {
  let lo = 0,
    hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lineStarts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo, character: offset - lineStarts[lo] };
};
const child = spawn(process.execPath, ["--max-semi-space-size=4", serverJs, "--stdio"], { stdio: ["pipe", "pipe", "inherit"] });
const c = protocol.createProtocolConnection(new protocol.StreamMessageReader(child.stdout), new protocol.StreamMessageWriter(child.stdin));
let waiters = [];
c.onNotification("textDocument/publishDiagnostics", (p) => {
  for (const w of waiters.splice(0)) w(p);
});
const nextDiag = () => new Promise((r) => waiters.push(r));
c.onRequest("workspace/configuration", (p) => p.items.map(() => ({})));
c.onRequest("client/registerCapability", () => null);
c.onNotification("window/logMessage", (m) => console.log("LOG", m.message.slice(0, 200)));
c.onNotification("fs/status", () => {});
c.listen();
const init = await c.sendRequest("initialize", {
  processId: process.pid,
  rootUri: null,
  capabilities: { workspace: { configuration: true }, textDocument: { completion: { completionItem: { snippetSupport: true } } } },
});
console.log("codeLensProvider", JSON.stringify(init.capabilities.codeLensProvider));
await c.sendNotification("initialized", {});
const uri = "file:///x/doc.json";
const kb = (o) => (JSON.stringify(o ?? null).length / 1024).toFixed(1) + " KB";
let t = performance.now();
let d = nextDiag();
await c.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "json", version: 1, text } });
let diag = await d;
console.log(`${size} MB open→diag ${(performance.now() - t).toFixed(0)} ms; ${diag.diagnostics.length} diagnostics ${kb(diag)}`);
const time = async (label, method, params) => {
  const t0 = performance.now();
  const r = await c.sendRequest(method, params);
  console.log(
    `${label.padEnd(34)} ${(performance.now() - t0).toFixed(0).padStart(5)} ms  ${Array.isArray(r) ? String(r.length).padStart(5) + " items" : r?.items ? String(r.items.length).padStart(5) + " items" : "           "}  ${kb(r)}`,
  );
  return r;
};
const resolve20 = async (label, lenses) => {
  const unresolved = lenses.filter((l) => l.command === undefined);
  if (unresolved.length === 0) {
    console.log(`${label.padEnd(34)}   (no resolve: lenses carry commands)`);
    return;
  }
  // ~20 lenses in view: the ones near the end of the document.
  const view = unresolved.slice(-20);
  const t0 = performance.now();
  const out = await Promise.all(view.map((l) => c.sendRequest("codeLens/resolve", l)));
  console.log(`${label.padEnd(34)} ${(performance.now() - t0).toFixed(0).padStart(5)} ms  ${String(out.length).padStart(5)} items  ${kb(out)}`);
  return out;
};
const far = text.lastIndexOf('"rollupTo": "') + 14; // inside the last rollupTo value
const valueAt = text.lastIndexOf('"fy2024": "') + 12; // inside a value near the end
let lenses = await time("codeLens", "textDocument/codeLens", { textDocument: { uri } });
await time("codeLens (again)", "textDocument/codeLens", { textDocument: { uri } });
await resolve20("codeLens/resolve ×20", lenses);
await time("documentSymbol", "textDocument/documentSymbol", { textDocument: { uri } });
await time("documentSymbol (again)", "textDocument/documentSymbol", { textDocument: { uri } });
await time("completion (rollupTo, valid text)", "textDocument/completion", { textDocument: { uri }, position: pos(far) });
await time("completion (again)", "textDocument/completion", { textDocument: { uri }, position: pos(far) });
await time("hover (value near the end)", "textDocument/hover", { textDocument: { uri }, position: pos(valueAt) });
await time("hover (again)", "textDocument/hover", { textDocument: { uri }, position: pos(valueAt) });
await time("definition (rollupTo)", "textDocument/definition", { textDocument: { uri }, position: pos(far) });
await time("definition (again)", "textDocument/definition", { textDocument: { uri }, position: pos(far) });
// A value edit near the end: one digit typed.
let version = 1;
for (let round = 0; round < 3; round++) {
  const at = valueAt + 1;
  d = nextDiag();
  t = performance.now();
  await c.sendNotification("textDocument/didChange", { textDocument: { uri, version: ++version }, contentChanges: [{ range: { start: pos(at), end: pos(at) }, text: "7" }] });
  diag = await d;
  console.log(`value edit → diag (30 ms debounce)  ${(performance.now() - t).toFixed(0).padStart(5)} ms  ${diag.diagnostics.length} diagnostics ${kb(diag)}`);
  lenses = await time("  codeLens after edit", "textDocument/codeLens", { textDocument: { uri } });
  await resolve20("  codeLens/resolve ×20 after edit", lenses);
  await time("  documentSymbol after edit", "textDocument/documentSymbol", { textDocument: { uri } });
  await time("  hover after edit", "textDocument/hover", { textDocument: { uri }, position: pos(valueAt) });
}
// Broken text: a new member name being typed in the last item (an unterminated string).
const insertAt = text.lastIndexOf('"label": "');
const lineStart = text.lastIndexOf("\n", insertAt) + 1;
const indent = text.slice(lineStart, insertAt);
const p0 = pos(lineStart);
await c.sendNotification("textDocument/didChange", { textDocument: { uri, version: ++version }, contentChanges: [{ range: { start: p0, end: p0 }, text: indent + '"\n' }] });
const r = await time("completion (member name, broken)", "textDocument/completion", { textDocument: { uri }, position: { line: p0.line, character: indent.length + 1 } });
console.log(
  "   labels:",
  (r?.items ?? [])
    .map((i) => i.label)
    .join(", ")
    .slice(0, 200),
);
await time("completion (broken, again)", "textDocument/completion", { textDocument: { uri }, position: { line: p0.line, character: indent.length + 1 } });
await time("hover (broken, value near end)", "textDocument/hover", { textDocument: { uri }, position: { line: pos(valueAt).line + 1, character: pos(valueAt).character } });
child.kill();
process.exit(0);
