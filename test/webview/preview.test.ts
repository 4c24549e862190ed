// The preview page in a real browser: the extension's own shell, CSP and script, fed with the real
// engine's fragment for the upstream manufacturing-group example. Every wait is on a selector, a
// posted message or an animation frame — never on time.

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Page } from "playwright-core";
import type { WebviewToExtension } from "../../client/src/webview/messages";
import { describeStatus } from "../../client/src/status/describe";
import { readJson, upstreamRoot } from "../support/paths";
import { openPreview, posted, renderMessageFor, send, settleFrames, startPreviewHost, type PreviewHost } from "./page";
import { join } from "node:path";

const TIMEOUT = { timeout: 30_000 };

interface ExampleItem {
  id: string;
  label: string;
  values: Record<string, unknown>;
}
interface Example {
  entity: { name: string };
  statements: { id: string; items: ExampleItem[] }[];
}

function example(): Example {
  return readJson<Example>(join(upstreamRoot, "examples", "manufacturing-group.json"));
}

function item(document: Example, statement: number, id: string): ExampleItem {
  const found = document.statements[statement]?.items.find((candidate) => candidate.id === id);
  assert.ok(found, `item ${id}`);
  return found;
}

function messagesOfType<T extends WebviewToExtension["type"]>(messages: WebviewToExtension[], type: T): Extract<WebviewToExtension, { type: T }>[] {
  return messages.filter((message): message is Extract<WebviewToExtension, { type: T }> => message.type === type);
}

async function paint(page: Page, document: unknown, sequence: number, extra = {}): Promise<void> {
  await send(page, renderMessageFor(document, sequence, extra));
  await page.waitForSelector("table.fs-table");
}

