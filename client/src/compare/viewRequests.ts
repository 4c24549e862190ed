// What one changes view has sent the language server in its session, so that each fs/compareView
// request carries only what the server lacks: OLD's text once (again after a server restart, which
// the server says with `needsOld`), NEW's text once per version when the server does not hold NEW
// (a git: side such as the index), and the version of the view the page holds, from which the
// server answers with a patch. Pure (no vscode import): the panel gives it NEW and the transport.

import type { CompareViewParams, CompareViewResult } from "../../../protocol/lsp";

/** NEW as the panel sees it (a live document: its version and text read together, when a request is made). */
export interface NewSideNow {
  uri: string;
  /** Whether the server holds NEW open (then its text is never sent). */
  held: boolean;
  version(): number;
  text(): string;
}

export class CompareViewRequests {
  private oldSent = false;
  /** NEW's version last sent, when the server does not hold NEW. */
  private newSentVersion: number | undefined;
  /** NEW's version of the view the page holds; undefined: none (a new or reloaded page). */
  private heldVersion: number | undefined;

  constructor(
    private readonly session: string,
    private readonly old: { text: string; name: string },
    private readonly newName: string,
    private readonly send: (params: CompareViewParams) => Promise<CompareViewResult | null>,
  ) {}

  /** The page (re)loaded and holds no view. */
  pageEmptied(): void {
    this.heldVersion = undefined;
  }

  /** The view of `side` now; the page is taken to hold what the answer carries. */
  async view(side: NewSideNow): Promise<CompareViewResult | null> {
    let result = await this.request(side);
    // A server started again since OLD was sent (a restart) holds neither side: both are sent again.
    if (result?.needsOld === true) {
      this.oldSent = false;
      this.newSentVersion = undefined;
      result = await this.request(side);
    }
    if (result?.wire !== undefined || result?.patch !== undefined) this.heldVersion = result.version;
    return result;
  }

  private async request(side: NewSideNow): Promise<CompareViewResult | null> {
    const sendOld = !this.oldSent;
    const version = side.version();
    const sendNew = !side.held && this.newSentVersion !== version;
    const params: CompareViewParams = { uri: side.uri, session: this.session, oldName: this.old.name, newName: this.newName };
    if (sendOld) params.oldText = this.old.text;
    if (sendNew) params.newSide = { text: side.text(), version };
    if (this.heldVersion !== undefined) params.baseVersion = this.heldVersion;
    const result = await this.send(params);
    if (result !== null) {
      if (sendOld) this.oldSent = true;
      if (sendNew) this.newSentVersion = version;
    }
    return result;
  }
}
