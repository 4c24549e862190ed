// The order of the page's two wishes for the editor: "scrolled" (bring the preview's top row to
// the editor's top) and "reveal" (select a clicked cell's source). Each looks its line up from the
// server first, so their answers can come back in either order. A click right after a scroll (a
// scroll into view, then the click: what an automated click does, and a quick user) must leave the
// clicked source in view: a scroll whose answer comes after a later reveal was asked for is dropped.

export class RevealOrder {
  private reveals = 0;

  /** A reveal is asked for (before its line is looked up). */
  revealAsked(): void {
    this.reveals++;
  }

  /** A scroll is asked for; the result says, once its line is known, whether it may still be applied. */
  scrollAsked(): () => boolean {
    const at = this.reveals;
    return () => this.reveals === at;
  }
}
