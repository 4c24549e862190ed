// What a value edit's publication weighs on the wire, against what changed in it: the language
// server alone over stdio on a generated document, a value edit at each of `edits` places spread
// over the document (one digit replaced, so no line moves), and for each edit the publishDiagnostics
// of that version (all of the document's diagnostics, as LSP publishes them) beside the diagnostics
// of the groups that changed since the last publication, grouped as the VS Code client groups them
// (client/src/server/diagnosticGroups.ts, bundled here with esbuild so the rule is the client's).
// Answers issue 25's question whether sending our own client only the changed groups would cut
// the payload per edit. With FS_BENCH_DIAGNOSTIC_GROUPS=1 the server is asked for them, as VS
// Code's client asks (fs/diagnosticGroups, protocol/lsp.ts): "sent" is then that notification,
// merged here by the client's rule into the whole publication; without it, the whole
// publishDiagnostics every other client gets. Per edit also the time from the didChange to its
// publication's arrival and the server's CPU time (/proc) between the two.
//   node scripts/bench/diagnostic-groups.mjs [MB] [shape] [edits]     (after node scripts/build.mjs)
//   FS_BENCH_DIAGNOSTIC_GROUPS=1 node scripts/bench/diagnostic-groups.mjs [MB] [shape] [edits]
import { readFileSync } from "node:fs";
import { build } from "esbuild";
import { generateWithStats } from "./generate.mjs";
import { startServer, stop } from "./server.mjs";

const size = Number(process.argv[2] ?? 5);
const shape = process.argv[3] ?? "long+failing";
const edits = Number(process.argv[4] ?? 5);
const URI = "file:///bench/document.json";

const bundled = await build({
  entryPoints: [new URL("../../client/src/server/diagnosticGroups.ts", import.meta.url).pathname],
  bundle: true,
  format: "esm",
  platform: "node",
  write: false,
  logLevel: "silent",
});
const { diagnosticGroup, mergeGroups } = await import(`data:text/javascript;base64,${Buffer.from(bundled.outputFiles[0].text).toString("base64")}`);

const { text, stats } = generateWithStats({ targetBytes: size * 1e6, seed: 1, shape });
const lineStarts = [0];
for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lineStarts.push(i + 1);
const position = (offset) => {
  let low = 0;
  let high = lineStarts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (lineStarts[middle] <= offset) low = middle;
    else high = middle - 1;
  }
  return { line: low, character: offset - lineStarts[low] };
};

/** The publication's diagnostics by group, each group as its JSON text. */
const groupsOf = (params) => {
  const lists = new Map();
  for (const diagnostic of params.diagnostics) {
    const group = diagnosticGroup(diagnostic);
    if (!lists.has(group)) lists.set(group, []);
    lists.get(group).push(diagnostic);
  }
  return new Map([...lists].map(([group, list]) => [group, JSON.stringify(list)]));
};

