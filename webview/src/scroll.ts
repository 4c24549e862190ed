// Scroll synchronisation without feedback loops, on the preview's scroll container. A scroll this
// script causes (following the editor, restoring a position, keeping rows in place while they are
// measured) is remembered by its resulting offset; the scroll event it produces is recognised by
// that offset and not reported back to the extension.

export class ScrollReporter {
  private expectedTop: number | undefined;
  private frame: number | undefined;
  private userScrolled = false;

  constructor(
    private readonly scroller: HTMLElement,
    private readonly window: Window,
    /** Called at most once per frame when the user scrolled. */
    private readonly onUserScroll: () => void,
    /** Called at most once per frame after any scroll (the user's or ours, `byUser`): draw rows, persist. */
    private readonly onAnyScroll: (byUser: boolean) => void,
  ) {
    scroller.addEventListener("scroll", () => this.handleScroll(), { passive: true });
  }

  get top(): number {
    return this.scroller.scrollTop;
  }

  /** Runs a scroll of ours; the event it produces is not reported as the user's. */
  scrollOurselves(scroll: () => void): void {
    const before = this.scroller.scrollTop;
    scroll();
    const after = this.scroller.scrollTop;
    // No movement, no event: remembering an offset would swallow the user's next scroll.
    if (after !== before) this.expectedTop = after;
  }

  scrollTo(top: number): void {
    this.scrollOurselves(() => {
      this.scroller.scrollTop = Math.max(0, top);
    });
  }

  /**
   * Reports now a scroll still waiting for its frame. A click's wish for the editor must come after
   * the scroll before it (a scroll into view, then the click): reported in its frame, after the
   * click, the scroll would move the editor away from the clicked cell's source.
   */
  flush(): void {
    if (this.frame === undefined) return;
    this.window.cancelAnimationFrame(this.frame);
    this.report();
  }

  private handleScroll(): void {
    const expected = this.expectedTop;
    this.expectedTop = undefined;
    if (expected === undefined || Math.abs(this.scroller.scrollTop - expected) >= 1) this.userScrolled = true;
    if (this.frame !== undefined) return;
    this.frame = this.window.requestAnimationFrame(() => this.report());
  }

  private report(): void {
    this.frame = undefined;
    const byUser = this.userScrolled;
    this.userScrolled = false;
    this.onAnyScroll(byUser);
    if (byUser) this.onUserScroll();
  }
}
