// Editing in the preview's grid, in a real VS Code (code-server), as a user does it: a click selects
// a cell and the source follows in the editor while the focus stays in the grid, so a double-click
// edits; a value typed there changes the JSON at exactly that value, the rollup problem follows, and
// Ctrl+Z pressed in the preview restores the text byte for byte; Ctrl+click goes to the source;
// Ctrl+F opens the preview's own find box; a block pasted from the clipboard with Ctrl+V is one edit
// and one undo step; a read-only document refuses edits; the left side of a Git diff (a git:
// document, which the language server does not hold) is previewed read-only; and in a German
// editor a value is typed the German way. The text is compared on disk after saving.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe } from "node:test";
import type { JSONPath } from "jsonc-parser";
import type { FrameLocator, Locator, Page } from "playwright-core";
import {
  clickPreviewCell,
  focusedEditor,
  gridCell,
  previewFrame,
  quickOpen,
  runCommand,
  runFsEditorCommand,
  savedText,
  showProblems,
  waitForCursorLine,
  waitForFsMarkers,
  waitForGridFocus,
  UI_TIMEOUT_MS,
} from "./workbench";
import { lineOf, replaced } from "./jsonText";
import { loadWorkspaceLib, setUpEditor, type Setup } from "./harness";
import { sharedWindow, type SharedWindow } from "./sharedWindow";
import { GERMAN_DOCUMENT } from "../support/germanDocument";

const SETUP_TIMEOUT_MS = 15 * 60_000;
const TEST_TIMEOUT_MS = 3 * 60_000;
const ROLLUP_MESSAGE = "Gross profit fy2025: 41 stated, children sum to 40 (difference 1, tolerance 0).";
const GROSS_PROFIT_FY2025: JSONPath = ["statements", 1, "items", 6, "values", "fy2025"];
const READ_ONLY_FILE = "locked/manufacturing-locked.json";
/** The Git extension starts with the workbench: its first answers take longer. */
const GIT_TIMEOUT_MS = 90_000;
const GERMAN_FILE = "bilanz.json";

const pointerOf = (path: JSONPath): string => `/${path.join("/")}`;

/** Each case starts from a workbench without editors; an earlier case that failed may have left one unsaved. */
async function closeAllEditors(page: Page): Promise<void> {
  const tabs = page.locator(".tabs-container .tab");
  const dontSave = page.locator(".monaco-dialog-box .monaco-button", { hasText: "Don't Save" });
  await runCommand(page, "View: Close All Editors");
  for (let attempt = 0; attempt < 3 && (await tabs.count()) > 0; attempt += 1) {
    await tabs.first().or(dontSave).waitFor({ timeout: UI_TIMEOUT_MS });
    if (await dontSave.isVisible()) await dontSave.click();
    await tabs
      .first()
      .waitFor({ state: "detached", timeout: 10_000 })
      .catch(() => undefined);
  }
  assert.equal(await tabs.count(), 0, "every editor closed");
}

const CASH_2025: JSONPath = ["statements", 0, "items", 0, "values", "at-2025"];

/**
 * Opens `file` (manufacturing, whose text is `text`) with its preview beside it, clicks Cash, and waits until the click has
 * settled: the grid has the keyboard, the source followed in the editor, and the editor's cursor
 * came back to the preview as its highlight (that round trip waits for the server's first
 * analysis). On a loaded machine the click's answers can otherwise land after the next keys: a CI
 * run's Ctrl+F found its row, and the row was gone 30 s later.
 */
async function previewWithCashFocused(page: Page, file: string, text: string): Promise<{ preview: FrameLocator; cash: Locator }> {
  await quickOpen(page, file);
  await runFsEditorCommand(page, "FS: Open Preview to the Side");
  const preview = previewFrame(page);
  const cash = gridCell(preview, pointerOf(CASH_2025));
  await cash.waitFor({ timeout: UI_TIMEOUT_MS });
  await cash.click();
  await waitForGridFocus(cash);
  await waitForCursorLine(page, lineOf(text, CASH_2025));
  await preview.locator(`td.fs-highlight[data-pointer="${pointerOf(CASH_2025)}"]`).waitFor({ timeout: UI_TIMEOUT_MS });
  return { preview, cash };
}

