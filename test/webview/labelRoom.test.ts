// The label column of a table wider than its view (newcomer finding 3): a document of 14 years, as
// `fsdoc init --years 2012-2025` makes, at 601 px showed four periods beside a label column of
// about 130 px, where "Cash and cash equivalents" read "Cash and cash…" and "Total liabilities and
// equity" took three lines. The labels get the room to show each label whole, up to a third of the
// view: from about 500 px each is whole (on two lines at most, one at 1200 px); at 400 px a third is
// less than their least room, and two periods are shown rather than whole labels. The first period
// still opens beside them.

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Page } from "playwright-core";
import { modelMessageFor, send, settleFrames, usePreviewHost } from "./page";
import { opening, scrollers } from "./tables";

const TIMEOUT = { timeout: 60_000 };

/**
 * Contoso's statements over 14 years (instants for the balance sheet, years for the income
 * statement), its subtotals the sums of their children (`fsdoc fix --apply set-subtotal`), in
 * tenths so that no value goes through a float.
 */
function fourteenYears(): unknown {
  const years = Array.from({ length: 14 }, (_, index) => 2025 - index);
  const tenths = (row: number, column: number) => 10_000_000 + ((row * 79_191_137 + column * 33_311_171) % 140_000_000);
  const text = (value: number) => `${Math.floor(value / 10)}${value % 10 === 0 ? "" : `.${value % 10}`}`;
  const statement = (id: string, label: string, periods: string[], items: [string, string, string | undefined][]) => ({
    id,
    label,
    periods,
    items: items.map(([itemId, itemLabel, rollupTo], row) => {
      const children = items.flatMap((item, index) => (item[2] === itemId ? [index] : []));
      const value = (column: number) => (children.length === 0 ? tenths(row, column) : children.reduce((sum, child) => sum + tenths(child, column), 0));
      return {
        id: itemId,
        label: itemLabel,
        unit: "gbp",
        values: Object.fromEntries(periods.map((period, column) => [period, text(value(column))])),
        ...(rollupTo === undefined ? {} : { rollupTo }),
      };
    }),
  });
  return {
    formatVersion: "0.2",
    entity: { name: "Contoso Retail Holdings plc" },
    scope: { label: "Financial statements" },
    units: [{ id: "gbp", label: "GBP thousands", measure: "GBP", scale: 3 }],
    periods: [
      ...years.map((year) => ({ id: `at-${year}`, kind: "instant", date: `${year}-12-31` })),
      ...years.map((year) => ({ id: `fy${year}`, kind: "duration", start: `${year}-01-01`, end: `${year}-12-31` })),
    ],
    statements: [
      statement(
        "balance-sheet",
        "Balance sheet",
        years.map((year) => `at-${year}`),
        [
          ["cash", "Cash and cash equivalents", "total-assets"],
          ["receivables", "Trade receivables", "total-assets"],
          ["total-assets", "Total assets", undefined],
          ["payables", "Trade payables", "total-liabilities-and-equity"],
          ["equity", "Equity", "total-liabilities-and-equity"],
          ["total-liabilities-and-equity", "Total liabilities and equity", undefined],
        ],
      ),
      statement(
        "income-statement",
        "Income statement",
        years.map((year) => `fy${year}`),
        [
          ["revenue", "Revenue", "gross-profit"],
          ["cost-of-sales", "Cost of sales", "gross-profit"],
          ["gross-profit", "Gross profit", undefined],
        ],
      ),
    ],
  };
}

/** Each label of table `index`: its text, whether the two-line clamp cuts it, and on how many lines it is. */
async function labels(page: Page, index: number): Promise<{ text: string; cut: boolean; lines: number }[]> {
  return page.evaluate((table) => {
    const tableElement = document.querySelectorAll("table.fs-table")[table] as HTMLTableElement;
    return [...tableElement.querySelectorAll<HTMLElement>("th.fs-item .fs-item-label")].map((label) => {
      const lineHeight = Number.parseFloat(getComputedStyle(label).lineHeight);
      return { text: label.textContent ?? "", cut: label.scrollHeight > label.clientHeight + 1, lines: Math.round(label.getBoundingClientRect().height / lineHeight) };
    });
  }, index);
}

/** How many period headings of table `index` are in view whole and drawn (not under the right edge's clip). */
async function periodsShown(page: Page, index: number): Promise<number> {
  return page.evaluate((table) => {
    const tableElement = document.querySelectorAll("table.fs-table")[table] as HTMLTableElement;
    const scroller = tableElement.parentElement as HTMLElement;
    const viewRight = scroller.getBoundingClientRect().left + scroller.clientLeft + scroller.clientWidth;
    return [...tableElement.querySelectorAll<HTMLElement>("th.fs-col-period")].filter((cell) => {
      const box = cell.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return box.right <= viewRight + 0.5 && top !== null && cell.contains(top);
    }).length;
  }, index);
}

describe("the label column of a table wider than its view", () => {
  const preview = usePreviewHost();

  for (const width of [400, 526, 601, 1200]) {
    test(`at ${width} px every label is whole, and the first period opens beside the labels`, TIMEOUT, async () => {
      const page = await preview.open({ width, height: 700 });
      // VS Code's workbench font on Linux, as the webview gets it (a serif default is narrower).
      await page.evaluate(() => {
        document.documentElement.style.setProperty("--vscode-font-family", 'system-ui, "Ubuntu", "Droid Sans", sans-serif');
        document.documentElement.style.setProperty("--vscode-font-size", "13px");
      });
      await send(page, modelMessageFor(fourteenYears(), 1));
      await page.waitForSelector("table.fs-table");
      await settleFrames(page);
      if (process.env.FS_SCREENSHOT_DIR !== undefined) await page.screenshot({ path: `${process.env.FS_SCREENSHOT_DIR}/label-room-${width}.png` });
      const count = await scrollers(page);
      assert.equal(count, 2);
      for (let table = 0; table < count; table++) {
        if (width > 400) {
          const shown = await labels(page, table);
          assert.deepEqual(
            shown.filter((label) => label.cut || label.lines > (width >= 1200 ? 1 : 2)),
            [],
            `table ${table} at ${width} px: labels cut, or on more lines than ${width >= 1200 ? "one" : "two"}`,
          );
        } else assert.ok((await periodsShown(page, table)) >= 2, `table ${table} at ${width} px shows two periods whole`);
        const seen = await opening(page, table);
        assert.equal(seen.labelsScroll, false, `table ${table}: the labels stay`);
        assert.ok(seen.scrolls, `table ${table}: 14 periods do not fit in ${width} px`);
        assert.deepEqual(seen.hidden, [], `table ${table} opens without its first period beside the labels`);
      }
    });
  }
});
