// The language server's memory over an editor-like session, over stdio (`npm run bench:editor`
// measures it in code-server; this runs in seconds, without a browser): open with the preview,
// then after every change what VS Code asks for (the lens list and 20 resolves, the outline three
// times, hover, highlight, the cursor's pointer, inlay hints, code actions,
// the rollup tree); a label typed (full analyses) and the text reverted; then value edits. The
// resident memory after a forced GC, above an idle server process, at each stage.
//   node scripts/bench/session.mjs [MB] [value edits]      (after node scripts/build.mjs)
// FS_BENCH_SERVER_JS names another server build, as for the other server rows.
import { generateWithStats } from "./generate.mjs";
import { editableDigit, openServer, positionAt, stop } from "./server.mjs";

const size = Number(process.argv[2] ?? 5);
const valueEdits = Number(process.argv[3] ?? 100);
const { text } = generateWithStats({ targetBytes: size * 1e6, seed: 1 });
const uri = "file:///bench/document.json";
const mb = (bytes) => (bytes / 2 ** 20).toFixed(1);

const state = await openServer(text, { preview: true, find: editableDigit });
const { connection } = state;
const report = (stage, memory) =>
  console.log(
    `${stage.padEnd(34)} ${mb(memory.rss).padStart(6)} MB resident, ${mb(memory.rss - state.idle.rss).padStart(5)} MB above idle ` +
      `(${((memory.rss - state.idle.rss) / text.length).toFixed(1)}× the document), heap ${mb(memory.heapUsed)} MB`,
  );

/** What the editor asks for after a change, with the cursor at `position`. */
async function requests(position) {
  const lenses = await connection.sendRequest("textDocument/codeLens", { textDocument: { uri } });
  await Promise.all(
    (lenses ?? [])
      .filter((lens) => lens.command === undefined)
      .slice(-20)
      .map((lens) => connection.sendRequest("codeLens/resolve", lens)),
  );
  for (let view = 0; view < 3; view++) await connection.sendRequest("textDocument/documentSymbol", { textDocument: { uri } });
  // The preview's patch is pushed by the server after each publication (fs/previewUpdate).
  await connection.sendRequest("textDocument/hover", { textDocument: { uri }, position });
  await connection.sendRequest("textDocument/documentHighlight", { textDocument: { uri }, position });
  await connection.sendRequest("fs/pointerAt", { uri, version: state.version, offset: 1000 });
  const visible = { start: { line: Math.max(0, position.line - 30), character: 0 }, end: { line: position.line + 30, character: 0 } };
  await connection.sendRequest("textDocument/inlayHint", { textDocument: { uri }, range: visible });
  await connection.sendRequest("textDocument/codeAction", { textDocument: { uri }, range: { start: position, end: position }, context: { diagnostics: [] } });
  await connection.sendRequest("fs/rollupTree", { uri });
}

async function change(contentChanges, position) {
  state.version++;
  const published = state.next(state.version);
  await connection.sendNotification("textDocument/didChange", { textDocument: { uri, version: state.version }, contentChanges });
  await published;
  await requests(position);
}

console.log(`${size} MB (${text.length} bytes), idle server ${mb(state.idle.rss)} MB resident`);
await requests(state.position);
report("open, preview and requests", await state.memory());
const label = positionAt(text, text.indexOf('"label": "', text.length >> 1) + 10);
const typed = " restated";
for (let index = 0; index < typed.length; index++) {
  const at = { line: label.line, character: label.character + index };
  await change([{ range: { start: at, end: at }, text: typed[index] }], at);
}
await change([{ text }], state.position);
report(`a label typed (${typed.length} keys), reverted`, await state.memory());
const cell = { start: state.position, end: { line: state.position.line, character: state.position.character + 1 } };
for (let edit = 0; edit < valueEdits; edit++) await change([{ range: cell, text: state.chars[(state.version + 1) % 2] }], state.position);
report(`${valueEdits} value edits`, await state.memory());
await stop(state);
