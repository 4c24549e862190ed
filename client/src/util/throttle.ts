// A throttle: at most one run per `delayMs`, and the last call always runs. Trailing (the
// default): the first call schedules a run `delayMs` later; calls until then only replace what will
// run. Leading: a call when nothing ran for `delayMs` runs at once, and calls within `delayMs` after
// a run are gathered into one run at its end. Bursts (typing, scrolling, cursor moves) cost one run
// per interval either way; leading answers the first move of a burst without waiting.

export class Throttle {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private pending: (() => void) | undefined;

  constructor(
    private readonly delayMs: number,
    private readonly leading = false,
  ) {}

  schedule(run: () => void): void {
    this.pending = run;
    if (this.timer !== undefined) return;
    if (this.leading) this.flush();
    else this.timer = setTimeout(() => this.flush(), this.delayMs);
  }

  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = undefined;
  }

  private flush(): void {
    this.timer = undefined;
    const next = this.pending;
    this.pending = undefined;
    if (next === undefined) return;
    // Leading: the interval starts with the run; calls within it wait for its end.
    if (this.leading) this.timer = setTimeout(() => this.flush(), this.delayMs);
    next();
  }
}
