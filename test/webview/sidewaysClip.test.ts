// A table scrolled sideways shows every column the view holds whole (found by a new user in s17):
// the keyboard's next cell is scrolled left of the › button's strip and right of the sticky labels
// (the wrapper's scroll padding, tableScroll.ts), where the clip of a column cut by the view's right
// edge hid it from the 4th Arrow-Right on. A user's free scroll (a wheel) settles where a column
// ends at the › button (to the right) or starts beside the labels (to the left; scrollSettle.ts):
// it ended anywhere, and with columns wider than half the room beside the labels no column was
// whole, so the table showed no number until › was pressed; with ordinary values the table ended
// short of the › button (a gap up to a column wide).

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Page } from "playwright-core";
import { modelMessageFor, send, settleFrames, usePreviewHost } from "./page";
import { wideDocument } from "./wideDocument";

const TIMEOUT = { timeout: 120_000 };

/** A statement of `years` periods and 40 rows, with values of `digits` digits, `longer` more in every fourth period (columns of different widths, as real ones are). */
const wideValues = (years: number, digits: number, longer = 0): unknown =>
  wideDocument(years, 40, (row, column) => `${"9".repeat(digits - 3 + (column % 4 === 3 ? longer : 0))}${String(100 + ((row * 7 + column) % 900))}.25`);

/** The header's period cells the view holds whole (between the labels' edge and the view's right edge less the › button's strip) that the rows' clip hides, in whole or in part. */
async function hiddenColumns(page: Page): Promise<{ hidden: string[]; shown: number; startsBesideLabels: boolean; endsAtButton: boolean; state: string }> {
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
    // A column starts where the labels end (no column veiled in part beside them), or the table is at an end.
    // The edges a scroll leads with: a column starts where the labels end (none veiled beside them), or ends at the › button's strip, or the table is at that end.
    const strip = Number.parseFloat(wrapper.style.getPropertyValue("scroll-padding-right")) || 0;
    const startsBesideLabels = wrapper.scrollLeft < 0.5 || cells.slice(1).some((cell) => Math.abs(cell.getBoundingClientRect().left - labelEdge) <= 0.5);
    const endsAtButton =
      wrapper.scrollLeft > wrapper.scrollWidth - wrapper.clientWidth - 0.5 ||
      cells.slice(1).some((cell) => Math.abs(cell.getBoundingClientRect().right - (viewEnd - strip)) <= 0.5);
    return {
      hidden: hidden.map((cell) => cell.textContent ?? ""),
      shown: inView.length - hidden.length,
      startsBesideLabels,
      endsAtButton,
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

  for (const [what, years, digits, longer] of [
    ["ordinary values", 14, 7, 4],
    ["long values", 32, 24, 0],
  ] as const) {
    test(`${what}: every column the view holds whole is shown, and no gap is left, after a wheel's scroll and after the keyboard's`, TIMEOUT, async () => {
      const page = await preview.open({ width: 600, height: 700 });
      await send(page, modelMessageFor(wideValues(years, digits, longer), 1));
      await page.waitForSelector("table.fs-table");
      await settleFrames(page);
      await settleFrames(page);
      const before = await hiddenColumns(page);
      assert.deepEqual(before.hidden, [], `before any scroll: ${before.state}`);
      // A sideways wheel over the table, as a trackpad's swipe, both ways.
      const box = (await page.locator(".fs-table-scroll").boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + 60);
      // Every wheel's problems, then one assertion: each delta's own failures are reported.
      const problems: string[] = [];
      let left = 0;
      // The last: Shift and a wheel turned down, which scrolls sideways.
      for (const [delta, shift] of [
        [120, false],
        [120, false],
        [400, false],
        [40, false],
        [-120, false],
        [-400, false],
        [120, true],
      ] as const) {
        if (shift) await page.keyboard.down("Shift");
        await page.mouse.wheel(shift ? 0 : delta, shift ? delta : 0);
        if (shift) await page.keyboard.up("Shift");
        await scrollEnded(page);
        await settleFrames(page);
        await settleFrames(page);
        const after = await hiddenColumns(page);
        const now = await page.locator(".fs-table-scroll").evaluate((element) => element.scrollLeft);
        if (after.hidden.length > 0) problems.push(`a wheel of ${delta} px: columns in view hidden (${after.hidden.join(", ")}): ${after.state}`);
        if (after.shown === 0) problems.push(`a wheel of ${delta} px: no column shown: ${after.state}`);
        // The side the wheel went to has no gap: the next column came in whole at the right, or the previous one beside the labels.
        if (delta > 0 && !after.endsAtButton) problems.push(`a wheel of ${delta} px: no column ends at the › button (a gap): ${after.state}`);
        if (delta < 0 && !after.startsBesideLabels) problems.push(`a wheel of ${delta} px: no column starts beside the labels (a gap): ${after.state}`);
        // The wheel's scroll is never undone (a settle back to where it started).
        if (Math.sign(now - left) !== Math.sign(delta)) problems.push(`a wheel of ${delta} px: the table went from ${left} to ${now}`);
        left = now;
      }
      assert.deepEqual(problems, []);
      // A position the page sets (a reveal's, a test's) is not a user's scroll: it is left where it is.
      await page.locator(".fs-table-scroll").evaluate((element) => (element.scrollLeft = 101));
      await scrollEnded(page);
      await settleFrames(page);
      assert.equal(await page.locator(".fs-table-scroll").evaluate((element) => element.scrollLeft), 101, "a position set by the page stays");
      // A wheel from a position the page set goes from there (Chromium fires no scrollend for it): back towards the start.
      // Where the middle period column starts beside the labels.
      const set = await page.locator(".fs-table-scroll").evaluate((element) => {
        const cells = [...element.querySelector("table")!.tHead!.rows[0]!.cells];
        const middle = cells[Math.floor(cells.length / 2)]!.getBoundingClientRect().left;
        element.scrollLeft += middle - cells[0]!.getBoundingClientRect().right;
        return element.scrollLeft;
      });
      await scrollEnded(page);
      await page.mouse.wheel(-40, 0);
      await scrollEnded(page);
      await settleFrames(page);
      const back = await hiddenColumns(page);
      const settled = await page.locator(".fs-table-scroll").evaluate((element) => element.scrollLeft);
      assert.ok(settled < set && back.startsBesideLabels && back.shown > 0, `a wheel of -40 px from ${set} settled at ${settled}: ${back.state}`);
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
