// The keys the preview acts on stay in the page. VS Code's webview host forwards every keydown that
// reaches the page's window to the workbench, which runs its own keybinding too (pre/index.html's
// `did-keydown`): under load, right after a click in the page, the workbench still took the JSON
// editor for the active one, and Ctrl+F opened that editor's find widget, which took the keyboard
// from the page's own find box (a CI run's failure). Here a window listener stands in for VS Code's
// forwarding, in a real browser.

import assert from "node:assert/strict";
import { join } from "node:path";
import { describe, test } from "node:test";
import type { Page } from "playwright-core";
import { readJson, upstreamRoot } from "../support/paths";
import { modelMessageFor, send, usePreviewHost } from "./page";

const TIMEOUT = { timeout: 60_000 };
const CASH = '[data-pointer="/statements/0/items/0/values/at-2025"]';

declare global {
  interface Window {
    __forwarded: string[];
  }
}

/** Records the keydowns that reach the page's window, as VS Code's forwarding listener sees them. */
async function listenAsVsCode(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.__forwarded = [];
    window.addEventListener("keydown", (event) => {
      // A modifier's own keydown carries no command.
      if (["Control", "Shift", "Alt", "Meta"].includes(event.key)) return;
      window.__forwarded.push(`${event.ctrlKey ? "Control+" : ""}${event.shiftKey ? "Shift+" : ""}${event.key}`);
    });
  });
}

async function forwarded(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__forwarded.splice(0));
}

describe("the keys the preview acts on", () => {
  const preview = usePreviewHost();

  async function painted(): Promise<Page> {
    const page = await preview.open({ width: 1000, height: 800 });
    await send(page, modelMessageFor(readJson<unknown>(join(upstreamRoot, "examples", "manufacturing-group.json")), 1));
    await page.waitForSelector("table.fs-table");
    await listenAsVsCode(page);
    return page;
  }

  test("Ctrl+F, F3, Ctrl+Z, Ctrl+Y and Ctrl+Shift+C pressed in the grid do not reach VS Code; the letters typed into the find box do", TIMEOUT, async () => {
    const page = await painted();
    await page.locator(CASH).click();
    await page.keyboard.press("Control+F");
    await page.locator(".fs-find-input").waitFor();
    assert.deepEqual(await forwarded(page), [], "Ctrl+F opened the page's find box only");
    await page.keyboard.type("ca");
    assert.deepEqual(await forwarded(page), ["c", "a"], "typing in the find box is left to the browser and VS Code");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Escape");
    await page.locator(".fs-find-input").waitFor({ state: "hidden" });
    assert.deepEqual(await forwarded(page), [], "Enter and Escape in the find box are the box's");
    await page.locator(CASH).click();
    for (const key of ["Control+Z", "Control+Y", "Control+Shift+C", "F3"]) await page.keyboard.press(key);
    assert.deepEqual(await forwarded(page), [], "the grid's own keys");
    // F3 opened the find box again. A key the page leaves alone still reaches VS Code (its keybindings work from the preview).
    await page.locator(".fs-find-input").waitFor();
    await page.keyboard.press("Control+P");
    assert.deepEqual(await forwarded(page), ["Control+P"]);
  });
});
