// Telling VS Code's stale report of a webview's focus from a real one. The webview host learns that
// its page has the keyboard by polling (every 250 ms, pre/index.html), so under load the report of a
// click in the preview can arrive after the user moved on to an editor (Ctrl+1, Quick Open): VS Code
// then makes the preview's group active again while the keyboard is in the editor, and the next
// command (Quick Open opens in the active group) or key goes astray. Seen in code-server after a
// click in the grid, which keeps the focus in the preview (issue 27). A real return to the preview
// gives its page the keyboard (a click, Ctrl+2); a stale one does not. Pure: the panel feeds it the
// events with their times and asks what to do.

/** How long after the page lost the keyboard to an editor its activation may be a stale report. */
export const STALE_FOCUS_MS = 1500;
/** How long an activation waits for the page to say it has the keyboard (a click's focus arrives with it). */
export const PAGE_FOCUS_GRACE_MS = 250;

export class StaleFocus {
  private pageFocused = false;
  /** When the page last lost the keyboard. */
  private blurredAt: number | undefined;
  /** When a text editor last became the active editor. */
  private editorAt: number | undefined;

  pageFocus(focused: boolean, now: number): void {
    this.pageFocused = focused;
    if (!focused) this.blurredAt = now;
  }

  editorActivated(now: number): void {
    this.editorAt = now;
  }

  /**
   * The preview became active and, PAGE_FOCUS_GRACE_MS later, still is: is this a stale report, so
   * that the editor the keyboard went to should be given it back? Only when the page lost the
   * keyboard shortly before, a text editor became active since, and the page has not had it again.
   */
  isStale(now: number): boolean {
    if (this.pageFocused || this.blurredAt === undefined || this.editorAt === undefined) return false;
    return this.editorAt >= this.blurredAt - PAGE_FOCUS_GRACE_MS && now - this.blurredAt <= STALE_FOCUS_MS + PAGE_FOCUS_GRACE_MS;
  }
}