/** Puts `text` on the clipboard, as a spreadsheet's copy does. */
async function clipboardHolds(page: Page, text: string): Promise<void> {
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.evaluate((block) => navigator.clipboard.writeText(block), text);
}

/**
 * In a read-only grid: focuses `cell` and presses what would edit it in a writable one (a digit, F2,
 * Ctrl+V with a block on the clipboard), and waits for the paste's answer at the cell, the reason
 * it cannot be edited.
 */
async function pressEditsOnReadOnlyCell(page: Page, preview: FrameLocator, cell: Locator): Promise<void> {
  await clickPreviewCell(cell);
  await waitForGridFocus(cell);
  await page.keyboard.press("5");
  await page.keyboard.press("F2");
  await page.keyboard.press("Control+V");
  await preview.locator(".fs-cell-message", { hasText: "Read-only" }).waitFor({ timeout: UI_TIMEOUT_MS });
}

/** After a read-only grid refused: no cell editor, the cell still shows 400, `file` is `text` on disk and no tab is dirty. */
async function assertNothingWritten(page: Page, preview: FrameLocator, cell: Locator, file: string, text: string): Promise<void> {
  assert.equal(await preview.locator("input.fs-cell-editor").count(), 0, "no cell editor opened");
  assert.equal(await cell.textContent(), "400");
  assert.equal(readFileSync(file, "utf8"), text);
  assert.equal(await page.locator(".tabs-container .tab.dirty").count(), 0, "nothing was changed in an editor");
}

/** One editor per describe; its tests' screenshots are named "grid …". */
function editorSuite(setUp: () => Promise<Setup>): SharedWindow["test"] {
  const window = sharedWindow(setUp, { setupTimeoutMs: SETUP_TIMEOUT_MS, testTimeoutMs: TEST_TIMEOUT_MS, screenshotPrefix: "grid " });
  return (name, body) => window.test(name, body);
}

