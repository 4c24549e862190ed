// A trailing throttle: the first call schedules a run `delayMs` later; calls until then only replace
// what will run. Bursts (typing, scrolling, cursor moves) cost one run per interval, and the last
// call always runs.

export class Throttle {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private pending: (() => void) | undefined;

  constructor(private readonly delayMs: number) {}

  schedule(run: () => void): void {
    this.pending = run;
    if (this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const next = this.pending;
      this.pending = undefined;
      next?.();
    }, this.delayMs);
  }

  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = undefined;
  }
}
