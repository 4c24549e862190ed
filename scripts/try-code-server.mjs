// Self-check of the real-editor tooling: installs what is missing, starts code-server on a
// throw-away folder, opens a JSON file through Quick Open in headless Chromium and saves a
// screenshot to test-results/try-code-server.png. Run: node scripts/try-code-server.mjs
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { launchChromium, openWorkbench } from "./lib/chromium.mjs";
import { ensureCodeServer, ensureDebianPackages, startCodeServer } from "./lib/code-server.mjs";

const root = new URL("..", import.meta.url).pathname;
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const log = (line) => console.log(`[${elapsed()}] ${line}`);

await ensureDebianPackages({ log });
const executable = await ensureCodeServer({ log });
log(`code-server ready: ${executable}`);

const scratch = mkdtempSync(join(tmpdir(), "fsdoc-try-code-server-"));
const folder = join(scratch, "workspace");
const fileName = "try-me.json";
mkdirSync(folder);
writeFileSync(join(folder, fileName), `${JSON.stringify({ fs: "0.2", entity: { name: "Quick Open check" } }, null, 2)}\n`);

let server;
let browser;
try {
  server = await startCodeServer({ executable, folder, userDataDir: join(scratch, "user-data"), extensionsDir: join(scratch, "extensions") });
  log(`code-server listening at ${server.url}`);
  browser = await launchChromium();
  const page = await openWorkbench(browser, server.url, folder);
  log("workbench rendered and explorer populated");

  await page.keyboard.press("Control+P");
  const input = page.locator(".quick-input-widget .quick-input-box input");
  await input.waitFor({ state: "visible", timeout: 15_000 });
  await input.fill(fileName);
  // Enter before the result list has the file would open nothing.
  await page.locator(".quick-input-list .monaco-list-row", { hasText: fileName }).first().waitFor({ timeout: 15_000 });
  await page.keyboard.press("Enter");
  await page.locator(`.tabs-container .tab[data-resource-name="${fileName}"]`).waitFor({ timeout: 15_000 });
  await page.locator(".monaco-editor .view-lines", { hasText: "Quick Open check" }).waitFor({ timeout: 15_000 });
  log(`editor shows ${fileName}`);

  const screenshot = join(root, "test-results/try-code-server.png");
  mkdirSync(join(root, "test-results"), { recursive: true });
  await page.screenshot({ path: screenshot });
  log(`screenshot: ${screenshot}`);
} finally {
  await browser?.close();
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
  log("stopped");
}
