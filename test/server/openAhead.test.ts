// fs/openAhead over the protocol, with the real server (dist/server.js): the server reads a large
// local JSON file ahead of its opening, says whether it prepared an FS document and publishes its
// diagnostics; whatever it prepared, the didOpen's diagnostics are those of the text the didOpen
// brings, exactly as without it (for the same text, those published ahead stand). The Node reader (server/src/fileText.ts) reads only local UTF-8 files within OPEN_AHEAD's sizes.

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { DidOpenTextDocumentNotification, DocumentSymbolRequest, type PublishDiagnosticsParams } from "vscode-languageserver-protocol/node";
import { OPEN_AHEAD, OpenAheadRequest } from "../../protocol/lsp";
import { readFileText } from "../../server/src/fileText";
import { repoRoot } from "../support/paths";
import { startServer, type ServerUnderTest } from "./harness";

let folder = "";
let text = "";

before(async () => {
  folder = await mkdtemp(join(tmpdir(), "fs-open-ahead-"));
  const generator = (await import(pathToFileURL(join(repoRoot, "scripts/bench/generate.mjs")).href)) as {
    generateDocument(options: { targetBytes: number; seed: number }): string;
  };
  text = generator.generateDocument({ targetBytes: OPEN_AHEAD.minBytes + 100_000, seed: 3 });
});
after(() => rm(folder, { recursive: true, force: true }));

async function file(name: string, content: string | Uint8Array): Promise<string> {
  const path = join(folder, name);
  await writeFile(path, content);
  return pathToFileURL(path).href;
}

/** Diagnostics without the document's URI (compared across two URIs of the same text). */
function comparable(params: PublishDiagnosticsParams, uri: string): string {
  return JSON.stringify(params.diagnostics).split(JSON.stringify(uri).slice(1, -1)).join("<uri>");
}

/** The first value cell's digits changed, so that its rollup's verdict changes. */
function withEditedValue(source: string): string {
  const match = /"values": \{\s*"[^"]+": "(-?)([1-9])/.exec(source);
  assert.ok(match);
  const at = match.index + match[0].length - 1;
  return source.slice(0, at) + (source[at] === "9" ? "8" : "9") + source.slice(at + 1);
}

test("a prepared file's diagnostics at its opening equal a fresh analysis's, for the same text and for text changed since", async () => {
  const server: ServerUnderTest = await startServer();
  try {
    const unprepared = await file("reference.json", text);
    const reference = await server.open(unprepared, text);
    assert.ok(reference.diagnostics.length > 0, "the generated document has problems to compare");

    // Its diagnostics are published before the didOpen, and stand: the didOpen publishes nothing again.
    const same = await file("same.json", text);
    const early = server.diagnostics(same);
    assert.deepEqual(await server.connection.sendRequest(OpenAheadRequest, { uri: same }), { prepared: true });
    assert.equal(comparable(await early, same), comparable(reference, unprepared));
    const before = server.published.length;
    await server.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: same, languageId: "json", version: 1, text } });
    // Answered after the didOpen was handled (and after anything it would have published).
    assert.ok(await server.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri: same } }));
    assert.deepEqual(
      server.published.slice(before).filter((params) => params.uri === same),
      [],
    );

    // The editor's text is not the file's (unsaved changes restored, or changed on disk since).
    const changed = withEditedValue(text);
    const stale = await file("stale.json", text);
    assert.deepEqual(await server.connection.sendRequest(OpenAheadRequest, { uri: stale }), { prepared: true });
    const opened = await server.open(stale, changed);
    const fresh = await file("fresh.json", changed);
    assert.equal(comparable(opened, stale), comparable(await server.open(fresh, changed), fresh));
    assert.notEqual(comparable(opened, stale), comparable(reference, unprepared), "the edit changed the diagnostics");

    // Opened as something that is no FS document any more: what was published ahead is withdrawn.
    const replaced = await file("replaced.json", text);
    assert.deepEqual(await server.connection.sendRequest(OpenAheadRequest, { uri: replaced }), { prepared: true });
    assert.deepEqual((await server.open(replaced, JSON.stringify({ name: "something else" }))).diagnostics, []);
  } finally {
    await server.stop();
  }
});

test("the server prepares nothing for an open document, JSON that is not an FS document, or a file it does not read", async () => {
  const server: ServerUnderTest = await startServer();
  try {
    const open = await file("open.json", text);
    await server.open(open, text);
    const notFs = await file("array.json", JSON.stringify(Array.from({ length: 40_000 }, (_, i) => ({ id: i, value: String(i) }))));
    for (const uri of [open, notFs, await file("small.json", text.slice(0, 1000)), pathToFileURL(join(folder, "missing.json")).href, "untitled:Untitled-1"]) {
      assert.deepEqual(await server.connection.sendRequest(OpenAheadRequest, { uri }), { prepared: false }, uri);
    }
    assert.deepEqual(await server.connection.sendRequest(OpenAheadRequest, { uri: 42 } as unknown as { uri: string }), { prepared: false });
  } finally {
    await server.stop();
  }
});

test("the Node reader returns a local UTF-8 file's text without its byte order mark, within OPEN_AHEAD's sizes only", async () => {
  const encoder = new TextEncoder();
  assert.equal(await readFileText(await file("plain.json", text)), text);
  assert.equal(await readFileText(await file("bom.json", new Uint8Array([0xef, 0xbb, 0xbf, ...encoder.encode(text)]))), text);
  assert.equal(await readFileText(await file("tiny.json", "{}")), undefined);
  const latin1 = encoder.encode(text);
  latin1[100] = 0xe9; // "é" in Latin-1: not UTF-8, so VS Code's text would not be this decoding
  assert.equal(await readFileText(await file("latin1.json", latin1)), undefined);
  assert.equal(await readFileText(pathToFileURL(folder).href), undefined, "a folder");
  assert.equal(await readFileText(pathToFileURL(join(folder, "none.json")).href), undefined);
  assert.equal(await readFileText("vscode-vfs://github/owner/repo/big.json"), undefined);
  assert.equal(await readFileText("not a uri"), undefined);
});
