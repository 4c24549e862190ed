// What a user does in the VS Code workbench, as Playwright actions on code-server's page: shared by
// the end-to-end tests (test/e2e/) and scripts/screenshot.mjs. Every wait is on a selector, with a
// timeout. Types: workbench.d.mts.

export const UI_TIMEOUT_MS = 30_000;

const quickInput = (page) => page.locator(".quick-input-widget .quick-input-box input");

export function tab(page, name) {
  return page.locator(`.tabs-container .tab[data-resource-name="${name}"]`);
}

export function activeTab(page, name) {
  return page.locator(`.tabs-container .tab.active[data-resource-name="${name}"]`);
}

export function focusedEditor(page) {
  return page.locator(".editor-group-container.active .monaco-editor.focused");
}

/**
 * Opens a workspace file through Quick Open and resolves once its editor has the focus.
 * `beforeEnter` runs when the file is chosen, just before Enter opens it (a benchmark starts its clock there);
 * `openTimeoutMs` bounds the wait for the opened editor (a multi-megabyte file takes longer to load).
 */
export async function quickOpen(page, name, { beforeEnter, openTimeoutMs = UI_TIMEOUT_MS } = {}) {
  // Until the list is filtered its first row is the most recent editor: Enter would reopen that.
  await chooseInQuickInput(page, "Control+P", name, name);
  beforeEnter?.();
  await page.keyboard.press("Enter");
  await activeTab(page, name).waitFor({ timeout: openTimeoutMs });
  // The tab is drawn before the editor takes the focus; keys sent earlier would be lost.
  try {
    await focusedEditor(page).waitFor({ timeout: openTimeoutMs });
  } catch (error) {
    throw new Error(`${name} was chosen in Quick Open but no editor took the focus; ${await describeFocus(page)}`, { cause: error });
  }
}

/** Where the focus is and what the workbench shows around it, for a failure message. */
async function describeFocus(page) {
  return page
    .evaluate(() => {
      const describe = (element) => (element === null ? "nothing" : `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""} class="${element.className}">`);
      let focused = document.activeElement;
      const chain = [describe(focused)];
      while (focused instanceof HTMLIFrameElement) {
        try {
          focused = focused.contentDocument?.activeElement ?? null;
        } catch {
          break;
        }
        chain.push(describe(focused));
      }
      const groups = [...document.querySelectorAll(".editor-group-container")].map(
        (group) =>
          `${group.classList.contains("active") ? "active " : ""}group [${[...group.querySelectorAll(".tab")].map((tab) => `${tab.getAttribute("data-resource-name") ?? tab.textContent}${tab.classList.contains("active") ? "*" : ""}`).join(", ")}]`,
      );
      const quickOpenShown = document.querySelector(".quick-input-widget")?.checkVisibility?.() ?? false;
      return `focus: ${chain.join(" → ")}; ${groups.join("; ")}; quick input ${quickOpenShown ? "shown" : "hidden"}; document has focus: ${document.hasFocus()}`;
    })
    .catch((error) => `(focus unknown: ${error instanceof Error ? error.message : String(error)})`);
}

/** Runs a command from the palette by its full title ("FS: Open Preview to the Side"); `beforeEnter` as for quickOpen. */
export async function runCommand(page, title, { beforeEnter } = {}) {
  await chooseInQuickInput(page, "F1", `>${title}`, title);
  beforeEnter?.();
  await page.keyboard.press("Enter");
  await paletteClosed(page);
}

/**
 * Opens the quick input with `key` (Quick Open, the command palette), types `text` and resolves once
 * the row holding `rowText` is the focused one, ready for Enter.
 *
 * The quick input closes when the focus leaves it, and a webview that takes the focus just then
 * (a preview just opened or following an edit, the walkthrough's page after its button's command)
 * closes it before it is typed into, or after, with the typed list still in the page but hidden.
 * Either way the whole step is done again. That page may also give the quick input back by the time
 * a wait has timed out, so a quick input shown then is no proof of another failure: try again too.
 * The key itself can be lost while the focus moves (a clean-clone CI run waited 30 s for a palette
 * that never opened after the walkthrough's button): it is pressed again too.
 */
async function chooseInQuickInput(page, key, text, rowText) {
  const input = quickInput(page);
  const row = page.locator(".quick-input-list .monaco-list-row.focused", { hasText: rowText });
  for (let attempt = 1; ; attempt++) {
    try {
      await page.keyboard.press(key);
      await input.waitFor({ state: "visible", timeout: UI_TIMEOUT_MS / 3 });
      await input.fill(text, { timeout: UI_TIMEOUT_MS / 3 });
      await row.waitFor({ state: "visible", timeout: UI_TIMEOUT_MS / 3 });
      return;
    } catch (error) {
      if (attempt === 3)
        throw new Error(`"${rowText}" was never the chosen row of the quick input opened by ${key}; ${await describeQuickInput(page)}; ${await describeFocus(page)}`, {
          cause: error,
        });
    }
  }
}

