// The states the editor benchmark waits for, read from what the workbench shows: the status bar's
// problem counts, the code lenses of the active editor, and a preview cell's text.

import type { Page } from "playwright-core";
import { previewFrame } from "../workbench";

/** Up to this long for any one state; a 20 MB document on a loaded machine is slow, never stuck. */
export const STATE_TIMEOUT_MS = 300_000;

/** The status bar's error and warning counts (the Problems item: "Errors: 0, Warnings: 12"). */
export async function readProblemCounts(page: Page): Promise<{ errors: number; warnings: number }> {
  const label = (await page.locator("#status\\.problems").first().getAttribute("aria-label")) ?? "";
  return parseProblemCounts(label);
}

export function parseProblemCounts(label: string): { errors: number; warnings: number } {
  const count = (word: string) => Number(new RegExp(`${word}: (\\d+)`, "i").exec(label)?.[1] ?? 0);
  return { errors: count("Errors"), warnings: count("Warnings") };
}

/** Resolves once the status bar's warning count satisfies `accept`, checking every frame. */
export async function waitForWarnings(page: Page, accept: { atLeast?: number; exactly?: number }): Promise<void> {
  await page.waitForFunction(
    ({ atLeast, exactly }) => {
      const label = document.querySelector("#status\\.problems")?.getAttribute("aria-label") ?? "";
      const warnings = Number(/Warnings: (\d+)/i.exec(label)?.[1] ?? 0);
      return exactly !== undefined ? warnings === exactly : warnings >= (atLeast ?? 1);
    },
    accept,
    { polling: "raf", timeout: STATE_TIMEOUT_MS },
  );
}

/**
 * The states below are polled in the page at every animation frame (waitForFunction), like the
 * problem counts: a Playwright locator retries at growing intervals (up to 500 ms, and more while a
 * frame of the chain does not exist yet), which measured up to a second after the preview's table
 * was painted.
 */

/** Resolves once the active editor shows the document's first lines (VS Code's own part of an open). */
export async function waitForText(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const lines = document.querySelector(".editor-group-container.active .monaco-editor .view-lines");
      return lines?.textContent?.includes("$schema") === true;
    },
    undefined,
    { polling: "raf", timeout: STATE_TIMEOUT_MS },
  );
}

/** Resolves once the active editor shows a code lens. */
export async function waitForCodeLens(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector(".editor-group-container.active .monaco-editor .codelens-decoration") !== null, undefined, {
    polling: "raf",
    timeout: STATE_TIMEOUT_MS,
  });
}

/**
 * Resolves once the active editor's line showing `lineText` has a warning squiggle (VS Code draws a
 * line's decorations in the view overlay of the same index as the line in its view lines).
 */
export async function waitForLineWarning(page: Page, lineText: string): Promise<void> {
  await page.waitForFunction(
    (wanted) => {
      const editor = document.querySelector(".editor-group-container.active .monaco-editor");
      const lines = [...(editor?.querySelectorAll(".view-lines > .view-line") ?? [])];
      const index = lines.findIndex((line) => line.textContent?.includes(wanted) === true);
      return index !== -1 && editor?.querySelectorAll(".view-overlays > div")[index]?.querySelector(".squiggly-warning") != null;
    },
    lineText,
    { polling: "raf", timeout: STATE_TIMEOUT_MS },
  );
}

/**
 * What the active editor shows on the line showing `lineText`: its squiggles' kinds (error,
 * warning, info, hint; undefined when no such line is drawn), and the status bar's problem counts.
 */
export async function lineSquiggles(page: Page, lineText: string): Promise<{ squiggles: string[] | undefined; problems: string }> {
  return page.evaluate((wanted) => {
    const editor = document.querySelector(".editor-group-container.active .monaco-editor");
    const lines = [...(editor?.querySelectorAll(".view-lines > .view-line") ?? [])];
    const index = lines.findIndex((line) => line.textContent?.includes(wanted) === true);
    const overlay = index === -1 ? undefined : editor?.querySelectorAll(".view-overlays > div")[index];
    const squiggles =
      overlay === undefined
        ? undefined
        : [...overlay.querySelectorAll("[class*='squiggly-']")].map((element) => /squiggly-(\w+)/.exec(element.className)?.[1] ?? element.className);
    return { squiggles, problems: document.querySelector("#status\\.problems")?.getAttribute("aria-label") ?? "" };
  }, lineText);
}