describe("editing in the preview's grid (code-server)", { timeout: SETUP_TIMEOUT_MS + 6 * TEST_TIMEOUT_MS }, () => {
  let manufacturing = "";
  const uiTest = editorSuite(async () => {
    const workspace = await loadWorkspaceLib();
    manufacturing = workspace.E2E_FILES.manufacturing;
    return setUpEditor(
      { "files.readonlyInclude": { "locked/**": true } },
      {
        addFiles: (folder) => {
          mkdirSync(join(folder, "locked"), { recursive: true });
          writeFileSync(join(folder, READ_ONLY_FILE), readFileSync(join(folder, manufacturing)));
        },
      },
    );
  });

  uiTest(
    "a click keeps the focus in the grid while the source follows; a double-click edits; the value typed changes exactly that value, the rollup problem goes, and Ctrl+Z in the preview restores the text byte for byte",
    async ({ page, folder }) => {
      const original = readFileSync(join(folder, manufacturing), "utf8");
      await quickOpen(page, manufacturing);
      await runFsEditorCommand(page, "FS: Open Preview to the Side");
      await showProblems(page);
      await waitForFsMarkers(page, manufacturing, (found) => found.some((marker) => marker.message === ROLLUP_MESSAGE), "the rollup problem");
      const preview = previewFrame(page);
      const pointer = pointerOf(GROSS_PROFIT_FY2025);
      const cell = gridCell(preview, pointer);
      await cell.waitFor({ timeout: UI_TIMEOUT_MS });

      await clickPreviewCell(cell);
      await waitForCursorLine(page, lineOf(original, GROSS_PROFIT_FY2025));
      await waitForGridFocus(cell);
      await cell.dblclick();
      const input = preview.locator(`td[data-pointer="${pointer}"] input.fs-cell-editor`);
      await input.waitFor({ timeout: UI_TIMEOUT_MS });
      // The editor starts with the whole value selected: typing replaces it.
      await page.keyboard.type("40");
      await page.keyboard.press("Enter");
      await waitForFsMarkers(page, manufacturing, (found) => found.length === 0, "no fs problems once Gross profit is 40");
      await gridCell(preview, pointer, /^40$/).waitFor({ timeout: UI_TIMEOUT_MS });
      assert.equal(await savedText(page, folder, manufacturing), replaced(original, GROSS_PROFIT_FY2025, '"40"'), "only that value changed");

      // Back in the preview: Ctrl+Z undoes the grid's edit in the document (one step).
      await clickPreviewCell(cell);
      await waitForGridFocus(cell);
      await page.keyboard.press("Control+Z");
      await waitForFsMarkers(page, manufacturing, (found) => found.length === 1 && found[0]!.message === ROLLUP_MESSAGE, "the rollup problem back after undo");
      // A failing subtotal's cell also holds its flag.
      await gridCell(preview, pointer, /^41/).waitFor({ timeout: UI_TIMEOUT_MS });
      // The undo ran in the editor (VS Code's undo acts on the focused editor) and the preview took the
      // focus back: the keyboard is on that cell again, and the arrows go on working (a tryout found
      // it on <body>).
      await waitForGridFocus(gridCell(preview, pointer));
      await page.keyboard.press("ArrowUp");
      const above = gridCell(preview, pointerOf(["statements", 1, "items", 5, "values", "fy2025"]));
      await waitForGridFocus(above);
      assert.equal(await savedText(page, folder, manufacturing), original, "Ctrl+Z restored the text byte for byte");
      // savedText gave the keyboard to the editor (Ctrl+1); Ctrl+2 gives it back to the grid's cell.
      await page.keyboard.press("Control+2");
      await waitForGridFocus(above);
    },
  );

  uiTest("Ctrl+click on a cell goes to its source: the editor takes the focus with the value selected", async ({ page, folder }) => {
    await closeAllEditors(page);
    const text = readFileSync(join(folder, manufacturing), "utf8");
    await quickOpen(page, manufacturing);
    await runFsEditorCommand(page, "FS: Open Preview to the Side");
    const preview = previewFrame(page);
    const path: JSONPath = ["statements", 0, "items", 3, "values", "at-2024"];
    const cell = gridCell(preview, pointerOf(path));
    await cell.waitFor({ timeout: UI_TIMEOUT_MS });
    await cell.click({ modifiers: ["Control"] });
    await focusedEditor(page).waitFor({ timeout: UI_TIMEOUT_MS });
    await page.locator("#status\\.editor\\.selection", { hasText: new RegExp(`Ln ${lineOf(text, path)}, Col \\d+`) }).waitFor({ timeout: UI_TIMEOUT_MS });
  });

  uiTest(
    "Ctrl+F in the grid opens the preview's own find box (not the editor's), which finds a row; Escape closes it, and typing in the found row's cell edits it",
    async ({ page, folder }) => {
      await closeAllEditors(page);
      const original = readFileSync(join(folder, manufacturing), "utf8");
      const { preview } = await previewWithCashFocused(page, manufacturing, original);
      await page.keyboard.press("Control+F");
      const input = preview.locator(".fs-find-input");
      await input.waitFor({ timeout: UI_TIMEOUT_MS });
      await page.keyboard.type("Gross profit");
      await preview.locator('tr.fs-find-current[data-pointer="/statements/1/items/6"]').waitFor({ timeout: UI_TIMEOUT_MS });
      assert.equal(await page.locator(".editor-widget.find-widget.visible").count(), 0, "the editor's find widget stays closed");
      await page.keyboard.press("Escape");
      await input.waitFor({ state: "hidden", timeout: UI_TIMEOUT_MS });
      // The found row's cell: typing edits it (and Escape leaves it unwritten).
      const grossProfit = gridCell(preview, pointerOf(GROSS_PROFIT_FY2025));
      await grossProfit.click();
      await waitForGridFocus(grossProfit);
      await page.keyboard.press("4");
      await preview.locator(`td[data-pointer="${pointerOf(GROSS_PROFIT_FY2025)}"] input.fs-cell-editor`).waitFor({ timeout: UI_TIMEOUT_MS });
      await page.keyboard.press("Escape");
      assert.equal(readFileSync(join(folder, manufacturing), "utf8"), original);
      assert.equal(await page.locator(".tabs-container .tab.dirty").count(), 0, "nothing was written");
    },
  );

  uiTest("a block pasted from the clipboard with Ctrl+V sets those cells in one edit; one Ctrl+Z takes it back", async ({ page, folder }) => {
    await closeAllEditors(page);
    const original = readFileSync(join(folder, manufacturing), "utf8");
    // What a spreadsheet puts on the clipboard: tab-separated, CRLF, a thousands separator, a parenthesised negative.
    await clipboardHolds(page, "1,234.5\t(2)\r\n3\t4\r\n");
    const { preview, cash } = await previewWithCashFocused(page, manufacturing, original);
    await page.keyboard.press("Control+V");
    await gridCell(preview, "/statements/0/items/1/values/at-2024", /^4$/).waitFor({ timeout: UI_TIMEOUT_MS });
    let expected = original;
    for (const [item, period, value] of [
      [0, "at-2025", "1234.5"],
      [0, "at-2024", "-2"],
      [1, "at-2025", "3"],
      [1, "at-2024", "4"],
    ] as const) {
      expected = replaced(expected, ["statements", 0, "items", item, "values", period], JSON.stringify(value));
    }
    assert.equal(await savedText(page, folder, manufacturing), expected, "exactly the four cells changed");

    await cash.click();
    await waitForGridFocus(cash);
    await page.keyboard.press("Control+Z");
    await gridCell(preview, "/statements/0/items/1/values/at-2024", /^550$/).waitFor({ timeout: UI_TIMEOUT_MS });
    await gridCell(preview, "/statements/0/items/0/values/at-2025", /^400$/).waitFor({ timeout: UI_TIMEOUT_MS });
    assert.equal(await savedText(page, folder, manufacturing), original, "one undo step took the whole block back");
  });

  uiTest("a read-only document shows the grid read-only and refuses edits: typing, F2, a double-click and a paste", async ({ page, folder }) => {
    await closeAllEditors(page);
    const original = readFileSync(join(folder, READ_ONLY_FILE), "utf8");
    await clipboardHolds(page, "7\t8\r\n");
    await quickOpen(page, "manufacturing-locked.json");
    await runFsEditorCommand(page, "FS: Open Preview to the Side");
    const preview = previewFrame(page);
    await preview.locator(".fs-preview-readonly:not([hidden])").waitFor({ timeout: UI_TIMEOUT_MS });
    assert.equal(await preview.locator("table.fs-table").first().getAttribute("aria-readonly"), "true");
    const cash = gridCell(preview, "/statements/0/items/0/values/at-2025");
    await pressEditsOnReadOnlyCell(page, preview, cash);
    await cash.dblclick();
    await assertNothingWritten(page, preview, cash, join(folder, READ_ONLY_FILE), original);
  });
});