/** What the quick input holds: its text and the rows it lists (the focused one starred), for a failure message. */
async function describeQuickInput(page) {
  return page
    .evaluate(() => {
      const box = document.querySelector(".quick-input-widget .quick-input-box input");
      const rows = [...document.querySelectorAll(".quick-input-list .monaco-list-row")]
        .slice(0, 8)
        .map((row) => `${row.classList.contains("focused") ? "*" : ""}${row.getAttribute("aria-label") ?? row.textContent}`);
      return `its box holds ${box instanceof HTMLInputElement ? JSON.stringify(box.value) : "nothing"}, its rows: [${rows.join(" | ")}]`;
    })
    .catch((error) => `(quick input unknown: ${error instanceof Error ? error.message : String(error)})`);
}

/**
 * Resolves once the command palette has closed: the quick input is hidden, or it shows the
 * command's own question instead (FS: New Document, a folder dialog), whose box no longer holds the
 * palette's ">" text. Waiting for "hidden" alone misses a question that replaces the palette
 * between two polls, and then waits for the question to be answered (it failed so in CI).
 */
async function paletteClosed(page) {
  await page.waitForFunction(
    () => {
      const box = document.querySelector(".quick-input-widget .quick-input-box input");
      return !(box instanceof HTMLInputElement) || !box.checkVisibility() || !box.value.startsWith(">");
    },
    undefined,
    { timeout: UI_TIMEOUT_MS, polling: "raf" },
  );
}

/**
 * The editor-title "Open Preview to the Side" button of the active editor group. The extension
 * contributes it `when: fs.activeEditorIsFsDocument`, so its presence is the one observable, in
 * the page, of that context key: the key the palette entries of the FS editor commands depend on.
 */
export function fsEditorTitleAction(page) {
  return page.locator('.editor-group-container.active .editor-actions .action-label[aria-label*="Open Preview to the Side"]').first();
}

/**
 * Runs an FS command that needs an FS document in the active editor ("FS: Open Preview to the
 * Side", "FS: Record Validation Snapshot", …). The extension sets `fs.activeEditorIsFsDocument`
 * asynchronously after the editor becomes active; until it has, the palette does not list these
 * commands. So this first waits for that state, then runs the command from the palette.
 */
export async function runFsEditorCommand(page, title, options = {}) {
  await fsEditorTitleAction(page).waitFor({ state: "visible", timeout: UI_TIMEOUT_MS });
  await runCommand(page, title, options);
}

/** The status bar's "Ln x, Col y" item showing exactly this position. */
export function statusCursor(page, line, column) {
  return page.locator("#status\\.editor\\.selection", { hasText: new RegExp(`^\\s*Ln ${line}, Col ${column}\\b`) });
}

/** Go to Line: puts the cursor at a 1-based line and column of the focused editor. */
export async function goTo(page, line, column) {
  await page.keyboard.press("Control+G");
  const input = quickInput(page);
  await input.waitFor({ state: "visible", timeout: UI_TIMEOUT_MS });
  // Go to Line is Quick Open with the ":" prefix; filling replaces the prefix too.
  await input.fill(`:${line}:${column}`);
  await page.keyboard.press("Enter");
  await input.waitFor({ state: "hidden", timeout: UI_TIMEOUT_MS });
  await statusCursor(page, line, column).waitFor({ timeout: UI_TIMEOUT_MS });
}

/**
 * Shows the hover at the cursor (Show Hover, Ctrl+K Ctrl+I) and waits for `hover`, a locator of the
 * expected hover. The chord can be dropped while the editor is still settling: it is typed again
 * until the hover is there, each try waiting for that state.
 */
export async function showHover(page, hover) {
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press("Control+K");
    await page.keyboard.press("Control+I");
    try {
      await hover.waitFor({ state: "visible", timeout: attempt < 4 ? 8_000 : UI_TIMEOUT_MS });
      return;
    } catch (error) {
      if (attempt >= 4) throw error;
      await page.keyboard.press("Escape");
    }
  }
}

/**
 * Right-clicks `target` and chooses the context-menu entry `entry` with the keyboard. A menu entry
 * listens for the mouse only 100 ms after it is made (VS Code's menu guards against the right
 * click's own mouseup), so a click that comes sooner, as on a loaded machine, only highlights it.
 * Hovering the entry focuses it, and Enter on the focused entry runs it whenever it comes.
 */
export async function chooseContextMenuEntry(page, target, entry) {
  await target.click({ button: "right" });
  const item = page.getByRole("menuitem", { name: entry }).first();
  await item.waitFor({ state: "visible", timeout: UI_TIMEOUT_MS });
  const focused = page.locator(".monaco-menu .action-item.focused", { has: item });
  for (let attempt = 1; (await focused.count()) === 0; attempt++) {
    await item.hover();
    try {
      await focused.waitFor({ state: "visible", timeout: attempt < 3 ? 3_000 : UI_TIMEOUT_MS });
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
  await page.keyboard.press("Enter");
}

/** The page inside the preview's webview. */
export function previewFrame(page) {
  return page.frameLocator("iframe.webview.ready").frameLocator("#active-frame");
}
