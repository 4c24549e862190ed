// The grid keeps the keyboard focus on the same cell when the page replaces the DOM that held it:
// the patch of a value edit (which repaints the subtotal the Enter moved to), the patch of a label
// edit (which redraws the statement's rows), a whole model (an undo can arrive so), the "why"
// panel opening, and its "Set to the children's sum" closing it. None of it scrolls the view.
// The why panel follows the focused cell. A message (invalid input, a refused paste) is readable,
// lets clicks through and goes at the next key or click.
// Found in code-server: after such an edit document.activeElement was <body> and the keys did nothing.

import assert from "node:assert/strict";
import { join } from "node:path";
import { describe, test } from "node:test";
import type { Page } from "playwright-core";
import type { CellExplanation } from "../../protocol/lsp";
import * as service from "../../server/src/service/index";
import { createService } from "../server/service";
import { fixturesRoot, readJson } from "../support/paths";
import { DOCUMENT_URI, modelMessageFor, patchMessageFor, scrollTop, send, settleFrames, usePreviewHost } from "./page";

const TIMEOUT = { timeout: 60_000 };
const DEFERRED_TAX = "/statements/0/items/2/values/at-2025";
const NON_CURRENT = "/statements/0/items/3/values/at-2025";

interface Example {
  statements: { items: { label: string; values: Record<string, unknown> }[] }[];
}

function northwind(): Example {
  return readJson<Example>(join(fixturesRoot, "examples", "northwind-group.json"));
}

function withValue(document: Example, statement: number, item: number, period: string, value: string): Example {
  const copy = structuredClone(document);
  (copy.statements[statement] as Example["statements"][number]).items[item]!.values[period] = value;
  return copy;
}

function explanationOf(document: Example, version: number, pointer: string): CellExplanation | null {
  const server = createService();
  server.open(DOCUMENT_URI, JSON.stringify(document, null, 2), version);
  return server.with(DOCUMENT_URI, (analysis) => service.cellExplanation(analysis, version, pointer));
}

/** What has the focus: a cell's pointer, its row's pointer and column for a label, or the element's tag. */
async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!(active instanceof HTMLElement)) return "none";
    if (active.dataset.pointer !== undefined) return active.dataset.pointer;
    const row = active.closest<HTMLElement>("tr[data-pointer]");
    return row === null ? active.tagName : `${row.dataset.pointer} [${[...(row.children as unknown as Element[])].indexOf(active)}]`;
  });
}

