// The webview nonce comes from Web Crypto (both extension hosts have it): base64 of the asked
// number of bytes, and fresh each time.

import assert from "node:assert/strict";
import { it } from "node:test";
import { createNonce } from "../../client/src/util/nonce";

it("a nonce is the base64 of the asked number of random bytes, fresh each time", () => {
  for (const bytes of [16, 18]) {
    const nonce = createNonce(bytes);
    assert.match(nonce, /^[A-Za-z0-9+/]+={0,2}$/);
    assert.equal(Buffer.from(nonce, "base64").length, bytes);
  }
  const seen = new Set(Array.from({ length: 200 }, () => createNonce()));
  assert.equal(seen.size, 200);
});
