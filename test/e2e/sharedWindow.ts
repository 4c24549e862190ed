// A code-server window shared by the tests of one describe block, and what each of its tests needs
// around its body: skipped (not failed) when the window could not start where that is allowed (see
// setUpEditor), and a screenshot of the workbench, named after the test, when it fails.

import { after, before, it, type TestContext } from "node:test";
import { screenshot, type Editor, type Setup } from "./harness";

export interface SharedWindow {
  /** The window once the block's `before` has started it; undefined before that, or when it did not start. */
  readonly editor: Editor | undefined;
  /** A test in the window. */
  test(name: string, body: (editor: Editor, t: TestContext) => Promise<void>): void;
}

export interface SharedWindowOptions {
  setupTimeoutMs: number;
  testTimeoutMs: number;
  /** Before a failed test's name in its screenshot's file name (files of several test files share one folder). */
  screenshotPrefix?: string;
  /** Runs after the window has stopped (e.g. to report timings). */
  afterStop?: () => void;
}

/** Call inside a `describe`: `start` brings the window up before the block's tests, and it is stopped after them. */
export function sharedWindow(start: () => Promise<Setup>, options: SharedWindowOptions): SharedWindow {
  let editor: Editor | undefined;
  let skipReason: string | undefined;
  before(
    async () => {
      const setup = await start();
      if ("skip" in setup) skipReason = setup.skip;
      else editor = setup.editor;
    },
    { timeout: options.setupTimeoutMs },
  );
  after(async () => {
    await editor?.stop();
    options.afterStop?.();
  });
  return {
    get editor() {
      return editor;
    },
    test(name, body) {
      it(name, { timeout: options.testTimeoutMs }, async (t) => {
        if (editor === undefined) {
          t.skip(skipReason ?? "the editor did not start");
          return;
        }
        try {
          await body(editor, t);
        } catch (error) {
          const path = await screenshot(editor.page, `${options.screenshotPrefix ?? ""}${name}`);
          if (path !== undefined) t.diagnostic(`screenshot: ${path}`);
          throw error;
        }
      });
    },
  };
}
