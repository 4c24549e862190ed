// The didOpen of a file the server prepared ahead, sent by reference (client/src/server/openByReference.ts):
// fs/openPrepared instead of the didOpen only when the server answered fs/openAhead with the digest
// of the very text VS Code loaded, at version 1 and well within what the server keeps; the
// document's later notifications wait for it, and a refusal sends the didOpen with its text first.

import assert from "node:assert/strict";
import { test } from "node:test";
import { OPEN_AHEAD, type OpenPreparedParams } from "../../protocol/lsp";
import { OpenByReference } from "../../client/src/server/openByReference";

const uri = "file:///w/statements.json";
const text = '{"statements":[]}';
const digestOf = (value: string): string => `digest(${value})`;

/** The client's connection, faked: what was sent in order, and fs/openPrepared answered as `answer` says. */
function client(answer: (params: OpenPreparedParams) => Promise<{ opened: boolean }> = async () => ({ opened: true })) {
  const sent: string[] = [];
  let now = 1_000;
  const references = new OpenByReference({
    digestOf,
    now: () => now,
    openPrepared: async (params) => {
      sent.push(`fs/openPrepared ${params.textDocument.uri} v${params.textDocument.version} ${params.digest}`);
      return answer(params);
    },
  });
  const send = (method: string, params: unknown): Promise<void> =>
    references.send(method, params, async (value) => {
      const document = (value as { textDocument: { uri: string; text?: string } }).textDocument;
      sent.push(`${method} ${document.uri}${document.text === undefined ? "" : " with its text"}`);
    });
  return { references, sent, send, later: (ms: number) => (now += ms) };
}

const didOpen = (version = 1, value = text, languageId = "json") => ({ textDocument: { uri, languageId, version, text: value } });
const didChange = { textDocument: { uri, version: 2 }, contentChanges: [{ text: "{}" }] };

test("the didOpen of the text the server prepared goes by reference, once", async () => {
  const { references, sent, send } = client();
  references.answered(uri, 1_000, { prepared: true, digest: digestOf(text) });
  await send("textDocument/didOpen", didOpen());
  await send("textDocument/didClose", { textDocument: { uri } });
  await send("textDocument/didOpen", didOpen());
  assert.deepEqual(sent, [`fs/openPrepared ${uri} v1 ${digestOf(text)}`, `textDocument/didClose ${uri}`, `textDocument/didOpen ${uri} with its text`]);
});

test("other text, no digest, another document, late, after a restart, or without a digest of its own: the didOpen carries the text", async () => {
  const cases: [string, (under: ReturnType<typeof client>) => void, unknown][] = [
    ["other text", (under) => under.references.answered(uri, 1_000, { prepared: true, digest: digestOf("{}") }), didOpen()],
    ["no digest", (under) => under.references.answered(uri, 1_000, { prepared: true }), didOpen()],
    ["not prepared", (under) => under.references.answered(uri, 1_000, { prepared: false, digest: digestOf(text) }), didOpen()],
    ["another uri", (under) => under.references.answered("file:///w/other.json", 1_000, { prepared: true, digest: digestOf(text) }), didOpen()],
    [
      "late",
      (under) => {
        under.references.answered(uri, 1_000, { prepared: true, digest: digestOf(text) });
        under.later(OPEN_AHEAD.keptMs / 2 + 1);
      },
      didOpen(),
    ],
    [
      "restarted",
      (under) => {
        under.references.answered(uri, 1_000, { prepared: true, digest: digestOf(text) });
        under.references.clear();
      },
      didOpen(),
    ],
  ];
  for (const [name, given, params] of cases) {
    const under = client();
    given(under);
    await under.send("textDocument/didOpen", params);
    assert.deepEqual(under.sent, [`textDocument/didOpen ${uri} with its text`], name);
  }
  const withoutDigest = new OpenByReference({ digestOf: undefined, now: () => 0, openPrepared: async () => assert.fail("not by reference") });
  withoutDigest.answered(uri, 0, { prepared: true, digest: digestOf(text) });
  const sent: unknown[] = [];
  await withoutDigest.send("textDocument/didOpen", didOpen(), async (params) => void sent.push(params));
  assert.deepEqual(sent, [didOpen()]);
});

test("a refused or failed opening by reference sends the didOpen with the text before the document's later notifications", async () => {
  for (const answer of [async () => ({ opened: false }), async () => Promise.reject(new Error("connection lost"))]) {
    let answered: () => void = () => undefined;
    const waiting = new Promise<void>((resolve) => (answered = resolve));
    const { references, sent, send } = client(async () => {
      await waiting;
      return answer();
    });
    references.answered(uri, 1_000, { prepared: true, digest: digestOf(text) });
    const opened = send("textDocument/didOpen", didOpen());
    const changed = send("textDocument/didChange", didChange);
    const other = send("textDocument/didChange", { textDocument: { uri: "file:///w/other.json", version: 2 }, contentChanges: [] });
    await other;
    assert.deepEqual(sent, [`fs/openPrepared ${uri} v1 ${digestOf(text)}`, "textDocument/didChange file:///w/other.json"], "another document's are not held");
    answered();
    await Promise.all([opened, changed]);
    assert.deepEqual(sent.slice(2), [`textDocument/didOpen ${uri} with its text`, `textDocument/didChange ${uri}`]);
  }
});

test("an accepted opening by reference sends the document's later notifications after it, without the text", async () => {
  const { references, sent, send } = client();
  references.answered(uri, 1_000, { prepared: true, digest: digestOf(text) });
  await Promise.all([send("textDocument/didOpen", didOpen()), send("textDocument/didChange", didChange)]);
  await send("textDocument/didChange", { ...didChange, textDocument: { uri, version: 3 } });
  assert.deepEqual(sent, [`fs/openPrepared ${uri} v1 ${digestOf(text)}`, `textDocument/didChange ${uri}`, `textDocument/didChange ${uri}`]);
});
