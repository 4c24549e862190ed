// The protocol-level suite: the real server, spawned over stdio, driven as an editor drives it.
// Feature behaviour is tested in-process against the service (the other files here); this file
// checks what only the wiring can get wrong: every request reaches its handler, settings and
// debouncing, document sync, hostile parameters and frames, and which documents are recognised.

import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { join } from "node:path";
import {
  CodeActionRequest,
  CodeLensRequest,
  CodeLensResolveRequest,
  CompletionRequest,
  DefinitionRequest,
  DocumentSymbolRequest,
  HoverRequest,
  PrepareRenameRequest,
  ReferencesRequest,
  RenameRequest,
  type Position,
} from "vscode-languageserver-protocol/node";
import { CellEditsRequest, CodeLensesRequest, ExportRequest, PreviewModelRequest, RecordEditsRequest, SnapshotDiffRequest, ValidateTextRequest } from "../../protocol/lsp";
import { decodePreviewWire } from "../../shared/src/render/previewWire";
import { repoRoot, readText, upstreamRoot } from "../support/paths";
import { serveThisFile, startServer, type ServerUnderTest } from "./harness";
import { NOT_FS } from "./samples";
import { lineOf, positionOf } from "./text-positions";

const fixtures = join(upstreamRoot, "fixtures");
const manufacturing = readText(join(upstreamRoot, "examples", "manufacturing-group.json"));
let server: ServerUnderTest;

serveThisFile((started) => {
  server = started;
});

