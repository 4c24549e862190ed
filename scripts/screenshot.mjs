// Takes docs/images/preview.png: an FS example in the editor with the preview beside it, in a real
// VS Code (code-server, headless Chromium) with the packaged extension installed.
// Run: node scripts/screenshot.mjs [example file in fixtures/examples, default northwind-group.json]
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { launchChromium, openWorkbench } from "./lib/chromium.mjs";
import { ensureCodeServer, ensureDebianPackages, installExtension, startCodeServer } from "./lib/code-server.mjs";
import { packageExtension } from "./lib/package.mjs";
import { previewFrame, quickOpen, runFsEditorCommand, UI_TIMEOUT_MS } from "./lib/workbench.mjs";

const root = new URL("..", import.meta.url).pathname;
const example = process.argv[2] ?? "northwind-group.json";
const output = join(root, "docs/images/preview.png");
const log = (line) => console.log(line);

if (!existsSync(join(root, "fixtures/examples", example))) {
  console.error(`fixtures/examples/${example} does not exist.`);
  process.exit(2);
}

const vsix = await packageExtension({ reuse: true, log });
await ensureDebianPackages({ log });
const executable = await ensureCodeServer({ log });

const scratch = mkdtempSync(join(tmpdir(), "fsdoc-screenshot-"));
// The folder's name is what the window title and Explorer show.
const folder = join(scratch, "examples");
cpSync(join(root, "fixtures/examples"), folder, { recursive: true });
const userDataDir = join(scratch, "user-data");
const extensionsDir = join(scratch, "extensions");
let server;
let browser;
try {
  await installExtension({ executable, vsix, extensionsDir, userDataDir });
  // No minimap or breadcrumbs: the picture is about the document and its preview. Without network
  // the JSON extension cannot fetch the $schema URL and would underline it.
  const settings = { "editor.minimap.enabled": false, "breadcrumbs.enabled": false, "json.schemaDownload.enable": false };
  server = await startCodeServer({ executable, folder, userDataDir, extensionsDir, settings });
  browser = await launchChromium();
  const page = await openWorkbench(browser, server.url, folder, { viewport: { width: 1440, height: 860 } });
  await quickOpen(page, example);
  await page.keyboard.press("Control+B"); // hide the side bar: room for both editors
  await page.locator(".part.sidebar").waitFor({ state: "hidden", timeout: UI_TIMEOUT_MS });
  await runFsEditorCommand(page, "FS: Open Preview to the Side");
  const preview = previewFrame(page);
  await preview.locator("table [data-pointer]").first().waitFor({ timeout: UI_TIMEOUT_MS });
  // Code lenses are drawn once the server has analysed the document; wait for them too. The cursor
  // stays at the top, so the preview shows the document's title and first statement.
  await page.locator(".monaco-editor .codelens-decoration:visible").first().waitFor({ timeout: UI_TIMEOUT_MS });
  mkdirSync(join(root, "docs/images"), { recursive: true });
  await page.screenshot({ path: output });
  log(`screenshot: ${output}`);
} finally {
  await browser?.close();
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
}
