// How long a visible preview waits for its page to say "ready" before it is opened again. In
// code-server a new user's first preview, opened from the walkthrough, stayed blank once in 8 fresh
// sessions: VS Code's webview host frame loaded but never the page inside it (the host waits for
// its service worker with no deadline), so the page never said "ready" and nothing followed
// (issue 30). Setting the panel's HTML again would wait in the same host; a new panel gets a new one.
//
// The deadline runs from the panel becoming visible (a hidden webview is discarded, and its page
// loads again, and says "ready" again, when it is shown) until its page says "ready". When it
// passes, `reopen` is called, or `gaveUp` once the panel was opened again MAX_REOPENS times.

/** Generous for a loaded machine: a page in code-server says "ready" in 0.4 to a few seconds. */
export const READY_DEADLINE_MS = 8_000;
/** How many times a preview is opened again for one document the user opened. */
export const MAX_REOPENS = 2;

export interface ReadyDeadlineActions {
  /** The page did not say "ready" in time: open the panel again (the `reopened + 1`th time). */
  reopen(): void;
  /** The page did not say "ready" in time, and the panel was already opened again MAX_REOPENS times. */
  gaveUp(): void;
}

export class ReadyDeadline {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private shown = false;
  private done = false;

  /**
   * `reopened`: how many times the preview was opened again before this panel. `visible`: whether
   * the panel is visible now (a restored panel may be a tab in the background).
   */
  constructor(
    readonly reopened: number,
    visible: boolean,
    private readonly actions: ReadyDeadlineActions,
    private readonly deadlineMs = READY_DEADLINE_MS,
  ) {
    this.visible(visible);
  }

  /** The panel's view state changed: the deadline starts when it becomes visible, and stops when it is hidden. */
  visible(visible: boolean): void {
    if (visible === this.shown || this.done) return;
    this.shown = visible;
    this.stop();
    if (visible) this.timer = setTimeout(() => this.expired(), this.deadlineMs);
  }

  /** The page said "ready". */
  ready(): void {
    this.stop();
  }

  dispose(): void {
    this.done = true;
    this.stop();
  }

  private expired(): void {
    this.timer = undefined;
    // Once: the panel is replaced (or left as it is) now.
    this.done = true;
    if (this.reopened < MAX_REOPENS) this.actions.reopen();
    else this.actions.gaveUp();
  }

  private stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