/**
 * Resolves once FS Documents shows its editor-title button for the active editor: the extension
 * has activated and recognised the document (the button's `when` is its context key).
 */
export async function waitForFsTitleButton(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.querySelector('.editor-group-container.active .editor-actions .action-label[aria-label*="Open Preview to the Side"]') !== null,
    undefined,
    { polling: "raf", timeout: STATE_TIMEOUT_MS },
  );
}

/** What to wait for in the preview: a statement table, or the text of the cell of `pointer`. */
type PreviewState = { table: true } | { pointer: string; equals?: string; notEquals?: string; value?: string; includes?: string };

/**
 * Polls the preview's page from the workbench page: code-server serves webviews from its own
 * origin, so the webview's frames (iframe.webview → #active-frame) are readable from there.
 * Resolves with the cell's text (or "" for a table).
 */
async function waitInPreview(page: Page, state: PreviewState): Promise<string> {
  const handle = await page.waitForFunction(
    (wanted) => {
      let preview: Document | undefined;
      for (const outer of document.querySelectorAll<HTMLIFrameElement>("iframe.webview.ready")) {
        // A cross-origin webview (not code-server's) cannot be read from here: say so instead of waiting.
        if (outer.contentDocument === null) return { error: "the preview's frame is not readable from the workbench page (cross-origin)" };
        const inner = outer.contentDocument.querySelector<HTMLIFrameElement>("#active-frame")?.contentDocument;
        if (inner?.getElementById("fs-preview-content") != null) preview = inner;
      }
      if (preview === undefined) return false;
      if ("table" in wanted) return preview.querySelector("table.fs-table") === null ? false : { text: "" };
      const cell = preview.querySelector(`[data-pointer="${CSS.escape(wanted.pointer)}"]`);
      const text = cell?.textContent;
      if (text === undefined || text === null) return false;
      if (wanted.equals !== undefined && text !== wanted.equals) return false;
      if (wanted.notEquals !== undefined && text === wanted.notEquals) return false;
      if (wanted.includes !== undefined && !text.includes(wanted.includes)) return false;
      if (wanted.value !== undefined && cell?.getAttribute("data-value") !== wanted.value) return false;
      return { text };
    },
    state,
    { polling: "raf", timeout: STATE_TIMEOUT_MS },
  );
  const found = (await handle.jsonValue()) as { text: string } | { error: string };
  if ("error" in found) throw new Error(found.error);
  return found.text;
}

/** Resolves once the preview shows a statement table. */
export async function waitForPreviewTable(page: Page): Promise<void> {
  await waitInPreview(page, { table: true });
}

/** The preview cell of `pointer` (drawn only while it is in or near the preview's view). */
export function previewCell(page: Page, pointer: string) {
  return previewFrame(page).locator(`[data-pointer="${pointer.replaceAll('"', '\\"')}"]`);
}

/**
 * Resolves with the text of the preview cell of `pointer` once it is drawn and, when given, equals
 * `equals` or differs from `notEquals`.
 */
export async function waitForCellText(page: Page, pointer: string, text: { equals?: string; notEquals?: string } = {}): Promise<string> {
  return waitInPreview(page, { pointer, ...text });
}

/** Resolves once the preview's element of `pointer` (a cell, or an item's row) is drawn and its text includes `text`. */
export async function waitForPreviewText(page: Page, pointer: string, text: string): Promise<void> {
  await waitInPreview(page, { pointer, includes: text });
}

/** Resolves once the preview cell of `pointer` is drawn with the stored value `value` (its data-value, exact). */
export async function waitForCellValue(page: Page, pointer: string, value: string): Promise<void> {
  await waitInPreview(page, { pointer, value });
}

/**
 * Resolves once a webview's page shows `text` (VS Code's own Markdown preview, the benchmark's
 * control), read like the preview's: through the same-origin frames.
 */
export async function waitForWebviewText(page: Page, text: string): Promise<void> {
  await page.waitForFunction(
    (wanted) => {
      for (const outer of document.querySelectorAll<HTMLIFrameElement>("iframe.webview.ready")) {
        const inner = outer.contentDocument?.querySelector<HTMLIFrameElement>("#active-frame")?.contentDocument;
        if (inner?.body?.innerText.includes(wanted) === true) return true;
      }
      return false;
    },
    text,
    { polling: "raf", timeout: STATE_TIMEOUT_MS },
  );
}
