// The language server alone over stdio: a cold open as VS Code makes it, the didOpen followed at
// once by the requests the editor sends for a newly shown document (outline, code actions at the
// cursor, inlay hints and code lenses of the lines in view, then the lenses' resolve), and when
// each answer and each publication comes (elapsed and the server's CPU since the didOpen). Shows
// what an answer waits for on an open (docs/performance.md, "the cold open's first code lens").
//   node scripts/bench/open-requests.mjs [MB] [shape]      (after node scripts/build.mjs)
// FS_BENCH_SERVER_JS names another server build ("before"); FS_BENCH_ASK_AFTER_MS delays the requests;
// FS_BENCH_PREVIEW_AFTER_MS asks for the preview's model that long after the lenses in view are
// resolved (a user pressing Ctrl+K V once the document shows its lenses). FS_BENCH_OPEN_AHEAD=1
// writes the document to a file and asks fs/openAhead for it first, as VS Code's client does for a
// large file while the editor loads it, then sends the didOpen once that publication came, and
// counts every publication for 3 s after the last answer. FS_BENCH_LENSES_FIRST=1 asks the lenses
// of the lines in view first, right behind the didOpen, those in view resolved (fs/codeLenses'
// `resolved`, as VS Code's client asks them); by default VS Code's order, as the editor sends them
// most often, every lens in view resolved by codeLens/resolve.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { generateWithStats } from "./generate.mjs";
import { startServer, stop } from "./server.mjs";

const size = Number(process.argv[2] ?? 5);
const shape = process.argv[3] ?? "long+failing";
const ahead = process.env.FS_BENCH_OPEN_AHEAD === "1";
const folder = ahead ? mkdtempSync(join(tmpdir(), "fs-open-requests-")) : undefined;
const URI = folder === undefined ? "file:///bench/document.json" : pathToFileURL(join(folder, "document.json")).href;

const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

const { text, stats } = generateWithStats({ targetBytes: size * 1e6, seed: 1, shape });
if (folder !== undefined) writeFileSync(new URL(URI), text);
const server = await startServer({ initializationOptions: { previewAhead: true } });
const pid = server.child.pid;
const events = [];
const cpuStart = cpuMs(pid);
const started = performance.now();
const note = (what) => events.push(`${(performance.now() - started).toFixed(0).padStart(6)} ms  CPU ${String(cpuMs(pid) - cpuStart).padStart(5)} ms  ${what}`);
let publications = 0;
let firstPublished;
const firstPublication = new Promise((resolve) => (firstPublished = resolve));
const whole = new Promise((resolve) =>
  server.connection.onNotification("textDocument/publishDiagnostics", (params) => {
    if (params.uri !== URI) return;
    const related = params.diagnostics.reduce((sum, diagnostic) => sum + (diagnostic.relatedInformation?.length ?? 0), 0);
    note(`publishDiagnostics ${++publications}: ${params.diagnostics.length} problems, ${related} related`);
    firstPublished();
    if (related > 0 || (publications >= 2 && !ahead)) resolve();
  }),
);
if (ahead) {
  note(`fs/openAhead: ${JSON.stringify(await server.connection.sendRequest("fs/openAhead", { uri: URI }))}`);
  await firstPublication;
}
const document = { uri: URI };
const view = { start: { line: 0, character: 0 }, end: { line: 60, character: 0 } };
const ask = (method, params) => server.connection.sendRequest(method, params).then((result) => (note(`answer ${method}`), result));
await server.connection.sendNotification("textDocument/didOpen", { textDocument: { uri: URI, languageId: "json", version: 1, text } });
note("didOpen sent");
// FS_BENCH_ASK_AFTER_MS: the requests come later, while the server analyses (VS Code asks once it shows the text).
await new Promise((resolve) => setTimeout(resolve, Number(process.env.FS_BENCH_ASK_AFTER_MS ?? 0)));
const lensesFirst = process.env.FS_BENCH_LENSES_FIRST === "1";
const lensesInView = () =>
  ask("fs/codeLenses", { uri: URI, lines: [{ start: 0, end: 180 }], ...(lensesFirst ? { resolved: [{ start: 0, end: 60 }] } : {}) }).then(async (result) => {
    const lenses = (result?.lenses ?? []).filter((lens) => lens.command === undefined && lens.range.start.line <= 60);
    note(`fs/codeLenses: ${result?.lenses.length ?? 0} lenses, ${lenses.length} to resolve in view`);
    await Promise.all(lenses.map((lens) => server.connection.sendRequest("codeLens/resolve", lens)));
    note("every lens in view resolved");
    const previewAfter = process.env.FS_BENCH_PREVIEW_AFTER_MS;
    if (previewAfter === undefined) return;
    await new Promise((resolve) => setTimeout(resolve, Number(previewAfter)));
    note("fs/previewModel asked");
    const model = await ask("fs/previewModel", { uri: URI });
    note(`fs/previewModel: ${model?.wire?.length ?? 0} characters of model`);
  });
const lenses = lensesFirst ? lensesInView() : undefined;
const answers = [
  ask("textDocument/documentSymbol", { textDocument: document }),
  ask("textDocument/codeAction", { textDocument: document, range: { start: view.start, end: view.start }, context: { diagnostics: [] } }),
  ask("textDocument/inlayHint", { textDocument: document, range: view }),
  lenses ?? lensesInView(),
];
await Promise.all([...answers, whole]);
if (ahead) await new Promise((resolve) => setTimeout(resolve, 3000));
console.log(
  `${shape}, ${(stats.bytes / 1e6).toFixed(1)} MB, ${stats.expectedUnsatisfied} failing and ${stats.missingValueErrors + stats.unavailableValueErrors} unevaluable checks`,
);
for (const event of events) console.log(`  ${event}`);
await stop(server);
if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
