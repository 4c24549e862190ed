// Which of an editor's visible-range changes are the user's scroll, for the preview to follow. Two
// kinds are not:
//
// - a change that keeps the first line (only the last line moved: a code lens or an inlay hint
//   resolved in view, a scrollbar that came with the group's new width), which scrolled nothing;
// - the echo of the preview's own scroll of the editor (to a line, or "any" line for a centring
//   reveal). Its echo can come as more than one change (a code lens above the new top resolved
//   after the scroll moves the top by a line), so it is expected until a change lands away from it.
//
// Following either moved the preview under the user's mouse: the page scrolled into view, the
// editor following, and the editor's change taken for the user's re-aligned the preview before
// the click landed.
//
// VS Code reveals a line with context above it: `editor.stickyScroll.maxLineCount` lines (5)
// while sticky scroll is on, or `editor.cursorSurroundingLines`, so that the line shows below the
// sticky lines. A scroll "to line 120 at the top" ends with line 115 first; taken for the user's
// scroll, it re-aligned the preview to line 115's row, a row or two above, between an automated
// click's scroll into view and its press, on every retry (grid.test's and vscode.test's clicks in
// CI, whenever the scroll's line came back before the click's reveal was asked for).

/** How far (in lines) a change may land from the line the preview scrolled the editor to and still be its echo. */
const ECHO_LINES = 1;
/**
 * How long a centring reveal's echo is waited for. The reveal is assumed to scroll when the source
 * is near the view's edges, where VS Code may or may not scroll it (its context lines); if it did
 * not, the user's next scroll must not be taken for its echo.
 */
const ANY_ECHO_MS = 1_500;

type Expected = { line: number; context: number } | { line: "any"; at: number };

export class EditorScrollEchoes {
  private expected: Expected | undefined;
  private readonly tops = new WeakMap<object, number>();

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * The preview scrolls the editor: to put `line` at its top, with up to `context` lines above it
   * (VS Code's reveal context), or "any" (a reveal VS Code places).
   */
  expect(line: number | "any" | undefined, context = 0): void {
    this.expected = line === undefined ? undefined : line === "any" ? { line, at: this.now() } : { line, context };
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
    if (expected?.line === "any" && this.now() - expected.at <= ANY_ECHO_MS) {
      this.expected = { line: top, context: 0 };
      return false;
    }
    if (expected !== undefined && expected.line !== "any" && top >= expected.line - expected.context - ECHO_LINES && top <= expected.line + ECHO_LINES) return false;
    this.expected = undefined;
    return true;
  }
}
