// Whether a page's first model of a document scrolls to the editor's cursor (client/src/preview/
// keptScroll.ts, PreviewPanel.afterFirstModel): the panel's first page and a page that follows to
// another document do; a page loaded again on the same document (hidden and shown, or restored
// after a window reload) keeps the scroll it restored.

import assert from "node:assert/strict";
import { test } from "node:test";
import { KeptScroll } from "../../client/src/preview/keptScroll";

const A = "file:///work/balance.json";
const B = "file:///work/northwind-group.json";

test("the panel's first page reveals the cursor's row; the same document's page loaded again keeps its own scroll", () => {
  const kept = new KeptScroll();
  assert.equal(kept.firstModel(A), true);
  assert.equal(kept.firstModel(A), false);
});

test("a page that follows to another document reveals the cursor's row there, and back again", () => {
  const kept = new KeptScroll();
  kept.firstModel(A);
  assert.equal(kept.firstModel(B), true, "followed to B: B's page starts at the top, wherever B's cursor is");
  assert.equal(kept.firstModel(B), false, "B's page hidden and shown restores its scroll of B");
  assert.equal(kept.firstModel(A), true, "back to A: the page's scroll is B's");
});

test("a panel restored after a window reload keeps its document's scroll, and reveals the cursor in the next one", () => {
  const kept = new KeptScroll(A);
  assert.equal(kept.firstModel(A), false);
  assert.equal(kept.firstModel(B), true);
});
