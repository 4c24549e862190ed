// The server reads its input while background work runs: a large message that begins to arrive
// while a draft's related information is being built (a step per turn of the event loop) is read
// whole and handled before the next step. Over stdio a 1 MB didOpen arrives in many reads of the
// pipe; a step ran between any two of them, so a second document's didOpen waited for all of the
// first one's background work (after fs/openAhead at 5 MB, 7–8 s; docs/performance.md). Checked by
// the order of the server's messages, never by time.

import { test } from "node:test";
import assert from "node:assert/strict";
import type { PublishDiagnosticsParams } from "vscode-languageserver-protocol/node";
import { RELATED_LATER_MIN, RELATED_STEP } from "../../server/src/service/diagnostics";
import { draft } from "./drafts";
import { serveThisFile, type ServerUnderTest } from "./harness";

let server: ServerUnderTest;
serveThisFile((started) => {
  server = started;
});

const hasRelated = (params: PublishDiagnosticsParams) => params.diagnostics.some((diagnostic) => (diagnostic.relatedInformation?.length ?? 0) > 0);

/** Writes `bytes` to the server's stdin; settles once the system took them (the server has read most of what came before). */
const write = (bytes: Buffer) => new Promise<void>((resolve, reject) => server.process.stdin!.write(bytes, (error) => (error ? reject(error) : resolve())));

test("a large didOpen arriving while a draft's related information is built is handled before the rest of that work", async () => {
  const first = "file:///busy/draft.json";
  const second = "file:///busy/large.json";
  // Steps of related information (one per RELATED_STEP failing subtotals).
  const busy = draft(RELATED_LATER_MIN + 12 * RELATED_STEP);
  // About 5 MB: written in parts, each once the system took the one before, so the server reads it
  // over many turns of its event loop, and a step of background work could run in each.
  const body = Buffer.from(
    JSON.stringify({ jsonrpc: "2.0", method: "textDocument/didOpen", params: { textDocument: { uri: second, languageId: "json", version: 1, text: draft(3, 5_000_000) } } }),
  );
  const frame = Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, "ascii"), body]);
  const firstStep = server.diagnostics(first, (params) => params.diagnostics.length > 0);
  const whole = server.diagnostics(first, hasRelated);
  const opened = server.diagnostics(second, (params) => params.diagnostics.length > 0);
  await server.connection.sendNotification("textDocument/didOpen", { textDocument: { uri: first, languageId: "json", version: 1, text: busy } });
  // Sent once the draft's problems came and an answer of the server came after them: the harness's
  // own messages (answers to the server's questions at the open) are written by then, none goes
  // into the middle of the frame, and the draft's related information is being built.
  await firstStep;
  await server.connection.sendRequest("textDocument/documentSymbol", { textDocument: { uri: first } });
  const PART = 256 * 1024;
  for (let at = 0; at < frame.length; at += PART) await write(frame.subarray(at, Math.min(frame.length, at + PART)));
  await Promise.all([whole, opened]);
  const order = server.published
    .filter((params) => params.diagnostics.length > 0)
    .map((params) => (params.uri === first ? `draft${hasRelated(params) ? " with related information" : ""}` : "large"));
  assert.deepEqual(order, ["draft", "large", "draft with related information"]);
});
