// Which of an editor's visible-range changes are the user's scroll, for the preview to follow. Two
// kinds are not:
//
// - a change that keeps the first line (only the last line moved: a code lens or an inlay hint
//   resolved in view, a scrollbar that came with the group's new width), which scrolled nothing;
// - the echo of the preview's own scroll of the editor (to a line, or "any" line for a centring
//   reveal). Its echo can come as more than one change (a code lens above the new top resolved
//   after the scroll moves the top by a line), so it is expected until a change lands away from it.
//
// Following either moved the preview under the user's mouse: the page scrolled into view by the
// user, the editor following, and the editor's second change taken for the user's, re-aligned the
// preview before the click landed.

/** How far (in lines) a change may land from the line the preview scrolled the editor to and still be its echo. */
const ECHO_LINES = 1;

export class EditorScrollEchoes {
  /** The line the preview last scrolled the editor to, "any" while a centring reveal's line is not known yet. */
  private expected: number | "any" | undefined;
  private readonly tops = new WeakMap<object, number>();

  /** The preview scrolls the editor: to put `line` at its top, or "any" (a reveal VS Code places). */
  expect(line: number | "any" | undefined): void {
    this.expected = line;
  }

  /** Forgets the expected echo (another document is shown). */
  reset(): void {
    this.expected = undefined;
  }

  /** `editor`'s visible ranges changed and its first line is now `top`: whether the user scrolled it. */
  isUserScroll(editor: object, top: number): boolean {
    const previous = this.tops.get(editor);
    this.tops.set(editor, top);
    if (previous === top) return false;
    const expected = this.expected;
    if (expected === "any") {
      this.expected = top;
      return false;
    }
    if (expected !== undefined && Math.abs(top - expected) <= ECHO_LINES) return false;
    this.expected = undefined;
    return true;
  }
}
