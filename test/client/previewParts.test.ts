// The client's side of a whole model in parts (client/src/server/previewParts.ts): it asks with a
// token of its own, joins the parts that came for that token into `wire`, hands an answer without
// parts on as it is, and fails rather than show a model with parts missing.

import { test } from "node:test";
import assert from "node:assert/strict";
import type { PreviewModelParams, PreviewModelResult, PreviewWirePart } from "../../protocol/lsp";
import { previewModelInParts, type PartsClient } from "../../client/src/server/previewParts";

const status = { uri: "file:///a.json", version: 3, conformance: "valid", calculation: "consistent", problems: 0 } as unknown as PreviewModelResult["status"];

/** A client whose server sends `parts` for the request's token (and one for another token), then answers `answer`. */
function fakeClient(parts: string[], answer: (params: PreviewModelParams) => PreviewModelResult | null) {
  const handlers = new Map<string, (part: PreviewWirePart) => void>();
  const asked: PreviewModelParams[] = [];
  const client: PartsClient = {
    onProgress: (_type, token, handler) => {
      handlers.set(token, handler);
      return { dispose: () => handlers.delete(token) };
    },
    sendRequest: async (_type, params) => {
      asked.push(params);
      const token = String(params.partialResultToken);
      handlers.get("another")?.({ text: "not ours" });
      for (const text of parts) handlers.get(token)?.({ text });
      return answer(params);
    },
  };
  return { client, asked, listening: () => handlers.size };
}

test("parts sent for the request's token are joined into the whole model's text", async () => {
  const { client, asked, listening } = fakeClient(['{"v":1,"title":"","statements":[{"a":1}', ',{"b":2}]}'], () => ({
    uri: "file:///a.json",
    version: 3,
    status,
    modelVersion: 3,
    wireParts: 2,
  }));
  const result = await previewModelInParts(client, { uri: "file:///a.json", baseVersion: 1 });
  assert.deepEqual(result, { uri: "file:///a.json", version: 3, status, modelVersion: 3, wire: '{"v":1,"title":"","statements":[{"a":1},{"b":2}]}' });
  assert.equal(asked[0]?.baseVersion, 1);
  assert.equal(typeof asked[0]?.partialResultToken, "string");
  assert.equal(listening(), 0, "the progress handler is disposed");
  // Each request has its own token.
  await previewModelInParts(client, { uri: "file:///a.json" });
  assert.notEqual(asked[1]?.partialResultToken, asked[0]?.partialResultToken);
});

test("an answer without parts (whole, a patch, no document) is passed on as it is", async () => {
  const patch: PreviewModelResult = { uri: "file:///a.json", version: 4, status, modelVersion: 4, patch: { baseVersion: 3, ops: [] } };
  assert.deepEqual(await previewModelInParts(fakeClient([], () => patch).client, { uri: "file:///a.json", baseVersion: 3 }), patch);
  const whole: PreviewModelResult = { uri: "file:///a.json", version: 4, status, modelVersion: 4, wire: "{}" };
  assert.deepEqual(await previewModelInParts(fakeClient([], () => whole).client, { uri: "file:///a.json" }), whole);
  assert.equal(await previewModelInParts(fakeClient([], () => null).client, { uri: "file:///b.json" }), null);
});

test("a model with parts missing is an error, not a broken page", async () => {
  const { client, listening } = fakeClient(["{"], () => ({ uri: "file:///a.json", version: 3, status, modelVersion: 3, wireParts: 2 }));
  await assert.rejects(previewModelInParts(client, { uri: "file:///a.json" }), /1 of 2 parts/);
  assert.equal(listening(), 0);
});