test("every request reaches its handler and answers from the service", async () => {
  const uri = "file:///wiring/manufacturing-group.json";
  const opened = await server.open(uri, manufacturing);
  assert.ok(opened.diagnostics.some((diagnostic) => diagnostic.code === "rollup-unsatisfied"));
  const textDocument = { uri };
  const at = (needle: string, nth = 0, delta = 1): Position => positionOf(manufacturing, needle, nth, delta);
  const lenses = await server.connection.sendRequest(CodeLensRequest.type, { textDocument });
  assert.ok(lenses !== null && lenses.length > 1);
  // A parent's lens comes without its title; resolving it finds the document again from its data.
  const grossProfit = lenses.find((lens) => lens.range.start.line === lineOf(manufacturing, '"id": "gross-profit"') - 1);
  assert.ok(grossProfit !== undefined && grossProfit.command === undefined);
  const resolved = await server.connection.sendRequest(CodeLensResolveRequest.type, grossProfit);
  assert.equal(resolved.command?.title, "✗ fy2025 off by 1 · ✓ 1 other");
  assert.equal(resolved.command?.command, "fs.explainRollup");
  // A lens that names no open document still answers with a command (VS Code shows one without as "!!MISSING: command!!").
  const foreign = await server.connection.sendRequest(CodeLensResolveRequest.type, { range: grossProfit.range, data: [999, 0, 0, "x"] });
  assert.deepEqual(foreign.command, { title: "", command: "" });
  // fs/codeLenses: a small document's whole list, whatever lines are shown; malformed lines are no request.
  assert.deepEqual(await server.connection.sendRequest(CodeLensesRequest, { uri, lines: [{ start: 0, end: 5 }] }), { lenses, windowed: false });
  for (const lines of [undefined, [{ start: 5, end: 1 }], [{ start: -1, end: 3 }], [{ start: "0", end: 3 }], Array.from({ length: 33 }, () => ({ start: 0, end: 1 }))]) {
    assert.equal(await server.connection.sendRequest(CodeLensesRequest, { uri, lines } as never), null, JSON.stringify(lines)?.slice(0, 40));
    if (lines !== undefined)
      assert.equal(await server.connection.sendRequest(CodeLensesRequest, { uri, lines: [{ start: 0, end: 5 }], resolved: lines } as never), null, "resolved: the same checks");
  }
  // The lines shown come resolved: the lens above gross-profit with its title.
  const shownLine = grossProfit.range.start.line;
  const withTitles = await server.connection.sendRequest(CodeLensesRequest, { uri, lines: [{ start: 0, end: 5 }], resolved: [{ start: shownLine, end: shownLine }] });
  assert.equal(withTitles?.lenses.find((lens) => lens.range.start.line === shownLine)?.command?.title, "✗ fy2025 off by 1 · ✓ 1 other");
  const hover = await server.connection.sendRequest(HoverRequest.type, { textDocument, position: at('"41"') });
  assert.match(JSON.stringify(hover?.contents), /Gross profit/);
  const symbols = await server.connection.sendRequest(DocumentSymbolRequest.type, { textDocument });
  assert.ok(symbols !== null && symbols.length >= 3);
  const completion = await server.connection.sendRequest(CompletionRequest.type, { textDocument, position: at('"unit": "krw-millions"', 0, '"unit": "'.length) });
  assert.ok(completion !== null && "items" in completion && completion.items.some((item) => item.label === "krw-millions"));
  const definition = await server.connection.sendRequest(DefinitionRequest.type, { textDocument, position: at('"unit": "krw-millions"', 0, '"unit": "k'.length) });
  assert.ok(Array.isArray(definition) && definition.length === 1);
  const references = await server.connection.sendRequest(ReferencesRequest.type, {
    textDocument,
    position: at('"unit": "krw-millions"', 0, '"unit": "k'.length),
    context: { includeDeclaration: true },
  });
  assert.ok(references !== null && references.length > 1);
  const prepared = await server.connection.sendRequest(PrepareRenameRequest.type, { textDocument, position: at('"unit": "krw-millions"', 0, '"unit": "k'.length) });
  assert.ok(prepared !== null && "placeholder" in prepared && prepared.placeholder === "krw-millions");
  const renamed = await server.connection.sendRequest(RenameRequest.type, { textDocument, position: at('"unit": "krw-millions"', 0, '"unit": "k'.length), newName: "krw-mn" });
  assert.ok((renamed?.changes?.[uri]?.length ?? 0) > 1);
  await assert.rejects(
    server.connection.sendRequest(RenameRequest.type, { textDocument, position: at('"unit": "krw-millions"', 0, '"unit": "k'.length), newName: "1st" }),
    /not an identifier/,
  );
  const actions = await server.connection.sendRequest(CodeActionRequest.type, {
    textDocument,
    range: opened.diagnostics[0]!.range,
    context: { diagnostics: [], only: ["source"] },
  });
  assert.ok(actions !== null && actions.some((action) => "kind" in action && action.kind === "source.fs.recordSnapshot"));
  const preview = await server.connection.sendRequest(PreviewModelRequest, { uri });
  const previewed = preview?.wire === undefined ? undefined : decodePreviewWire(JSON.parse(preview.wire));
  assert.ok(preview !== null && previewed !== undefined && previewed.statements.length > 0 && preview.status.version === 1);
  const diff = await server.connection.sendRequest(SnapshotDiffRequest, { uri });
  assert.ok(diff !== null && diff.diff !== undefined);
  const record = await server.connection.sendRequest(RecordEditsRequest, { uri });
  assert.ok(record !== null && record.edits.length > 0);
  const written = await server.connection.sendRequest(CellEditsRequest, {
    uri,
    writes: [{ pointer: "/statements/0/items/0/label", content: { kind: "text", text: 'A "quoted" label' } }],
  });
  assert.ok(written !== null && written.version === 1 && written.edits.length === 1 && written.edits[0]?.content === '"A \\"quoted\\" label"');
  // Malformed writes are refused by the wiring's check (null), never thrown into the service.
  assert.equal(await server.connection.sendRequest(CellEditsRequest, { uri, writes: [{ pointer: 7 }] } as never), null);
  const exported = await server.connection.sendRequest(ExportRequest, { uri, format: "tsv" });
  assert.ok(exported.files.length > 0 && exported.problem === undefined);
  const notOpen = await server.connection.sendRequest(ExportRequest, { uri: "file:///wiring/closed.json", format: "html" });
  assert.equal(notOpen.problem, "This document is not open as an FS document.");
  const closedUri = "file:///wiring/closed-file.json";
  const published = server.diagnostics(closedUri);
  const validated = await server.connection.sendRequest(ValidateTextRequest, { uri: closedUri, text: manufacturing });
  assert.equal(validated.isFsDocument, true);
  assert.equal(validated.status?.calculations, "inconsistent");
  assert.ok((await published).diagnostics.length > 0);
  assert.deepEqual(
    server.logs.filter((line) => /failed|Error/.test(line)),
    [],
  );
});

test("ordinary JSON gets no diagnostics at all", async () => {
  const uri = "file:///wiring/package.json";
  await server.connection.sendNotification("textDocument/didOpen", {
    textDocument: { uri, languageId: "json", version: 1, text: '{ "name": "x", "version": "1.0.0", "scripts": {} }' },
  });
  // A later FS document's diagnostics arrive after anything the server would have sent for package.json.
  await server.open("file:///after-package.json", readText(join(fixtures, "valid/no-rollups.json")));
  assert.equal(server.published.filter((params) => params.uri === uri).length, 0);
});

