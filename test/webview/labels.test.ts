// The preview's labels and captions, in a real browser, at the widths a user met them: a label
// breaks only between words (never "Weighte d" or "Distri but"), even while a long value takes the
// width, and a statement's caption is never cut off, wherever its table is scrolled sideways.

import assert from "node:assert/strict";
import { join } from "node:path";
import { describe, test } from "node:test";
import type { Page } from "playwright-core";
import { fixturesRoot, readJson } from "../support/paths";
import { modelMessageFor, send, settleFrames, usePreviewHost } from "./page";

const TIMEOUT = { timeout: 120_000 };

interface Example {
  statements: { label: string; items: { values: Record<string, unknown> }[] }[];
}

/** The Northwind example with a 34-digit value in its key figures, as the new user had typed it. */
function longValueExample(): unknown {
  const document = readJson(join(fixturesRoot, "examples", "northwind-group.json")) as Example;
  const keyFigures = document.statements.find((statement) => /key figures/i.test(statement.label));
  assert.ok(keyFigures !== undefined, "the example has key figures");
  const item = keyFigures.items[0]!;
  const period = Object.keys(item.values)[0]!;
  item.values[period] = "1234567890123456789012345678901234";
  return document;
}

/** Deep labels of long words, a word longer than any column may be, and a long value beside them. */
function deepLabels(): unknown {
  const items = [
    { id: "total", label: "Distribution costs and administrative expenses" },
    { id: "a", label: "Weighted average number of ordinary shares (diluted)", rollupTo: "total" },
    { id: "b", label: "Intercompanyeliminationsadjustments recognised", rollupTo: "a" },
    { id: "c", label: "Unrealisedforeignexchangedifferences onretranslation", rollupTo: "b" },
    { id: "d", label: "Pneumonoultramicroscopicsilicovolcanoconiosisprovisionsforliabilitiesandchargesnotelsewhereclassified", rollupTo: "c" },
  ].map((item, row) => ({ ...item, unit: "gbp", values: { fy2025: row === 4 ? "9876543210987654321098765432109876.5" : "1", fy2024: "2" } }));
  return {
    formatVersion: "0.2",
    entity: { name: "Labels plc" },
    scope: { label: "Consolidated" },
    units: [{ id: "gbp", label: "GBP", measure: "GBP", scale: 0 }],
    periods: [
      { id: "fy2025", kind: "duration", start: "2025-01-01", end: "2025-12-31" },
      { id: "fy2024", kind: "duration", start: "2024-01-01", end: "2024-12-31" },
    ],
    statements: [{ id: "s", label: "Consolidated statement of changes in equity and other comprehensive income", periods: ["fy2025", "fy2024"], items }],
  };
}

/**
 * Words of drawn labels that are laid out on more than one line, except those wider than 40em
 * (which may break). A hyphenated word may break after its hyphen ("non-" / "current"), as in print.
 */
async function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const label of document.querySelectorAll(".fs-item-label")) {
      const text = label.firstChild;
      if (text === null || text.nodeType !== Node.TEXT_NODE) continue;
      const value = text.textContent ?? "";
      const em = Number.parseFloat(getComputedStyle(label).fontSize);
      for (const match of value.matchAll(/[^\s-]+-?/g)) {
        const range = document.createRange();
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
        const probe = document.createElement("span");
        probe.style.cssText = "position:absolute;visibility:hidden;white-space:nowrap;font:inherit";
        probe.textContent = match[0];
        label.append(probe);
        const wide = probe.getBoundingClientRect().width > 40 * em;
        probe.remove();
        if (tops.size > 1 && !wide) found.push(`"${match[0]}" in "${value}" (${Math.round(label.getBoundingClientRect().width)} px)`);
      }
    }
    return found;
  });
}

/** Captions whose text reaches out of their table's visible area, at the table's current scroll. */
async function cutCaptions(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const caption of document.querySelectorAll("caption.fs-caption")) {
      let scroller = caption.parentElement;
      while (scroller !== null && !/auto|scroll/.test(getComputedStyle(scroller).overflowX)) scroller = scroller.parentElement;
      if (scroller === null) continue;
      const view = scroller.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(caption);
      for (const rect of range.getClientRects()) {
        if (rect.width > 0 && (rect.left < view.left - 0.5 || rect.right > view.left + scroller.clientWidth + 0.5)) {
          found.push(
            `"${caption.textContent ?? ""}" at ${Math.round(rect.left)}–${Math.round(rect.right)} of ${Math.round(view.left)}–${Math.round(view.left + scroller.clientWidth)}`,
          );
          break;
        }
      }
    }
    return found;
  });
}

/** Every statement's top brought into view in turn, so its rows are drawn; `check` runs at each. */
async function eachStatement(page: Page, check: () => Promise<void>): Promise<void> {
  const count = await page.locator("section.fs-statement").count();
  for (let index = 0; index < count; index++) {
    await page.evaluate((at) => {
      const content = document.querySelector("#fs-preview-content") as HTMLElement;
      const section = document.querySelectorAll("section.fs-statement")[at] as HTMLElement;
      content.scrollTop += section.getBoundingClientRect().top - content.getBoundingClientRect().top;
    }, index);
    await settleFrames(page);
    await check();
  }
}

