// Whether a page's first model of a document scrolls to the editor's cursor. The page keeps one
// scroll position, with the document it belongs to (webview state, webview/src/main.ts), and
// restores it only when it loads again (hidden and shown, or the window reloaded) showing that same
// document. Any other first model starts at the top: the panel's first page, and a page that
// follows to another document. There the user expects the cursor's row, as the first Ctrl+K V
// shows it (a preview that followed to a document whose cursor was far down showed its top).

export class KeptScroll {
  /** `keptFor`: the document of a panel restored after a window reload, whose page keeps that document's scroll. */
  constructor(private keptFor: string | undefined = undefined) {}

  /** A page is shown the first model of `uri`: true when it has no scroll of that document to keep, so the cursor's row is revealed. */
  firstModel(uri: string): boolean {
    const reveal = uri !== this.keptFor;
    this.keptFor = uri;
    return reveal;
  }
}
