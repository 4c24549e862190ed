// A grid commit through the whole in-process path, shared by test/webview/gridCommit.test.ts and
// the grid bench (scripts/bench/gridCommit.ts): the page (Chromium) commits a typed value and posts
// its write; the language service turns it into its minimal edit (fs/cellEdits), the store analyses
// the edited text (a value edit), the preview's push (fs/previewUpdate) is a patch, made first as
// the server makes it (the diagnostics are built after it), and the page paints the cell and the
// subtotal it rolls up to. What
// VS Code adds in between (messages through the extension host, applying the WorkspaceEdit, the
// document sync to the server) is left out.

import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { TextDocument } from "vscode-languageserver-textdocument";
import * as service from "../../server/src/service/index";
import type { EditMessage, ExtensionToWebview } from "../../protocol/webview";
import { createService, type ServiceUnderTest } from "../server/service";
import { openPreview, send, type PreviewHost } from "./page";

export interface CommitTiming {
  /**
   * Enter pressed in the cell editor (its keydown event) → the edited cell painted, in the page's
   * clock: everything below plus this harness's own round trips to the page (Playwright's).
   */
  commitToPaint: number;
  /** The page's part before the server: the keydown → the edit message posted. */
  pageCommit: number;
  /** The server's part: the edits, the edited text's analysis, the patch (the diagnostics follow it, off this path). */
  edits: number;
  analysis: number;
  patch: number;
  /** The page's part after the server: the patch message posted to the page → the frame after the cell and its subtotal show it. */
  pagePaint: number;
}

interface Child {
  cell: string;
  parent: string;
}

/** Value cells of child rows (rollupTo a subtotal) in the first statement's first period, in document order. */
function childCells(text: string): Child[] {
  const parsed = JSON.parse(text) as { statements: { items: { id: string; rollupTo?: string; values: Record<string, unknown> }[]; periods: string[] }[] };
  const statement = parsed.statements[0]!;
  const period = statement.periods[0]!;
  const index = new Map(statement.items.map((item, at) => [item.id, at]));
  const children: Child[] = [];
  statement.items.forEach((item, at) => {
    const parent = item.rollupTo === undefined ? undefined : index.get(item.rollupTo);
    if (parent !== undefined && typeof item.values[period] === "string") {
      children.push({ cell: `/statements/0/items/${at}/values/${period}`, parent: `/statements/0/items/${parent}/values/${period}` });
    }
  });
  return children;
}

/** One document open in the service and in a page; commit() types a value into a child cell and waits for its paint. */
export class GridCommitPath {
  private readonly bases = new service.PreviewBases();
  /** The preview's update of the last edit, made when the store published it, before its diagnostics (as the server does). */
  private pushed: { started: number; update: ReturnType<typeof service.previewUpdate>; done: number } | undefined;
  private readonly server: ServiceUnderTest = createService(
    {},
    {
      previewFirst: (analysis) => {
        const started = performance.now();
        const update = service.previewUpdate(analysis, this.bases);
        this.pushed = { started, update, done: performance.now() };
      },
    },
  );
  private readonly children: Child[];
  private version = 1;
  private sequence = 1;
  private page: Page | undefined;

  private constructor(
    private readonly uri: string,
    private text: string,
  ) {
    this.children = childCells(text);
    assert.ok(this.children.length > 0, "the document has a child cell to edit");
  }

  static async open(host: PreviewHost, uri: string, text: string): Promise<GridCommitPath> {
    const path = new GridCommitPath(uri, text);
    path.server.open(uri, text, 1);
    const first = path.server.with(uri, (analysis) => service.previewModel(analysis, path.bases, undefined))!;
    assert.ok(first.wire !== undefined && first.modelVersion === 1);
    path.page = await openPreview(host, { width: 1200, height: 900 });
    await send(path.page, {
      type: "model",
      sequence: path.sequence,
      uri,
      version: 1,
      documentName: uri.split("/").at(-1)!,
      status: undefined,
      problem: undefined,
      wire: new TextEncoder().encode(first.wire),
      locked: false,
      numberFormat: "full",
    });
    return path;
  }

