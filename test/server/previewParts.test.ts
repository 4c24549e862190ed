// A large whole model in parts (server/src/lsp/previewParts.ts): asked with a partialResultToken,
// the server sends the wire text of a model over PREVIEW_WIRE_PART_CHARS as $/progress parts before
// its answer, which counts them; joined, they are the text it answers whole without a token, in
// ASCII. A value edit that arrives while the parts go out is pushed after the answer, as a patch
// from the model answered (before it, the client would drop it and ask for the whole model again).

import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { PreviewModelRequest, PreviewWireProgress, type PreviewModelResult } from "../../protocol/lsp";
import { PREVIEW_WIRE_PART_CHARS, decodePreviewWire } from "../../shared/src/render/previewWire";
import { repoRoot } from "../support/paths";
import { serveThisFile, type ServerUnderTest } from "./harness";

const uri = "file:///preview/parts.json";
let server: ServerUnderTest;
let text = "";

serveThisFile(async (started) => {
  server = started;
  const generator = (await import(pathToFileURL(join(repoRoot, "scripts/bench/generate.mjs")).href)) as {
    generateDocument(options: { targetBytes: number; seed: number; shape?: string }): string;
  };
  // A draft: failing subtotals give cells titles and flags that are not ASCII ("≠").
  text = generator.generateDocument({ targetBytes: 1_200_000, seed: 5, shape: "failing" });
  await server.open(uri, text);
});

let tokens = 0;

/** fs/previewModel with a partialResultToken: its answer and the parts that came before it, in order. */
async function inParts(events: string[] = []): Promise<{ result: PreviewModelResult | null; parts: string[]; events: string[] }> {
  const token = `parts-${++tokens}`;
  const parts: string[] = [];
  const listening = server.connection.onProgress(PreviewWireProgress, token, ({ text: part }) => {
    parts.push(part);
    events.push("part");
  });
  const answered = server.connection.sendRequest(PreviewModelRequest, { uri, partialResultToken: token }).then((result) => {
    events.push("answer");
    return result;
  });
  try {
    return { result: await answered, parts, events };
  } finally {
    listening.dispose();
  }
}

test("a large whole model comes in ASCII parts before its answer, which joined are the text it answers whole", async () => {
  const whole = await server.connection.sendRequest(PreviewModelRequest, { uri });
  assert.equal(typeof whole?.wire, "string");
  assert.equal(whole?.wireParts, undefined, "no token, no parts");
  const wire = whole?.wire ?? "";
  assert.ok(wire.length > PREVIEW_WIRE_PART_CHARS * 2, `${wire.length} characters`);
  assert.match(wire, /^[\x00-\x7f]*$/, "ASCII");
  assert.ok(wire.includes("\\u2260"), "the failing subtotals' ≠ is escaped");

  const { result, parts, events } = await inParts();
  assert.ok(parts.length >= 2, `${parts.length} parts`);
  assert.equal(result?.wireParts, parts.length);
  assert.equal(result?.wire, undefined);
  assert.equal(result?.modelVersion, 1);
  assert.deepEqual(events, [...parts.map(() => "part"), "answer"]);
  assert.equal(parts.join(""), wire);
  for (const part of parts.slice(0, -1)) assert.ok(part.length >= PREVIEW_WIRE_PART_CHARS);
  assert.ok(decodePreviewWire(JSON.parse(parts.join(""))), "a wire form the page decodes");
});

test("a value edit made while the parts go out is pushed after the answer, as a patch from the model answered", async () => {
  const match = /"values": \{\s*"[^"]+": "-?([1-9])/.exec(text.slice(text.length >> 1));
  assert.ok(match);
  const offset = (text.length >> 1) + match.index + match[0].length - 1;
  const before = text.slice(0, offset).split("\n");
  const start = { line: before.length - 1, character: (before.at(-1) ?? "").length };
  const events: string[] = [];
  const pushed = server
    .previewUpdate(uri, (update) => update.version === 2)
    .then((update) => {
      events.push("update");
      return update;
    });
  const asked = inParts(events);
  // Sent with the request: the server reads it while the parts are being written.
  const changed = server.change(uri, 2, [{ range: { start, end: { line: start.line, character: start.character + 1 } }, text: match[1] === "9" ? "8" : "9" }]);
  const { result } = await asked;
  await changed;
  const update = await pushed;
  assert.equal(result?.wireParts !== undefined, true, "answered in parts");
  assert.deepEqual(
    events.filter((event) => event !== "part"),
    ["answer", "update"],
  );
  assert.ok(events.indexOf("part") < events.indexOf("answer"));
  assert.equal(update.patch?.baseVersion, result?.modelVersion);
  assert.equal(update.modelVersion, 2);
});
