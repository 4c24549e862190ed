// The language server alone over node-ipc, as VS Code's client runs it, through the editor bench's
// warm opens: five times, fs/openAhead for the file (as the client asks when its tab opens), the
// didOpen `LOAD_MS` later (VS Code loading the text meanwhile: 1–2 s at 5 MB in code-server), the
// outline and the lenses in view, the preview's model `PREVIEW_AFTER_MS` after their answers, and
// the didClose. Per open: fs/openAhead → its publication, the server's CPU over the `LOAD_MS` the
// editor spends loading the text (what it takes from the editor's own loading on a 2-core machine),
// and the preview's model's answer (docs/performance.md, "A file prepared ahead …"); and the server's CPU
// for the whole open (to 1.5 s after the preview's model), which a loaded machine does not cap.
//   node scripts/bench/warm-opens.mjs [shape] [LOAD_MS] [PREVIEW_AFTER_MS]   (after node scripts/build.mjs)
// FS_BENCH_SERVER_JS names another server build; FS_BENCH_SERVER_ARGS adds Node options to the server
// (e.g. "--cpu-prof --cpu-prof-dir=<dir>": the server is shut down cleanly, so the profile is written).
import { initializedOverIpc, serverAndFile } from "./ipcClient.mjs";

const shape = process.argv[2] ?? "typical";
const loadMs = Number(process.argv[3] ?? 1500);
const previewAfterMs = Number(process.argv[4] ?? 300);
const { text, uri: URI, child, cpuMs, cleanUp } = serverAndFile(shape, "fs-warm-opens-");
let published = () => undefined;
const connection = await initializedOverIpc(child, {
  onNotifications: (client) => client.onNotification("fs/diagnosticGroups", (params) => params.uri === URI && published()),
});
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const document = { textDocument: { uri: URI } };
console.log(`${shape}, 5 MB, the didOpen ${loadMs} ms after fs/openAhead, the preview's model ${previewAfterMs} ms after the open's answers`);
for (let open = 1; open <= 5; open++) {
  const asked = performance.now();
  const cpuAsked = cpuMs();
  const publication = new Promise((resolve) => (published = resolve));
  void connection.sendRequest("fs/openAhead", { uri: URI });
  await publication;
  const toPublication = performance.now() - asked;
  await sleep(Math.max(0, loadMs - (performance.now() - asked)));
  const duringLoad = cpuMs() - cpuAsked;
  await connection.sendNotification("textDocument/didOpen", { textDocument: { uri: URI, languageId: "json", version: 1, text } });
  await Promise.all([connection.sendRequest("textDocument/documentSymbol", document), connection.sendRequest("fs/codeLenses", { uri: URI, lines: [{ start: 0, end: 180 }] })]);
  await sleep(previewAfterMs);
  const previewAsked = performance.now();
  await connection.sendRequest("fs/previewModel", { uri: URI });
  const preview = performance.now() - previewAsked;
  await sleep(1500);
  // All the open's work, whatever the machine's load lets the server do in LOAD_MS: what a loaded
  // machine spreads beyond the text's load is counted here too.
  const inAll = cpuMs() - cpuAsked;
  console.log(
    `open ${open}: fs/openAhead → publication ${toPublication.toFixed(0)} ms; server CPU while the text loads ${duringLoad} ms, in all ${inAll} ms; the preview's model answered in ${preview.toFixed(0)} ms`,
  );
  await connection.sendNotification("textDocument/didClose", document);
  await sleep(150);
}
const exited = new Promise((resolve) => child.once("exit", resolve));
await connection.sendRequest("shutdown");
await connection.sendNotification("exit");
await exited;
cleanUp();
process.exit(0);
