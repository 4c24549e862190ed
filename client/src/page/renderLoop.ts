// One render at a time for a page of ours (the preview, the changes view): a render asks the
// server and posts its answer, and one asked for while another runs is made once right after it,
// however many were asked, so the page ends at the latest state without requests piling up behind
// a slow server. Pure (no vscode import).

export class RenderLoop {
  private running: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly renderOnce: () => Promise<void>,
    /** True once the page is gone: no render after the one running. */
    private readonly stopped: () => boolean,
  ) {}

  /** Whether a render runs (one asked for now runs after it). */
  get busy(): boolean {
    return this.running !== undefined;
  }

  /** Renders now, or right after the render that runs; settles when the renders asked for so far are done. */
  run(): Promise<void> {
    if (this.running !== undefined) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.renderOnce();
        } while (this.again && !this.stopped());
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }
}
