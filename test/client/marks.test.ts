// The extension's performance marks (client/src/util/marks.ts) are made once per extension host:
// the editor benchmark reads the first of each, and a long session adds nothing to the timeline.

import assert from "node:assert/strict";
import { test } from "node:test";
import { markOnce } from "../../client/src/util/marks";

test("a mark is made once, however often it is asked for", () => {
  const name = "fs/test/marked-once";
  markOnce(name);
  markOnce(name);
  markOnce(name);
  assert.equal(performance.getEntriesByName(name, "mark").length, 1);
  markOnce("fs/test/another");
  assert.equal(performance.getEntriesByName("fs/test/another", "mark").length, 1);
});