describe("the preview's labels and captions", () => {
  const preview = usePreviewHost();

  const documents: [string, () => unknown][] = [
    ["the example with a 34-digit value", longValueExample],
    ["deep labels of long words beside a long value", deepLabels],
  ];
  for (const [name, make] of documents) {
    for (const width of [1400, 600, 360]) {
      test(`${name} at ${width} px: labels break only between words, captions are whole wherever their table is scrolled`, TIMEOUT, async () => {
        const p = await preview.open({ width, height: 800 });
        await send(p, modelMessageFor(make(), 1));
        await p.waitForSelector(".fs-item-label");
        // A conforming document: its values are in the tables, beside the labels.
        await p.waitForSelector("td.fs-cell");
        const broken: string[] = [];
        const cut: string[] = [];
        await eachStatement(p, async () => {
          broken.push(...(await brokenWords(p)));
          cut.push(...(await cutCaptions(p)));
          // Scrolled sideways to the end: the caption stays in view, whole.
          await p.evaluate(() => {
            for (const table of document.querySelectorAll("table.fs-table")) {
              const scroller = table.parentElement as HTMLElement;
              scroller.scrollLeft = scroller.scrollWidth;
            }
          });
          await settleFrames(p);
          cut.push(...(await cutCaptions(p)));
          await p.evaluate(() => {
            for (const table of document.querySelectorAll("table.fs-table")) (table.parentElement as HTMLElement).scrollLeft = 0;
          });
        });
        assert.deepEqual({ "words broken inside": [...new Set(broken)], "captions cut off": [...new Set(cut)] }, { "words broken inside": [], "captions cut off": [] });
      });
    }
  }

  // Issue 30: at about 710 px the key figures' labels read "Average employe…" three times. A label
  // cut after two lines shows its first word whole (the column is as wide as its longest word), so
  // a label that is cut must differ from every other of its statement in that first word; the
  // whole label is its row heading's title.
  for (const [width, font] of [
    [320, "16px"],
    [400, "13px"],
    [600, "16px"],
    [710, "13px"],
  ] as const) {
    test(`the example at ${width} px (font ${font}): no two labels that differ read the same, each whole in its title`, TIMEOUT, async () => {
      const p = await preview.open({ width, height: 800 });
      await p.evaluate((size) => document.documentElement.style.setProperty("--vscode-font-size", size), font);
      await send(p, modelMessageFor(readJson(join(fixturesRoot, "examples", "northwind-group.json")), 1));
      await p.waitForSelector(".fs-item-label");
      const alike: string[] = [];
      await eachStatement(p, async () => {
        alike.push(
          ...(await p.evaluate(() => {
            const found: string[] = [];
            for (const section of document.querySelectorAll("section.fs-statement")) {
              const labels = [...section.querySelectorAll<HTMLElement>("th.fs-item")].map((heading) => ({
                heading,
                element: heading.querySelector<HTMLElement>(".fs-item-label")!,
                text: heading.querySelector(".fs-item-label")!.textContent ?? "",
              }));
              const first = (text: string): string => text.trim().split(/\s+/)[0] ?? "";
              for (const label of labels) {
                if (!(label.heading.title === label.text || label.heading.title.startsWith(`${label.text}\n`))) found.push(`${label.text}: title "${label.heading.title}"`);
                if (label.element.scrollHeight <= label.element.clientHeight + 1) continue;
                const others = labels.filter((other) => other.text !== label.text && first(other.text) === first(label.text));
                if (others.length > 0) found.push(`"${label.text}" is cut and starts as "${others[0]!.text}" does`);
              }
            }
            return found;
          })),
        );
      });
      assert.deepEqual([...new Set(alike)], []);
    });
  }

  // Issue 30's tryout: in the balance sheet "Borrowings", the first row of the liabilities, stood
  // right under "Total equity" and further in, so it read as that total's child.
  test("a row after a subtotal starts a group of its own: it is set apart from the subtotal above it", TIMEOUT, async () => {
    const p = await preview.open({ width: 900, height: 900 });
    await send(p, modelMessageFor(readJson(join(fixturesRoot, "examples", "northwind-group.json")), 1));
    await p.waitForSelector('tr[data-item="non-current-borrowings"]');
    const gaps = await p.evaluate(() => {
      const text = (item: string) => document.querySelector(`tr[data-item="${item}"] .fs-item-label`)!.getBoundingClientRect();
      return {
        afterTotal: text("non-current-borrowings").top - text("total-equity").bottom,
        inGroup: text("lease-liabilities").top - text("non-current-borrowings").bottom,
      };
    });
    assert.ok(gaps.afterTotal >= gaps.inGroup + 6, `the gap after "Total equity" (${gaps.afterTotal} px) is no wider than one inside a group (${gaps.inGroup} px)`);
  });
});