test("edits are debounced: a burst of changes publishes for the last version only", async () => {
  // Its own server with a debounce far longer than the burst takes to write, even on a loaded
  // machine; the four changes are written back to back, without waiting in between.
  const slow = await startServer({ validation: { delay: 1500 } });
  try {
    const uri = "file:///burst.json";
    const text = readText(join(fixtures, "valid/no-rollups.json"));
    await slow.open(uri, text);
    const before = slow.published.length;
    const sent: Promise<void>[] = [];
    for (let version = 2; version <= 5; version++) {
      sent.push(slow.connection.sendNotification("textDocument/didChange", { textDocument: { uri, version }, contentChanges: [{ text: text.replace('"10"', `"${version}"`) }] }));
    }
    await Promise.all(sent);
    const last = await slow.diagnostics(uri, (params) => params.version === 5);
    assert.equal(last.version, 5);
    const forUri = slow.published.slice(before).filter((params) => params.uri === uri);
    assert.deepEqual(
      forUri.map((params) => params.version),
      [5],
    );
  } finally {
    await slow.stop();
  }
  assert.equal(slow.stderr(), "");
});

test("closing a document clears its diagnostics", async () => {
  const uri = "file:///closing.json";
  await server.open(uri, readText(join(fixtures, "invalid/self-rollup.json")));
  const cleared = await server.close(uri);
  assert.deepEqual(cleared.diagnostics, []);
});

test("the codeLens setting turns every lens off", async () => {
  let windowAsked: () => void = () => undefined;
  const asked = new Promise<void>((resolve) => (windowAsked = resolve));
  const quiet = await startServer(
    { codeLens: { enabled: false } },
    {},
    {
      settingsFor: (scopeUri) => {
        if (scopeUri === undefined) windowAsked();
        return {};
      },
    },
  );
  try {
    const uri = "file:///quiet.json";
    await quiet.open(uri, manufacturing);
    // The window's settings were answered: a request sent now is handled after they took effect.
    await asked;
    assert.equal(await quiet.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri } }), null);
  } finally {
    await quiet.stop();
  }
  assert.equal(quiet.stderr(), "");
});

test("malformed didOpen and didChange parameters are ignored, without an exception", async () => {
  const uri = "file:///wiring/hostile.json";
  const text = readText(join(fixtures, "valid", "no-rollups.json"));
  const malformedOpens: unknown[] = [
    { textDocument: { uri, languageId: "json", version: 1, text: null } },
    { textDocument: { uri, languageId: "json", version: 1, text: 42 } },
    { textDocument: { uri, languageId: "json", version: "1", text } },
    { textDocument: { uri, languageId: null, version: 1, text } },
    { textDocument: { uri: 7, languageId: "json", version: 1, text } },
    { textDocument: null },
    null,
  ];
  for (const params of malformedOpens) await server.connection.sendNotification("textDocument/didOpen", params);
  // Nothing was opened: the document is unknown.
  assert.equal(await server.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 0, character: 0 } }), null);
  const opened = await server.open(uri, text);
  assert.deepEqual(opened.diagnostics, []);
  const malformedChanges: unknown[] = [
    { textDocument: { uri, version: 2 }, contentChanges: [{ text: null }] },
    { textDocument: { uri, version: 2 }, contentChanges: [{ text: 5 }] },
    { textDocument: { uri, version: 2 }, contentChanges: "{}" },
    { textDocument: { uri, version: 2 }, contentChanges: [{ range: { start: { line: -1, character: 0 }, end: { line: 0, character: 0 } }, text: "x" }] },
    { textDocument: { uri, version: 2 }, contentChanges: [{ range: { start: { line: 0.5, character: 0 }, end: { line: 1, character: 0 } }, text: "x" }] },
    { textDocument: { uri, version: 2 }, contentChanges: [{ range: { start: { line: 2, character: 0 }, end: { line: 1, character: 0 } }, text: "x" }] },
    { textDocument: { uri, version: null }, contentChanges: [{ text: "{" }] },
    { textDocument: { uri }, contentChanges: [{ text: "{" }] },
    { contentChanges: [{ text: "{" }] },
  ];
  for (const params of malformedChanges) await server.connection.sendNotification("textDocument/didChange", params);
  // The document is as it was: a valid change still applies on top of the original text.
  const changed = await server.change(uri, 2, [{ text: text.replace('"fy2025": "10"', '"fy2025": 10') }]);
  assert.deepEqual(
    changed.diagnostics.map((diagnostic) => diagnostic.code),
    ["decimal-string-required"],
  );
  const ignored = server.logs.filter((line) => line.startsWith("Ignored a malformed"));
  assert.equal(ignored.length, malformedOpens.length + malformedChanges.length);
  assert.deepEqual(
    server.logs.filter((line) => /TypeError|failed|at .*\.js/.test(line)),
    [],
    "no exception reached the log",
  );
});

