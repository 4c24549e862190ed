// Runs the API suites (test/e2e/runner-extension/suites.js) under @vscode/test-electron, on a
// machine that can download VS Code (ours cannot: there the suites run in code-server, through
// npm run test:e2e). The extension under test is this repository's build (dist/).
// Run: node scripts/build.mjs && node scripts/test-electron.mjs
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runTests } from "@vscode/test-electron";
import { prepareE2eWorkspace } from "./lib/e2e-workspace.mjs";

const root = new URL("..", import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), "fsdoc-test-electron-"));
try {
  const folder = prepareE2eWorkspace(join(scratch, "workspace"));
  await runTests({
    version: "1.100.3", // the VS Code inside code-server 4.100.3, and the engines.vscode floor
    extensionDevelopmentPath: root,
    extensionTestsPath: join(root, "test/e2e/runner-extension/suites.js"),
    launchArgs: [folder, "--disable-extensions", "--disable-workspace-trust", "--user-data-dir", join(scratch, "user-data")],
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
