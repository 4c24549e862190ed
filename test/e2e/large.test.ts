// A generated 5 MB FS document in a real VS Code (code-server in headless Chromium): its problems
// appear, the preview draws only the rows in view, code lenses appear where the editor goes, an edit of one value reaches the preview as a
// patch (never a whole model), and a click on a preview cell reveals its line in the source.

import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe } from "node:test";
import { setUpEditor, type Editor } from "./harness";
import { sharedWindow } from "./sharedWindow";
import { goTo, previewFrame, quickOpen, runCommand, runFsEditorCommand, waitForCursorLine } from "./workbench";
import { generateDocument } from "./bench/document";
import { chooseEditTarget, type EditTarget } from "./bench/editTarget";
import { previewCell, readProblemCounts, STATE_TIMEOUT_MS, waitForCellText, waitForPreviewTable, waitForWarnings } from "./bench/screen";

const SETUP_TIMEOUT_MS = 15 * 60_000; // a first run installs code-server and its Debian packages
const TEST_TIMEOUT_MS = 8 * 60_000; // a 5 MB document on a machine shared with other test runs
const FILE = "statements-5mb.json";
/** A small document, whose model is ready long before a new preview's page has loaded. */
const SMALL_FILE = "statements-small.json";

let target: EditTarget;
let items = 0;
let documentText = "";
let smallTarget: EditTarget;

/** How many whole models and patches the preview page has applied (webview/src/main.ts). */
async function applied(page: Editor["page"]): Promise<{ models: number; patches: number }> {
  const body = previewFrame(page).locator("body");
  return { models: Number((await body.getAttribute("data-models")) ?? 0), patches: Number((await body.getAttribute("data-patches")) ?? 0) };
}

