// Requests that arrive while a label is typed do not have each typed key's text analysed in full
// (issue 25: that was 100 MB or more of garbage per version at 5 MB, and the server's peak):
// fs/pointerAt answers from the last analysis where the edits since changed one string value's
// content only (stringEdited.ts), the same pointer as an analysis of the current text answers;
// the outline waits for the typing's pause (documents.ts, `settled`).

import { before, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { parseTree, type Node } from "jsonc-parser";
import { DocumentSymbolRequest } from "vscode-languageserver-protocol/node";
import { PointerAtRequest } from "../../protocol/lsp";
import { DocumentStore } from "../../server/src/documents";
import * as service from "../../server/src/service/index";
import { documentArbitrary } from "../engine/documents";
import { repoRoot } from "../support/paths";
import { startServer } from "./harness";
import { draft } from "./drafts";
import { positionAt } from "./text-positions";

const NEVER = 1_000_000;

/** A store whose edits wait for their analysis until the test lets them (a long delay), counting its analyses. */
function storeOf(delay = NEVER): { store: DocumentStore; analysed: number[] } {
  const store = new DocumentStore({ delay: () => delay, enabled: () => true, patternsFor: () => [], previewAhead: () => false, whenIdle: () => undefined });
  const analysed: number[] = [];
  store.onAnalyzed((analysis) => void analysed.push(analysis.version));
  return { store, analysed };
}

/** fs/pointerAt at any offset of `text`, from one analysis of that text in full. */
function fullPointers(text: string): (offset: number) => string | null {
  const { store } = storeOf();
  store.open("file:///typing/fresh.json", "json", 1, text);
  const analysis = store.get("file:///typing/fresh.json");
  assert.ok(analysis !== undefined);
  store.close("file:///typing/fresh.json");
  return (offset) => service.pointerAt(analysis, 1, offset);
}

/** Every string token of `text`: the values first, then the member names. */
function strings(text: string): Node[] {
  const values: Node[] = [];
  const names: Node[] = [];
  const walk = (node: Node | undefined): void => {
    if (node === undefined) return;
    if (node.type === "string") (node.parent?.type === "property" && node.parent.children?.[0] === node ? names : values).push(node);
    node.children?.forEach(walk);
  };
  walk(parseTree(text));
  return [...values, ...names];
}

/** A string token of `text`: mostly a value, sometimes a member name. */
function stringToken(text: string, pick: number): Node | undefined {
  const tokens = strings(text);
  const values = tokens.filter((node) => !(node.parent?.type === "property" && node.parent.children?.[0] === node)).length;
  const pool = pick % 4 === 0 || values === 0 ? tokens.length : values;
  return tokens[Math.floor(pick / 4) % Math.max(1, pool)];
}

/** An edit: `text` typed at a place in a string token (or anywhere), replacing `remove` characters. */
const editArbitrary = fc.record({
  inString: fc.integer({ min: 0, max: 3 }).map((n) => n > 0),
  token: fc.nat(),
  at: fc.nat(),
  remove: fc.oneof(fc.constant(0), fc.constant(0), fc.integer({ min: 1, max: 2 })),
  typed: fc.oneof(fc.stringMatching(/^[a-zA-Z é]{0,3}$/), fc.stringMatching(/^[a-zA-Z0-9 ."\\{},:é]{0,3}$/)),
});

test("fs/pointerAt while a string is typed answers, from the last analysis, what an analysis of the current text answers", () => {
  let cheap = 0;
  fc.assert(
    fc.property(documentArbitrary, fc.array(editArbitrary, { minLength: 1, maxLength: 4 }), fc.boolean(), (document, edits, compact) => {
      let text = compact ? JSON.stringify(document) : JSON.stringify(document, null, 2);
      const { store, analysed } = storeOf();
      const uri = "file:///typing/edited.json";
      store.open(uri, "json", 1, text);
      let version = 1;
      for (const edit of edits) {
        const token = stringToken(text, edit.token);
        const offset = edit.inString && token !== undefined ? token.offset + 1 + (edit.at % Math.max(1, token.length - 1)) : edit.at % (text.length + 1);
        const end = Math.min(text.length, offset + edit.remove);
        store.change(uri, ++version, [{ range: { start: positionAt(text, offset), end: positionAt(text, end) }, text: edit.typed }]);
        text = text.slice(0, offset) + edit.typed + text.slice(end);
        const before = analysed.length;
        const typing = store.stringEdited(uri);
        if (typing === undefined) continue;
        cheap++;
        assert.equal(typing.version, version);
        const full = fullPointers(text);
        for (let at = 0; at <= text.length; at++) {
          assert.equal(service.pointerAtEdited(typing.edited, typing.version, version, at), full(at), `offset ${at} of ${JSON.stringify(text)}`);
        }
        assert.equal(service.pointerAtEdited(typing.edited, typing.version, version - 1, 0), null, "another version: none");
        assert.equal(analysed.length, before, "nothing analysed for the answers");
      }
      // Its edit's analysis waits on a timer: closed, it goes.
      store.close(uri);
    }),
    { numRuns: 150 },
  );
  assert.ok(cheap > 40, `answered from the last analysis ${cheap} times`);
});

let large = "";
before(async () => {
  const generator = (await import(pathToFileURL(join(repoRoot, "scripts/bench/generate.mjs")).href)) as {
    generateDocument(options: { targetBytes: number; seed: number }): string;
  };
  // Over the locator's whole-tree limit (1 MB): offsets are found through its span index there.
  large = generator.generateDocument({ targetBytes: 1_200_000, seed: 7 });
});

test("on a large text too, the pointer while a label is typed is the one an analysis of the current text finds", () => {
  const { store, analysed } = storeOf();
  const uri = "file:///typing/large.json";
  store.open(uri, "json", 1, large);
  const labelAt = large.indexOf('"label": "', large.length >> 1) + '"label": "'.length;
  let text = large;
  let version = 1;
  for (const [index, key] of [..." restated"].entries()) {
    const at = positionAt(text, labelAt + index);
    store.change(uri, ++version, [{ range: { start: at, end: at }, text: key }]);
    text = text.slice(0, labelAt + index) + key + text.slice(labelAt + index);
  }
  const typing = store.stringEdited(uri);
  assert.ok(typing !== undefined, "a label's content changed: answered from the last analysis");
  const offsets = new Set<number>([0, 1, text.length, text.length - 1]);
  for (let at = labelAt - 300; at < labelAt + 300; at++) offsets.add(at);
  for (let k = 0; k < 200; k++) offsets.add(Math.floor((k * 7919 * 104729) % text.length));
  const { store: fresh } = storeOf();
  fresh.open("file:///typing/large-fresh.json", "json", 1, text);
  const full = fresh.get("file:///typing/large-fresh.json");
  assert.ok(full !== undefined);
  for (const at of offsets) assert.equal(service.pointerAtEdited(typing.edited, typing.version, version, at), service.pointerAt(full, 1, at), `offset ${at}`);
  assert.deepEqual(analysed, [1], "no typed version analysed");
  // A quote typed ends the string: that text is not answered from the last analysis.
  const at = positionAt(text, labelAt);
  store.change(uri, ++version, [{ range: { start: at, end: at }, text: '"' }]);
  assert.equal(store.stringEdited(uri), undefined);
  store.close(uri);
});

test("a request waiting for the typing's pause goes on once the pause's analysis is made, or when cancelled, or after its longest wait", async () => {
  const { store, analysed } = storeOf(30);
  const uri = "file:///typing/settled.json";
  const text = draft(3);
  store.open(uri, "json", 1, text);
  await store.settled(uri, NEVER);
  assert.deepEqual(analysed, [1], "nothing waits: at once");
  const labelAt = text.indexOf("Total 1") + "Total 1".length;
  const type = (version: number, key: string): void => {
    const at = positionAt(text, labelAt);
    store.change(uri, version, [{ range: { start: at, end: at }, text: key }]);
  };
  type(2, "x");
  const waiting = store.settled(uri, NEVER);
  type(3, "y");
  assert.deepEqual(analysed, [1]);
  await waiting;
  assert.deepEqual(analysed, [1, 3], "the pause's analysis, of the last version typed");
  assert.equal(store.analysed(uri)?.version, 3);

  type(4, "z");
  let cancel: () => void = () => undefined;
  const token = { isCancellationRequested: false, onCancellationRequested: (listener: () => void) => ((cancel = listener), { dispose: () => undefined }) };
  const cancelled = store.settled(uri, NEVER, token);
  cancel();
  await cancelled;
  assert.deepEqual(analysed, [1, 3], "cancelled: goes on before the pause");

  const { store: slow, analysed: slowAnalysed } = storeOf();
  slow.open(uri, "json", 1, text);
  const at = positionAt(text, labelAt);
  slow.change(uri, 2, [{ range: { start: at, end: at }, text: "x" }]);
  await slow.settled(uri, 20);
  assert.deepEqual(slowAnalysed, [1], "typing without a pause: goes on after the longest wait");
  slow.close(uri);
  store.close(uri);
});

test("over the protocol, the outline and fs/pointerAt asked at every typed key have no typed version analysed for them", async () => {
  // A pause longer than the outline's longest wait: the keys below never wait for it, however slow the machine.
  const server = await startServer({ validation: { delay: 3_000 } });
  try {
    const uri = "file:///typing/protocol.json";
    let text = draft(4);
    await server.open(uri, text);
    const labelAt = text.indexOf('"Total 2"') + '"Total 2'.length;
    // A first key, its analysis waited for: the open's settings are in by then (their arrival asks for
    // the current version). The outlines asked below wait for the pause, or at most OUTLINE_WAIT_MS:
    // either analyses the last version.
    const first = positionAt(text, labelAt);
    await server.change(uri, 2, [{ range: { start: first, end: first }, text: " " }]);
    text = text.slice(0, labelAt) + " " + text.slice(labelAt);
    const outlines: Promise<unknown>[] = [];
    const pointers: unknown[] = [];
    for (const [index, key] of [..."abc"].entries()) {
      const version = 3 + index;
      const at = positionAt(text, labelAt + 1 + index);
      void server.connection.sendNotification("textDocument/didChange", { textDocument: { uri, version }, contentChanges: [{ range: { start: at, end: at }, text: key }] });
      text = text.slice(0, labelAt + 1 + index) + key + text.slice(labelAt + 1 + index);
      outlines.push(server.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } }));
      pointers.push(await server.connection.sendRequest(PointerAtRequest, { uri, version, offset: labelAt }));
    }
    const answered = await Promise.all(outlines);
    const versions = server.published.filter((params) => params.uri === uri).map((params) => params.version);
    assert.deepEqual(versions, [1, 2, 5], "the open's, the first key's and the pause's analyses, none for a request");
    assert.deepEqual(pointers, Array(3).fill("/statements/0/items/6/label"));
    // Every outline is the current text's: the label as typed.
    for (const outline of answered) assert.match(JSON.stringify(outline), /Total 2 abc/);
  } finally {
    await server.stop();
  }
});