describe("FS preview page", () => {
  let host: PreviewHost;
  let page: Page | undefined;

  before(async () => {
    host = await startPreviewHost();
  }, TIMEOUT);

  after(async () => {
    await page?.close().catch(() => undefined);
    await host?.close();
  }, TIMEOUT);

  async function freshPage(viewport?: { width: number; height: number }, savedState?: unknown): Promise<Page> {
    await page?.close();
    page = await openPreview(host, viewport, savedState);
    return page;
  }

  test("a render message paints the statements, the header and the status under the CSP", TIMEOUT, async () => {
    const p = await freshPage();
    const document = example();
    const message = renderMessageFor(document, 1);
    await send(p, message);
    await p.waitForSelector("table.fs-table");

    assert.equal(await p.locator("table.fs-table").count(), document.statements.length);
    assert.equal(await p.locator("caption.fs-caption").count(), document.statements.length);
    assert.equal(await p.textContent("#fs-preview-title"), "Example Manufacturing Group — Consolidated financial statements");
    assert.ok(message.status);
    assert.equal(await p.textContent("#fs-preview-status"), describeStatus(message.status).summary);
    assert.equal(await p.locator("#fs-preview-problem").isHidden(), true);
    // The stylesheet is allowed by style-src and applies (screen-reader text is visually hidden).
    assert.equal(await p.locator(".fs-sr-only").first().evaluate((element) => getComputedStyle(element).position), "absolute");
    assert.deepEqual(await p.evaluate(() => window.__violations), []);
    // Every table is one tab stop: exactly one cell per table is in the tab order.
    assert.equal(await p.locator('table.fs-table [tabindex="0"]').count(), document.statements.length);
    assert.deepEqual(await p.evaluate(() => window.__state), { uri: message.uri, locked: false, scrollY: 0 });
  });

  test("an inconsistent subtotal is marked and its title explains the expected sum", TIMEOUT, async () => {
    const p = await freshPage();
    const document = example();
    item(document, 0, "cash").values["at-2025"] = "410";
    await paint(p, document, 1);

    const inconsistent = p.locator('td.fs-inconsistent[data-pointer="/statements/0/items/2/values/at-2025"]');
    assert.equal(await inconsistent.count(), 1);
    assert.match((await inconsistent.getAttribute("title")) ?? "", /expected 1010 \(sum of direct children\), actual 1000/);
    assert.equal(await inconsistent.evaluate((element) => getComputedStyle(element).outlineStyle), "dashed");
    // The example already fails one check (gross profit, fy2025); the edit adds the second.
    assert.equal(await p.textContent("#fs-preview-status"), "rollups: 2 not satisfied");
    assert.equal(await p.getAttribute("#fs-preview-status", "data-severity"), "warning");
  });

  test("clicking a value cell posts a reveal message with that cell's pointer; Enter does the same", TIMEOUT, async () => {
    const p = await freshPage();
    await paint(p, example(), 1);

    const cell = p.locator("td.fs-value").nth(3);
    const pointer = await cell.getAttribute("data-pointer");
    assert.ok(pointer);
    await cell.click();
    await p.waitForFunction(() => window.__posted.some((message) => message.type === "reveal"));
    assert.deepEqual(messagesOfType(await posted(p), "reveal"), [{ type: "reveal", pointer }]);

    // Keyboard: the clicked cell is the tab stop; ArrowDown moves to the cell below, Enter reveals it.
    await cell.focus();
    await p.keyboard.press("ArrowDown");
    const below = await p.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.pointer);
    assert.ok(below !== undefined && below !== pointer, "focus moved to another cell");
    await p.keyboard.press("Enter");
    await p.waitForFunction(() => window.__posted.filter((message) => message.type === "reveal").length === 2);
    assert.deepEqual(messagesOfType(await posted(p), "reveal")[1], { type: "reveal", pointer: below });
  });

  test("author text with markup stays text: no element, no script, no dialog", TIMEOUT, async () => {
    const p = await freshPage();
    const dialogs: string[] = [];
    p.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const document = example();
    const imagePayload = "<img src=x onerror=alert(1)>";
    const scriptPayload = "<script>window.__xss = 1; alert(2)</script>";
    document.entity.name = imagePayload;
    item(document, 0, "cash").label = imagePayload;
    item(document, 0, "inventory").label = scriptPayload;
    await paint(p, document, 1, { title: `${imagePayload} — ${scriptPayload}`, problem: scriptPayload });

    assert.equal(await p.locator("img").count(), 0);
    assert.equal(await p.locator("script").count(), 1, "only the preview's own script");
    assert.equal(await p.textContent("#fs-preview-title"), `${imagePayload} — ${scriptPayload}`);
    assert.equal(await p.textContent("#fs-preview-problem"), scriptPayload);
    assert.equal(await p.textContent('tr[data-item="cash"] .fs-item-label'), imagePayload);
    assert.equal(await p.textContent('tr[data-item="inventory"] .fs-item-label'), scriptPayload);
    await settleFrames(p);
    assert.equal(await p.evaluate(() => (window as unknown as { __xss?: number }).__xss), undefined);
    assert.deepEqual(dialogs, []);
  });

  test("a second render repaints the changed value and keeps the scroll position; stale renders are dropped", TIMEOUT, async () => {
    const p = await freshPage({ width: 900, height: 300 });
    const document = example();
    await paint(p, document, 1);
    await p.evaluate(() => window.scrollTo({ top: 500, behavior: "instant" }));
    assert.equal(await p.evaluate(() => window.scrollY), 500);

    item(document, 1, "labor").values.fy2025 = "987654321";
    await send(p, renderMessageFor(document, 3));
    await p.waitForSelector('td[data-value="987654321"]');
    assert.equal(await p.textContent('td[data-value="987654321"]'), "987,654,321");
    assert.equal(await p.evaluate(() => window.scrollY), 500);

    // An older render arriving late is ignored; the highlight after it proves it was processed.
    const stale = example();
    item(stale, 1, "labor").values.fy2025 = "111";
    await send(p, renderMessageFor(stale, 2));
    await send(p, { type: "highlight", pointer: "/statements/1/items/0", reveal: true });
    await p.waitForSelector('tr.fs-highlight[data-pointer="/statements/1/items/0"]');
    assert.equal(await p.locator('td[data-value="111"]').count(), 0);
    assert.equal(await p.locator('td[data-value="987654321"]').count(), 1);
  });

  test("a highlight message marks the nearest rendered row or cell and scrolls it into view without echoing", TIMEOUT, async () => {
    const p = await freshPage({ width: 900, height: 300 });
    await paint(p, example(), 1);
    await p.evaluate(() => {
      (window as unknown as { __scrolls: number }).__scrolls = 0;
      window.addEventListener("scroll", () => (window as unknown as { __scrolls: number }).__scrolls++);
    });

    // Without reveal (a restored page showing the cursor) the mark is set and the page does not move.
    await send(p, { type: "highlight", pointer: "/statements/4/items/1", reveal: false });
    await p.waitForSelector('tr.fs-highlight[data-pointer="/statements/4/items/1"]');
    assert.equal(await p.evaluate(() => window.scrollY), 0);

    // A pointer inside an item (its label) is not rendered: the row is the nearest rendered element.
    await send(p, { type: "highlight", pointer: "/statements/4/items/2/label", reveal: true });
    const row = p.locator('tr.fs-highlight[data-pointer="/statements/4/items/2"]');
    await row.waitFor();
    assert.equal(await p.locator(".fs-highlight").count(), 1);
    assert.equal(await row.getAttribute("data-pointer"), "/statements/4/items/2");
    const box = await row.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      return { top: rect.top, bottom: rect.bottom, height: window.innerHeight };
    });
    assert.ok(box.top >= 0 && box.bottom <= box.height, `row in view: ${JSON.stringify(box)}`);
    assert.ok((await p.evaluate(() => window.scrollY)) > 0);

    // Our own scroll is not reported back as the user's.
    await p.waitForFunction(() => (window as unknown as { __scrolls: number }).__scrolls > 0);
    await settleFrames(p);
    assert.deepEqual(messagesOfType(await posted(p), "scrolled"), []);

    // A cell pointer marks the cell and clears the previous mark.
    await send(p, { type: "highlight", pointer: "/statements/1/items/3/values/fy2025", reveal: true });
    await p.waitForSelector('td.fs-highlight[data-pointer="/statements/1/items/3/values/fy2025"]');
    assert.equal(await p.locator(".fs-highlight").count(), 1);

    // The user's scroll is reported with the topmost visible row.
    await p.mouse.move(200, 150);
    await p.mouse.wheel(0, 120);
    await p.waitForFunction(() => window.__posted.some((message) => message.type === "scrolled"));
    const [scrolled] = messagesOfType(await posted(p), "scrolled");
    const topRow = await p.evaluate(() => {
      const rows = Array.from(document.querySelectorAll<HTMLElement>("tr.fs-row"));
      return rows.find((candidate) => candidate.getBoundingClientRect().bottom > 0)?.dataset.pointer;
    });
    assert.deepEqual(scrolled, { type: "scrolled", pointer: topRow });
  });

  test("scrollTo follows the editor, a restored position applies, the lock shows and is persisted", TIMEOUT, async () => {
    const p = await freshPage({ width: 900, height: 300 });
    await paint(p, example(), 1, { scrollY: 240 });
    assert.equal(await p.evaluate(() => window.scrollY), 240);

    await send(p, { type: "scrollTo", pointer: "/statements/1/items/3/values/fy2025" });
    await p.waitForFunction(() => {
      const row = document.querySelector('tr[data-pointer="/statements/1/items/3"]');
      return row !== null && Math.abs(row.getBoundingClientRect().top) < 1;
    });
    await send(p, { type: "scrollTo", pointer: "" });
    await p.waitForFunction(() => window.scrollY === 0);

    await send(p, { type: "lock", locked: true });
    await p.waitForSelector("#fs-preview-lock:not([hidden])");
    assert.deepEqual(await p.evaluate(() => window.__state), { uri: "file:///work/manufacturing-group.json", locked: true, scrollY: 0 });
    await settleFrames(p);
    assert.deepEqual(messagesOfType(await posted(p), "scrolled"), [], "scrolls the extension asked for are not echoed");
  });

  test("a reloaded page restores the saved scroll position of the same document only", TIMEOUT, async () => {
    const uri = "file:///work/manufacturing-group.json";
    const p = await freshPage({ width: 900, height: 300 }, { uri, locked: true, scrollY: 320 });
    await paint(p, example(), 1, { uri, locked: true });
    assert.equal(await p.evaluate(() => window.scrollY), 320);
    assert.equal(await p.locator("#fs-preview-lock").isVisible(), true);

    const other = await freshPage({ width: 900, height: 300 }, { uri: "file:///work/other.json", locked: false, scrollY: 320 });
    await paint(other, example(), 1, { uri });
    assert.equal(await other.evaluate(() => window.scrollY), 0);
  });

  test("a problem without tables keeps the last valid version under a banner", TIMEOUT, async () => {
    const p = await freshPage();
    await paint(p, example(), 1);
    const problem = "The text is not valid JSON; fix the syntax errors first. Showing version 1.";
    await send(p, { ...renderMessageFor(example(), 2), html: "", problem });
    await p.waitForSelector("#fs-preview-problem:not([hidden])");
    assert.equal(await p.textContent("#fs-preview-problem"), problem);
    assert.equal(await p.locator("table.fs-table").count(), example().statements.length);

    // Another document with nothing to show clears the tables.
    await send(p, { ...renderMessageFor(example(), 3, { uri: "file:///work/other.json" }), html: "", problem: "This is not an FS document." });
    await p.waitForFunction(() => document.querySelectorAll("table.fs-table").length === 0);
    assert.equal(await p.textContent("#fs-preview-problem"), "This is not an FS document.");
  });
});
