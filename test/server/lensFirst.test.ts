// A document's code lenses are answered before its outline and code actions sent just before them
// (server/src/lsp/lensFirst.ts): VS Code sends the three in one burst as a document opens, and the
// first lens of a cold open waited for the outline's 400 KB answer (docs/performance.md).

import { test } from "node:test";
import assert from "node:assert/strict";
import { createMessageConnection, Emitter, type Message, type MessageWriter } from "vscode-languageserver/node";
import { fakeReader } from "../support/fakeReader";
import { LensFirst } from "../../server/src/lsp/lensFirst";
import { serverTransport } from "../../server/src/lsp/serverTransport";

/** A writer that notes each answer's id, in the order written. */
function notingWriter(): { writer: MessageWriter; written: unknown[] } {
  const written: unknown[] = [];
  const writer: MessageWriter = {
    onError: new Emitter<[Error, Message | undefined, number | undefined]>().event,
    onClose: new Emitter<void>().event,
    write: (message) => {
      written.push((message as { id?: unknown }).id);
      return Promise.resolve();
    },
    end: () => undefined,
    dispose: () => undefined,
  };
  return { writer, written };
}

const A = "file:///w/statements.json";
const B = "file:///w/other.json";
const request = (id: number, method: string, uri: string): Message =>
  ({ jsonrpc: "2.0", id, method, params: method === "fs/codeLenses" ? { uri, lines: [{ start: 0, end: 180 }] } : { textDocument: { uri } } }) as Message;
const notification = (method: string, uri: string): Message => ({ jsonrpc: "2.0", method, params: { textDocument: { uri } } }) as Message;

const turns = (count = 30) =>
  new Promise<void>((resolve) => {
    const step = (left: number): void => void (left === 0 ? resolve() : setImmediate(() => step(left - 1)));
    step(count);
  });

/** A vscode-jsonrpc connection over the server's transport (lsp/serverTransport.ts), whose handlers answer at once and note their order. */
function connection(): { deliver: (message: Message) => void; handled: string[]; written: unknown[] } {
  const { reader, deliver } = fakeReader();
  const { writer, written } = notingWriter();
  const transport = serverTransport(reader, writer);
  const server = createMessageConnection(transport.reader, transport.writer, undefined, transport.options);
  const handled: string[] = [];
  for (const method of ["textDocument/documentSymbol", "textDocument/codeAction", "fs/codeLenses", "textDocument/inlayHint"])
    server.onRequest(method, (params: { uri?: string; textDocument?: { uri: string } }) => {
      handled.push(`${method} ${params.uri ?? params.textDocument?.uri}`);
      return method === "textDocument/documentSymbol" ? [{ name: "a large outline" }] : null;
    });
  server.onNotification("textDocument/didChange", (params: { textDocument: { uri: string } }) => void handled.push(`didChange ${params.textDocument.uri}`));
  server.listen();
  return { deliver, handled, written };
}

test("VS Code's burst as a document opens: the lenses are handled and answered before the outline and the code actions sent before them", async () => {
  const { deliver, handled, written } = connection();
  deliver(request(1, "textDocument/documentSymbol", A));
  deliver(request(2, "textDocument/codeAction", A));
  deliver(request(3, "fs/codeLenses", A));
  deliver(request(4, "textDocument/inlayHint", A));
  await turns();
  assert.deepEqual(handled, [`fs/codeLenses ${A}`, `textDocument/documentSymbol ${A}`, `textDocument/codeAction ${A}`, `textDocument/inlayHint ${A}`]);
  assert.equal(written[0], 3);
  assert.deepEqual([...written].sort(), [1, 2, 3, 4]);
});

test("a notification between them keeps the order (an edit the outline must not be answered after), and so does another document's lens", async () => {
  const edited = connection();
  edited.deliver(request(1, "textDocument/documentSymbol", A));
  edited.deliver(notification("textDocument/didChange", A));
  edited.deliver(request(2, "fs/codeLenses", A));
  await turns();
  assert.deepEqual(edited.handled, [`textDocument/documentSymbol ${A}`, `didChange ${A}`, `fs/codeLenses ${A}`]);
  assert.deepEqual(edited.written, [1, 2]);

  const other = connection();
  other.deliver(request(1, "textDocument/documentSymbol", A));
  other.deliver(request(2, "fs/codeLenses", B));
  other.deliver(request(3, "fs/codeLenses", A));
  await turns();
  // B's lens does not jump A's outline; A's lens, behind only requests, does.
  assert.deepEqual(other.handled, [`fs/codeLenses ${B}`, `fs/codeLenses ${A}`, `textDocument/documentSymbol ${A}`]);
});

test("a lens request that fails still lets the outline waiting for it through", async () => {
  const { reader, deliver } = fakeReader();
  const { writer, written } = notingWriter();
  const lensFirst = new LensFirst();
  const server = createMessageConnection(lensFirst.reader(reader), writer, undefined, { messageStrategy: lensFirst.strategy });
  server.onRequest("fs/codeLenses", () => {
    throw new Error("no lenses");
  });
  server.onRequest("textDocument/documentSymbol", () => []);
  server.listen();
  deliver(request(1, "textDocument/documentSymbol", A));
  deliver(request(2, "fs/codeLenses", A));
  await turns();
  assert.deepEqual(written, [2, 1]);
});
