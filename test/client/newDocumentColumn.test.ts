// Where a new document opens (client/src/commands/newDocumentColumn.ts): a concrete column of a
// group of text editors, never on top of the preview or the walkthrough, never ViewColumn.Beside.

import assert from "node:assert/strict";
import { test } from "node:test";
import { newDocumentColumn } from "../../client/src/commands/newDocumentColumn";

test("a text editor or an empty group is active: the new document opens there", () => {
  assert.equal(newDocumentColumn(1, [{ column: 1, top: "text" }]), 1);
  assert.equal(
    newDocumentColumn(2, [
      { column: 1, top: "other" },
      { column: 2, top: "empty" },
    ]),
    2,
  );
  // No group known (an editor without tab groups): the active column, as VS Code's Active.
  assert.equal(newDocumentColumn(1, []), 1);
});

test("the walkthrough alone has the keyboard: a new group beside it, by its number", () => {
  assert.equal(newDocumentColumn(1, [{ column: 1, top: "other" }]), 2);
  // The walkthrough and a preview, no text editor: after the last group, not on the preview.
  assert.equal(
    newDocumentColumn(1, [
      { column: 1, top: "other" },
      { column: 2, top: "other" },
    ]),
    3,
  );
});

test("the preview has the keyboard: the nearest group of text editors, not the preview's group", () => {
  // The walkthrough (1), the example (2), its preview (3, active): the example's group.
  const groups = [
    { column: 1, top: "other" },
    { column: 2, top: "text" },
    { column: 3, top: "other" },
  ] as const;
  assert.equal(newDocumentColumn(3, groups), 2);
  // The walkthrough has the keyboard in the same layout: the example's group too.
  assert.equal(newDocumentColumn(1, groups), 2);
  // Two text groups as near: the left one.
  assert.equal(
    newDocumentColumn(2, [
      { column: 1, top: "text" },
      { column: 2, top: "other" },
      { column: 3, top: "text" },
    ]),
    1,
  );
});
