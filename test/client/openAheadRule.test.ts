// Which tabs' files the extension asks the server to read ahead of their opening, and when
// (client/src/server/openAheadRule.ts): local JSON files within OPEN_AHEAD's sizes, once per
// opening, and, before the server runs, only those whose name or start makes them FS documents.

import assert from "node:assert/strict";
import { mock, test } from "node:test";
import { isOpenAheadSize, OPEN_AHEAD } from "../../protocol/lsp";
import { mayOpenAhead, OpenAheadRequests, startsLikeFsDocument, type OpenAheadEnvironment } from "../../client/src/server/openAheadRule";

test("local JSON files, or files an fs.files pattern names, may be read ahead", () => {
  assert.equal(mayOpenAhead({ scheme: "file", path: "/w/statements.json" }, false), true);
  assert.equal(mayOpenAhead({ scheme: "file", path: "/w/STATEMENTS.JSONC" }, false), true);
  assert.equal(mayOpenAhead({ scheme: "file", path: "/w/statements.fsdata" }, true), true);
  assert.equal(mayOpenAhead({ scheme: "file", path: "/w/notes.md" }, false), false);
  assert.equal(mayOpenAhead({ scheme: "untitled", path: "Untitled-1.json" }, false), false);
  assert.equal(mayOpenAhead({ scheme: "vscode-vfs", path: "/repo/statements.json" }, true), false);
});

test("only sizes between what is analysed at once anyway and what VS Code sends to extensions", () => {
  assert.equal(isOpenAheadSize(OPEN_AHEAD.minBytes - 1), false);
  assert.equal(isOpenAheadSize(OPEN_AHEAD.minBytes), true);
  assert.equal(isOpenAheadSize(OPEN_AHEAD.maxBytes), true);
  assert.equal(isOpenAheadSize(OPEN_AHEAD.maxBytes + 1), false);
});

test("a file's start decides whether it is worth starting the server for", () => {
  const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
  const filler = (count: number): string => Array.from({ length: count }, (_, i) => `{"id":"row-${i}","label":"Row ${i}"}`).join(",");
  const fsStart = `{"formatVersion":"0.2","entity":{"name":"Acme"},"units":[],"periods":[],"statements":[${filler(5_000)}]}`;
  assert.ok(fsStart.length > 64 * 1024, "longer than the start read");
  assert.equal(startsLikeFsDocument(encode(fsStart)), true);
  assert.equal(startsLikeFsDocument(new Uint8Array([0xef, 0xbb, 0xbf, ...encode(fsStart)])), true, "after a byte order mark");
  assert.equal(startsLikeFsDocument(encode(`[${filler(5_000)}]`)), false);
  assert.equal(startsLikeFsDocument(encode(`{"rows":[${filler(5_000)}],"fsVersion":"0.2"}`)), false, "undecided by its start: not started for");
});

/** A fake VS Code: files by path, open documents, a server that may run; records what was asked. */
function environment(files: Record<string, string>, options: { running?: boolean; named?: string[]; unwanted?: string[] } = {}) {
  const open = new Set<string>();
  const asked: string[] = [];
  const uri = (path: string) => ({ scheme: "file", path, toString: () => `file://${path}` });
  const env: OpenAheadEnvironment<ReturnType<typeof uri>> = {
    isOpen: (u) => open.has(u.path),
    isNamed: (u) => options.named?.includes(u.path) ?? false,
    isWanted: (u) => !(options.unwanted?.includes(u.path) ?? false),
    size: async (u) => new TextEncoder().encode(files[u.path] ?? "").length,
    bytes: async (u) => new TextEncoder().encode(files[u.path] ?? ""),
    serverRunning: () => options.running ?? false,
    ask: async (u) => void asked.push(u.path),
  };
  return { env, open, asked, uri };
}

const big = (start: string): string => start + " ".repeat(OPEN_AHEAD.minBytes);
const FS = big(`{"formatVersion":"0.2","entity":{"name":"Acme"},"units":[],"periods":[],"statements":[]}`);
const OTHER = big(`{"name":"not an FS document","version":"1.0.0"}`);

test("a shown tab's file is asked for once until its document opens, then again at its next opening", async () => {
  const { env, open, asked, uri } = environment({ "/w/a.json": FS }, { running: true });
  const requests = new OpenAheadRequests(env);
  await requests.tabShown(uri("/w/a.json"));
  await requests.tabShown(uri("/w/a.json"));
  assert.deepEqual(asked, ["/w/a.json"]);
  open.add("/w/a.json");
  requests.opened("file:///w/a.json");
  await requests.tabShown(uri("/w/a.json"));
  assert.deepEqual(asked, ["/w/a.json"], "open: its didOpen brings the text");
  open.delete("/w/a.json");
  await requests.tabShown(uri("/w/a.json"));
  assert.deepEqual(asked, ["/w/a.json", "/w/a.json"]);
  requests.dispose();
});

test("before the server runs, only a file whose name or start makes it an FS document is asked for (which starts the server)", async () => {
  const { env, asked, uri } = environment({ "/w/fs.json": FS, "/w/other.json": OTHER, "/w/named.data": OTHER }, { running: false, named: ["/w/named.data"] });
  const requests = new OpenAheadRequests(env);
  for (const path of ["/w/fs.json", "/w/other.json", "/w/named.data"]) await requests.tabShown(uri(path));
  assert.deepEqual(asked, ["/w/fs.json", "/w/named.data"]);
  requests.dispose();
});

test("once the server runs, any local JSON file of a size worth it is asked for; small files, other files and switched-off ones are not", async () => {
  const { env, asked, uri } = environment({ "/w/other.json": OTHER, "/w/small.json": "{}", "/w/off.json": FS, "/w/notes.md": FS }, { running: true, unwanted: ["/w/off.json"] });
  const requests = new OpenAheadRequests(env);
  for (const path of ["/w/other.json", "/w/small.json", "/w/off.json", "/w/notes.md"]) await requests.tabShown(uri(path));
  assert.deepEqual(asked, ["/w/other.json"]);
  requests.dispose();
});

test("a document that opens while its size is read is not asked for", async () => {
  const { env, open, asked, uri } = environment({ "/w/a.json": FS }, { running: true });
  const requests = new OpenAheadRequests({ ...env, size: async (u) => (open.add(u.path), env.size(u)) });
  await requests.tabShown(uri("/w/a.json"));
  assert.deepEqual(asked, []);
  requests.dispose();
});

test("a file asked for and never opened may be asked for again after OPEN_AHEAD.keptMs", async (t) => {
  mock.timers.enable({ apis: ["setTimeout"] });
  t.after(() => mock.timers.reset());
  const { env, asked, uri } = environment({ "/w/a.json": FS }, { running: true });
  const requests = new OpenAheadRequests(env);
  await requests.tabShown(uri("/w/a.json"));
  mock.timers.tick(OPEN_AHEAD.keptMs - 1);
  await requests.tabShown(uri("/w/a.json"));
  assert.equal(asked.length, 1);
  mock.timers.tick(1);
  await requests.tabShown(uri("/w/a.json"));
  assert.equal(asked.length, 2);
  requests.dispose();
});
