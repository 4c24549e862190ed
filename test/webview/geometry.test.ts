// The preview's table geometry at 320, 400 and 600 px, in a real browser, in every example
// (fixtures/examples) and in a generated wide document: no value is ever shown in part (a cell
// partly under the sticky label column is hidden whole, at every scroll position tried), each table
// scrolls sideways on its own and shows that it does (a "next column" button where the columns
// shown end, in view wherever the page is scrolled to in the table), and a table uses the width
// there is (a wider table's columns shown whole reach that button).

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Page } from "playwright-core";
import { modelMessageFor, posted, send, settleFrames, usePreviewHost } from "./page";
import { documents, opening, scrollers } from "./tables";

const TIMEOUT = { timeout: 120_000 };
const WIDTHS = [320, 400, 600];
/** The strip the "next column" button keeps at the view's right, and how far it reaches over the last heading's padding (webview/src/tableScroll.ts). */
const STRIP = 14;
const OVER = 8;

/**
 * The value and header cells (in view) that show part of themselves beside the label column: a
 * cell whose left edge is under the label column while a point of its remaining part is the
 * topmost element there.
 */
async function partlyShown(page: Page, table: number): Promise<string[]> {
  return page.evaluate((index) => {
    const tableElement = document.querySelectorAll("table.fs-table")[index] as HTMLTableElement;
    const scroller = (window as unknown as { __scrollers: HTMLElement[] }).__scrollers[index]!;
    const view = scroller.getBoundingClientRect();
    const content = (document.querySelector("#fs-preview-content") as HTMLElement).getBoundingClientRect();
    const found: string[] = [];
    for (const row of tableElement.querySelectorAll("tr")) {
      const label = row.querySelector("th.fs-item, th.fs-col-item");
      if (label === null) continue;
      // The labels' right edge, or the view's left where the labels scroll away with the columns.
      const edge = scroller.classList.contains("fs-labels-scroll") ? view.left + scroller.clientLeft : label.getBoundingClientRect().right;
      for (const cell of row.querySelectorAll("td, th:not(.fs-item):not(.fs-col-item)")) {
        const box = cell.getBoundingClientRect();
        const y = box.top + box.height / 2;
        if (y < content.top + 1 || y > content.bottom - 1 || box.left >= edge - 0.5 || box.right <= edge + 0.5) continue;
        // A cell wider than the whole view (an integer part of 26 digits or more, which never wraps,
        // at about 300 px) cannot be shown whole anywhere: it is shown as far as the view goes.
        if (box.width > scroller.clientWidth + 0.5) continue;
        const right = Math.min(box.right, view.right);
        for (const x of [edge + 1, (edge + right) / 2, right - 1]) {
          const top = document.elementFromPoint(x, y);
          if (top !== null && cell.contains(top)) {
            found.push(`${cell.textContent?.trim() ?? ""} (row ${row.getAttribute("data-item") ?? "head"}, ${Math.round(right - edge)} of ${Math.round(box.width)} px shown)`);
            break;
          }
        }
      }
    }
    return found;
  }, table);
}

/**
 * One test per document (`documents()`) at `viewport`: `check` gets its preview with every table's
 * scroller found, and the number of tables.
 */
function eachDocumentAt(viewport: { width: number; height: number }, what: string, check: (page: Page, tables: number, name: string) => Promise<void>): void {
  const preview = usePreviewHost();

  for (const [name, fsDocument] of documents()) {
    test(`${name}: ${what}`, TIMEOUT, async () => {
      const p = await preview.open(viewport);
      await send(p, modelMessageFor(fsDocument, 1));
      await p.waitForSelector("table.fs-table");
      await check(p, await scrollers(p), name);
    });
  }
}

/** Table `index`'s top in view (the page scrolls up and down; the table's rows are drawn there). */
async function showTable(page: Page, index: number): Promise<void> {
  await page.evaluate((table) => {
    const content = document.querySelector("#fs-preview-content") as HTMLElement;
    const section = document.querySelectorAll("section.fs-statement")[table] as HTMLElement;
    content.scrollTop += section.getBoundingClientRect().top - content.getBoundingClientRect().top;
  }, index);
  await settleFrames(page);
}