const groupsMode = process.env.FS_BENCH_DIAGNOSTIC_GROUPS === "1";
const server = await startServer(groupsMode ? { initializationOptions: { diagnosticGroups: true } } : {});
const published = [];
const waiters = [];
/** `params`: the whole publication; `sent`: the characters of the message's params on the wire. */
const arrived = (params, sent) => {
  if (params.uri !== URI) return;
  params.sent = sent;
  published.push(params);
  for (const waiter of waiters.splice(0)) waiter(params);
};
server.connection.onNotification("textDocument/publishDiagnostics", (params) => arrived(params, JSON.stringify(params).length));
let held;
server.connection.onNotification("fs/diagnosticGroups", (params) => {
  held = mergeGroups(held, { whole: params.whole, groups: new Map(params.groups.map(({ group, diagnostics }) => [group, diagnostics])) }).held;
  arrived({ uri: params.uri, version: params.version, diagnostics: [...held.values()].flat() }, JSON.stringify(params).length);
});
/** The server's user + system CPU ms (/proc, clock ticks of 10 ms). */
const serverCpuMs = () => {
  const fields = readFileSync(`/proc/${server.child.pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const next = (accept) =>
  new Promise((resolve) => {
    const listen = (params) => (accept(params) ? resolve(params) : waiters.push(listen));
    waiters.push(listen);
  });
const related = (params) => params.diagnostics.reduce((sum, diagnostic) => sum + (diagnostic.relatedInformation?.length ?? 0), 0);
const whole = next((params) => params.version === 1 && related(params) > 0);
await server.connection.sendNotification("textDocument/didOpen", { textDocument: { uri: URI, languageId: "json", version: 1, text } });
let last = await Promise.race([whole, new Promise((resolve) => setTimeout(() => resolve(published.at(-1)), 60_000))]);
const kb = (chars) => `${(chars / 1024).toFixed(1)} KB`;
console.log(
  `${shape}, ${(stats.bytes / 1e6).toFixed(1)} MB: ${last.diagnostics.length} diagnostics, ${related(last)} related locations, ${groupsOf(last).size} groups; the server sends ${groupsMode ? "fs/diagnosticGroups" : "textDocument/publishDiagnostics"}`,
);
console.log("edit  where      publication (all)   sent        changed groups    ms   server CPU ms   of which diagnostics");

// Value cells spread over the document: the first digit of the first value after each `edits`th of the text.
let version = 1;
const totals = { all: 0, changed: 0, sent: 0 };
for (let edit = 0; edit < edits; edit++) {
  const from = Math.floor(((edit + 0.5) / edits) * text.length);
  // A member whose value is a decimal string: a value cell (ids and labels are not all digits).
  const match = /\n\s+"[^"\n]+": "(-?)[1-8][0-9.]*",?\n/g;
  match.lastIndex = from;
  const found = match.exec(text);
  if (found === null) break;
  const at = found.index + found[0].indexOf(': "') + 3 + found[1].length;
  const digit = String(Number(text[at]) + 1);
  const before = groupsOf(last);
  const edited = ++version;
  const publication = next((params) => params.version === edited);
  const cpuBefore = serverCpuMs();
  const started = performance.now();
  await server.connection.sendNotification("textDocument/didChange", {
    textDocument: { uri: URI, version: edited },
    contentChanges: [{ range: { start: position(at), end: position(at + 1) }, text: digit }],
  });
  last = await publication;
  const ms = performance.now() - started;
  const cpu = serverCpuMs() - cpuBefore;
  const after = groupsOf(last);
  let changedChars = 0;
  let changedDiagnostics = 0;
  const changedGroups = [];
  for (const [group, json] of after) {
    if (before.get(group) === json) continue;
    changedGroups.push(group);
    changedChars += json.length + group.length + 4;
    changedDiagnostics += JSON.parse(json).length;
  }
  for (const group of before.keys()) if (!after.has(group)) changedChars += group.length + 4;
  const all = JSON.stringify({ uri: last.uri, version: last.version, diagnostics: last.diagnostics }).length;
  totals.all += all;
  totals.changed += changedChars;
  totals.sent += last.sent;
  console.log(
    `${String(edit + 1).padStart(4)}  line ${String(position(at).line).padStart(6)}  ${kb(all).padStart(17)}   ${kb(last.sent).padStart(9)}   ${kb(changedChars).padStart(14)}   ${ms.toFixed(0).padStart(4)}   ${String(cpu).padStart(13)}   ${changedDiagnostics} in ${changedGroups.length} group(s): ${changedGroups.join(", ")}`,
  );
}
console.log(
  `total ${kb(totals.all)} published, ${kb(totals.sent)} sent (${((100 * totals.sent) / Math.max(1, totals.all)).toFixed(1)}%), ${kb(totals.changed)} in changed groups (${((100 * totals.changed) / Math.max(1, totals.all)).toFixed(1)}%)`,
);
await stop(server);
