// The packaged extension's manifest, read from the .vsix itself (the one the end-to-end tests
// install): the extension activates only for what it serves (no `onStartupFinished`, no `*`), and
// its uninstall hook is packaged with the script it names.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "node:test";
import { strFromU8, unzipSync } from "fflate";
import { repoRoot } from "../support/paths";

interface PackageLib {
  packageExtension(options: { reuse: boolean }): Promise<string>;
}

test("the .vsix activates only for JSON, its commands and its preview, and carries its uninstall hook", { timeout: 5 * 60_000 }, async () => {
  const { packageExtension } = (await import(pathToFileURL(join(repoRoot, "scripts/lib/package.mjs")).href)) as PackageLib;
  const vsix = await packageExtension({ reuse: true });
  const files = unzipSync(readFileSync(vsix), { filter: (file) => file.name.startsWith("extension/") });
  const manifest = JSON.parse(strFromU8(files["extension/package.json"]!)) as { activationEvents: string[]; scripts: Record<string, string> };
  assert.deepEqual(
    manifest.activationEvents.filter((event) => !/^(onLanguage:jsonc?|onWebviewPanel:fs\.preview|onCommand:fs\..+)$/.test(event)),
    [],
  );
  const uninstall = /^node \.\/(\S+)$/.exec(manifest.scripts["vscode:uninstall"] ?? "");
  assert.ok(uninstall !== null, "package.json names a Node uninstall script");
  assert.ok(files[`extension/${uninstall[1]}`] !== undefined, `${uninstall[1]} is packaged`);
});