/**
 * At its scroll position now, table `index` as seen: where the columns shown whole end (the right
 * edge of the last header cell inside the view and not cut off), the view's edges, and the "next
 * column" button's box and whether it is the topmost element at its middle.
 */
async function rightEdge(
  page: Page,
  index: number,
): Promise<{
  shownEnd: number;
  viewLeft: number;
  viewRight: number;
  sign: { left: number; right: number; top: number; bottom: number } | null;
  signOnTop: boolean;
  inContent: boolean;
  label: number;
  widest: number;
  em: number;
  labelsScroll: boolean;
}> {
  return page.evaluate((table) => {
    const scroller = (window as unknown as { __scrollers: HTMLElement[] }).__scrollers[table]!;
    const tableElement = document.querySelectorAll("table.fs-table")[table] as HTMLTableElement;
    const view = scroller.getBoundingClientRect();
    const viewRight = view.left + scroller.clientLeft + scroller.clientWidth;
    // The rows' clip from the right (tableScroll.ts: a clip-path of the head and body).
    const cut = Number.parseFloat(/^inset\(\S+ (\S+)/.exec(getComputedStyle(tableElement.tHead!).clipPath)?.[1] ?? "") || 0;
    const clipRight = tableElement.getBoundingClientRect().right - cut;
    const cells = [...tableElement.tHead!.rows[0]!.cells];
    let shownEnd = view.left;
    for (const cell of cells) {
      const box = cell.getBoundingClientRect();
      if (box.right <= Math.min(viewRight, clipRight) + 0.5) shownEnd = Math.max(shownEnd, box.right);
    }
    const sign = scroller.parentElement!.querySelector<HTMLElement>(".fs-scroll-right");
    const box = sign === null || sign.hidden ? null : sign.getBoundingClientRect();
    const content = (document.querySelector("#fs-preview-content") as HTMLElement).getBoundingClientRect();
    const top = box === null ? null : document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return {
      shownEnd,
      viewLeft: view.left + scroller.clientLeft,
      viewRight,
      sign: box === null ? null : { left: box.left, right: box.right, top: box.top, bottom: box.bottom },
      signOnTop: top !== null && sign !== null && sign.contains(top),
      inContent: box !== null && box.top >= content.top - 0.5 && box.bottom <= content.bottom + 0.5,
      label: cells[0]!.getBoundingClientRect().width,
      widest: Math.max(...cells.slice(1).map((cell) => cell.getBoundingClientRect().width)),
      em: Number.parseFloat(getComputedStyle(tableElement).fontSize),
      labelsScroll: scroller.classList.contains("fs-labels-scroll"),
    };
  }, index);
}

/** The "next column" button of table `index` is in view, where its columns shown whole end. */
function assertSign(edge: Awaited<ReturnType<typeof rightEdge>>, what: string): void {
  assert.ok(edge.sign !== null, `${what}: a "next column" button is shown`);
  // A column wider than the whole view (a value's integer part, which never wraps, longer than the
  // view is wide) is never shown whole: the button is then at the view's right edge.
  const atViewEdge = edge.widest > edge.viewRight - edge.viewLeft && Math.abs(edge.sign.right - edge.viewRight) <= 1;
  assert.ok(
    atViewEdge || (edge.sign.left >= edge.shownEnd - OVER - 1 && edge.sign.left <= edge.shownEnd + 1),
    `${what}: the button is at the columns' visible right edge: ${JSON.stringify(edge)}`,
  );
  assert.ok(edge.sign.right <= edge.viewRight + 0.5, `${what}: the button is inside the view: ${JSON.stringify(edge)}`);
  assert.ok(edge.inContent && edge.signOnTop, `${what}: the button is in view and not covered: ${JSON.stringify(edge)}`);
}

for (const viewportWidth of WIDTHS)
  describe(`the preview's tables at ${viewportWidth} px`, () => {
    eachDocumentAt(
      { width: viewportWidth, height: 700 },
      "no value cell is ever partly covered, each table scrolls alone and shows it, a table uses the width there is",
      async (p, count, name) => {
        let scrolled = 0;
        for (let table = 0; table < count; table++) {
          await showTable(p, table);
          const width = await p.evaluate((index) => {
            const scroller = (window as unknown as { __scrollers: HTMLElement[] }).__scrollers[index]!;
            const tableElement = document.querySelectorAll("table.fs-table")[index] as HTMLTableElement;
            const label = tableElement.querySelector("thead th")!.getBoundingClientRect().width;
            const em = Number.parseFloat(getComputedStyle(tableElement).fontSize);
            return {
              table: tableElement.getBoundingClientRect().width,
              room: scroller.clientWidth,
              label,
              em,
              scrollWidth: scroller.scrollWidth,
              shadow: getComputedStyle(scroller).boxShadow,
              classes: scroller.className,
            };
          }, table);
          // The table fills its width, unless its label column is already as wide as it may be (40em).
          assert.ok(width.table >= width.room - 2 || width.label >= 40 * width.em - 1, `table ${table} uses ${width.table} of ${width.room} px: ${JSON.stringify(width)}`);
          if (width.scrollWidth <= width.room + 1) continue;
          scrolled++;
          // It uses the width there is: the columns shown whole reach the "next column" button, which
          // is in view, also with the page scrolled to the middle of a long table.
          const edge = await rightEdge(p, table);
          assertSign(edge, `table ${table}`);
          // Unless the label column is as wide as it may be: 40em, or the widest column just fits beside it.
          const capped = edge.labelsScroll || edge.label >= 40 * edge.em - 1 || edge.label + edge.widest >= edge.viewRight - edge.viewLeft - STRIP - 1;
          assert.ok(
            capped || edge.shownEnd >= edge.viewRight - STRIP - 3,
            `table ${table} leaves ${Math.round(edge.viewRight - edge.shownEnd)} px unused: ${JSON.stringify(edge)}`,
          );
          // The button scrolls by one column, and ‹ scrolls back.
          const sign = p.locator("section.fs-statement").nth(table);
          await sign.locator(".fs-scroll-right").click();
          await settleFrames(p);
          const moved = await p.evaluate((index) => (window as unknown as { __scrollers: HTMLElement[] }).__scrollers[index]!.scrollLeft, table);
          assert.ok(moved > 0, `table ${table}'s "next column" button scrolls it`);
          assert.deepEqual(await partlyShown(p, table), [], `table ${table} after one "next column" shows part of a number`);
          await sign.locator(".fs-scroll-left").click();
          await settleFrames(p);
          assert.equal(
            await p.evaluate((index) => (window as unknown as { __scrollers: HTMLElement[] }).__scrollers[index]!.scrollLeft, table),
            0,
            `table ${table}'s "previous column" button scrolls back`,
          );
          // The buttons move the table only: nothing is revealed in the editor (the tryout saw the
          // whole statement's source selected).
          assert.deepEqual(
            (await posted(p)).filter((message) => message.type === "reveal"),
            [],
            `table ${table}'s scroll buttons reveal nothing in the editor`,
          );
          const middle = await p.evaluate((index) => {
            const content = document.querySelector("#fs-preview-content") as HTMLElement;
            const box = (document.querySelectorAll("table.fs-table")[index] as HTMLElement).getBoundingClientRect();
            if (box.height < content.clientHeight * 1.5) return false;
            content.scrollTop += box.height / 2;
            return true;
          }, table);
          if (middle) {
            await settleFrames(p);
            assertSign(await rightEdge(p, table), `table ${table}, scrolled to its middle`);
            await showTable(p, table);
          }
          // It shows that it scrolls: a shadow on the side where more columns are (and a scrollbar,
          // which headless Chromium hides).
          assert.match(width.classes, /\bfs-more-right\b/);
          assert.notEqual(width.shadow, "none", `table ${table} shows a shadow where more columns are`);
          assert.doesNotMatch(width.classes, /\bfs-more-left\b/);
          const max = width.scrollWidth - width.room;
          const positions = [1, 7, 37, 101, Math.round(max / 3), Math.round(max / 2) + 3, Math.round((2 * max) / 3) - 5, max - 11, max];
          for (const position of positions) {
            const before = await p.evaluate(
              ({ index, position }) => {
                const all = (window as unknown as { __scrollers: HTMLElement[] }).__scrollers;
                all[index]!.scrollLeft = position;
                return all.map((scroller) => scroller.scrollLeft);
              },
              { index: table, position },
            );
            await settleFrames(p);
            // Only this table moved: every other table, and the page, stays where it was.
            const others = before.filter((left, index) => index !== table && left !== 0);
            assert.deepEqual(others, [], `scrolling table ${table} to ${position} moved other tables`);
            assert.equal(await p.$eval("#fs-preview-content", (element) => element.scrollLeft), 0);
            assert.deepEqual(await partlyShown(p, table), [], `table ${table} scrolled to ${position} shows part of a number`);
            assert.match(await p.evaluate((index) => (window as unknown as { __scrollers: HTMLElement[] }).__scrollers[index]!.className, table), /\bfs-more-left\b/);
          }
          await p.evaluate((index) => {
            (window as unknown as { __scrollers: HTMLElement[] }).__scrollers[index]!.scrollLeft = 0;
          }, table);
        }
        if (name === "generated wide document") assert.ok(scrolled >= 1, `the wide table scrolls sideways at ${viewportWidth} px`);
      },
    );
  });

// The width the walkthrough's third editor group gives a preview (issue 30's tryout: the income
// statement showed no value column at all). The label column gives way, never the numbers.
describe("the preview's tables at 312 px", () => {
  eachDocumentAt({ width: 312, height: 700 }, "each table shows its first period's values whole beside the labels, and no number in part", async (p, count) => {
    for (let table = 0; table < count; table++) {
      await showTable(p, table);
      assert.deepEqual(await partlyShown(p, table), [], `table ${table} shows part of a number at 312 px`);
      // A first column wider than the room beside the labels (a long decimal) is seen whole once
      // the table is scrolled to it: the labels scroll away with the columns then.
      const { scrolledTo, wider } = await p.evaluate((index) => {
        const scroller = (window as unknown as { __scrollers: HTMLElement[] }).__scrollers[index]!;
        if (!scroller.classList.contains("fs-labels-scroll")) return { scrolledTo: 0, wider: false };
        const first = scroller.querySelector("th.fs-col-period") as HTMLElement;
        scroller.scrollLeft = first.getBoundingClientRect().left - scroller.getBoundingClientRect().left;
        return { scrolledTo: scroller.scrollLeft, wider: first.getBoundingClientRect().width > scroller.clientWidth + 0.5 };
      }, table);
      await settleFrames(p);
      const shown = await opening(p, table);
      assert.ok(shown.cells > 1, `table ${table} has its heading and values in view`);
      // A first column wider than the whole view (an integer part of 26 digits or more, which never
      // wraps) is shown as far as the view goes, from its start.
      if (!wider) assert.deepEqual(shown.hidden, [], `table ${table} hides its first period's numbers at 312 px (scrolled to ${scrolledTo})`);
      // Scrolled sideways anywhere, no number shows in part, at the labels or at the view's left.
      const max = await p.evaluate((index) => {
        const scroller = (window as unknown as { __scrollers: HTMLElement[] }).__scrollers[index]!;
        return scroller.scrollWidth - scroller.clientWidth;
      }, table);
      for (const position of max > 0 ? [Math.round(max / 4), Math.round(max / 2) + 3, Math.round((3 * max) / 4) - 5, max] : []) {
        await p.evaluate(({ index, position }) => ((window as unknown as { __scrollers: HTMLElement[] }).__scrollers[index]!.scrollLeft = position), { index: table, position });
        await settleFrames(p);
        assert.deepEqual(await partlyShown(p, table), [], `table ${table} scrolled to ${position} shows part of a number at 312 px`);
      }
    }
  });
});
