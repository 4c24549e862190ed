// A stale report of the preview's focus (VS Code polls for it) is told from a real return to the
// preview: stale when the page lost the keyboard to an editor just before and has not had it again.

import assert from "node:assert/strict";
import { test } from "node:test";
import { PAGE_FOCUS_GRACE_MS, STALE_FOCUS_MS, StaleFocus } from "../../client/src/page/staleFocus";

test("the page lost the keyboard to an editor, then the preview is reported active without it: stale", () => {
  const focus = new StaleFocus();
  focus.pageFocus(true, 0);
  focus.pageFocus(false, 1000);
  focus.editorActivated(1010);
  assert.equal(focus.isStale(1400), true);
  // The editor's activation may be reported just before the page's blur.
  const early = new StaleFocus();
  early.pageFocus(false, 1000);
  early.editorActivated(990);
  assert.equal(early.isStale(1300), true);
});

test("a real return to the preview (a click, Ctrl+2) gives the page the keyboard: not stale", () => {
  const focus = new StaleFocus();
  focus.pageFocus(false, 1000);
  focus.editorActivated(1010);
  focus.pageFocus(true, 1200);
  assert.equal(focus.isStale(1400), false);
});

test("long after the page lost the keyboard, or with no editor taking it, or before the page ever had it: not stale", () => {
  const late = new StaleFocus();
  late.pageFocus(false, 1000);
  late.editorActivated(1010);
  assert.equal(late.isStale(1000 + STALE_FOCUS_MS + PAGE_FOCUS_GRACE_MS + 1), false);
  const noEditor = new StaleFocus();
  noEditor.pageFocus(false, 1000);
  assert.equal(noEditor.isStale(1200), false);
  const olderEditor = new StaleFocus();
  olderEditor.editorActivated(100);
  olderEditor.pageFocus(false, 1000);
  assert.equal(olderEditor.isStale(1200), false, "the editor became active long before the page lost the keyboard (a palette, another view)");
  const never = new StaleFocus();
  never.editorActivated(1000);
  assert.equal(never.isStale(1200), false);
});
