// FS Documents on the web: the same .vsix, with FS Documents and the runner forced into code-server's
// web-worker extension host (`remote.extensionKind` … ["web"], as vscode.dev and github.dev run it),
// so the extension runs from its `browser` entry and the language server in a Worker. The core
// cases of vscode.test.ts run again there, and the runner proves where it runs.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, type TestContext } from "node:test";
import { findNodeAtLocation, parseTree, type JSONPath } from "jsonc-parser";
import {
  clickPreviewCell,
  focusedEditor,
  focusFirstEditorGroup,
  fsEditorTitleAction,
  activeTab,
  goTo,
  gridCell,
  previewFrame,
  quickOpen,
  readCursor,
  runCommand,
  runFsEditorCommand,
  showHover,
  savedText,
  showProblems,
  waitForCursorLine,
  waitForFsMarkers,
  waitForGridFocus,
  UI_TIMEOUT_MS,
} from "./workbench";
import { replaced } from "./jsonText";
import { WEB_WORKER_SETTINGS } from "./webHost";
import { loadWorkspaceLib, setUpEditor, waitForFile, type Editor } from "./harness";
import { sharedWindow, type SharedWindow } from "./sharedWindow";

const SETUP_TIMEOUT_MS = 15 * 60_000;
const TEST_TIMEOUT_MS = 3 * 60_000;
/** The first problems wait for the extension to activate in the worker host and start its server Worker. */
const FIRST_PROBLEMS_TIMEOUT_MS = 90_000;
const ROLLUP_MESSAGE = "Gross profit fy2025: 41 stated, children sum to 40 (difference 1, tolerance 0).";
const GROSS_PROFIT_FY2025: JSONPath = ["statements", 1, "items", 6, "values", "fy2025"];

/** The window of the describe block below (assigned as the block is declared, before any test runs). */
let webWindow: SharedWindow;
let manufacturing = "";

function locate(path: JSONPath): { line: number; column: number; length: number } {
  const text = readFileSync(join(webWindow.editor!.folder, manufacturing), "utf8");
  const node = findNodeAtLocation(parseTree(text)!, path);
  assert.ok(node !== undefined, `${path.join("/")} not found in ${manufacturing}`);
  const before = text.slice(0, node.offset).split("\n");
  return { line: before.length, column: before.at(-1)!.length + 1, length: node.length };
}

function webTest(name: string, body: (editor: Editor, t: TestContext) => Promise<void>): void {
  webWindow.test(name, body);
}

