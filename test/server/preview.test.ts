// The preview over the protocol against the real server: the whole model when asked, then after
// each publication a pushed update (fs/previewUpdate) with a patch sized to the edit, until the
// preview is released; the pointer ↔ offset requests the editor uses instead of parsing.

import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { PointerAtRequest, PreviewModelRequest, PreviewReleaseNotification, RangeOfRequest, type PreviewModelResult, type RangeOfResult } from "../../protocol/lsp";
import type { PreviewModel } from "../../shared/src/render/previewModel";
import { applyPreviewPatch } from "../../shared/src/render/previewPatch";
import { decodePreviewWire } from "../../shared/src/render/previewWire";
import { readText, upstreamRoot } from "../support/paths";
import { serveThisFile, type ServerUnderTest } from "./harness";

const text = readText(join(upstreamRoot, "examples", "manufacturing-group.json"));
const uri = "file:///preview/manufacturing-group.json";
let server: ServerUnderTest;

serveThisFile(async (started) => {
  server = started;
  await server.open(uri, text);
});

function model(baseVersion?: number): Promise<PreviewModelResult | null> {
  return server.connection.sendRequest(PreviewModelRequest, baseVersion === undefined ? { uri } : { uri, baseVersion });
}

/** The whole model a result carries: its wire form's JSON text, decoded as the page does. */
function wholeModel(result: PreviewModelResult | null | undefined): PreviewModel | undefined {
  return result?.wire === undefined ? undefined : decodePreviewWire(JSON.parse(result.wire));
}

function replaceOnce(source: string, from: string, to: string): { offset: number; text: string } {
  const offset = source.indexOf(from);
  assert.ok(offset >= 0, from);
  return { offset, text: source.slice(0, offset) + to + source.slice(offset + from.length) };
}

test("the preview gets the whole model once, then a patch of only the cells an edit changed", async () => {
  const first = await model();
  // One string, the wire form's JSON text: the extension host passes it on without parsing it.
  assert.equal(typeof first?.wire, "string", "a whole model without a base");
  assert.ok(first?.wire !== undefined && !first.wire.includes("/values/"), "no cell pointers on the wire");
  const firstModel = wholeModel(first);
  assert.ok(firstModel, "the text is a valid wire form");
  assert.equal(first.modelVersion, 1);
  assert.equal(first.patch, undefined);
  assert.equal(firstModel.title, "Example Manufacturing Group — Consolidated financial statements");
  const cash = firstModel.statements[0]?.rows.find((row) => row.id === "cash");
  assert.equal(cash?.cells[0]?.value, "400");

  // Edit one value: the cash cell and the subtotal check it changes, pushed right after the diagnostics.
  const edit = replaceOnce(text, '"at-2025": "400"', '"at-2025": "410"');
  const start = await positionAt(text, edit.offset);
  const pushed = server.previewUpdate(uri, (update) => update.version === 2);
  const published = server.published.length;
  await server.change(uri, 2, [{ range: { start, end: { line: start.line, character: start.character + '"at-2025": "400"'.length } }, text: '"at-2025": "410"' }]);
  const second = await pushed;
  assert.equal(server.published.length, published + 1, "the update came after the diagnostics of its version");
  assert.ok(second?.patch, "a patch from the version the preview holds");
  assert.equal(second.wire, undefined, "not the whole model");
  assert.equal(second.patch.baseVersion, 1);
  assert.equal(second.modelVersion, 2);
  assert.ok(
    second.patch.ops.every((op) => op.op === "cells"),
    JSON.stringify(second.patch.ops),
  );
  const pointers = second.patch.ops.flatMap((op) => (op.op === "cells" ? op.cells.map(({ cell }) => cell.pointer) : []));
  assert.deepEqual(pointers.sort(), ["/statements/0/items/0/values/at-2025", "/statements/0/items/2/values/at-2025"]);
  // Applied to the first model it gives exactly the model of the new version.
  const patched = structuredClone(firstModel);
  assert.equal(applyPreviewPatch(patched, second.patch.ops), true);
  assert.deepEqual(patched, wholeModel(await model()));

  // A base the server no longer holds gets the whole model; the same version gets an empty patch.
  assert.ok(wholeModel(await model(1)));
  assert.deepEqual((await model(2))?.patch, { baseVersion: 2, ops: [] });

  // A syntax error keeps the last valid model and says why, in words.
  await server.change(uri, 3, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, text: "" }]);
  const broken = await model(2);
  assert.equal(broken?.modelVersion, 2);
  assert.match(broken?.problem ?? "", /^Showing the last valid version, because line \d+ has a syntax error\.$/);
  await server.change(uri, 4, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: "{" }]);
});

test("once the preview is released, a publication pushes no update; asking again starts them again", async () => {
  const other = "file:///preview/released.json";
  await server.open(other, text);
  assert.ok(wholeModel(await server.connection.sendRequest(PreviewModelRequest, { uri: other })));
  const edit = await positionAt(text, text.indexOf('"at-2025": "400"') + '"at-2025": "'.length);
  const digits = { start: edit, end: { line: edit.line, character: edit.character + 3 } };
  const pushed = server.previewUpdate(other, (update) => update.version === 2);
  await server.change(other, 2, [{ range: digits, text: "401" }]);
  assert.equal((await pushed).patch?.baseVersion, 1);
  await server.connection.sendNotification(PreviewReleaseNotification, { uri: other });
  const before = server.previewUpdates.length;
  await server.change(other, 3, [{ range: digits, text: "402" }]);
  // A request after the publication orders it behind anything the server sent for version 3.
  assert.ok(wholeModel(await server.connection.sendRequest(PreviewModelRequest, { uri: other })), "a released preview gets the whole model again");
  assert.equal(server.previewUpdates.length, before, "no update for a released preview");
  const again = server.previewUpdate(other, (update) => update.version === 4);
  await server.change(other, 4, [{ range: digits, text: "403" }]);
  assert.equal((await again).patch?.baseVersion, 3);
});

test("pointer at an offset and range of a pointer come from the server's analysis of that version", async () => {
  const current = await model();
  const version = current?.version ?? -1;
  assert.equal(version, 4, JSON.stringify({ ...current, wire: undefined }));
  const current4 = text.replace('"at-2025": "400"', '"at-2025": "410"');
  const offset = current4.indexOf('"410"') + 1;
  assert.equal(await server.connection.sendRequest(PointerAtRequest, { uri, version, offset }), "/statements/0/items/0/values/at-2025");
  assert.equal(await server.connection.sendRequest(PointerAtRequest, { uri, version, offset: 0 }), "");
  const range = (await server.connection.sendRequest(RangeOfRequest, { uri, version, pointer: "/statements/0/items/0/values/at-2025" })) as RangeOfResult | null;
  assert.deepEqual(range, { offset: current4.indexOf('"410"'), length: 5 });
  // Another version's offsets would be wrong: no answer.
  assert.equal(await server.connection.sendRequest(PointerAtRequest, { uri, version: version - 1, offset }), null);
  assert.equal(await server.connection.sendRequest(RangeOfRequest, { uri, version: version + 1, pointer: "" }), null);
});

async function positionAt(source: string, offset: number): Promise<{ line: number; character: number }> {
  const before = source.slice(0, offset).split("\n");
  return { line: before.length - 1, character: (before.at(-1) ?? "").length };
}
