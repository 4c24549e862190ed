// The language server alone over node-ipc, as VS Code's client runs it: a cold open's first code
// lens. fs/openAhead for the file (the tab opened), then, `AFTER_MS` after its publication (VS
// Code still bringing the text to the extension host), the didOpen with the 5 MB text and the
// lenses in view right behind it, as the editor sends them. Per open: from the didOpen's send to
// the lens answer, wall and the server's CPU, and what the server still had to do of the work it
// starts after fs/openAhead (its CPU from the publication to the didOpen), and the answer's lenses.
//   node scripts/bench/open-lens.mjs [shape] [AFTER_MS,...] [opens]   (after node scripts/build.mjs)
// FS_BENCH_SERVER_JS names another server build; FS_BENCH_EDITOR_ORDER=1 sends the outline and code
// actions before the lenses, in VS Code's order.
import { initializedOverIpc, serverAndFile } from "./ipcClient.mjs";
import { loadavg } from "node:os";

const shape = process.argv[2] ?? "typical";
const delays = (process.argv[3] ?? "0,500,1000,3000").split(",").map(Number);
const opens = Number(process.argv[4] ?? 3);
const { serverPath, text, uri: URI, child, cpuMs, cleanUp } = serverAndFile(shape, "fs-open-lens-");
let published = () => undefined;
const connection = await initializedOverIpc(child, {
  onNotifications: (client) => client.onNotification("fs/diagnosticGroups", (params) => params.uri === URI && published()),
});
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const document = { textDocument: { uri: URI } };
console.log(
  `${shape}, 5 MB, ${serverPath}, load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(" ")}`,
);
for (const afterMs of delays) {
  for (let open = 1; open <= opens; open++) {
    const publication = new Promise((resolve) => (published = resolve));
    void connection.sendRequest("fs/openAhead", { uri: URI });
    await publication;
    const cpuPublished = cpuMs();
    await sleep(afterMs);
    const cpuSent = cpuMs();
    const sent = performance.now();
    void connection.sendNotification("textDocument/didOpen", { textDocument: { uri: URI, languageId: "json", version: 1, text } });
    // FS_BENCH_EDITOR_ORDER=1: the outline and the code actions at the cursor first, as VS Code sends them.
    if (process.env.FS_BENCH_EDITOR_ORDER === "1") {
      void connection.sendRequest("textDocument/documentSymbol", document);
      void connection.sendRequest("textDocument/codeAction", {
        ...document,
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
        context: { diagnostics: [] },
      });
    }
    const answer = await connection.sendRequest("fs/codeLenses", { uri: URI, lines: [{ start: 0, end: 180 }], resolved: [{ start: 0, end: 60 }] });
    const answered = performance.now() - sent;
    // What the editor is given to draw: how many lenses, how many with their titles, how large.
    const lenses = answer?.lenses ?? [];
    const titled = lenses.filter((lens) => lens.command !== undefined).length;
    console.log(
      `didOpen ${afterMs} ms after the publication, open ${open}: server CPU publication → didOpen ${cpuSent - cpuPublished} ms; didOpen → lens answer ${answered.toFixed(0)} ms (server CPU ${cpuMs() - cpuSent} ms); ${lenses.length} lenses (${titled} resolved), ${JSON.stringify(answer).length} characters`,
    );
    await sleep(3000);
    await connection.sendNotification("textDocument/didClose", document);
    await sleep(300);
  }
}
child.kill();
cleanUp();
process.exit(0);
