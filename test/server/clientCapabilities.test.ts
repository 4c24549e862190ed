// What the server offers depends on what the client declared at initialize: completion inserts
// snippets only for a client with completionItem.snippetSupport, prepareRename is advertised only
// to a client with rename.prepareSupport, and a code lens provider only to a client without one of
// its own (FsInitializationOptions.ownCodeLensProvider). Real servers over stdio, one per kind of client.

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { CodeLensRequest, CompletionRequest, DocumentSymbolRequest, InsertTextFormat, type CompletionItem } from "vscode-languageserver-protocol/node";
import { CodeLensesRequest, type FsInitializationOptions } from "../../protocol/lsp";
import { fixturesRoot, readText, upstreamRoot } from "../support/paths";
import { join } from "node:path";
import { startServer, type ServerUnderTest } from "./harness";
import { offsetOf, positionAt } from "./text-positions";

let capable: ServerUnderTest;
let plain: ServerUnderTest;
let ownLenses: ServerUnderTest;

before(async () => {
  const ownCodeLensProvider: FsInitializationOptions = { ownCodeLensProvider: true };
  [capable, plain, ownLenses] = await Promise.all([
    startServer({}, { completion: { completionItem: { snippetSupport: true } }, rename: { prepareSupport: true } }),
    startServer({}, { completion: { completionItem: { snippetSupport: false } }, rename: {} }),
    startServer({}, {}, { initializationOptions: ownCodeLensProvider }),
  ]);
});
after(async () => {
  await Promise.all([capable?.stop(), plain?.stop(), ownLenses?.stop()]);
  assert.equal(capable.stderr() + plain.stderr() + ownLenses.stderr(), "");
});

const minimal = readText(join(fixturesRoot, "examples", "minimal.json"));
/** The minimal example with its entity member being typed again: the cursor goes between the quotes. */
const typing = minimal.replace(/"entity": \{[^}]*\},/, '"",');

async function entityCompletion(server: ServerUnderTest, uri: string): Promise<CompletionItem> {
  assert.notEqual(typing, minimal);
  await server.open(uri, typing);
  const position = positionAt(typing, offsetOf(typing, '\n  "",') + 4);
  const list = await server.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position });
  const items = list === null ? [] : Array.isArray(list) ? list : list.items;
  const entity = items.find((item) => item.label === "entity");
  assert.ok(entity !== undefined, JSON.stringify(items.map((item) => item.label)));
  return entity;
}

const newText = (item: CompletionItem): string => (item.textEdit !== undefined && "newText" in item.textEdit ? item.textEdit.newText : "");

test("a client with snippet support gets the member's value as a snippet with the cursor inside", async () => {
  const entity = await entityCompletion(capable, "file:///capabilities/snippets.json");
  assert.equal(entity.insertTextFormat, InsertTextFormat.Snippet);
  assert.equal(newText(entity), '"entity": {$1}');
});

test("a client without snippet support gets the same structure as plain text, with no snippet syntax", async () => {
  const entity = await entityCompletion(plain, "file:///capabilities/plain.json");
  assert.notEqual(entity.insertTextFormat, InsertTextFormat.Snippet);
  assert.equal(newText(entity), '"entity": {}');
});

test("prepareRename is advertised only to a client that declares prepareSupport", () => {
  assert.deepEqual(capable.initialized.capabilities.renameProvider, { prepareProvider: true });
  assert.equal(plain.initialized.capabilities.renameProvider, true);
});

test("the outline-cap message is logged once per document, not on every edit", async () => {
  // 2,600 subtotals of one item each: even the statements and subtotals are over the outline's bound.
  const items = Array.from({ length: 5200 }, (_, index) => ({
    id: `i${index}`,
    label: `Item ${index}`,
    unit: "u",
    values: { p: "1" },
    ...(index % 2 === 1 ? { rollupTo: `i${index - 1}` } : {}),
  }));
  const document = {
    formatVersion: "0.2",
    entity: { name: "E" },
    scope: { label: "S" },
    units: [{ id: "u", label: "U", measure: "u", scale: 0 }],
    periods: [{ id: "p", kind: "instant", date: "2025-12-31" }],
    statements: [{ id: "s", label: "Big", periods: ["p"], items }],
  };
  const uri = "file:///capabilities/big.json";
  const text = JSON.stringify(document, null, 2);
  const capLines = () => capable.logs.filter((line) => line.includes(uri) && /limited to/.test(line));
  await capable.open(uri, text);
  await capable.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } });
  assert.equal(capLines().length, 1);
  for (let version = 2; version <= 4; version++) {
    const edited = text.replace('"label": "Big"', `"label": "Big ${version}"`);
    await capable.change(uri, version, [{ text: edited }]);
    const outline = await capable.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } });
    assert.ok(outline !== null && outline.length > 0);
  }
  assert.equal(capLines().length, 1, capLines().join("\n"));
  // Closed and opened again, it is a new document to the user: one more line.
  await capable.close(uri);
  await capable.open(uri, text, 10);
  await capable.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } });
  assert.equal(capLines().length, 2);
});

test("a client with a code lens provider of its own is offered none, and its lens requests are answered as any client's", async () => {
  assert.deepEqual(plain.initialized.capabilities.codeLensProvider, { resolveProvider: true });
  assert.equal(ownLenses.initialized.capabilities.codeLensProvider, undefined);
  const text = readText(join(upstreamRoot, "examples", "manufacturing-group.json"));
  const uri = "file:///capabilities/lenses.json";
  await Promise.all([plain.open(uri, text), ownLenses.open(uri, text)]);
  const whole = await Promise.all([plain, ownLenses].map((server) => server.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri } })));
  assert.ok((whole[0]?.length ?? 0) > 0);
  assert.deepEqual(whole[1], whole[0]);
  const near = await Promise.all([plain, ownLenses].map((server) => server.connection.sendRequest(CodeLensesRequest, { uri, lines: [{ start: 0, end: 80 }] })));
  assert.ok((near[0]?.lenses.length ?? 0) > 0);
  assert.deepEqual(near[1], near[0]);
});
