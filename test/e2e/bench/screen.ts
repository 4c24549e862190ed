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

/** Resolves once the active editor shows the document's first lines (VS Code's own part of an open). */
export async function waitForText(page: Page): Promise<void> {
  await page.locator(".editor-group-container.active .monaco-editor .view-lines", { hasText: "$schema" }).first().waitFor({ timeout: STATE_TIMEOUT_MS });
}

/** Resolves once the active editor shows a code lens. */
export async function waitForCodeLens(page: Page): Promise<void> {
  await page.locator(".editor-group-container.active .monaco-editor .codelens-decoration").first().waitFor({ timeout: STATE_TIMEOUT_MS });
}

/** Resolves once the preview shows a statement table. */
export async function waitForPreviewTable(page: Page): Promise<void> {
  await previewFrame(page).locator("table.fs-table").first().waitFor({ timeout: STATE_TIMEOUT_MS });
}

/** The preview cell of `pointer` (drawn only while it is in or near the preview's view). */
export function previewCell(page: Page, pointer: string) {
  return previewFrame(page).locator(`[data-pointer="${pointer.replaceAll('"', '\\"')}"]`);
}

/** Resolves with the cell's text once it satisfies `accept`. */
export async function waitForCellText(page: Page, pointer: string, accept: (text: string) => boolean, what: string): Promise<string> {
  const cell = previewCell(page, pointer);
  const deadline = Date.now() + STATE_TIMEOUT_MS;
  for (;;) {
    const text = await cell
      .first()
      .textContent({ timeout: Math.max(1, deadline - Date.now()) })
      .catch(() => undefined);
    if (text !== undefined && text !== null && accept(text)) return text;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}; the cell ${pointer} reads ${JSON.stringify(text)}`);
    // The next change of the preview's drawn rows (or a frame later, to look again).
    await cell
      .first()
      .evaluate((element) => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())), undefined, { timeout: 5_000 })
      .catch(() => undefined);
  }
}
