// The editor bench's typing sessions (test/e2e/bench/typing.ts): every key's latency kept, and each
// session's median beside them; the preview row the sessions wait for.

import assert from "node:assert/strict";
import { test } from "node:test";
import { itemPointer, recordTypingSession, TYPED_PHRASE } from "../e2e/bench/typing";

test("each session adds its keys to keyLag and its median to keyLagSessions", () => {
  const samples: Record<string, number[]> = {};
  recordTypingSession(samples, [40, 10, 30, 20]);
  recordTypingSession(samples, [90, 70, 80]);
  assert.deepEqual(samples.keyLag, [40, 10, 30, 20, 90, 70, 80]);
  assert.deepEqual(samples.keyLagSessions, [25, 80]);
  // A session whose keys the probe did not see adds no median of nothing.
  recordTypingSession(samples, []);
  assert.deepEqual(samples.keyLagSessions, [25, 80]);
});

test("the row a session waits for is the edited cell's item", () => {
  assert.equal(itemPointer("/statements/3/items/1207/values/2024"), "/statements/3/items/1207");
  assert.equal(itemPointer("/statements/0/items/0/values/FY~12024"), "/statements/0/items/0");
  assert.throws(() => itemPointer("/statements/3"), /not an item's cell/);
  // 27 keys, as the row's samples before the sessions.
  assert.equal(TYPED_PHRASE.length, 27);
});
