// Scroll synchronisation without feedback loops. A scroll this script causes (following the editor,
// restoring a position after a repaint) is remembered by its resulting offset; the scroll event it
// produces is recognised by that offset and not reported back to the extension.

export class ScrollReporter {
  private expectedY: number | undefined;
  private frame: number | undefined;
  private userScrolled = false;

  constructor(
    private readonly window: Window,
    /** Called at most once per frame when the user scrolled. */
    private readonly onUserScroll: () => void,
    /** Called at most once per frame after any scroll (the user's or ours), to persist the position. */
    private readonly onAnyScroll: () => void,
  ) {
    window.addEventListener("scroll", () => this.handleScroll(), { passive: true });
  }

  /** Runs a scroll of ours; the event it produces is not reported as the user's. */
  scrollOurselves(scroll: () => void): void {
    const before = this.window.scrollY;
    scroll();
    const after = this.window.scrollY;
    // No movement, no event: remembering an offset would swallow the user's next scroll.
    if (after !== before) this.expectedY = after;
  }

  scrollTo(top: number): void {
    this.scrollOurselves(() => this.window.scrollTo({ top, behavior: "instant" }));
  }

  private handleScroll(): void {
    const expected = this.expectedY;
    this.expectedY = undefined;
    if (expected === undefined || Math.abs(this.window.scrollY - expected) >= 1) this.userScrolled = true;
    if (this.frame !== undefined) return;
    this.frame = this.window.requestAnimationFrame(() => {
      this.frame = undefined;
      const byUser = this.userScrolled;
      this.userScrolled = false;
      this.onAnyScroll();
      if (byUser) this.onUserScroll();
    });
  }
}