/** Writes raw bytes to a fresh server's stdin, step by step (waiting for a step's answer), and waits for it to exit. */
async function rawSession(steps: { write: string[]; until?: RegExp }[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [join(repoRoot, "dist", "server.js"), "--stdio"], { stdio: ["pipe", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  let waiting: { pattern: RegExp; resolve: () => void } | undefined;
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
    if (waiting !== undefined && waiting.pattern.test(stdout)) waiting.resolve();
  });
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  for (const step of steps) {
    for (const chunk of step.write) child.stdin.write(chunk);
    const pattern = step.until;
    if (pattern !== undefined && !pattern.test(stdout)) await new Promise<void>((resolve) => (waiting = { pattern, resolve }));
  }
  return { code: await exited, stdout, stderr };
}

const frame = (message: unknown): string => {
  const body = JSON.stringify(message);
  return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
};
const initialize = frame({ jsonrpc: "2.0", id: 1, method: "initialize", params: { processId: null, rootUri: null, capabilities: {} } });

test("an invalid frame header ends the server with a clear message instead of leaving it deaf", async () => {
  const body = '{"jsonrpc":"2.0","id":2,"method":"shutdown"}';
  for (const header of ["Content-Length: -5", "Content-Length: abc", "Content-Type: application/json", "Content-Length: 99999999999", "garbage without a colon"]) {
    const session = await rawSession([
      { write: [initialize], until: /"id":1,"result"/ },
      { write: [`${header}\r\n\r\n${body}`, frame({ jsonrpc: "2.0", id: 3, method: "shutdown" })] },
    ]);
    assert.equal(session.code, 1, header);
    assert.match(session.stderr, /^fsdoc-language-server: invalid message from the client \(.+\); the message stream cannot be resynchronised, so the server exits\.\n$/, header);
    assert.doesNotMatch(session.stdout, /"id":3/, "nothing after the invalid frame is read");
  }
});

test("valid frames split at any byte still reach the server", async () => {
  const bytes = initialize + frame({ jsonrpc: "2.0", id: 2, method: "shutdown" });
  const session = await rawSession([{ write: Array.from(bytes, (character) => character), until: /"id":2,"result":null/ }, { write: [frame({ jsonrpc: "2.0", method: "exit" })] }]);
  assert.equal(session.code, 0);
  assert.equal(session.stderr, "");
  assert.match(session.stdout, /"id":2,"result":null/);
});

test("the server recognises documents by fs.files (asked per document), by *.fs.json and by shape, and nothing else", async () => {
  const patterned = await startServer({ files: ["**/ledgers/*.json"] });
  try {
    const inLedgers = await patterned.open("file:///wiring/ledgers/2025.json", '{ "name": "x" }');
    assert.ok(inLedgers.diagnostics.some((diagnostic) => diagnostic.code === "unknown-property"));
    const named = await patterned.open("file:///wiring/empty.fs.json", "{}");
    assert.ok(named.diagnostics.some((diagnostic) => diagnostic.code === "required-property"));
    const uri = "file:///wiring/report.json";
    await patterned.open(uri, manufacturing);
    const withoutVersion = await patterned.change(uri, 2, [{ text: manufacturing.replace(/"formatVersion": "0\.2",\s*/, "") }]);
    assert.ok(
      withoutVersion.diagnostics.some((diagnostic) => diagnostic.code === "required-property"),
      "deleting formatVersion keeps the diagnostics",
    );
    const samples = Object.entries(NOT_FS).map(([name, text]) => ({ uri: `file:///wiring/samples/${name}`, text }));
    for (const sample of samples) {
      await patterned.connection.sendNotification("textDocument/didOpen", { textDocument: { uri: sample.uri, languageId: "json", version: 1, text: sample.text } });
    }
    // A document recognised only by its pattern is decided after its fs.files answer, which the
    // server asked for after the samples' (in order): once it is published, every sample was decided.
    await patterned.open("file:///wiring/ledgers/later.json", "{}");
    for (const sample of samples) assert.equal(patterned.published.filter((params) => params.uri === sample.uri).length, 0, sample.uri);
  } finally {
    await patterned.stop();
  }
  assert.equal(patterned.stderr(), "");
});
