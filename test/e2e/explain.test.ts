// Rollup causes and fixes in a real VS Code (code-server in headless Chromium): the Rollups view
// lists the failing subtotal, the preview explains the failing cell, a click on the failing
// subtotal's lens opens that explanation, the preview opened with the cursor on that subtotal
// starts at its row, the hover of the failing subtotal says why it fails, and its quick fix,
// chosen from the light bulb menu, makes the problem go away. Its own editor and workspace copy,
// so it shares no state with vscode.test.ts.

import assert from "node:assert/strict";
import { copyFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe } from "node:test";
import { findNodeAtLocation, parseTree, type JSONPath } from "jsonc-parser";
import {
  chooseQuickFix,
  clickPreviewCell,
  focusedEditor,
  goTo,
  previewFrame,
  quickOpen,
  runCommand,
  runFsEditorCommand,
  showHover,
  showProblems,
  waitForCursorLine,
  waitForFsMarkers,
  UI_TIMEOUT_MS,
} from "./workbench";
import { loadWorkspaceLib, setUpEditor } from "./harness";
import { fixturesRoot } from "../support/paths";
import { sharedWindow } from "./sharedWindow";

const SETUP_TIMEOUT_MS = 15 * 60_000;
const TEST_TIMEOUT_MS = 3 * 60_000;
const FIRST_PROBLEMS_TIMEOUT_MS = 90_000;
const GROSS_PROFIT_FY2025: JSONPath = ["statements", 1, "items", 6, "values", "fy2025"];
/** The README's example, as a newcomer opens it: Operating profit (far down, in the second statement) is off by 1 in fy2025. */
const NORTHWIND = "northwind-group.json";
const OPERATING_PROFIT: JSONPath = ["statements", 1, "items", 6];
const OPERATING_PROFIT_FY2025: JSONPath = [...OPERATING_PROFIT, "values", "fy2025"];

let manufacturing = "";

