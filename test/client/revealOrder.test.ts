// The page's "scrolled" and "reveal" wishes for the editor: a scroll whose line comes back after a
// later click's reveal was asked for is not applied (the clicked source stays in view).

import assert from "node:assert/strict";
import { test } from "node:test";
import { RevealOrder } from "../../client/src/preview/revealOrder";

test("a scroll still holds until a reveal is asked for after it; a reveal asked before it does not stop it", () => {
  const order = new RevealOrder();
  order.revealAsked();
  const scroll = order.scrollAsked();
  assert.equal(scroll(), true, "the reveal before the scroll does not drop it");
  const another = order.scrollAsked();
  order.revealAsked();
  assert.equal(scroll(), false, "a click's reveal since the scroll was asked for");
  assert.equal(another(), false);
  assert.equal(order.scrollAsked()(), true, "a scroll after the reveal holds");
});
