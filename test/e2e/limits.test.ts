// A document over a limit says so once, in the language status ("{ }" in the status bar): a
// generated document with more symbols than the outline shows gets a second FS entry naming the
// limit and its figures, and a small document has no such entry. Cheap: 5,100 items, no preview.

import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe } from "node:test";
import type { Locator, Page } from "playwright-core";
import { loadWorkspaceLib, setUpEditor } from "./harness";
import { sharedWindow } from "./sharedWindow";
import { quickOpen, UI_TIMEOUT_MS } from "./workbench";

const SETUP_TIMEOUT_MS = 15 * 60_000;
const TEST_TIMEOUT_MS = 3 * 60_000;
const FILE = "outline-over-limit.fs.json";
const ITEMS = 5100;

/** A conforming document with one statement of ITEMS items, all rolling into the first: 5,105 outline symbols. */
function documentOverOutlineLimit(): string {
  const items = Array.from({ length: ITEMS }, (_, index) => ({
    id: `i${index}`,
    label: index === 0 ? "Total" : `Item ${index}`,
    unit: "u",
    values: { p: "0" },
    ...(index > 0 ? { rollupTo: "i0" } : {}),
  }));
  return JSON.stringify(
    {
      formatVersion: "0.2",
      entity: { name: "Limits" },
      scope: { label: "Outline over its limit" },
      units: [{ id: "u", label: "EUR", measure: "EUR", scale: 0 }],
      periods: [{ id: "p", kind: "instant", date: "2025-12-31" }],
      statements: [{ id: "big", label: "Big", periods: ["p"], items }],
    },
    null,
    2,
  );
}

/** The entries of the language status hover. */
function languageStatusEntries(page: Page): Locator {
  return page.locator(".hover-language-status");
}

/**
 * Shows the language status hover (the pointer on its status bar entry) until `entry` is in it. The
 * hover is built when it opens, so one opened before the server's status arrived is closed and
 * opened again; each try waits for that state.
 */
async function showLanguageStatus(page: Page, entry: Locator): Promise<void> {
  const deadline = Date.now() + UI_TIMEOUT_MS * 2;
  for (;;) {
    await page.locator("#status\\.languageStatus").hover({ timeout: UI_TIMEOUT_MS });
    try {
      await entry.waitFor({ state: "visible", timeout: 8_000 });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await page.mouse.move(0, 0);
      await page.keyboard.press("Escape");
      // Closed before the next document: a hover still open keeps the entries it was opened with
      // (VS Code's own folding entry too), and would be read as the small document's.
      await languageStatusEntries(page).first().waitFor({ state: "hidden", timeout: UI_TIMEOUT_MS });
      await languageStatusEntries(page).first().waitFor({ state: "hidden", timeout: UI_TIMEOUT_MS });
    }
  }
}

describe("a large document's limits in the language status (code-server)", { timeout: SETUP_TIMEOUT_MS + TEST_TIMEOUT_MS }, () => {
  const editorWindow = sharedWindow(() => setUpEditor({}, { addFiles: (folder) => writeFileSync(join(folder, FILE), documentOverOutlineLimit()) }), {
    setupTimeoutMs: SETUP_TIMEOUT_MS,
    testTimeoutMs: TEST_TIMEOUT_MS,
  });

  editorWindow.test("names the outline's limit for a document over it, and nothing for a small one", async ({ page }) => {
    await quickOpen(page, FILE);
    const limits = languageStatusEntries(page).filter({ hasText: "FS: limited: outline" });
    await showLanguageStatus(page, limits);
    // Over 2,500 symbols the outline has the statement and its one subtotal, with the document's
    // members and the groups of units, periods and statements (a symbol for every member: issue 30's breadcrumbs).
    assert.match((await limits.innerText()).replace(/\s+/g, " "), /Outline: statements and subtotals only, 10 of 5,109 symbols\./);
    // Said once: one entry, beside the document's own status.
    assert.equal(await languageStatusEntries(page).filter({ hasText: "FS: limited" }).count(), 1);
    assert.equal(await languageStatusEntries(page).filter({ hasText: "FS: conforming" }).count(), 1);
    await page.mouse.move(0, 0);
    await page.keyboard.press("Escape");
    // Closed before the next document: a hover still open keeps the entries it was opened with
    // (VS Code's own folding entry too), and would be read as the small document's.
    await languageStatusEntries(page).first().waitFor({ state: "hidden", timeout: UI_TIMEOUT_MS });

    // A small document: its own status, and no limits entry.
    const { manufacturing } = (await loadWorkspaceLib()).E2E_FILES;
    await quickOpen(page, manufacturing);
    const small = languageStatusEntries(page).filter({ hasText: "Conforming." });
    await showLanguageStatus(page, small);
    // Our entry follows the active editor a moment after VS Code's own entries do: wait for it to go.
    await languageStatusEntries(page).filter({ hasText: "FS: limited" }).first().waitFor({ state: "detached", timeout: UI_TIMEOUT_MS });
  });
});