function locate(folder: string, path: JSONPath, file = manufacturing): { line: number; column: number } {
  const text = readFileSync(join(folder, file), "utf8");
  const node = findNodeAtLocation(parseTree(text)!, path);
  assert.ok(node !== undefined, `${path.join("/")} not found`);
  const before = text.slice(0, node.offset).split("\n");
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

describe("rollup causes and fixes in VS Code (code-server)", { timeout: SETUP_TIMEOUT_MS + 8 * TEST_TIMEOUT_MS }, () => {
  const editorWindow = sharedWindow(
    async () => {
      manufacturing = (await loadWorkspaceLib()).E2E_FILES.manufacturing;
      return setUpEditor({}, { addFiles: (folder) => copyFileSync(join(fixturesRoot, "examples", NORTHWIND), join(folder, NORTHWIND)) });
    },
    { setupTimeoutMs: SETUP_TIMEOUT_MS, testTimeoutMs: TEST_TIMEOUT_MS },
  );

  editorWindow.test("the Rollups view, failing first, lists the failing subtotal with its problem, and a click reveals it in the source", async ({ page, folder }) => {
    await quickOpen(page, manufacturing);
    const header = page.locator(".pane-header", { hasText: "Rollups" }).first();
    await header.waitFor({ timeout: FIRST_PROBLEMS_TIMEOUT_MS });
    if ((await header.getAttribute("aria-expanded")) !== "true") await header.click();
    // The view is short and its list virtual: "failing first" brings the failing subtotal to the top.
    await header.locator('.action-label[aria-label="Show Failing Subtotals First"]').click();
    await header.locator('.action-label[aria-label="Show Subtotals in Document Order"]').waitFor({ timeout: UI_TIMEOUT_MS });
    // The period as the preview's column heading names it, in the display language (not "fy2025").
    const row = page.locator(".monaco-list-row", { hasText: "01/01/2025 – 12/31/2025: off by 1" }).first();
    await row.waitFor({ timeout: FIRST_PROBLEMS_TIMEOUT_MS });
    assert.match((await row.textContent()) ?? "", /Gross profit/);
    const id = locate(folder, ["statements", 1, "items", 6, "id"]);
    const revealed = page.locator("#status\\.editor\\.selection", { hasText: new RegExp(`Ln ${id.line}, Col \\d+`) });
    // A status notification can redraw the view between press and release, and a click on a
    // redrawn row selects it without running its command: click again until the source shows it.
    for (let attempt = 1; ; attempt++) {
      await row.click();
      try {
        await revealed.waitFor({ timeout: 5_000 });
        break;
      } catch (error) {
        if (attempt === 4) throw error;
      }
    }
  });

  editorWindow.test("the preview explains the failing subtotal cell chosen in it: the server's likely causes under the tables", async ({ page }) => {
    await quickOpen(page, manufacturing);
    await runFsEditorCommand(page, "FS: Open Preview to the Side");
    const preview = previewFrame(page);
    const cell = preview.locator(`td.fs-inconsistent[data-pointer="/${GROSS_PROFIT_FY2025.join("/")}"]`);
    await cell.waitFor({ timeout: FIRST_PROBLEMS_TIMEOUT_MS });
    await clickPreviewCell(cell);
    // The panel names periods as the column headings do (their dates), not by their ids.
    const panel = preview.locator("#fs-preview-explanation", { hasText: /Gross profit holds in \S+2024 – \S+2024, which points at a typing error in \S+2025 – \S+2025\./ });
    await panel.waitFor({ state: "visible", timeout: UI_TIMEOUT_MS });
    const text = (await panel.textContent()) ?? "";
    assert.match(text, /Gross profit \S+2025 – \S+2025: 41 stated, children sum to 40/);
    assert.doesNotMatch(text, /fy202[45]/);
    await runCommand(page, "View: Close All Editors");
  });

  editorWindow.test("with the cursor on a subtotal far down, the preview's first Ctrl+K V starts at that subtotal's row", async ({ page, folder }) => {
    await quickOpen(page, NORTHWIND);
    const cell = locate(folder, OPERATING_PROFIT_FY2025, NORTHWIND);
    await goTo(page, cell.line, cell.column + 1);
    await focusedEditor(page).waitFor({ timeout: UI_TIMEOUT_MS });
    await page.keyboard.press("Control+K");
    await page.keyboard.press("v");
    const preview = previewFrame(page);
    await preview.locator("table.fs-table").first().waitFor({ timeout: FIRST_PROBLEMS_TIMEOUT_MS });
    // The page starts at the top (the balance sheet), where only the rows in view are drawn: the
    // cursor's row is drawn and scrolled into view in a later frame, or never (the bug: a newcomer's
    // Ctrl+K V on Operating profit showed the balance sheet).
    const where = await preview.locator("body").evaluate(
      (body, [pointer, timeoutMs]) =>
        new Promise<string>((resolve) => {
          const scroller = body.ownerDocument.getElementById("fs-preview-content")!;
          const deadline = performance.now() + timeoutMs;
          const check = (): void => {
            const cell = body.querySelector(`td[data-pointer="${pointer}"]`);
            const box = cell?.getBoundingClientRect();
            const view = scroller.getBoundingClientRect();
            const inView = box !== undefined && box.top >= view.top && box.bottom <= view.bottom;
            const state = `cell ${box === undefined ? "not drawn" : `${Math.round(box.top)}–${Math.round(box.bottom)}`}, view ${Math.round(view.top)}–${Math.round(view.bottom)}, scrollTop ${scroller.scrollTop}`;
            if (inView) resolve(`in view${cell?.closest(".fs-highlight") === null ? ", not marked" : ""}: ${state}`);
            else if (performance.now() > deadline) resolve(`not in view: ${state}`);
            else requestAnimationFrame(check);
          };
          check();
        }),
      [`/${OPERATING_PROFIT_FY2025.join("/")}`, 10_000] as const,
    );
    assert.match(where, /^in view: /, "the preview shows the cursor's row, marked");
    await runCommand(page, "View: Close All Editors");
  });

  editorWindow.test("a click on the failing subtotal's lens goes to its value and opens the preview beside with its 'why' panel, not a peek", async ({ page, folder }) => {
    await quickOpen(page, NORTHWIND);
    // The cursor on the item's id, a few lines under the lens.
    const id = locate(folder, [...OPERATING_PROFIT, "id"], NORTHWIND);
    await goTo(page, id.line, id.column + 1);
    const lens = page.locator(".monaco-editor .codelens-decoration a", { hasText: "✗ fy2025 off by 1" }).first();
    await lens.waitFor({ timeout: FIRST_PROBLEMS_TIMEOUT_MS });
    await lens.click();
    const cell = locate(folder, OPERATING_PROFIT_FY2025, NORTHWIND);
    await waitForCursorLine(page, cell.line);
    const preview = previewFrame(page);
    const panel = preview.locator("#fs-preview-explanation", { hasText: /Operating profit \S+2025 – \S+2025: 18,111 stated, children sum to 18,110/ });
    await panel.waitFor({ state: "visible", timeout: FIRST_PROBLEMS_TIMEOUT_MS });
    await panel.locator(".fs-explanation-sum").waitFor({ state: "visible", timeout: UI_TIMEOUT_MS });
    await preview.locator(`td.fs-selected[data-pointer="/${OPERATING_PROFIT_FY2025.join("/")}"]`).waitFor({ timeout: UI_TIMEOUT_MS });
    assert.equal(await page.locator(".peekview-widget").count(), 0, "no peek opened");
    // The keyboard stays in the editor, at the value: its quick fixes are a Ctrl+. away.
    await focusedEditor(page).waitFor({ timeout: UI_TIMEOUT_MS });
    await runCommand(page, "View: Close All Editors");
  });

  editorWindow.test("the failing subtotal's hover gives the likely causes once, and 'Set … to the sum of its children' clears the problem", async ({ page, folder }, t) => {
    await quickOpen(page, manufacturing);
    await showProblems(page);
    await waitForFsMarkers(page, manufacturing, (found) => found.some((marker) => /Gross profit fy2025/.test(marker.message)), "the rollup problem", FIRST_PROBLEMS_TIMEOUT_MS);
    const cell = locate(folder, GROSS_PROFIT_FY2025);
    await quickOpen(page, manufacturing); // the focus back in the editor
    await goTo(page, cell.line, cell.column + 1);
    await page.locator(".monaco-editor .codelens-decoration", { hasText: "✗ fy2025 off by 1" }).first().waitFor({ timeout: UI_TIMEOUT_MS });
    const hover = page.locator(".monaco-hover", { hasText: "Likely cause" }).first();
    await showHover(page, hover);
    const text = (await hover.textContent()) ?? "";
    // Each cause once: in VS Code's block for the diagnostic (where it jumps to its cell), not
    // again in the hover's own part below it.
    const cause = "Gross profit holds in fy2024, which points at a typing error in fy2025.";
    assert.equal(text.split(cause).length - 1, 1, text);
    await page.keyboard.press("Escape");

    const title = "Set Gross profit to the sum of its children (40)";
    await chooseQuickFix(page, title, (message) => t.diagnostic(message));
    await waitForFsMarkers(page, manufacturing, (found) => found.length === 0, "no fs problems once Gross profit is the sum of its children");
  });
});
