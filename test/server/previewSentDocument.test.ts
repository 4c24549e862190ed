// The preview of a document the server does not hold open (the left side of a Git diff, a git: URI),
// over the protocol against the real server: the client sends its text with the model request
// (client/src/preview/sentDocument.ts, once per version); the server answers its model, then patches
// from the version the preview holds, and the navigation and explanation requests for it; nothing is
// published for it and the grid's edits are refused; a release forgets it, and after a server
// restart the client's next request sends the text again by itself.

import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  CellEditsRequest,
  CellExplanationRequest,
  PointerAtRequest,
  PreviewModelRequest,
  PreviewReleaseNotification,
  RangeOfRequest,
  type PreviewModelParams,
  type PreviewModelResult,
  type SentDocument,
} from "../../protocol/lsp";
import { SentDocumentRequests, type SentDocumentNow } from "../../client/src/preview/sentDocument";
import { applyPreviewPatch } from "../../shared/src/render/previewPatch";
import { decodePreviewWire } from "../../shared/src/render/previewWire";
import type { PreviewModel } from "../../shared/src/render/previewModel";
import { readText, upstreamRoot } from "../support/paths";
import { startServer, type ServerUnderTest } from "./harness";

const head = readText(join(upstreamRoot, "examples", "manufacturing-group.json"));
/** The index's version: Cash 400 → 410, so its subtotal (items/2) no longer adds up. */
const staged = head.replace('"at-2025": "400"', '"at-2025": "410"');
const CASH = "/statements/0/items/0/values/at-2025";
const SUBTOTAL = "/statements/0/items/2/values/at-2025";
const gitUri = (ref: string) => `git:/repo/manufacturing-group.json?${encodeURIComponent(JSON.stringify({ path: "/repo/manufacturing-group.json", ref }))}`;

function wholeModel(result: PreviewModelResult | null | undefined): PreviewModel | undefined {
  return result?.wire === undefined ? undefined : decodePreviewWire(JSON.parse(result.wire));
}

function ask(server: ServerUnderTest, uri: string, sent: PreviewModelParams[]) {
  return (baseVersion: number | undefined, sentDocument: SentDocument | undefined): Promise<PreviewModelResult | null> => {
    const params: PreviewModelParams = { uri };
    if (baseVersion !== undefined) params.baseVersion = baseVersion;
    if (sentDocument !== undefined) params.sentDocument = sentDocument;
    sent.push(params);
    return server.connection.sendRequest(PreviewModelRequest, params);
  };
}

