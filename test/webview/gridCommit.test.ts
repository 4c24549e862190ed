// A grid commit through the whole in-process path: the page commits a typed value, the language
// service turns the write into its minimal edit (fs/cellEdits), the store analyses the edited text
// (a value edit), the preview's push (fs/previewUpdate) is a patch, and the page paints the cell and
// the subtotal it rolls up to. What VS Code adds in between (messages through the extension host,
// applying the WorkspaceEdit) is left out. Prints the commit → paint time; never asserts on it.
// FS_GRID_BENCH_BYTES=5000000 runs it on a 5 MB document of the bench's shape (docs/performance.md).

import assert from "node:assert/strict";
import { test } from "node:test";
import { TextDocument } from "vscode-languageserver-textdocument";
import * as service from "../../server/src/service/index";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { EditMessage } from "../../protocol/webview";
import { createService } from "../server/service";
import { repoRoot } from "../support/paths";
import { openPreview, send, startPreviewHost } from "./page";

const BYTES = Number(process.env.FS_GRID_BENCH_BYTES ?? 100_000);
const URI = "file:///work/grid-commit.json";

test(`a committed cell reaches the page as a patch that repaints it and its subtotal (${BYTES} bytes)`, { timeout: 600_000 }, async (t) => {
  // The bench's generator, as the other large-document tests load it (a script, not a module of the build).
  const generator = (await import(pathToFileURL(join(repoRoot, "scripts/bench/generate.mjs")).href)) as {
    generateDocument(options: { targetBytes: number; seed: number }): string;
  };
  const text = generator.generateDocument({ targetBytes: BYTES, seed: 7 });
  const server = createService();
  server.open(URI, text, 1);
  const bases = new service.PreviewBases();
  const first = server.with(URI, (analysis) => service.previewModel(analysis, bases, undefined))!;
  assert.ok(first.wire !== undefined && first.modelVersion === 1);
  // A child row of the first statement whose parent is a subtotal: its first cell is edited.
  const parsed = JSON.parse(text) as { statements: { items: { id: string; rollupTo?: string; values: Record<string, unknown> }[]; periods: string[] }[] };
  const items = parsed.statements[0]!.items;
  const child = items.findIndex((item) => item.rollupTo !== undefined && typeof item.values[parsed.statements[0]!.periods[0]!] === "string");
  assert.ok(child >= 0);
  const parent = items.findIndex((item) => item.id === items[child]!.rollupTo);
  const period = parsed.statements[0]!.periods[0]!;
  const cellPointer = `/statements/0/items/${child}/values/${period}`;
  const parentPointer = `/statements/0/items/${parent}/values/${period}`;

  const host = await startPreviewHost();
  try {
    const page = await openPreview(host, { width: 1200, height: 900 });
    await send(page, {
      type: "model",
      sequence: 1,
      uri: URI,
      version: 1,
      documentName: "grid-commit.json",
      status: undefined,
      problem: undefined,
      wire: new TextEncoder().encode(first.wire),
      locked: false,
      numberFormat: "full",
    });
    const cell = page.locator(`td[data-pointer="${cellPointer}"]`);
    await page.evaluate(
      ({ pointer }) => {
        // The cell may be below the rows drawn: the page's own highlight scrolls to it.
        window.postMessage({ type: "highlight", pointer, reveal: true }, "*");
      },
      { pointer: cellPointer },
    );
    await cell.waitFor();
    await cell.focus();
    await page.keyboard.press("F2");
    await cell.locator("input").fill("123456789.25");
    const committed = await page.evaluate(() => performance.now());
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => window.__posted.some((message) => message.type === "edit"));
    const edit = (await page.evaluate(() => window.__posted)).find((message): message is EditMessage => message.type === "edit")!;
    assert.deepEqual(edit.writes, [{ pointer: cellPointer, content: { kind: "value", decimal: "123456789.25" } }]);

    // The extension host's part: the edits for the current version, applied to the text.
    const started = performance.now();
    const result = server.with(URI, (analysis) => service.cellEdits(analysis, edit.writes))!;
    assert.equal(result.edits.length, 1);
    const edited = performance.now();
    const textDocument = TextDocument.create(URI, "json", 1, text);
    const [only] = result.edits;
    server.change(URI, 2, [{ range: { start: textDocument.positionAt(only!.offset), end: textDocument.positionAt(only!.offset + only!.length) }, text: only!.content }]);
    const analysed = performance.now();
    const update = server.with(URI, (analysis) => service.previewUpdate(analysis, bases))!;
    assert.ok(update.patch !== undefined, "a patch, not the whole model");
    const served = performance.now() - started;
    await send(page, {
      type: "patch",
      sequence: 2,
      uri: URI,
      baseVersion: update.patch.baseVersion,
      version: update.modelVersion!,
      status: update.status,
      problem: undefined,
      ops: update.patch.ops,
    });
    await page.waitForFunction(
      ({ cell, parent }) => {
        const edited = document.querySelector(`td[data-pointer="${cell}"]`);
        // The subtotal's cell is repainted too when it is drawn (a large statement draws the rows in view).
        const total = document.querySelector(`td[data-pointer="${parent}"]`);
        return edited?.getAttribute("data-value") === "123456789.25" && !edited.classList.contains("fs-pending") && (total === null || total.classList.contains("fs-inconsistent"));
      },
      { cell: cellPointer, parent: parentPointer },
    );
    const painted = await page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now()))));
    // The subtotal's cell was repainted by the same patch: its check now fails (its children changed, it did not).
    assert.ok(
      update.patch.ops.some((op) => op.op === "cells" && op.cells.some((entry) => entry.cell.pointer === parentPointer)),
      "the subtotal's cell is in the patch",
    );
    await send(page, { type: "highlight", pointer: parentPointer, reveal: true });
    await page.locator(`td.fs-inconsistent[data-pointer="${parentPointer}"]`).waitFor();
    t.diagnostic(
      `${(text.length / 1e6).toFixed(1)} MB: commit → paint ${Math.round(painted - committed)} ms in the page's clock (server part ${Math.round(served)} ms: edits ${Math.round(edited - started)}, analysis ${Math.round(analysed - edited)}, patch ${Math.round(started + served - analysed)}; without VS Code's messaging)`,
    );
    await page.close();
  } finally {
    await host.close();
  }
});