describe("the left side of a Git diff in the preview's grid (code-server, Git)", { timeout: SETUP_TIMEOUT_MS + TEST_TIMEOUT_MS }, () => {
  let manufacturing = "";
  const uiTest = editorSuite(async () => {
    manufacturing = (await loadWorkspaceLib()).E2E_FILES.manufacturing;
    return setUpEditor(
      // Side by side, however narrow the window (VS Code shows a narrow diff inline, without a left editor).
      {
        "git.enabled": true,
        "git.autoRepositoryDetection": true,
        "scm.defaultViewMode": "list",
        "diffEditor.renderSideBySide": true,
        "diffEditor.useInlineViewWhenSpaceIsLimited": false,
      },
      {
        // The workspace committed, then Cash at-2025 changed in the working tree (400 → 450).
        addFiles: (folder) => {
          const git = (...args: string[]) =>
            execFileSync("git", ["-c", "user.name=E2E", "-c", "user.email=e2e@example.invalid", "-c", "init.defaultBranch=main", ...args], { cwd: folder, stdio: "pipe" });
          git("init", "-q");
          git("add", "-A");
          git("commit", "-q", "-m", "The workspace");
          const file = join(folder, manufacturing);
          writeFileSync(file, replaced(readFileSync(file, "utf8"), ["statements", 0, "items", 0, "values", "at-2025"], '"450"'));
        },
      },
    );
  });

  uiTest(
    "FS: Open Preview of the Left Side in a Git diff shows that side read-only, with the sign, wherever the focus is; typing, F2, a double-click and a paste write nothing",
    async ({ page, folder }) => {
      const working = readFileSync(join(folder, manufacturing), "utf8");
      await clipboardHolds(page, "7\t8\r\n");
      await runCommand(page, "Source Control: Focus on Changes View");
      const change = page.locator(".scm-view .monaco-list-row", { hasText: manufacturing }).first();
      await change.waitFor({ timeout: GIT_TIMEOUT_MS });
      await change.click();
      // The diff editor (the index ↔ the working tree), with the keyboard still in Source Control: VS
      // Code reports the diff's right side (the working tree) as the active editor, which is why
      // "Open Preview to the Side" showed 450 here. The command names the left side from the diff's tab.
      await page.locator(".editor-group-container.active .monaco-diff-editor .editor.original .view-lines").waitFor({ timeout: UI_TIMEOUT_MS });
      await runFsEditorCommand(page, "FS: Open Preview of the Left Side");
      const preview = previewFrame(page);
      const sign = preview.locator(".fs-preview-readonly:not([hidden])");
      await sign.waitFor({ timeout: UI_TIMEOUT_MS });
      assert.equal(await sign.getAttribute("title"), "Read-only: this is a version of the file from Git.");
      assert.equal(await preview.locator("table.fs-table").first().getAttribute("aria-readonly"), "true");
      // The left side's value (the index: 400), not the working tree's (450).
      const cash = gridCell(preview, "/statements/0/items/0/values/at-2025", /^400$/);
      await cash.waitFor({ timeout: UI_TIMEOUT_MS });
      await pressEditsOnReadOnlyCell(page, preview, cash);
      // A double-click edits nothing: it goes to the value's source, in the diff's left side (not in
      // an editor of its own over the preview).
      await cash.dblclick();
      await page.locator(".editor-group-container .monaco-diff-editor .editor.original .monaco-editor.focused").waitFor({ timeout: UI_TIMEOUT_MS });
      await assertNothingWritten(page, preview, cash, join(folder, manufacturing), working);
    },
  );
});