test("a git: side's preview: its model from the text sent once, a patch for its next version, navigation and explanation; nothing published, no edits", async () => {
  const server = await startServer();
  try {
    const uri = gitUri("~");
    const requests = new SentDocumentRequests();
    const sent: PreviewModelParams[] = [];
    let side: SentDocumentNow = { uri, version: 1, text: () => head };

    const first = await requests.model(side, undefined, ask(server, uri, sent));
    const firstModel = wholeModel(first);
    assert.ok(firstModel, JSON.stringify(first?.problem));
    assert.equal(first?.modelVersion, 1);
    assert.equal(firstModel.statements[0]?.rows.find((row) => row.id === "cash")?.cells[0]?.value, "400");
    assert.equal(sent[0]?.sentDocument?.text, head, "the text is sent with the first request");

    // The page reloads: the same version is asked for without its text again.
    assert.ok(wholeModel(await requests.model(side, undefined, ask(server, uri, sent))));
    assert.equal(sent[1]?.sentDocument, undefined, "not sent twice for one version");

    // The index changed: its next version is sent, and answered with a patch from the one the page holds.
    side = { uri, version: 2, text: () => staged };
    const second = await requests.model(side, 1, ask(server, uri, sent));
    assert.equal(sent[2]?.sentDocument?.version, 2);
    assert.ok(second?.patch, "a patch from the version the preview holds");
    assert.equal(second.patch.baseVersion, 1);
    const pointers = second.patch.ops.flatMap((op) => (op.op === "cells" ? op.cells.map(({ cell }) => cell.pointer) : []));
    assert.deepEqual(pointers.sort(), [CASH, SUBTOTAL]);
    const patched = structuredClone(firstModel);
    assert.equal(applyPreviewPatch(patched, second.patch.ops), true);
    assert.deepEqual(patched, wholeModel(await server.connection.sendRequest(PreviewModelRequest, { uri })));

    // Click to source, the cursor's highlight and the failing subtotal's explanation answer for it.
    const offset = staged.indexOf('"410"');
    assert.equal(await server.connection.sendRequest(PointerAtRequest, { uri, version: 2, offset: offset + 1 }), CASH);
    assert.deepEqual(await server.connection.sendRequest(RangeOfRequest, { uri, version: 2, pointer: CASH }), { offset, length: 5 });
    const explanation = await server.connection.sendRequest(CellExplanationRequest, { uri, modelVersion: 2, pointer: SUBTOTAL });
    assert.match(explanation?.summary ?? "", /stated, children sum to/);

    // It is a version of the file, not the file: nothing is published for it, and the grid cannot write to it.
    assert.equal(server.published.filter((params) => params.uri === uri).length, 0, "no diagnostics for a sent document");
    assert.equal(await server.connection.sendRequest(CellEditsRequest, { uri, writes: [{ pointer: CASH, content: { kind: "value", decimal: "1" } }] }), null);

    // Released (no preview shows it): forgotten. Asked again, the client sends its text again by itself.
    await server.connection.sendNotification(PreviewReleaseNotification, { uri });
    assert.equal(await server.connection.sendRequest(PreviewModelRequest, { uri }), null, "forgotten once released");
    const before = sent.length;
    assert.ok(wholeModel(await requests.model(side, 2, ask(server, uri, sent))));
    assert.deepEqual(
      sent.slice(before).map((params) => params.sentDocument?.version),
      [undefined, 2],
      "asked without the text, then again with it",
    );
  } finally {
    await server.stop();
  }
});

test("after a server restart the next request sends the text again; a text that is not an FS document answers null, unless its name makes it one", async () => {
  let server = await startServer();
  try {
    const uri = gitUri("HEAD");
    const requests = new SentDocumentRequests();
    const sent: PreviewModelParams[] = [];
    const side: SentDocumentNow = { uri, version: 1, text: () => head };
    assert.ok(wholeModel(await requests.model(side, undefined, ask(server, uri, sent))));
    await server.stop();
    server = await startServer();
    const again = await requests.model(side, 1, ask(server, uri, sent));
    assert.ok(wholeModel(again), "the whole model: the new server holds no base");
    assert.deepEqual(
      sent.map((params) => params.sentDocument?.version),
      [1, undefined, 1],
    );

    const notFs = '{ "name": "not an FS document", "version": 1 }\n';
    const other = new SentDocumentRequests();
    const plain = "git:/repo/package.json?%7B%7D";
    assert.equal(await other.model({ uri: plain, version: 1, text: () => notFs }, undefined, ask(server, plain, [])), null);
    const named = "git:/repo/broken.fs.json?%7B%7D";
    const answer = await other.model({ uri: named, version: 1, text: () => notFs }, undefined, ask(server, named, []));
    assert.ok(answer !== null && answer.status !== undefined, "a *.fs.json name makes it an FS document whatever its text");
  } finally {
    await server.stop();
  }
});

test("a document the server holds open is never replaced by a sent text", async () => {
  const server = await startServer();
  try {
    const uri = "file:///repo/held.json";
    await server.open(uri, head);
    const answer = await server.connection.sendRequest(PreviewModelRequest, { uri, sentDocument: { text: staged, version: 9 } });
    assert.equal(answer?.version, 1);
    assert.equal(wholeModel(answer)?.statements[0]?.rows.find((row) => row.id === "cash")?.cells[0]?.value, "400");
  } finally {
    await server.stop();
  }
});
