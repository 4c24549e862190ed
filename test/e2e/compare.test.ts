// The changes view in a real VS Code (code-server in headless Chromium), in a workspace that is a
// Git repository with two commits of an FS document and an uncommitted edit that breaks a
// subtotal: "FS: Compare with…" → HEAD shows the changed cell (old → new, the difference) and the
// subtotal that stopped adding up, and a click on the cell reveals it in the document; from Source
// Control's diff editor of the file, the editor-title button opens the same view; and the view
// follows an edit of the document; a staged change's diff (both sides git: URIs, the right one a
// side the language server does not hold open) opens the view too. Its own editor with Git
// enabled (the other suites turn it off). Then the web: in the web-worker extension host (no Git
// extension there), the title button of a diff editor of two FS files (File: Compare Active File
// With…) opens the view of its two sides.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe } from "node:test";
import type { FrameLocator, Page } from "playwright-core";
import { fsEditorTitleAction, goTo, previewFrame, quickOpen, runCommand, runFsEditorCommand, statusCursor, UI_TIMEOUT_MS } from "./workbench";
import { screenshot, setUpEditor } from "./harness";
import { sharedWindow } from "./sharedWindow";

const SETUP_TIMEOUT_MS = 15 * 60_000;
const TEST_TIMEOUT_MS = 3 * 60_000;
/** The Git extension and the language server start with the workbench: their first answers take longer. */
const FIRST_ANSWER_TIMEOUT_MS = 90_000;
const FILE = "report.fs.json";

function document(cash: string, label = "Balance sheet"): string {
  const value = {
    formatVersion: "0.2",
    entity: { name: "Compare Ltd" },
    scope: { label: "Company" },
    units: [{ id: "usd", label: "USD", measure: "USD", scale: 0 }],
    periods: [
      { id: "fy2024", kind: "instant", date: "2024-12-31" },
      { id: "fy2025", kind: "instant", date: "2025-12-31" },
    ],
    statements: [
      {
        id: "bs",
        label,
        periods: ["fy2024", "fy2025"],
        items: [
          { id: "cash", label: "Cash", unit: "usd", values: { fy2024: "100", fy2025: cash }, rollupTo: "total" },
          { id: "receivables", label: "Receivables", unit: "usd", values: { fy2024: "50", fy2025: "80" }, rollupTo: "total" },
          { id: "total", label: "Total assets", unit: "usd", values: { fy2024: "150", fy2025: "200" } },
        ],
      },
    ],
  };
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** Two commits of the document, then the uncommitted edit: Cash fy2025 120 → 125, so Total assets (200) no longer adds up. */
function makeRepository(folder: string): void {
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=E2E", "-c", "user.email=e2e@example.invalid", "-c", "init.defaultBranch=main", ...args], { cwd: folder, stdio: "pipe" });
  git("init", "-q");
  writeFileSync(join(folder, FILE), document("120", "Balance"));
  git("add", "-A");
  git("commit", "-q", "-m", "First statement");
  writeFileSync(join(folder, FILE), document("120"));
  git("commit", "-q", "-am", "Name the balance sheet");
  writeFileSync(join(folder, FILE), document("125"));
}

/** 1-based line and column of the `fy2025` value of Cash in the working file. */
function cashValuePosition(folder: string): { line: number; column: number } {
  const lines = readFileSync(join(folder, FILE), "utf8").split("\n");
  const index = lines.findIndex((line) => line.includes('"125"'));
  assert.ok(index >= 0);
  return { line: index + 1, column: (lines[index] as string).indexOf('"125"') + 1 };
}

/** The page inside the changes view's webview (the only webview open). */
function changesView(page: Page) {
  return page.frameLocator("iframe.webview.ready").frameLocator("#active-frame");
}

/**
 * The page of the changes view while the preview is open too (two webviews): the one of the first
 * two that shows a changes view's summary.
 */
async function changesViewBesidePreview(page: Page): Promise<FrameLocator> {
  const frames = page.locator("iframe.webview.ready");
  await frames.nth(1).waitFor({ state: "attached", timeout: FIRST_ANSWER_TIMEOUT_MS });
  const views = [0, 1].map((index) => frames.nth(index).contentFrame().locator("#active-frame").contentFrame());
  return Promise.any(views.map(async (view) => (await view.locator("#fc-view-summary").waitFor({ state: "attached", timeout: FIRST_ANSWER_TIMEOUT_MS }), view)));
}

/**
 * Gives the keyboard to the preview's editor group with `key` (View: Focus First/Second Editor
 * Group) and waits until the workbench has that group active with the preview's tab, and the
 * preview's page has the focus of the window. A click in the page does not do: VS Code learns of a
 * webview's focus late, and a command run just after it acted on the group before.
 */
async function focusPreview(page: Page, key: string): Promise<void> {
  const active = page.locator('.editor-group-container.active .tab.active[data-resource-name^="webview-"]');
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press(key);
    try {
      await active.waitFor({ timeout: attempt < 4 ? 5_000 : UI_TIMEOUT_MS });
      break;
    } catch (error) {
      if (attempt >= 4) throw error;
    }
  }
  await previewFrame(page)
    .locator("#fs-preview-title")
    .evaluate(
      (element, timeoutMs) =>
        new Promise<void>((resolve, reject) => {
          const deadline = Date.now() + timeoutMs;
          const check = () => {
            if (element.ownerDocument.hasFocus()) resolve();
            else if (Date.now() > deadline) reject(new Error("the preview's page never had the focus"));
            else requestAnimationFrame(check);
          };
          check();
        }),
      UI_TIMEOUT_MS,
    );
}