describe("editing in the preview's grid in German (code-server)", { timeout: SETUP_TIMEOUT_MS + 2 * TEST_TIMEOUT_MS }, () => {
  const uiTest = editorSuite(() =>
    setUpEditor(
      {},
      { displayLanguage: { id: "de", name: "Deutsch", problemsTitle: "Probleme" }, addFiles: (folder) => writeFileSync(join(folder, GERMAN_FILE), `${GERMAN_DOCUMENT}\n`) },
    ),
  );

  uiTest("a value is typed the German way: an English one is refused with a German message, (999,25) writes -999.25 and the rollup problem goes", async ({ page, folder }) => {
    const original = readFileSync(join(folder, GERMAN_FILE), "utf8");
    await quickOpen(page, GERMAN_FILE);
    // The editor title's preview button (German) shows that the FS editor commands are available.
    await page.locator('.editor-group-container.active .editor-actions .action-label[aria-label*="Vorschau an der Seite"]').first().waitFor({ timeout: UI_TIMEOUT_MS });
    await runCommand(page, "FS: Vorschau an der Seite öffnen");
    await showProblems(page);
    await waitForFsMarkers(page, GERMAN_FILE, (found) => found.length === 1, "the German rollup problem");
    const preview = previewFrame(page);
    const path: JSONPath = ["statements", 0, "items", 1, "values", "fy2025"];
    const cell = gridCell(preview, pointerOf(path), /^-1\.000,25$/);
    await cell.waitFor({ timeout: UI_TIMEOUT_MS });
    await clickPreviewCell(cell);
    await waitForGridFocus(cell);
    // Typing a digit starts the edit with that digit.
    await page.keyboard.type("999.25");
    await page.keyboard.press("Enter");
    await preview.locator(".fs-cell-message", { hasText: "Die Trennzeichen stehen nicht dort" }).waitFor({ timeout: UI_TIMEOUT_MS });
    const input = preview.locator(`td[data-pointer="${pointerOf(path)}"] input.fs-cell-editor`);
    assert.equal(await input.getAttribute("aria-invalid"), "true");
    await input.fill("");
    await page.keyboard.type("(999,25)");
    await page.keyboard.press("Enter");
    await waitForFsMarkers(page, GERMAN_FILE, (found) => found.length === 0, "no fs problems once the subtotal adds up");
    await gridCell(preview, pointerOf(path), /^-999,25$/).waitFor({ timeout: UI_TIMEOUT_MS });
    assert.equal(await savedText(page, folder, GERMAN_FILE), replaced(original, path, '"-999.25"'), "only that value changed, canonical");
  });
});
