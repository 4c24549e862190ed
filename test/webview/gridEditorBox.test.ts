// The edit box of a cell being edited covers that cell exactly (newcomer finding 11: in the row
// after a subtotal, which is set apart by a taller top padding, the box was drawn that padding
// lower than the cell, under an empty outlined strip), and editing moves no other cell.

import assert from "node:assert/strict";
import { join } from "node:path";
import { describe, test } from "node:test";
import type { Page } from "playwright-core";
import { fixturesRoot, readJson } from "../support/paths";
import { modelMessageFor, send, usePreviewHost } from "./page";

const TIMEOUT = { timeout: 60_000 };

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** The northwind example's balance sheet: Inventories follows the subtotal Total non-current assets. */
const CELLS = [
  { name: "a value in the row after a subtotal", selector: 'td[data-pointer="/statements/0/items/4/values/at-2025"]' },
  { name: "a value in an ordinary row", selector: 'td[data-pointer="/statements/0/items/1/values/at-2025"]' },
  { name: "a subtotal's value", selector: 'td[data-pointer="/statements/0/items/3/values/at-2025"]' },
  { name: "the label in the row after a subtotal", selector: 'tr[data-item="inventories"] > th.fs-item' },
];

async function box(page: Page, selector: string): Promise<Box> {
  return page.locator(selector).evaluate((element) => {
    const { top, bottom, left, right } = element.getBoundingClientRect();
    return { top, bottom, left, right };
  });
}

/** Where each side of `inner` is off that of `outer`, by more than half a pixel. */
function offSides(inner: Box, outer: Box): string[] {
  return (["top", "bottom", "left", "right"] as const)
    .filter((side) => Math.abs(inner[side] - outer[side]) > 0.5)
    .map((side) => `${side} ${inner[side].toFixed(1)} vs ${outer[side].toFixed(1)}`);
}

describe("the edit box of a cell", () => {
  const preview = usePreviewHost();

  for (const { name, selector } of CELLS) {
    test(`${name}: the box covers the cell, and no cell moves`, TIMEOUT, async () => {
      const page = await preview.open({ width: 1000, height: 900 });
      await send(page, modelMessageFor(readJson<unknown>(join(fixturesRoot, "examples", "northwind-group.json")), 1));
      await page.waitForSelector("table.fs-table");
      const before = await box(page, selector);
      const rowBefore = await page.locator(selector).evaluate((element) => element.closest("tr")!.getBoundingClientRect().height);
      await page.locator(selector).focus();
      await page.keyboard.press("Enter");
      const input = page.locator(`${selector} input.fs-cell-editor`);
      await input.waitFor();
      if (process.env.FS_SCREENSHOT_DIR !== undefined) await page.screenshot({ path: `${process.env.FS_SCREENSHOT_DIR}/edit-box-${name.replace(/\W+/g, "-")}.png` });
      const cell = await box(page, selector);
      assert.deepEqual(offSides(cell, before), [], `${name}: the cell moved or changed size when its editing began`);
      const rowAfter = await page.locator(selector).evaluate((element) => element.closest("tr")!.getBoundingClientRect().height);
      assert.ok(Math.abs(rowAfter - rowBefore) <= 0.5, `${name}: the row's height went from ${rowBefore} to ${rowAfter} px`);
      assert.deepEqual(offSides(await box(page, `${selector} input.fs-cell-editor`), cell), [], `${name}: the edit box is not the cell's box`);
    });
  }
});