  /** Commits `decimal` into the `nth` child cell (spread over the statement); returns the timings and what the patch repainted. */
  async commit(nth: number, decimal: string): Promise<CommitTiming & { cell: string; parent: string; parentRepainted: boolean }> {
    const page = this.page!;
    const { cell: cellPointer, parent: parentPointer } = this.children[Math.floor((nth * 7919) % this.children.length)]!;
    // The cell may be below the rows drawn: the page's own highlight scrolls to it.
    await send(page, { type: "highlight", pointer: cellPointer, reveal: true });
    const cell = page.locator(`td[data-pointer="${cellPointer}"]`);
    await cell.waitFor();
    await cell.focus();
    await page.keyboard.press("F2");
    await cell.locator("input").fill(decimal);
    // The Enter's keydown, as the page's own listeners get it (capture on the window: before them).
    const posted = await page.evaluate(() => {
      window.addEventListener("keydown", (event) => ((window as unknown as { __enterAt: number }).__enterAt = event.timeStamp), { capture: true, once: true });
      return window.__posted.length;
    });
    await page.keyboard.press("Enter");
    const { edit, committed, postedAt } = (await (
      await page.waitForFunction(
        (from) => {
          const at = window.__posted.findIndex((message, index) => index >= from && message.type === "edit");
          return at === -1 ? undefined : { edit: window.__posted[at], committed: (window as unknown as { __enterAt: number }).__enterAt, postedAt: window.__postedAt[at] };
        },
        posted,
        { polling: "raf" },
      )
    ).jsonValue()) as { edit: EditMessage; committed: number; postedAt: number };
    assert.deepEqual(edit.writes, [{ pointer: cellPointer, content: { kind: "value", decimal } }]);

    // The extension host's part: the edits for the current version, applied to the text.
    const started = performance.now();
    const result = this.server.with(this.uri, (analysis) => service.cellEdits(analysis, edit.writes))!;
    assert.equal(result.edits.length, 1);
    const edited = performance.now();
    const [only] = result.edits;
    const textDocument = TextDocument.create(this.uri, "json", this.version, this.text);
    this.version += 1;
    this.takePushed();
    // The value edit's analysis, then the preview's update at once (its diagnostics come after it).
    this.server.edit(this.uri, this.version, [
      { range: { start: textDocument.positionAt(only!.offset), end: textDocument.positionAt(only!.offset + only!.length) }, text: only!.content },
    ]);
    this.text = this.text.slice(0, only!.offset) + only!.content + this.text.slice(only!.offset + only!.length);
    const pushed = this.takePushed();
    assert.ok(pushed !== undefined, "the value edit was published with the preview's update first");
    const { started: analysed, update, done: served } = pushed;
    assert.ok(update?.patch !== undefined, "a patch, not the whole model");
    this.sequence += 1;
    const patch: ExtensionToWebview = {
      type: "patch",
      sequence: this.sequence,
      uri: this.uri,
      baseVersion: update.patch.baseVersion,
      version: update.modelVersion!,
      status: update.status,
      problem: undefined,
      ops: update.patch.ops,
    };
    const parentOp = update.patch.ops.flatMap((op) => (op.op === "cells" ? op.cells : [])).find((entry) => entry.cell.pointer === parentPointer);
    // Posted and waited for in the page itself, so the page's part is timed without a round trip.
    const { received, painted } = await page.evaluate(
      ({ json, cell, decimal, parent, inconsistent }) =>
        new Promise<{ received: number; painted: number }>((resolve) => {
          const data = JSON.parse(json) as unknown;
          const received = performance.now();
          window.postMessage(data, "*");
          const check = () => {
            const edited = document.querySelector(`td[data-pointer="${cell}"]`);
            // The subtotal's cell is repainted by the same patch when it is drawn (a large statement draws the rows in view).
            const total = document.querySelector(`td[data-pointer="${parent}"]`);
            const done =
              edited?.getAttribute("data-value") === decimal &&
              !edited.classList.contains("fs-pending") &&
              (total === null || inconsistent === undefined || total.classList.contains("fs-inconsistent") === inconsistent);
            // The frame after the one the check saw it in: it is painted.
            if (done) requestAnimationFrame(() => resolve({ received, painted: performance.now() }));
            else requestAnimationFrame(check);
          };
          requestAnimationFrame(check);
        }),
      { json: JSON.stringify(patch), cell: cellPointer, decimal, parent: parentPointer, inconsistent: parentOp === undefined ? undefined : parentOp.cell.check === "inconsistent" },
    );
    return {
      commitToPaint: painted - committed,
      pageCommit: postedAt - committed,
      edits: edited - started,
      analysis: analysed - edited,
      patch: served - analysed,
      pagePaint: painted - received,
      cell: cellPointer,
      parent: parentPointer,
      parentRepainted: parentOp !== undefined,
    };
  }

  /** The preview's update made since the last call, if any. */
  private takePushed(): GridCommitPath["pushed"] {
    const pushed = this.pushed;
    this.pushed = undefined;
    return pushed;
  }

  get pageOf(): Page {
    return this.page!;
  }

  async close(): Promise<void> {
    await this.page?.close();
  }
}
