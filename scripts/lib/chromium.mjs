// Drives the code-server workbench with Debian's Chromium: `npx playwright install` cannot download
// a browser here, and playwright-core can drive any recent Chromium through executablePath.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";

export const CHROMIUM_PATH = "/usr/bin/chromium";

// --no-sandbox because we run as root, --disable-gpu because there is no GPU; the rest stop
// Chromium from calling home, which has no network to reach here and would only add delays and noise.
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export async function launchChromium({ headless = true, timeoutMs = 30_000 } = {}) {
  // Playwright gives every launch a temporary profile, but Chromium still writes its crash-report
  // folder under the config home ($HOME/.config/chromium) unless CHROME_CONFIG_HOME moves it.
  const configHome = mkdtempSync(join(tmpdir(), "fsdoc-chromium-"));
  const removeConfigHome = () => rmSync(configHome, { recursive: true, force: true });
  try {
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      headless,
      timeout: timeoutMs,
      env: { ...process.env, CHROME_CONFIG_HOME: configHome },
    });
    browser.on("disconnected", removeConfigHome);
    return browser;
  } catch (error) {
    removeConfigHome();
    throw error;
  }
}

/**
 * Opens the workbench for `folder` in a new context (own storage, so tests do not share state)
 * and resolves once the workbench has been laid out, with the page.
 */
export async function openWorkbench(browser, url, folder, { timeoutMs = 60_000, viewport = { width: 1280, height: 800 } } = {}) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(timeoutMs);
  await page.goto(`${url}/?folder=${encodeURIComponent(folder)}`, { timeout: timeoutMs });
  await page.waitForSelector(".monaco-workbench", { timeout: timeoutMs });
  // The workbench is drawn before its connection to the server is up; the explorer lists the
  // folder only once it is, which is the first point at which Quick Open and commands work
  // reliably. An empty folder gives the explorer nothing to list, so there is nothing to wait for.
  if (readdirSync(folder).length > 0) await page.waitForSelector(".explorer-folders-view .monaco-list-row", { timeout: timeoutMs });
  return page;
}
