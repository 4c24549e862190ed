// Background work waits for the client's messages: those that arrived and are not handled yet, and
// the answers sent and not written yet (server/src/lsp/waitingMessages.ts). Without it, a 5 MB
// draft's related information and value-edit index ran before the requests of the open, and the
// first code lens came seconds after the problems (docs/performance.md).

import { test } from "node:test";
import assert from "node:assert/strict";
import { Emitter, type Message, type MessageWriter } from "vscode-languageserver";
import { fakeReader } from "../support/fakeReader";
import { WaitingMessages } from "../../server/src/lsp/waitingMessages";
import { FrameGuard } from "../../server/src/lsp/frameGuard";

/** A writer whose writes finish when the test says. */
function fakeWriter(): { writer: MessageWriter; finish: () => void } {
  const pending: (() => void)[] = [];
  const writer: MessageWriter = {
    onError: new Emitter<[Error, Message | undefined, number | undefined]>().event,
    onClose: new Emitter<void>().event,
    write: () => new Promise<void>((resolve) => pending.push(resolve)),
    end: () => undefined,
    dispose: () => undefined,
  };
  return { writer, finish: () => pending.shift()?.() };
}

const turns = (count = 20) =>
  new Promise<void>((resolve) => {
    const step = (left: number): void => void (left === 0 ? resolve() : setImmediate(() => step(left - 1)));
    step(count);
  });

const request = (id: number, method: string): Message => ({ jsonrpc: "2.0", id, method, params: {} }) as Message;

test("work waits for the messages that arrived to be handled, and for the answers to be written", async () => {
  const messages = new WaitingMessages();
  const { reader, deliver } = fakeReader();
  const { writer, finish } = fakeWriter();
  const queued: Message[] = [];
  messages.reader(reader).listen((message) => queued.push(message));
  const counting = messages.writer(writer);
  let ran = 0;

  deliver(request(1, "fs/codeLenses"));
  deliver(request(2, "textDocument/inlayHint"));
  // A cancellation is not queued when its request runs already: it is not waited for.
  deliver({ jsonrpc: "2.0", method: "$/cancelRequest", params: { id: 7 } } as Message);
  messages.whenIdle(() => ran++);
  await turns();
  assert.equal(ran, 0, "two requests wait to be handled");

  messages.strategy.handleMessage(queued.shift()!, () => undefined);
  await turns();
  assert.equal(ran, 0, "one request still waits");
  messages.strategy.handleMessage(queued.shift()!, () => undefined);
  const written = counting.write({ jsonrpc: "2.0", id: 2, result: [] } as Message);
  await turns();
  assert.equal(ran, 0, "handled, but its answer is not written yet");

  finish();
  await written;
  await turns();
  assert.equal(ran, 1, "nothing waits: the work runs, once");
});

test("with nothing waiting, the work runs in a later turn, not at once", async () => {
  const messages = new WaitingMessages();
  let ran = false;
  messages.whenIdle(() => (ran = true));
  assert.equal(ran, false);
  await turns(2);
  assert.equal(ran, true);
});

test("work waits while a message is partly read (over stdio, the frame guard says so), and runs once it is whole and handled", async () => {
  const input = new FrameGuard();
  const messages = new WaitingMessages(input);
  const { reader, deliver } = fakeReader();
  const queued: Message[] = [];
  messages.reader(reader).listen((message) => queued.push(message));
  // What the JSON-RPC reader would parse from the guard's output: here, each whole frame delivered.
  input.on("data", () => undefined);
  const order: string[] = [];
  const body = Buffer.from(JSON.stringify({ jsonrpc: "2.0", method: "textDocument/didOpen", params: { text: "x".repeat(200_000) } }));
  const frame = Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, "ascii"), body]);

  input.write(frame.subarray(0, 10));
  assert.equal(input.arriving, true, "part of a header");
  messages.whenIdle(() => order.push("background work"));
  for (let at = 10; at < frame.length; at += 65_536) {
    await turns(5);
    assert.equal(order.join(), "", `nothing runs with ${at} of ${frame.length} bytes read`);
    input.write(frame.subarray(at, Math.min(frame.length, at + 65_536)));
  }
  assert.equal(input.arriving, false);
  deliver(request(1, "textDocument/didOpen"));
  await turns(5);
  assert.equal(order.join(), "", "whole, but not handled yet");
  messages.strategy.handleMessage(queued.shift()!, () => void order.push("didOpen handled"));
  await turns(5);
  assert.deepEqual(order, ["didOpen handled", "background work"]);
});

test("the frame guard says when a message arrives whole, an empty one included", () => {
  const input = new FrameGuard();
  input.on("data", () => undefined);
  const arrived: string[] = [];
  input.write(Buffer.from("Content-Length: 3\r\n\r\n{}", "ascii"));
  assert.equal(input.arriving, true);
  input.onceArrived(() => arrived.push("first"));
  input.write(Buffer.from(" Content-Length: 0\r\n\r\n", "ascii"));
  assert.deepEqual(arrived, ["first"]);
  assert.equal(input.arriving, false, "the empty one is whole at its header");
  input.onceArrived(() => arrived.push("second"));
  input.write(Buffer.from("Content-Length: 2\r\n\r\n{}", "ascii"));
  assert.deepEqual(arrived, ["first", "second"], "each listener once");
});