describe("the preview grid keeps the focus, and its messages keep out of the way", () => {
  const preview = usePreviewHost();

  async function painted(document: Example): Promise<Page> {
    const page = await preview.open({ width: 1000, height: 500 });
    await send(page, modelMessageFor(document, 1));
    await page.waitForSelector("table.fs-table");
    return page;
  }

  test("a value committed with Enter onto a failing subtotal: the patch, the panel and the next model keep the focus there, unscrolled", TIMEOUT, async () => {
    const before = northwind();
    const p = await painted(before);
    await p.locator(`[data-pointer="${DEFERRED_TAX}"]`).click();
    await p.keyboard.type("1152");
    await p.keyboard.press("Enter");
    assert.equal(await focused(p), NON_CURRENT, "Enter moved down");
    const top = await scrollTop(p);
    // The server's patch repaints the edited cell and the subtotal, which now fails.
    const after = withValue(before, 0, 2, "at-2025", "1152");
    await send(p, patchMessageFor(before, after, 1, 2));
    await p.waitForSelector(`td.fs-inconsistent[data-pointer="${NON_CURRENT}"]`);
    assert.equal(await focused(p), NON_CURRENT, "the patch kept the focus");
    // The focus asked why it fails (the model version the patch brought); the answer opens the panel.
    await p.waitForFunction((pointer) => window.__posted.some((message) => message.type === "explain" && message.pointer === pointer && message.version === 2), NON_CURRENT);
    await send(p, { type: "explanation", uri: DOCUMENT_URI, version: 2, pointer: NON_CURRENT, explanation: explanationOf(after, 2, NON_CURRENT) });
    await p.waitForSelector("#fs-preview-explanation:not([hidden])");
    await settleFrames(p);
    assert.equal(await focused(p), NON_CURRENT, "the panel kept the focus");
    // A whole model of the same document (an undo may arrive so) keeps it too.
    await send(p, modelMessageFor(before, 3));
    await p.waitForSelector(`td[data-pointer="${NON_CURRENT}"]:not(.fs-inconsistent)`);
    await settleFrames(p);
    assert.equal(await focused(p), NON_CURRENT, "the model kept the focus");
    assert.equal(await scrollTop(p), top, "nothing scrolled");
    await p.keyboard.press("ArrowUp");
    assert.equal(await focused(p), DEFERRED_TAX, "the keys work on");
  });

  test("a label committed with Enter: the patch redraws the rows, the focus stays on the next label and the view does not move", TIMEOUT, async () => {
    const before = northwind();
    const p = await painted(before);
    // Scrolled into the document, so that a redraw that loses its place would show.
    await p.evaluate(() => document.querySelector('[data-pointer="/statements/1"]')?.scrollIntoView());
    await p.waitForSelector('tr[data-pointer="/statements/1/items/3"]');
    await settleFrames(p);
    const label = p.locator('tr[data-pointer="/statements/1/items/3"] > :first-child');
    await label.click();
    const top = await scrollTop(p);
    await p.keyboard.press("F2");
    await p.keyboard.type(" (total)");
    await p.keyboard.press("Enter");
    assert.equal(await focused(p), "/statements/1/items/4 [0]");
    const after = structuredClone(before);
    after.statements[1]!.items[3]!.label = "Distribution costs (total)";
    await send(p, patchMessageFor(before, after, 1, 2));
    await p.waitForFunction(() => document.body.dataset.patches === "1");
    await settleFrames(p);
    assert.equal(await focused(p), "/statements/1/items/4 [0]", "the patch kept the focus");
    assert.equal(await scrollTop(p), top, "the view did not move");
    // Undo (a patch back) keeps it as well.
    await send(p, patchMessageFor(after, before, 2, 3));
    await p.waitForFunction(() => document.body.dataset.patches === "2");
    await settleFrames(p);
    assert.equal(await focused(p), "/statements/1/items/4 [0]");
    assert.equal(await scrollTop(p), top);
    await p.keyboard.press("ArrowUp");
    assert.equal(await focused(p), "/statements/1/items/3 [0]");
  });

  // Chromium's order when the focus goes to another frame, recorded in code-server around Ctrl+Z in
  // the grid (and Ctrl+1): the cell's focusout, with the frame's focus already on <body>, then the
  // window's blur. The other order is kept for any browser that blurs the window first.
  for (const order of ["the cell first, then the window", "the window first, then the cell"] as const) {
    test(
      `the window losing the focus (Ctrl+Z runs the undo in the editor; ${order}) and getting it back: the grid's cell has it again, even when a patch repainted it meanwhile`,
      TIMEOUT,
      async () => {
        const before = northwind();
        const p = await painted(before);
        await p.locator(`[data-pointer="${DEFERRED_TAX}"]`).click();
        await p.evaluate((cellFirst) => {
          if (cellFirst) (document.activeElement as HTMLElement | null)?.blur();
          window.dispatchEvent(new FocusEvent("blur"));
          if (!cellFirst) (document.activeElement as HTMLElement | null)?.blur();
        }, order === "the cell first, then the window");
        assert.equal(await focused(p), "BODY");
        await send(p, patchMessageFor(before, withValue(before, 0, 2, "at-2025", "1152"), 1, 2));
        await p.waitForSelector(`td.fs-inconsistent[data-pointer="${NON_CURRENT}"]`);
        await p.evaluate(() => window.dispatchEvent(new FocusEvent("focus")));
        assert.equal(await focused(p), DEFERRED_TAX);
        await p.keyboard.press("ArrowDown");
        assert.equal(await focused(p), NON_CURRENT);
      },
    );
  }

  test("Set to the children's sum: the panel closes under its button and the focus goes back to the subtotal", TIMEOUT, async () => {
    const failing = withValue(northwind(), 0, 1, "at-2025", "12941");
    const p = await painted(failing);
    await p.locator(`[data-pointer="${NON_CURRENT}"]`).click();
    await p.waitForFunction((pointer) => window.__posted.some((message) => message.type === "explain" && message.pointer === pointer), NON_CURRENT);
    await send(p, { type: "explanation", uri: DOCUMENT_URI, version: 1, pointer: NON_CURRENT, explanation: explanationOf(failing, 1, NON_CURRENT) });
    await p.locator(".fs-explanation-sum").click();
    await p.waitForFunction(() => window.__posted.some((message) => message.type === "edit"));
    const fixed = withValue(failing, 0, 3, "at-2025", "62301");
    await send(p, patchMessageFor(failing, fixed, 1, 2));
    await p.waitForSelector("#fs-preview-explanation[hidden]", { state: "attached" });
    assert.equal(await focused(p), NON_CURRENT);
    await p.keyboard.press("ArrowUp");
    assert.equal(await focused(p), DEFERRED_TAX);
  });

  test("the why panel follows the focused cell: it closes when the focus moves to a cell that does not fail", TIMEOUT, async () => {
    const failing = withValue(northwind(), 0, 1, "at-2025", "12941");
    const p = await painted(failing);
    await p.locator(`[data-pointer="${DEFERRED_TAX}"]`).click();
    await p.keyboard.press("ArrowDown");
    await p.waitForFunction((pointer) => window.__posted.some((message) => message.type === "explain" && message.pointer === pointer), NON_CURRENT);
    await send(p, { type: "explanation", uri: DOCUMENT_URI, version: 1, pointer: NON_CURRENT, explanation: explanationOf(failing, 1, NON_CURRENT) });
    await p.waitForSelector("#fs-preview-explanation:not([hidden])");
    await p.keyboard.press("ArrowUp");
    await p.waitForSelector("#fs-preview-explanation[hidden]", { state: "attached" });
    assert.equal(await focused(p), DEFERRED_TAX);
  });

  // ---- Messages: readable, never in the way of a click, gone at the next action ----

  const MESSAGE = ".fs-cell-message[role=alert]";
  const AT_2024 = "/statements/0/items/2/values/at-2024";

  async function paste(p: Page, text: string): Promise<void> {
    await p.evaluate((data) => {
      const transfer = new DataTransfer();
      transfer.setData("text/plain", data);
      document.activeElement?.dispatchEvent(new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }));
    }, text);
  }

  test("an invalid value's message at the last column is readable (wide, in the view) and lets clicks through; the next key takes it away", TIMEOUT, async () => {
    // Narrow, so that the last period's cell is near the right edge, as in a side-by-side preview.
    const p = await preview.open({ width: 560, height: 500 });
    await send(p, modelMessageFor(northwind(), 1));
    await p.waitForSelector("table.fs-table");
    await p.locator(`[data-pointer="${AT_2024}"]`).click();
    await p.keyboard.type("12abc");
    await p.keyboard.press("Enter");
    const message = p.locator(MESSAGE);
    await message.waitFor();
    const box = await message.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      const line = Number.parseFloat(getComputedStyle(element).lineHeight) || 18;
      return { left: rect.left, right: rect.right, width: rect.width, lines: Math.round((rect.height - 10) / line), viewWidth: document.documentElement.clientWidth };
    });
    assert.ok(box.left >= 0 && box.right <= box.viewWidth + 0.5, `in the view: ${JSON.stringify(box)}`);
    assert.ok(box.lines <= 2, `one or two lines: ${JSON.stringify(box)}`);
    // A click at the message's place reaches what is under it.
    const hit = await message.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      return document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2)?.classList.contains("fs-cell-message") ?? false;
    });
    assert.equal(hit, false, "the message does not take clicks");
    await p.keyboard.press("Escape");
    await message.waitFor({ state: "detached" });
  });

  test("a paste's message goes at the next key or click; '1 cell' is singular", TIMEOUT, async () => {
    const p = await preview.open({ width: 1000, height: 500 });
    await send(p, modelMessageFor(northwind(), 1));
    await p.waitForSelector("table.fs-table");
    await p.locator(`[data-pointer="${DEFERRED_TAX}"]`).click();
    await paste(p, "12\tabc");
    const message = p.locator(MESSAGE);
    await message.waitFor();
    assert.match((await message.textContent()) ?? "", /^Nothing was pasted: 1 cell of the block is not a number\. /);
    // Ctrl+Z (which the page sends to the document) is the next action: the message goes.
    await p.keyboard.press("Control+z");
    await message.waitFor({ state: "detached" });
    await p.locator(`[data-pointer="${DEFERRED_TAX}"]`).focus();
    await paste(p, "x\ty");
    await message.waitFor();
    assert.match((await message.textContent()) ?? "", /^Nothing was pasted: 2 cells of the block are not numbers\. /);
    // A click on the cell under the message reaches it, and the message goes.
    await p.locator(`[data-pointer="${NON_CURRENT}"]`).click();
    await message.waitFor({ state: "detached" });
    assert.equal(await focused(p), NON_CURRENT);
  });
});
