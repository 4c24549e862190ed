// A table scrolled sideways shows every column the view holds whole (found by a new user in s17):
// the keyboard's next cell is scrolled left of the › button's strip and right of the sticky labels
// (the wrapper's scroll padding, tableScroll.ts), where the clip of a column cut by the view's right
// edge hid it from the 4th Arrow-Right on. Not covered yet: a free scroll (a wheel) of columns
// wider than half the room beside the labels can end where no column is whole, and the table then
// shows no number until › is pressed (docs/design.md, the preview's sideways scroll).

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Page } from "playwright-core";
import { modelMessageFor, send, settleFrames, usePreviewHost } from "./page";
import { wideDocument } from "./wideDocument";

const TIMEOUT = { timeout: 120_000 };

/** A statement of `years` periods and 40 rows, with values of `digits` digits. */
const wideValues = (years: number, digits: number): unknown => wideDocument(years, 40, (row, column) => `${"9".repeat(digits - 3)}${String(100 + ((row * 7 + column) % 900))}.25`);

/** The header's period cells the view holds whole (between the labels' edge and the view's right edge less the › button's strip) that the rows' clip hides, in whole or in part. */
async function hiddenColumns(page: Page): Promise<{ hidden: string[]; shown: number; state: string }> {
  return page.evaluate(() => {
    const wrapper = document.querySelector<HTMLElement>(".fs-table-scroll")!;
    const table = wrapper.querySelector("table")!;
    const cells = [...table.tHead!.rows[0]!.cells];
    const clip = getComputedStyle(table.tHead!).clipPath;
    const [, right = "0", , left = "0"] = /^inset\((\S+) (\S+) (\S+) (\S+)\)/.exec(clip)?.slice(1) ?? [];
    const tableBox = table.getBoundingClientRect();
    const clipLeft = tableBox.left + (Number.parseFloat(left) || 0);
    const clipRight = tableBox.right - (Number.parseFloat(right) || 0);
    const view = wrapper.getBoundingClientRect().left + wrapper.clientLeft;
    const viewEnd = view + wrapper.clientWidth;
    const labelEdge = wrapper.classList.contains("fs-labels-scroll") ? view : cells[0]!.getBoundingClientRect().right;
    const inView = cells.slice(1).filter((cell) => {
      const box = cell.getBoundingClientRect();
      return box.left >= labelEdge - 0.5 && box.right <= viewEnd - 14 + 0.5;
    });
    const hidden = inView.filter((cell) => {
      const box = cell.getBoundingClientRect();
      return box.left < clipLeft - 0.5 || box.right > clipRight + 0.5;
    });
    return {
      hidden: hidden.map((cell) => cell.textContent ?? ""),
      shown: inView.length - hidden.length,
      state: JSON.stringify({
        scrollLeft: wrapper.scrollLeft,
        clip,
        clipRight,
        viewEnd,
        labelEdge,
        pad: wrapper.style.cssText,
        cols: cells.slice(0, 5).map((cell) => {
          const b = cell.getBoundingClientRect();
          return [Math.round(b.left), Math.round(b.right)];
        }),
      }),
    };
  });
}

/** Waits until the table's sideways scroll has kept still for 10 frames (a wheel's scroll, then its snap, are animated). */
async function scrollEnded(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const wrapper = document.querySelector<HTMLElement>(".fs-table-scroll")!;
        let last = wrapper.scrollLeft;
        let still = 0;
        const frame = (): void => {
          const now = wrapper.scrollLeft;
          still = now === last ? still + 1 : 0;
          last = now;
          if (still >= 10) resolve();
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
}

describe("a wide table scrolled sideways in a narrow preview", () => {
  const preview = usePreviewHost();

  for (const [what, years, digits, wheel] of [
    ["ordinary values", 14, 8, true],
    ["long values", 32, 24, false],
  ] as const) {
    test(`${what}: every column the view holds whole is shown${wheel ? " after a wheel's scroll and" : ""} after the keyboard's`, TIMEOUT, async () => {
      const page = await preview.open({ width: 600, height: 700 });
      await send(page, modelMessageFor(wideValues(years, digits), 1));
      await page.waitForSelector("table.fs-table");
      await settleFrames(page);
      await settleFrames(page);
      const before = await hiddenColumns(page);
      assert.deepEqual(before.hidden, [], `before any scroll: ${before.state}`);
      // A sideways wheel over the table, as a trackpad's swipe.
      const box = (await page.locator(".fs-table-scroll").boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + 60);
      const lefts: number[] = [];
      for (const delta of wheel ? [120, 120, 400] : []) {
        await page.mouse.wheel(delta, 0);
        await scrollEnded(page);
        await settleFrames(page);
        await settleFrames(page);
        const after = await hiddenColumns(page);
        assert.deepEqual(after.hidden, [], `after a wheel of ${delta} px: ${after.state}`);
        assert.ok(after.shown > 0, `some column is shown: ${after.state}`);
        lefts.push(await page.locator(".fs-table-scroll").evaluate((element) => element.scrollLeft));
      }
      if (wheel) assert.ok((lefts.at(-1) ?? 0) > 0, `the wheel scrolled the table: ${lefts.join(", ")}`);
      // The keyboard: from the first value of the first row, Arrow-Right through the periods.
      await page.locator(".fs-table-scroll").evaluate((element) => (element.scrollLeft = 0));
      await scrollEnded(page);
      await page.locator("tbody td.fs-cell").first().focus();
      for (let step = 1; step < Math.min(years, 10); step += 1) {
        await page.keyboard.press("ArrowRight");
        await scrollEnded(page);
        await settleFrames(page);
        const focused = await page.evaluate(() => {
          const cell = document.activeElement as HTMLElement;
          const wrapper = cell.closest<HTMLElement>(".fs-table-scroll")!;
          const table = wrapper.querySelector("table")!;
          const box = cell.getBoundingClientRect();
          const clip = getComputedStyle(table.tHead!).clipPath;
          const right = Number.parseFloat(/^inset\(\S+ (\S+)/.exec(clip)?.[1] ?? "") || 0;
          const view = wrapper.getBoundingClientRect().left + wrapper.clientLeft;
          const labelEdge = wrapper.classList.contains("fs-labels-scroll") ? view : table.tHead!.rows[0]!.cells[0]!.getBoundingClientRect().right;
          const shownEnd = Math.min(view + wrapper.clientWidth, table.getBoundingClientRect().right - right);
          return { pointer: cell.dataset.pointer, left: box.left, right: box.right, labelEdge, shownEnd, scrollLeft: wrapper.scrollLeft };
        });
        assert.ok(
          focused.left >= focused.labelEdge - 0.5 && focused.right <= focused.shownEnd + 0.5,
          `Arrow-Right ${step}: the focused cell is shown whole: ${JSON.stringify(focused)}`,
        );
      }
    });
  }
});
