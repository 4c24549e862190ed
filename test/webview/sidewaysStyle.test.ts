// What a table's sideways scroll costs the page's style (issue 25): the veil over a column partly
// under the labels, the clip of a column cut by the view's edge and the label column's widening are
// set on the elements that use them, so a scroll computes the style of those (the drawn label
// cells, the head and the body), not of every drawn cell. In the editor the page shares the
// workbench's thread: on `wide` at 5 MB a reveal that scrolled a table sideways computed the style
// of 1,700–2,600 elements twice, because the values were custom properties of the table, which
// every cell inherits. Counted from a Chrome trace of the page (UpdateLayoutTree's element counts).

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Page } from "playwright-core";
import { modelMessageFor, send, settleFrames, usePreviewHost } from "./page";
import { wideDocument } from "./wideDocument";

const TIMEOUT = { timeout: 120_000 };
const ROWS = 80;

/** A statement of ten years and ROWS rows, wider than a 600 px view. */
const wideRows = (): unknown => wideDocument(10, ROWS, (row, column) => `${411_872_306 + row * 3_127 + column * 98_765}.${String(10 + column)}`);

interface TraceEvent {
  name: string;
  ph: string;
  args?: { elementCount?: number };
}

/** The elements whose style the page computed while `work` ran (a Chrome trace's UpdateLayoutTree events). */
async function elementsStyled(page: Page, work: () => Promise<void>): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on("Tracing.dataCollected", ({ value }) => {
    events.push(...(value as unknown as TraceEvent[]));
  });
  const complete = new Promise<void>((resolve) => cdp.once("Tracing.tracingComplete", () => resolve()));
  await cdp.send("Tracing.start", { transferMode: "ReportEvents", traceConfig: { includedCategories: ["devtools.timeline"] } });
  try {
    await work();
  } finally {
    await cdp.send("Tracing.end");
    await complete;
    await cdp.detach();
  }
  return events.filter((event) => event.name === "UpdateLayoutTree" && event.ph === "X").reduce((sum, event) => sum + (event.args?.elementCount ?? 0), 0);
}

describe("a table's sideways scroll and the page's style", () => {
  const preview = usePreviewHost();

  test("scrolling a wide table sideways computes the style of its label cells, not of every drawn cell", TIMEOUT, async () => {
    const page = await preview.open({ width: 600, height: 800 });
    await send(page, modelMessageFor(wideRows(), 1));
    await page.waitForSelector("table.fs-table");
    await settleFrames(page);
    await settleFrames(page);
    const drawn = await page.evaluate(() => document.querySelectorAll("td.fs-cell").length);
    const scroller = page.locator(".fs-table-scroll");
    assert.ok(await scroller.evaluate((element) => element.scrollWidth > element.clientWidth + 50), "the table is wider than its view");
    // Half a column under the labels (the veil), another cut by the right edge (the clip).
    const styled = await elementsStyled(page, async () => {
      await scroller.evaluate((element) => {
        const period = element.querySelector<HTMLElement>("thead th.fs-col-period");
        element.scrollLeft = Math.round((period?.getBoundingClientRect().width ?? 100) / 2);
      });
      await settleFrames(page);
      await settleFrames(page);
    });
    const state = await page.evaluate(() => {
      const label = document.querySelector<HTMLElement>("tbody th.fs-item");
      const body = document.querySelector<HTMLElement>("table.fs-table > tbody");
      return {
        veil: label === null ? "" : getComputedStyle(label, "::after").width,
        clip: body === null ? "" : getComputedStyle(body).clipPath,
        moreLeft: document.querySelector(".fs-table-scroll")?.classList.contains("fs-more-left") ?? false,
      };
    });
    // The scroll did what it is there for: a veil beside the labels, a column cut at the right.
    assert.ok(state.moreLeft, JSON.stringify(state));
    assert.ok(Number.parseFloat(state.veil) > 0, `the veil covers the column under the labels: ${JSON.stringify(state)}`);
    assert.ok(Number.parseFloat(/^inset\(\S+ (\S+)/.exec(state.clip)?.[1] ?? "") > 0, `a column is cut at the right: ${JSON.stringify(state)}`);
    assert.ok(drawn > 300, `many cells drawn: ${drawn}`);
    // Each drawn row has one label cell (with its text and its ::after) against ten value cells;
    // a custom property of the table computed every element of every drawn row.
    assert.ok(styled < drawn, `the style of ${styled} elements computed for a sideways scroll with ${drawn} value cells drawn`);
  });
});
