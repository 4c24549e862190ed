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
import { fork } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { generateWithStats } from "./generate.mjs";
import { initializedOverIpc } from "./ipcClient.mjs";

const require = createRequire(import.meta.url);
const engine = require("../../dist/bench-engine.js");
const shape = process.argv[2] ?? "typical";
const loadMs = Number(process.argv[3] ?? 1500);
const previewAfterMs = Number(process.argv[4] ?? 300);
const serverPath = process.env.FS_BENCH_SERVER_JS ?? fileURLToPath(new URL("../../dist/server.js", import.meta.url));
const { text } = generateWithStats({ targetBytes: 5e6, seed: 1, shape });
// On disk: fs/openAhead reads it there.
const folder = mkdtempSync(join(tmpdir(), "fs-warm-opens-"));
const file = join(folder, `statements-${shape.replaceAll("+", "-")}-5mb.json`);
writeFileSync(file, text);
const URI = pathToFileURL(file).href;

const child = fork(serverPath, ["--node-ipc"], {
  execArgv: [...(engine.SERVER_NODE_OPTIONS ?? []), ...(process.env.FS_BENCH_SERVER_ARGS ?? "").split(" ").filter((arg) => arg !== "")],
  env: { ...process.env, ...(engine.SERVER_ENV ?? {}) },
  stdio: ["ignore", "inherit", "inherit", "ipc"],
});
const cpuMs = () => {
  const fields = readFileSync(`/proc/${child.pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
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
rmSync(folder, { recursive: true, force: true });
process.exit(0);
