// Requests that arrive while a label is typed do not have each typed key's text analysed in full
// (issue 25: that was 100 MB or more of garbage per version at 5 MB, and the server's peak):
// fs/pointerAt and completion answer from the last analysis where the edits since changed one
// string value's content only (stringEdited.ts), the same answer as an analysis of the current
// text gives; the outline waits for the typing's pause (documents.ts, `settled`).

import { before, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { parseTree, type Node } from "jsonc-parser";
import { CompletionRequest, DocumentSymbolRequest, type CompletionList } from "vscode-languageserver-protocol/node";
import { PointerAtRequest } from "../../protocol/lsp";
import { DocumentStore } from "../../server/src/documents";
import * as service from "../../server/src/service/index";
import { documentArbitrary } from "../engine/documents";
import { repoRoot } from "../support/paths";
import { startServer, type ServerUnderTest } from "./harness";
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

/** The analysis of `text` in full, as a store that opens it makes it. */
function fullAnalysis(text: string): NonNullable<ReturnType<DocumentStore["get"]>> {
  const { store } = storeOf();
  store.open("file:///typing/fresh.json", "json", 1, text);
  const analysis = store.get("file:///typing/fresh.json");
  assert.ok(analysis !== undefined);
  store.close("file:///typing/fresh.json");
  return analysis;
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

/** Makes `edit` in the store's `uri`, whose text is `text`, as `version`: where it replaced characters. */
function applyEdit(
  store: DocumentStore,
  uri: string,
  text: string,
  version: number,
  edit: { inString: boolean; token: number; at: number; remove: number; typed: string },
): { start: number; end: number } {
  const token = stringToken(text, edit.token);
  const start = edit.inString && token !== undefined ? token.offset + 1 + (edit.at % Math.max(1, token.length - 1)) : edit.at % (text.length + 1);
  const end = Math.min(text.length, start + edit.remove);
  store.change(uri, version, [{ range: { start: positionAt(text, start), end: positionAt(text, end) }, text: edit.typed }]);
  return { start, end };
}

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
        const offset = applyEdit(store, uri, text, ++version, edit);
        text = text.slice(0, offset.start) + edit.typed + text.slice(offset.end);
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

/**
 * A draft opened in `server`, then a first key typed into its label "Total 2" (version 2) and its
 * analysis waited for: the open's settings are in by then (their arrival asks for the current
 * version). The text after it, and where the label's typing goes on.
 */
async function openWithAKeyTyped(server: ServerUnderTest, uri: string): Promise<{ text: string; labelAt: number }> {
  const text = draft(4);
  await server.open(uri, text);
  const labelAt = text.indexOf('"Total 2"') + '"Total 2'.length;
  const first = positionAt(text, labelAt);
  await server.change(uri, 2, [{ range: { start: first, end: first }, text: " " }]);
  return { text: text.slice(0, labelAt) + " " + text.slice(labelAt), labelAt };
}

test("over the protocol, the outline and fs/pointerAt asked at every typed key have no typed version analysed for them", async () => {
  // A pause longer than the outline's longest wait: the keys below never wait for it, however slow the machine.
  const server = await startServer({ validation: { delay: 3_000 } });
  try {
    const uri = "file:///typing/protocol.json";
    // The outlines asked below wait for the pause, or at most OUTLINE_WAIT_MS: either analyses the last version.
    let { text, labelAt } = await openWithAKeyTyped(server, uri);
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

/** Offsets to ask completion at: around the edited string, and `spread` more over the text. */
function completionOffsets(text: string, around: number, spread: number): number[] {
  const offsets = new Set<number>([0, text.length]);
  for (let at = Math.max(0, around - 60); at <= Math.min(text.length, around + 60); at++) offsets.add(at);
  for (let k = 0; k < spread; k++) offsets.add(Math.floor((k * 7919 * 104729) % (text.length + 1)));
  return [...offsets];
}

test("completion while a string is typed answers, from the last analysis and the string as typed, what an analysis of the current text answers", () => {
  let cheap = 0;
  let withModel = 0;
  fc.assert(
    fc.property(documentArbitrary, fc.array(editArbitrary, { minLength: 1, maxLength: 4 }), fc.boolean(), fc.boolean(), (document, edits, compact, snippets) => {
      let text = compact ? JSON.stringify(document) : JSON.stringify(document, null, 2);
      const { store, analysed } = storeOf();
      const uri = "file:///typing/completion.json";
      store.open(uri, "json", 1, text);
      let version = 1;
      // Closed whatever happens: the edits' analyses wait on timers that would keep the test running.
      try {
        for (const edit of edits) {
          const { start: offset, end } = applyEdit(store, uri, text, ++version, edit);
          text = text.slice(0, offset) + edit.typed + text.slice(end);
          const before = analysed.length;
          const typing = store.stringEdited(uri);
          if (typing === undefined) continue;
          cheap++;
          const full = fullAnalysis(text);
          for (const at of completionOffsets(text, offset, 40)) {
            const position = positionAt(text, at);
            const answer = service.completionWhileTyping(typing.edited, typing.document, position, { snippets });
            assert.deepEqual(answer, service.completion(full, position, { snippets }), `offset ${at} of ${JSON.stringify(text)}`);
            if (answer.items.some((item) => item.kind === 18 /* Reference: an id from the model */)) withModel++;
          }
          assert.equal(analysed.length, before, "nothing analysed for the answers");
        }
      } finally {
        store.close(uri);
      }
    }),
    { numRuns: 150 },
  );
  assert.ok(cheap > 40, `answered from the last analysis ${cheap} times`);
  assert.ok(withModel > 20, `answers with ids from the model: ${withModel}`);
});

test("on a large text, completion while a label or a rollupTo is typed is the one an analysis of the current text gives", () => {
  const { store, analysed } = storeOf();
  const uri = "file:///typing/large-completion.json";
  store.open(uri, "json", 1, large);
  try {
    // An item that others roll up to: its label is a detail of their rollupTo's candidates.
    const rollupAt = large.indexOf('"rollupTo": "', large.length >> 1) + '"rollupTo": "'.length;
    const parentId = large.slice(rollupAt, large.indexOf('"', rollupAt));
    const parentAt = large.indexOf(`"id": ${JSON.stringify(parentId)}`);
    const labelAt = large.indexOf('"label": "', parentAt) + '"label": "'.length;
    assert.ok(parentAt > 0 && labelAt > parentAt, "the parent item and its label");
    let text = large;
    let version = 1;
    const type = (at: number, typed: string): void => {
      for (const [index, key] of [...typed].entries()) {
        const position = positionAt(text, at + index);
        store.change(uri, ++version, [{ range: { start: position, end: position }, text: key }]);
        text = text.slice(0, at + index) + key + text.slice(at + index);
      }
    };
    const compare = (around: number, what: string): void => {
      const typing = store.stringEdited(uri);
      assert.ok(typing !== undefined, `${what}: answered from the last analysis`);
      const full = fullAnalysis(text);
      // Every rollupTo of the text's middle (their candidates name the parent's label) and the typed string.
      const offsets = new Set(completionOffsets(text, around, 100));
      for (let at = text.indexOf('"rollupTo": "', text.length >> 2), n = 0; at > 0 && n < 40; at = text.indexOf('"rollupTo": "', at + 1), n++)
        offsets.add(at + '"rollupTo": "'.length + 1);
      let labelled = 0;
      for (const at of offsets) {
        const position = positionAt(text, at);
        const answer = service.completionWhileTyping(typing.edited, typing.document, position, { snippets: true });
        assert.deepEqual(answer, service.completion(full, position, { snippets: true }), `${what}, offset ${at}`);
        if (answer.items.some((item) => item.detail?.includes(" restated") === true)) labelled++;
      }
      if (what === "a label") assert.ok(labelled > 0, "the typed label shows in the candidates' details");
    };
    type(labelAt, " restated");
    // The rollupTo that names the parent: its candidates carry the parent's label.
    const naming = text.indexOf(`"rollupTo": ${JSON.stringify(parentId)}`) + '"rollupTo": "'.length + 1;
    compare(naming, "a label");
    assert.deepEqual(analysed, [1], "no typed version analysed");
    // The typing's pause; then an id typed into a rollupTo (the candidates and their cycles follow the model).
    assert.ok(store.get(uri) !== undefined);
    const rollupNow = text.indexOf('"rollupTo": "', text.length >> 1) + '"rollupTo": "'.length;
    type(text.indexOf('"', rollupNow), "-x");
    compare(rollupNow, "a rollupTo");
    assert.deepEqual(analysed, [1, 1 + " restated".length], "only the pause's version analysed");
  } finally {
    store.close(uri);
  }
});

test("over the protocol, completion asked at every typed key has no typed version analysed for it", async () => {
  // A pause longer than the test: the keys below never wait for it, however slow the machine.
  const server = await startServer({ validation: { delay: 3_000 } });
  try {
    const uri = "file:///typing/completion-protocol.json";
    let { text } = await openWithAKeyTyped(server, uri);
    // Keys typed into a rollupTo, completion asked after each, as VS Code asks it inside a JSON string.
    const rollupAt = text.indexOf('"rollupTo": "total-3"') + '"rollupTo": "total-3'.length;
    const answers: CompletionList[] = [];
    for (const [index, key] of [..."abc"].entries()) {
      const version = 3 + index;
      const position = positionAt(text, rollupAt + index);
      void server.connection.sendNotification("textDocument/didChange", {
        textDocument: { uri, version },
        contentChanges: [{ range: { start: position, end: position }, text: key }],
      });
      text = text.slice(0, rollupAt + index) + key + text.slice(rollupAt + index);
      const answer = await server.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: positionAt(text, rollupAt + index + 1) });
      assert.ok(answer !== null && !Array.isArray(answer), "a completion list");
      answers.push(answer);
    }
    // The pause's analysis: of the last key's version (published already when a request had it analysed).
    if (!server.published.some((params) => params.uri === uri && params.version === 5)) await server.diagnostics(uri, (params) => params.version === 5);
    const versions = server.published.filter((params) => params.uri === uri).map((params) => params.version);
    assert.deepEqual(versions, [1, 2, 5], "the open's, the first key's and the pause's analyses, none for a request");
    // The statement's other items, their labels as the text has them.
    for (const answer of answers)
      assert.ok(
        answer.items.some((item) => item.label === "total-2" && item.detail === "Total 2 "),
        JSON.stringify(answer.items.slice(0, 4)),
      );
  } finally {
    await server.stop();
  }
});
