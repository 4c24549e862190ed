// The preview's scrolls that follow the editor, made once per animation frame. A Go to Line (or a
// click in the outline, a search result) moves the editor's cursor and scrolls it at once: the
// extension then posts both a "scrollTo" (the editor's top line) and a "highlight" that reveals
// the cursor's place, within a few milliseconds. Each one made at once draws the rows of its place
// and lays them out (on `wide`, 33 cells a row, 100–300 ms each on the workbench's thread, which
// the page shares), and the cursor's reveal, which centres its row, leaves nothing of the first
// one's vertical scroll. So reveals wait for the next frame, and one that a later one overrides is
// dropped: a cursor's reveal replaces everything waiting; the editor's top line replaces an earlier
// top line and keeps a cursor's reveal before it (which also scrolls its cell's table sideways).

export type RevealKind = "cursor" | "top";

export class RevealQueue {
  private pending: { kind: RevealKind; run: () => void }[] = [];
  private frame: number | undefined;

  constructor(
    private readonly requestFrame: (callback: () => void) => number,
    private readonly cancelFrame: (handle: number) => void,
  ) {}

  /** Makes `run` in the next frame, unless a later reveal overrides it first. */
  ask(kind: RevealKind, run: () => void): void {
    this.pending = kind === "cursor" ? [] : this.pending.filter((reveal) => reveal.kind === "cursor");
    this.pending.push({ kind, run });
    this.frame ??= this.requestFrame(() => this.flush());
  }

  /** Makes what waits now, in the order asked (before work that must see the page scrolled). */
  flush(): void {
    if (this.frame !== undefined) this.cancelFrame(this.frame);
    this.frame = undefined;
    const pending = this.pending;
    this.pending = [];
    for (const reveal of pending) reveal.run();
  }

  /** Drops what waits (the page shows another document now). */
  clear(): void {
    if (this.frame !== undefined) this.cancelFrame(this.frame);
    this.frame = undefined;
    this.pending = [];
  }
}
