import type { FrameLocator, Locator, Page } from "playwright-core";

export declare const UI_TIMEOUT_MS: number;
export declare function tab(page: Page, name: string): Locator;
export declare function activeTab(page: Page, name: string): Locator;
export declare function focusedEditor(page: Page): Locator;
export interface ActionOptions {
  /** Runs just before the Enter that opens the file or runs the command. */
  beforeEnter?: () => void;
  /** quickOpen: how long to wait for the opened editor (default UI_TIMEOUT_MS). */
  openTimeoutMs?: number;
}
export declare function quickOpen(page: Page, name: string, options?: ActionOptions): Promise<void>;
export declare function runCommand(page: Page, title: string, options?: ActionOptions): Promise<void>;
export declare function fsEditorTitleAction(page: Page): Locator;
export declare function runFsEditorCommand(page: Page, title: string, options?: ActionOptions): Promise<void>;
export declare function statusCursor(page: Page, line: number, column: number): Locator;
export declare function chooseContextMenuEntry(page: Page, target: Locator, entry: string): Promise<void>;
export declare function goTo(page: Page, line: number, column: number): Promise<void>;
export declare function showHover(page: Page, hover: Locator): Promise<void>;
export declare function previewFrame(page: Page): FrameLocator;