/** What the test checks in a changes view of HEAD (or the index) against the edited file. */
async function expectTheChanges(page: Page, view: FrameLocator = changesView(page)): Promise<void> {
  await view.locator("#fc-view-summary", { hasText: "1 value changed" }).waitFor({ timeout: FIRST_ANSWER_TIMEOUT_MS });
  assert.match((await view.locator("#fc-view-summary").textContent()) ?? "", /1 subtotal stopped adding up/);
  const changed = view.locator("tr.fc-row-changed", { hasText: "Cash" }).locator("td.fc-changed");
  await changed.waitFor({ timeout: UI_TIMEOUT_MS });
  const text = (await changed.textContent()) ?? "";
  assert.match(text, /120\s*→\s*125/);
  assert.match(text, /\+5 \(\+4\.17%\)/);
  const total = view.locator("tr", { hasText: "Total assets" }).locator("td.fc-rollup-worse");
  await total.waitFor({ timeout: UI_TIMEOUT_MS });
  assert.match((await total.textContent()) ?? "", /stopped adding up/);
  assert.match((await total.getAttribute("title")) ?? "", /Before: adds up \(200\)\nNow: does not add up: stated 200, children sum to 205/);
}

/** Nothing open but FILE and, beside it, its preview showing its cells. */
async function openFileAndPreview(page: Page): Promise<void> {
  await runCommand(page, "View: Close All Editors");
  await page.locator("iframe.webview").first().waitFor({ state: "detached", timeout: UI_TIMEOUT_MS });
  await quickOpen(page, FILE);
  await runFsEditorCommand(page, "FS: Open Preview to the Side");
  await previewFrame(page).locator("td[data-pointer]").first().waitFor({ timeout: FIRST_ANSWER_TIMEOUT_MS });
}

/** Picks HEAD in FS: Compare with…'s question and expects FILE's changes in the view beside the preview. */
async function pickHeadBesidePreview(page: Page): Promise<void> {
  const head = page.locator(".quick-input-list .monaco-list-row", { hasText: "the file's last commit" });
  await head.waitFor({ timeout: UI_TIMEOUT_MS });
  await head.click();
  const view = await changesViewBesidePreview(page);
  await expectTheChanges(page, view);
  assert.match((await view.locator("#fc-view-title").textContent()) ?? "", new RegExp(`→ ${FILE.replace(/\./g, "\\.")}`));
}

