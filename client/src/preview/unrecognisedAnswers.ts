// The server answers a preview's request with null ("not an FS document") for a document it does
// not hold yet: under load the preview can ask before the server has the document open or has
// recognised it (by its name or its shape), and no update follows, since the server keeps nothing
// for a preview it answered null. So a null answer is asked again at the server's next publication
// for the document (fs/status), and an answer that was on its way while one came is asked again at
// once. A document that is really no FS document gets no publication: it is asked once. Pure (no
// vscode import).

export class UnrecognisedAnswers {
  /** Publications for the document seen so far. */
  private publications = 0;
  /** Whether the last answer was null. */
  private answeredNull = false;

  /** `ask`'s answer: asked again while the server published the document during a null answer's way. */
  async answer<T>(ask: () => Promise<T | null>): Promise<T | null> {
    for (;;) {
      const before = this.publications;
      const result = await ask();
      this.answeredNull = result === null;
      if (result !== null || this.publications === before) return result;
    }
  }

  /** The server published an analysis of the document: true when the last answer was null and is out of date. */
  published(): boolean {
    this.publications++;
    const stale = this.answeredNull;
    this.answeredNull = false;
    return stale;
  }

  /** The preview shows another document: nothing known of it yet. */
  reset(): void {
    this.answeredNull = false;
  }
}