describe("a 5 MB FS document in VS Code (code-server)", { timeout: SETUP_TIMEOUT_MS + TEST_TIMEOUT_MS }, () => {
  const editorWindow = sharedWindow(
    async () => {
      const generated = await generateDocument(5);
      documentText = generated.text;
      const { stats } = generated;
      target = chooseEditTarget(documentText);
      items = stats.items ?? 0;
      const small = (await generateDocument(0.05)).text;
      smallTarget = chooseEditTarget(small);
      const setup = await setUpEditor(
        // The generated document names the FS schema URL; without the mapping (off until the user
        // accepts the prompt) VS Code's JSON adds its own "Unable to load schema" warning to the count.
        { "fs.json.mapSchemaUrls": true },
        {
          addFiles: (folder) => {
            writeFileSync(join(folder, FILE), documentText);
            writeFileSync(join(folder, SMALL_FILE), small);
          },
        },
      );
      return setup;
    },
    { setupTimeoutMs: SETUP_TIMEOUT_MS, testTimeoutMs: TEST_TIMEOUT_MS },
  );

  editorWindow.test("open, problems, preview of the rows in view, an edit patched into the preview, click-to-source", async ({ page }) => {
    // A wide window gives the side preview room for every period column: no sideways scroll, so
    // the sticky label column never covers the cell that is clicked.
    await page.setViewportSize({ width: 2560, height: 1000 });
    try {
      await quickOpen(page, FILE, { openTimeoutMs: STATE_TIMEOUT_MS });
      // The generated document has inconsistent subtotals: their warnings are the first diagnostics.
      await waitForWarnings(page, { atLeast: 1 });
      const base = (await readProblemCounts(page)).warnings;

      await runFsEditorCommand(page, "FS: Open Preview to the Side");
      await waitForPreviewTable(page);
      const preview = previewFrame(page);
      const drawn = await preview.locator("tr.fs-row").count();
      assert.ok(items > 10_000, `the generated document has only ${items} items`);
      assert.ok(drawn > 0 && drawn < 500, `${drawn} item rows are in the preview's DOM for ${items} items: only the rows in view (plus a margin) may be`);
      // The whole model reached the page as the bytes of its wire form (a Uint8Array, which the page
      // requires): VS Code carried it without serializing millions of objects, and it is compact.
      const modelBytes = Number((await preview.locator("body").getAttribute("data-model-bytes")) ?? 0);
      assert.ok(modelBytes > 0 && modelBytes < documentText.length * 0.75, `the model's wire form is ${modelBytes} bytes for a ${documentText.length}-character document`);
      const rowCount = Number(await preview.locator("table.fs-table").first().getAttribute("aria-rowcount"));
      const tableRows = await preview.locator("table.fs-table").first().locator("tr.fs-row").count();
      assert.ok(rowCount > tableRows, `aria-rowcount ${rowCount} should count the rows that are not drawn (${tableRows} drawn)`);

      // Code lenses near the view: with over 500 subtotals the editor is given only the lenses near
      // the lines it shows (fs/codeLenses), so one far down the document appears only if moving
      // there asked for that part's lenses.
      await quickOpen(page, FILE, { openTimeoutMs: STATE_TIMEOUT_MS });
      await goTo(page, target.parentLine, 1);
      await page.locator(".monaco-editor .codelens-decoration", { hasText: /[✓✗]/ }).first().waitFor({ timeout: STATE_TIMEOUT_MS });

      // Edit one value: the cursor on it scrolls the preview to its cell; a "9" typed before its
      // first digit breaks its subtotal (one more warning) and reaches the preview as a patch.
      await quickOpen(page, FILE, { openTimeoutMs: STATE_TIMEOUT_MS });
      await goTo(page, target.line, target.column);
      const before = await waitForCellText(page, target.pointer);
      const start = await applied(page);
      assert.ok(start.models >= 1, `the preview applied ${start.models} models`);
      await page.keyboard.type("9");
      const after = await waitForCellText(page, target.pointer, { notEquals: before });
      assert.ok(after.replace(/\D/g, "").includes(`9${before.replace(/\D/g, "")}`.slice(0, 4)), `the cell shows ${after} after typing 9 before ${before}`);
      await waitForWarnings(page, { exactly: base + 1 });
      const end = await applied(page);
      assert.equal(end.models, start.models, "the edit sent a whole model to the preview");
      // Renders are sequential, so once the patch is applied every earlier model was too: the whole
      // model was sent once (posted while the page loaded), not again when the page said "ready".
      assert.equal(end.models, 1, `the preview was sent ${end.models} whole models for one open and one edit`);
      assert.ok(end.patches > start.patches, "the edit reached the preview without a patch");

      // Click-to-source: the cursor moves off the value (to the next line, so the preview stays on
      // this row), then a click on the cell brings it back to the value's line.
      await goTo(page, target.line + 1, 1);
      // The sticky header row can cover a cell at the top edge: bring it to the middle first.
      const cell = previewCell(page, target.pointer).first();
      await cell.evaluate((element) => element.scrollIntoView({ block: "center", inline: "center" }));
      const box = await cell.boundingBox();
      await cell.click({ position: { x: Math.max(1, (box?.width ?? 10) - 4), y: (box?.height ?? 10) / 2 } });
      // The focus stays in the preview; the source editor's cursor line follows.
      await waitForCursorLine(page, target.line);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  editorWindow.test("a new preview is sent its whole model once, though the model is posted while the page still loads", async ({ page }) => {
    // The test before ended with a click in the preview's grid, which keeps the focus there (issue
    // 27): Quick Open from the preview's group would not focus the document's editor in the first.
    await runCommand(page, "View: Focus First Editor Group");
    // The test before left its edit in the 5 MB document: revert it, so closing asks nothing.
    await quickOpen(page, FILE, { openTimeoutMs: STATE_TIMEOUT_MS });
    await runCommand(page, "File: Revert File");
    await runCommand(page, "View: Close All Editors");
    await waitForWarnings(page, { exactly: 0 });
    await quickOpen(page, SMALL_FILE);
    await runFsEditorCommand(page, "FS: Open Preview to the Side");
    await waitForPreviewTable(page);
    await quickOpen(page, SMALL_FILE); // the focus back in the editor, to type
    await goTo(page, smallTarget.line, smallTarget.column);
    const before = await waitForCellText(page, smallTarget.pointer);
    await page.keyboard.type("9");
    await waitForCellText(page, smallTarget.pointer, { notEquals: before });
    // The page said "ready" after the model was posted to it: answering that with a render again
    // would have sent a second whole model before the edit's patch.
    const { models, patches } = await applied(page);
    assert.equal(models, 1, `the new preview was sent ${models} whole models for one open and one edit`);
    assert.ok(patches >= 1, "the edit reached the preview without a patch");
    await page.keyboard.press("Control+Z");
    await waitForCellText(page, smallTarget.pointer, { equals: before });
  });
});