describe("FS Documents in the web-worker extension host (code-server)", { timeout: SETUP_TIMEOUT_MS + 9 * TEST_TIMEOUT_MS }, () => {
  webWindow = sharedWindow(
    async () => {
      manufacturing = (await loadWorkspaceLib()).E2E_FILES.manufacturing;
      return setUpEditor(WEB_WORKER_SETTINGS);
    },
    { setupTimeoutMs: SETUP_TIMEOUT_MS, testTimeoutMs: TEST_TIMEOUT_MS, screenshotPrefix: "web " },
  );

  webTest("the runner and FS Documents run in the web worker (no process), and every API suite passes there", async ({ page, apiResultsFile }, t) => {
    await runCommand(page, "FS E2E: Run API Suites");
    const results = JSON.parse(await waitForFile(apiResultsFile, TEST_TIMEOUT_MS - 10_000)) as {
      host?: { process: string; workerGlobalScope: string; worker: string; fsExtension: string; uiKind: string };
      error?: string;
      suites: { name: string; passed: boolean; error?: string }[];
    };
    t.diagnostic(`host: ${JSON.stringify(results.host)}`);
    assert.equal(results.error, undefined, results.error);
    assert.ok(results.suites.length >= 8, `the runner ran ${results.suites.length} suites`);
    for (const suite of results.suites) {
      await t.test(suite.name, () => assert.ok(suite.passed, suite.error));
    }
    assert.deepEqual(results.host, { process: "undefined", workerGlobalScope: "function", worker: "function", fsExtension: "active in this extension host", uiKind: "web" });
  });

  webTest("the Problems panel shows the manufacturing example's one rollup problem", async ({ page }) => {
    await quickOpen(page, manufacturing);
    await showProblems(page);
    const markers = await waitForFsMarkers(page, manufacturing, (found) => found.length > 0, "the manufacturing example's fs problems", FIRST_PROBLEMS_TIMEOUT_MS);
    const cell = locate(GROSS_PROFIT_FY2025);
    assert.deepEqual(
      markers.map(({ severity, message, line, column }) => ({ severity, message, line, column })),
      [{ severity: "Warning", message: ROLLUP_MESSAGE, line: cell.line, column: cell.column }],
    );
  });

  webTest("a code lens above the inconsistent subtotal and the hover on its value show the breakdown", async ({ page }) => {
    await quickOpen(page, manufacturing);
    const cell = locate(GROSS_PROFIT_FY2025);
    await goTo(page, cell.line, cell.column + 1);
    await page.locator(".monaco-editor .codelens-decoration", { hasText: "✗ fy2025 off by 1" }).first().waitFor({ timeout: UI_TIMEOUT_MS });
    const hover = page.locator(".monaco-hover", { hasText: "Cost of sales" }).first();
    await showHover(page, hover);
    const text = (await hover.textContent()) ?? "";
    for (const expected of ["Revenue", "Cost of sales", "41", "40"]) assert.ok(text.includes(expected), `the hover lacks ${expected}: ${text}`);
    await page.keyboard.press("Escape");
  });

  webTest("FS: Open Preview to the Side shows the statements; clicking a cell moves the cursor to its source", async ({ page }) => {
    await quickOpen(page, manufacturing);
    await goTo(page, 1, 1); // away from the cell (an earlier case left the cursor on it)
    await runFsEditorCommand(page, "FS: Open Preview to the Side");
    const preview = previewFrame(page);
    const cell = preview.locator(`[data-pointer="/${GROSS_PROFIT_FY2025.join("/")}"]`);
    await cell.waitFor({ timeout: UI_TIMEOUT_MS });
    for (const label of ["Balance sheet", "Income statement", "Gross profit"]) await preview.getByText(label, { exact: true }).first().waitFor({ timeout: UI_TIMEOUT_MS });
    assert.match((await cell.textContent()) ?? "", /41/);
    await clickPreviewCell(cell);
    const source = locate(GROSS_PROFIT_FY2025);
    // The source editor shows the cell's line as its cursor line (the focus stays in the preview);
    // then, focused, the status bar gives the exact position.
    await waitForCursorLine(page, source.line);
    await focusFirstEditorGroup(page, page.locator("#status\\.editor\\.selection", { hasText: new RegExp(`Ln ${source.line}, Col \\d+`) }));
    const cursor = await readCursor(page);
    assert.ok(
      cursor !== undefined && cursor.column >= source.column && cursor.column <= source.column + source.length,
      `the cursor is at ${JSON.stringify(cursor)}, not on the value at ${JSON.stringify(source)}`,
    );
    await runCommand(page, "View: Close All Editors");
  });

  webTest(
    "a value typed into the preview's grid changes exactly that value in the JSON, the rollup problem goes, and Ctrl+Z in the preview restores the text",
    async ({ page, folder }) => {
      const original = readFileSync(join(folder, manufacturing), "utf8");
      await quickOpen(page, manufacturing);
      await runFsEditorCommand(page, "FS: Open Preview to the Side");
      await showProblems(page);
      await waitForFsMarkers(page, manufacturing, (found) => found.some((marker) => marker.message === ROLLUP_MESSAGE), "the rollup problem", FIRST_PROBLEMS_TIMEOUT_MS);
      const preview = previewFrame(page);
      const pointer = `/${GROSS_PROFIT_FY2025.join("/")}`;
      const cell = gridCell(preview, pointer);
      await clickPreviewCell(cell);
      await waitForGridFocus(cell);
      // Typing a digit starts the edit with that digit; Enter writes it.
      await page.keyboard.type("40");
      await page.keyboard.press("Enter");
      await waitForFsMarkers(page, manufacturing, (found) => found.length === 0, "no fs problems once Gross profit is 40");
      await gridCell(preview, pointer, /^40$/).waitFor({ timeout: UI_TIMEOUT_MS });
      assert.equal(await savedText(page, folder, manufacturing), replaced(original, GROSS_PROFIT_FY2025, '"40"'), "only that value changed");

      await clickPreviewCell(cell);
      await waitForGridFocus(cell);
      await page.keyboard.press("Control+Z");
      await waitForFsMarkers(page, manufacturing, (found) => found.length === 1 && found[0]!.message === ROLLUP_MESSAGE, "the rollup problem back after undo");
      await gridCell(preview, pointer, /^41/).waitFor({ timeout: UI_TIMEOUT_MS });
      assert.equal(await savedText(page, folder, manufacturing), original, "Ctrl+Z restored the text byte for byte");
      await runCommand(page, "View: Close All Editors");
    },
  );

  webTest("a recorded snapshot shows as a match in FS: Show Snapshot Diff; one undo removes it", async ({ page }) => {
    await quickOpen(page, manufacturing);
    await activeTab(page, manufacturing).and(page.locator(":not(.dirty)")).waitFor({ timeout: UI_TIMEOUT_MS });
    await runFsEditorCommand(page, "FS: Record Validation Snapshot");
    await activeTab(page, manufacturing).and(page.locator(".dirty")).waitFor({ timeout: UI_TIMEOUT_MS });
    await runFsEditorCommand(page, "FS: Show Snapshot Diff");
    const diff = page.frameLocator("iframe.webview.ready").frameLocator("#active-frame");
    await diff.getByText(`Validation snapshot diff: ${manufacturing}`).waitFor({ timeout: UI_TIMEOUT_MS });
    await diff.getByText("Match: the recorded snapshot agrees with the document as it is now.").waitFor({ timeout: UI_TIMEOUT_MS });
    await quickOpen(page, manufacturing);
    await focusedEditor(page).waitFor({ timeout: UI_TIMEOUT_MS });
    await page.keyboard.press("Control+Z");
    await activeTab(page, manufacturing).and(page.locator(":not(.dirty)")).waitFor({ timeout: UI_TIMEOUT_MS });
    await runCommand(page, "View: Close All Editors");
  });

  webTest("FS: Export HTML writes the file chosen in the save dialog (through workspace.fs)", async ({ page, folder }) => {
    await quickOpen(page, manufacturing);
    // Not runCommand: it waits for the palette to close, and the save dialog that follows is the same
    // quick input widget (code-server's save dialog is the workbench's own: a path in a quick input,
    // suggested beside the document). So: the command, then the dialog's title.
    await fsEditorTitleAction(page).waitFor({ state: "visible", timeout: UI_TIMEOUT_MS });
    await page.keyboard.press("F1");
    const input = page.locator(".quick-input-widget .quick-input-box input");
    await input.waitFor({ state: "visible", timeout: UI_TIMEOUT_MS });
    await input.fill(">FS: Export HTML");
    await page.locator(".quick-input-list .monaco-list-row.focused", { hasText: "FS: Export HTML" }).waitFor({ timeout: UI_TIMEOUT_MS });
    await page.keyboard.press("Enter");
    await page.locator('.quick-input-widget .quick-input-box input[aria-label*="Export manufacturing-group.html"]').waitFor({ state: "visible", timeout: UI_TIMEOUT_MS });
    const target = join(folder, "manufacturing-group.html");
    await page.waitForFunction(
      () => (document.querySelector(".quick-input-widget .quick-input-box input") as HTMLInputElement | null)?.value.endsWith("/manufacturing-group.html") === true,
      null,
      { timeout: UI_TIMEOUT_MS },
    );
    await page.keyboard.press("Enter");
    // The file is whole once the extension says so (the remote file system creates it, then writes).
    await page.locator(".notification-toast", { hasText: "Exported manufacturing-group.html." }).waitFor({ timeout: UI_TIMEOUT_MS });
    const html = readFileSync(target, "utf8");
    assert.match(html, /<table/);
    assert.match(html, /Gross profit/);
  });

  webTest("FS: Validate Workspace finds and reads the workspace's JSON through workspace.findFiles and workspace.fs", async ({ page }) => {
    await runCommand(page, "FS: Validate Workspace");
    // manufacturing-group, unknown-item-property (nonconforming) and hostile-label are FS documents; package.json is not.
    await page.locator(".notification-toast", { hasText: "FS: validated 3 FS documents in 4 JSON files; 2 conforming, 1 nonconforming" }).waitFor({ timeout: UI_TIMEOUT_MS });
  });
});
