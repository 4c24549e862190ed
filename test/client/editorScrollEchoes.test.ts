// The editor's visible-range changes the preview follows: the user's scrolls, not a change that
// kept the first line, nor the echo of the preview's own scroll however many changes it comes in.

import assert from "node:assert/strict";
import { test } from "node:test";
import { EditorScrollEchoes } from "../../client/src/preview/editorScrollEchoes";

test("a change that keeps the first line scrolled nothing", () => {
  const echoes = new EditorScrollEchoes();
  const editor = {};
  assert.equal(echoes.isUserScroll(editor, 40), true, "the first change seen");
  assert.equal(echoes.isUserScroll(editor, 40), false, "only the last line moved (a code lens resolved in view)");
  assert.equal(echoes.isUserScroll(editor, 55), true);
});

test("the preview's scroll to a line is expected until a change lands away from it, however many changes it comes in", () => {
  const echoes = new EditorScrollEchoes();
  const editor = {};
  echoes.isUserScroll(editor, 0);
  echoes.expect(120);
  assert.equal(echoes.isUserScroll(editor, 0), false, "a change of the last line only, before the scroll's own");
  assert.equal(echoes.isUserScroll(editor, 120), false, "the scroll itself");
  assert.equal(echoes.isUserScroll(editor, 119), false, "a code lens above the new top, resolved after it");
  assert.equal(echoes.isUserScroll(editor, 160), true, "the user scrolled elsewhere");
  assert.equal(echoes.isUserScroll(editor, 120), true, "and back: the echo is no longer expected");
});

test("a centring reveal's line becomes the expected one when it comes", () => {
  const echoes = new EditorScrollEchoes();
  const editor = {};
  echoes.isUserScroll(editor, 0);
  echoes.expect("any");
  assert.equal(echoes.isUserScroll(editor, 170), false, "the reveal's scroll");
  assert.equal(echoes.isUserScroll(editor, 171), false, "its code lens settling");
  assert.equal(echoes.isUserScroll(editor, 10), true);
});

test("reset forgets the expected echo; each editor's first line is its own", () => {
  const echoes = new EditorScrollEchoes();
  const left = {};
  const right = {};
  echoes.isUserScroll(left, 0);
  echoes.isUserScroll(right, 30);
  echoes.expect(80);
  echoes.reset();
  assert.equal(echoes.isUserScroll(left, 80), true);
  assert.equal(echoes.isUserScroll(right, 30), false, "the other editor's first line did not change");
});

test("VS Code's reveal context: a scroll to a line that ends with the context lines above it first is its echo", () => {
  const echoes = new EditorScrollEchoes();
  const editor = {};
  echoes.isUserScroll(editor, 0);
  // Sticky scroll on: up to 5 lines of context above the line revealed at the top.
  echoes.expect(120, 5);
  assert.equal(echoes.isUserScroll(editor, 115), false, "line 115 first: the scroll to 120 with its context");
  assert.equal(echoes.isUserScroll(editor, 116), false, "its code lens settling");
  assert.equal(echoes.isUserScroll(editor, 112), true, "beyond the context: the user's");
  echoes.expect(300, 0);
  assert.equal(echoes.isUserScroll(editor, 295), true, "without context the same change is the user's");
});

test("a centring reveal's echo is waited for a moment only: a reveal that did not scroll does not swallow the user's next scroll", () => {
  let now = 1_000;
  const echoes = new EditorScrollEchoes(() => now);
  const editor = {};
  echoes.isUserScroll(editor, 0);
  echoes.expect("any");
  now += 200;
  assert.equal(echoes.isUserScroll(editor, 170), false, "the reveal's scroll, soon after");
  echoes.expect("any");
  // The source was already in view: VS Code did not scroll, and the user scrolls much later.
  now += 5_000;
  assert.equal(echoes.isUserScroll(editor, 40), true, "the user's scroll, long after a reveal that did not scroll");
});
