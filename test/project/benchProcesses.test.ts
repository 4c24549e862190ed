// The editor benchmark's comparison with VS Code's own JSON language server (issue 25: "a comparison
// with VS Code's own extensions doing the same thing in the same run"): the process it reads is the
// JSON server of the window, never ours nor another built-in server, and the report shows its
// memory beside ours.

import assert from "node:assert/strict";
import { test } from "node:test";
import { jsonLanguageServer, kindOf } from "../e2e/bench/processKinds";
import { formatReport, jsonServerRows, type SizeResult } from "../e2e/bench/report";
import { benchResult } from "../support/benchResult";

const CODE_SERVER = "/work/main/.cache/code-server/node_modules/code-server/lib/vscode";
const NODE = "/usr/local/bin/node";
const OURS = `${NODE} --max-semi-space-size=4 /tmp/fs-e2e-1/extensions/local.fs-documents-0.1.0/dist/server.js --node-ipc --clientProcessId=41`;
const JSON_SERVER = `${NODE} ${CODE_SERVER}/extensions/json-language-features/server/dist/node/jsonServerMain --node-ipc --clientProcessId=41`;
const processes = [
  { pid: 40, command: `${NODE} ${CODE_SERVER}/out/bootstrap-fork --type=extensionHost`, started: 900 },
  { pid: 51, command: OURS, started: 1000 },
  { pid: 52, command: `${NODE} ${CODE_SERVER}/extensions/markdown-language-features/dist/serverWorkerMain --node-ipc --clientProcessId=41`, started: 1001 },
  { pid: 53, command: JSON_SERVER, started: 1002 },
  // A file named like the JSON server's script, opened by ours, is not VS Code's JSON server.
  { pid: 54, command: `${OURS} /work/jsonServerMain.json`, started: 1003 },
];

test("the benchmark reads VS Code's JSON language server, not ours nor another built-in server", () => {
  assert.equal(jsonLanguageServer(processes)?.pid, 53);
  assert.equal(kindOf(JSON_SERVER), "built-in JSON language server");
  assert.equal(kindOf(OURS), "FS language server");
  assert.equal(jsonLanguageServer(processes.filter(({ pid }) => pid !== 53)), undefined);
});

test("of two JSON language servers (a reloaded window's old one not ended yet), the one started last", () => {
  const reloaded = [...processes, { pid: 12, command: JSON_SERVER.replace("=41", "=77"), started: 2000 }];
  assert.equal(jsonLanguageServer(reloaded)?.pid, 12);
  assert.equal(jsonLanguageServer([...processes, { pid: 99, command: JSON_SERVER, started: 1002 }])?.pid, 99);
});

const MB = 1e6;

function result(jsonServer: SizeResult["jsonServer"]): SizeResult {
  return benchResult({
    shape: "long+failing",
    runs: 1,
    languageServer: { rss: 150 * MB, peakWhileEditing: 200 * MB, lifetimePeak: 300 * MB, idle: 55 * MB, afterGc: 100 * MB, afterMoreEdits: 100 * MB, moreEdits: 100 },
    jsonServer,
  });
}

test("the report shows the JSON language server's memory in MB and × the document beside ours", () => {
  const rows = jsonServerRows(result({ rss: 240 * MB, afterMoreEdits: 250 * MB, lifetimePeak: 400 * MB }));
  assert.deepEqual(
    rows.map((row) => row.slice(0, 3)),
    [
      ["VS Code's JSON language server RSS, same document, after the edits (no GC)", "240 MB", "48.0× doc"],
      ["  … after 100 more value edits (no GC)", "250 MB", "50.0× doc"],
      ["VS Code's JSON language server peak RSS over its life (VmHWM)", "400 MB", "80.0× doc"],
    ],
  );
  const report = formatReport([result({ rss: 240 * MB, afterMoreEdits: 250 * MB, lifetimePeak: 400 * MB })], "test machine");
  assert.match(report, /\| language server RSS, after the edits \(no GC\) +\| +150 MB \| +30\.0× doc \|/);
  assert.match(report, /\| VS Code's JSON language server peak RSS over its life \(VmHWM\) +\| +400 MB \| +80\.0× doc \|/);
});

test("a JSON language server not found is said, not left out", () => {
  assert.deepEqual(jsonServerRows(result(undefined))[0]?.slice(0, 2), ["VS Code's JSON language server (same document, same window)", "not found"]);
});
