// Which diff editor a command means and when a preview keeps a diff's left side
// (client/src/preview/diffTabRule.ts): VS Code reports the right side as the active editor whenever
// no editor has the text focus, so the diff's tab names the left side.

import assert from "node:assert/strict";
import { test } from "node:test";
import { diffMeant, keepsLeftSide, type DiffSides } from "../../client/src/preview/diffTabRule";

const head: DiffSides = { original: "git:/w/a.json?HEAD", modified: "file:///w/a.json" };
const other: DiffSides = { original: "git:/w/b.json?HEAD", modified: "file:///w/b.json" };

test("without a menu's argument the active diff tab is meant, and no diff when the active tab is none", () => {
  assert.equal(diffMeant(head, [head, other], undefined), head);
  assert.equal(diffMeant(undefined, [head, other], undefined), undefined);
});

test("a menu's argument (the right side from the title bar, the clicked side from the editor's menu) names its diff", () => {
  assert.equal(diffMeant(head, [head, other], "file:///w/a.json"), head);
  assert.equal(diffMeant(head, [head, other], "git:/w/a.json?HEAD"), head);
  // Another diff than the active one, found among the open diffs by either side.
  assert.equal(diffMeant(head, [head, other], "file:///w/b.json"), other);
  assert.equal(diffMeant(undefined, [head, other], "git:/w/b.json?HEAD"), other);
  assert.equal(diffMeant(head, [head, other], "file:///w/c.json"), undefined);
});

test("a preview of a diff's left side keeps it when that diff's right side becomes active, and only then", () => {
  assert.equal(keepsLeftSide(head.original, head.modified, [other, head]), true);
  // Another editor, or the right side of a diff whose left side the preview does not show.
  assert.equal(keepsLeftSide(head.original, "file:///w/c.json", [head, other]), false);
  assert.equal(keepsLeftSide(head.original, other.modified, [head, other]), false);
  // The diff was closed: the preview follows again.
  assert.equal(keepsLeftSide(head.original, head.modified, [other]), false);
  // A preview of the right side is never held.
  assert.equal(keepsLeftSide(head.modified, head.original, [head]), false);
});
