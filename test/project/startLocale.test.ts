// npm start -- --locale <id> (scripts/start.mjs): a language FS Documents has no translation for, or
// an unknown option, stops at once with a message and exit 2 (before anything is installed); a
// language it has is registered for code-server as its language pack service would register it
// (scripts/lib/languagePack.mjs). The editor in German itself is test/e2e/l10n.test.ts.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { registerLanguagePack } from "../../scripts/lib/languagePack.mjs";
import { repoRoot } from "../support/paths";

const start = (...args: string[]) => spawnSync(process.execPath, [join(repoRoot, "scripts/start.mjs"), ...args], { encoding: "utf8", timeout: 30_000 });

test("npm start refuses a language without a translation, and an unknown option, before any work", () => {
  const unknown = start("--locale", "xx");
  assert.equal(unknown.status, 2, unknown.stderr);
  assert.match(unknown.stderr, /no translation for --locale "xx"; it has: en, de/);
  assert.doesNotMatch(unknown.stdout, /code-server/);
  const option = start("--bogus");
  assert.equal(option.status, 2, option.stderr);
  assert.match(option.stderr, /Usage: npm start \[-- --locale/);
});

test("a registered language pack is named in languagepacks.json as code-server names an installed one, beside the others", () => {
  const dir = mkdtempSync(join(tmpdir(), "fs-start-locale-"));
  try {
    const userDataDir = join(dir, "user-data");
    registerLanguagePack({ parent: dir, userDataDir, languageId: "fr", languageName: "Français", problemsTitle: "Problèmes" });
    registerLanguagePack({ parent: dir, userDataDir, languageId: "de", languageName: "Deutsch", problemsTitle: "Probleme" });
    const packs = JSON.parse(readFileSync(join(userDataDir, "languagepacks.json"), "utf8")) as Record<
      string,
      { hash: string; translations: { vscode: string }; label: string; extensions: unknown[] }
    >;
    assert.deepEqual(Object.keys(packs).sort(), ["de", "fr"]);
    const german = packs.de!;
    assert.match(german.hash, /^[0-9a-f]{32}$/);
    assert.notEqual(german.hash, packs.fr!.hash);
    assert.equal(german.label, "Deutsch");
    assert.equal(german.extensions.length, 1);
    const translations = JSON.parse(readFileSync(german.translations.vscode, "utf8")) as { contents: Record<string, Record<string, string>> };
    assert.deepEqual(Object.values(translations.contents), [{ "markers.panel.title.problems": "Probleme" }]);
    // A broken file is replaced, not a reason to fail.
    writeFileSync(join(userDataDir, "languagepacks.json"), "{ not json");
    registerLanguagePack({ parent: dir, userDataDir, languageId: "de", languageName: "Deutsch", problemsTitle: "Probleme" });
    assert.deepEqual(Object.keys(JSON.parse(readFileSync(join(userDataDir, "languagepacks.json"), "utf8")) as object), ["de"]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