describe("the changes view in VS Code (code-server) with Git", { timeout: SETUP_TIMEOUT_MS + 6 * TEST_TIMEOUT_MS }, () => {
  const editorWindow = sharedWindow(() => setUpEditor({ "git.enabled": true, "git.autoRepositoryDetection": true, "scm.defaultViewMode": "list" }, { addFiles: makeRepository }), {
    setupTimeoutMs: SETUP_TIMEOUT_MS,
    testTimeoutMs: TEST_TIMEOUT_MS,
  });

  editorWindow.test("FS: Compare with… → HEAD shows the changed cell and the subtotal that stopped adding up; a click reveals the cell", async ({ page, folder }) => {
    await quickOpen(page, FILE);
    // The palette lists the command once the extension knows the editor holds an FS document;
    // the HEAD entry appears once the Git extension has opened the repository. (The palette
    // does not match a typed "…", so the title is typed without it.)
    await fsEditorTitleAction(page).waitFor({ timeout: FIRST_ANSWER_TIMEOUT_MS });
    const head = page.locator(".quick-input-list .monaco-list-row", { hasText: "the file's last commit" });
    for (let attempt = 1; ; attempt++) {
      await runCommand(page, "FS: Compare with");
      try {
        await head.waitFor({ timeout: attempt < 6 ? 10_000 : UI_TIMEOUT_MS });
        break;
      } catch (error) {
        await page.keyboard.press("Escape");
        if (attempt === 6) throw error;
      }
    }
    await head.click();
    await expectTheChanges(page);
    await screenshot(page, "compare view of HEAD");
    // A click on the changed cell selects its value in the document.
    const position = cashValuePosition(folder);
    await changesView(page).locator("tr.fc-row-changed", { hasText: "Cash" }).locator("td.fc-changed").click();
    await page.locator("#status\\.editor\\.selection", { hasText: new RegExp(`Ln ${position.line}, Col ${position.column}\\b`) }).waitFor({ timeout: UI_TIMEOUT_MS });
  });

  editorWindow.test("from Source Control's diff editor, the title button opens the same view, and the view follows an edit", async ({ page, folder }) => {
    await runCommand(page, "View: Close All Editors");
    await page.locator("iframe.webview").first().waitFor({ state: "detached", timeout: UI_TIMEOUT_MS });
    await runCommand(page, "Source Control: Focus on Changes View");
    const change = page.locator(".scm-view .monaco-list-row", { hasText: FILE }).first();
    await change.waitFor({ timeout: FIRST_ANSWER_TIMEOUT_MS });
    await change.click();
    // The diff editor of the file (index ↔ working tree) with the FS button in its title.
    const button = page.locator('.editor-group-container.active .editor-actions .action-label[aria-label*="Open Changes View of This Diff"]').first();
    await button.waitFor({ timeout: UI_TIMEOUT_MS });
    await button.click();
    await expectTheChanges(page);
    assert.match((await changesView(page).locator("#fc-view-title").textContent()) ?? "", new RegExp(`staged → ${FILE.replace(/\./g, "\\.")}`));

    // Live: the edit that makes Cash 120 again leaves no change in meaning.
    await quickOpen(page, FILE);
    const position = cashValuePosition(folder);
    await goTo(page, position.line, position.column + 3);
    await statusCursor(page, position.line, position.column + 3).waitFor({ timeout: UI_TIMEOUT_MS });
    await page.keyboard.press("Delete");
    await page.keyboard.type("0");
    await changesView(page).locator("#fc-view-summary", { hasText: "No changes in meaning." }).waitFor({ timeout: UI_TIMEOUT_MS });
    assert.equal(await changesView(page).locator("td.fc-changed").count(), 0);
  });

  editorWindow.test("a staged change's diff (HEAD ↔ the index, both git: sides) opens the same view, and a click reveals the cell in the index", async ({ page, folder }) => {
    // The previous case left its edit unsaved: back to the file (Cash 125), then stage it.
    await quickOpen(page, FILE);
    await runCommand(page, "File: Revert File");
    await runCommand(page, "View: Close All Editors");
    await page.locator("iframe.webview").first().waitFor({ state: "detached", timeout: UI_TIMEOUT_MS });
    execFileSync("git", ["add", FILE], { cwd: folder, stdio: "pipe" });
    await runCommand(page, "Source Control: Focus on Changes View");
    await page.locator(".scm-view .monaco-list-row", { hasText: "Staged Changes" }).waitFor({ timeout: FIRST_ANSWER_TIMEOUT_MS });
    // Only the staged change is left (the file is as staged): its row opens HEAD ↔ index.
    const change = page.locator(".scm-view .monaco-list-row", { hasText: FILE }).first();
    await change.click();
    const button = page.locator('.editor-group-container.active .editor-actions .action-label[aria-label*="Open Changes View of This Diff"]').first();
    await button.waitFor({ timeout: UI_TIMEOUT_MS });
    await button.click();
    await expectTheChanges(page);
    assert.match((await changesView(page).locator("#fc-view-title").textContent()) ?? "", new RegExp(`HEAD → ${FILE.replace(/\./g, "\\.")}`));
    await screenshot(page, "compare view of a staged change");
    const position = cashValuePosition(folder);
    await changesView(page).locator("tr.fc-row-changed", { hasText: "Cash" }).locator("td.fc-changed").click();
    await page.locator("#status\\.editor\\.selection", { hasText: new RegExp(`Ln ${position.line}, Col ${position.column}\\b`) }).waitFor({ timeout: UI_TIMEOUT_MS });
  });

  editorWindow.test(
    "with the preview holding the keyboard (no text editor open), FS: Compare with… is in the palette and compares the preview's document (issue 30)",
    async ({ page }) => {
      await openFileAndPreview(page);
      // The file's own editor closed from the preview's group (Ctrl+2): the preview is all that
      // shows the document, so only the preview can say which document is meant.
      await focusPreview(page, "Control+2");
      await runCommand(page, "View: Close Editors in Other Groups");
      await page.locator(`.tab[data-resource-name="${FILE}"]`).waitFor({ state: "detached", timeout: UI_TIMEOUT_MS });
      // The preview, in the only group left, has the keyboard.
      await focusPreview(page, "Control+1");
      await runCommand(page, "FS: Compare with");
      await pickHeadBesidePreview(page);
      await screenshot(page, "compare with from the preview");
    },
  );

  editorWindow.test(
    "the preview's title-bar overflow (…) has FS: Compare with…, and it compares the preview's document, not the panel VS Code passes (issue 30)",
    async ({ page }) => {
      await openFileAndPreview(page);
      await focusPreview(page, "Control+2");
      // The preview's group's title bar: its "…" holds the entries of groups other than navigation.
      await page.locator(".editor-group-container.active .editor-actions .action-label.codicon-toolbar-more").click();
      await page.locator(".monaco-menu .action-item", { hasText: "Compare with…" }).first().waitFor({ timeout: UI_TIMEOUT_MS });
      // The menu is driven by keyboard, as in the quick fix menu: a click on the entry once left the
      // menu open with the entry focused and nothing run (1 run of 3). Down to the entry, then Enter.
      const focused = page.locator(".monaco-menu .action-item.focused", { hasText: "Compare with…" });
      for (let step = 0; (await focused.count()) === 0; step++) {
        assert.ok(step < 12, '"Compare with…" never got the focus in the title bar\'s menu');
        await page.keyboard.press("ArrowDown");
      }
      // VS Code runs the entry with the panel's own URI (webview-panel:…) as its argument.
      await page.keyboard.press("Enter");
      await pickHeadBesidePreview(page);
    },
  );
});

/** Both extensions in the web-worker extension host, as web.test.ts runs them (see ../shared/notes/web-extension-here.md). */
const WEB_WORKER_SETTINGS = {
  "remote.extensionKind": { "fs-documents.fs-documents": ["web"], "fs-documents-tests.fs-documents-e2e-runner": ["web"] },
};

describe("the changes view on the web (code-server's web-worker extension host)", { timeout: SETUP_TIMEOUT_MS + TEST_TIMEOUT_MS }, () => {
  const webWindow = sharedWindow(
    () =>
      setUpEditor(WEB_WORKER_SETTINGS, {
        addFiles: (folder) => {
          writeFileSync(join(folder, "before.fs.json"), document("120"));
          writeFileSync(join(folder, "after.fs.json"), document("125"));
        },
      }),
    { setupTimeoutMs: SETUP_TIMEOUT_MS, testTimeoutMs: TEST_TIMEOUT_MS },
  );

  webWindow.test("the title button of a diff editor of two FS files opens the view of its two sides", async ({ page }) => {
    await quickOpen(page, "before.fs.json");
    await fsEditorTitleAction(page).waitFor({ timeout: FIRST_ANSWER_TIMEOUT_MS });
    await runCommand(page, "File: Compare Active File With...");
    const input = page.locator(".quick-input-widget .quick-input-box input");
    await input.waitFor({ state: "visible", timeout: UI_TIMEOUT_MS });
    await input.fill("after.fs.json");
    await page.locator(".quick-input-list .monaco-list-row.focused", { hasText: "after.fs.json" }).waitFor({ timeout: UI_TIMEOUT_MS });
    await page.keyboard.press("Enter");
    const button = page.locator('.editor-group-container.active .editor-actions .action-label[aria-label*="Open Changes View of This Diff"]').first();
    await button.waitFor({ timeout: FIRST_ANSWER_TIMEOUT_MS });
    await button.click();
    await expectTheChanges(page);
    assert.match((await changesView(page).locator("#fc-view-title").textContent()) ?? "", /before\.fs\.json → after\.fs\.json/);
  });
});
