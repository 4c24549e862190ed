// The json.schemas entries that register the FS schema URLs for VS Code's JSON (client/src/json/):
// added once, removed when not wanted, and the user's own entries never touched.

import assert from "node:assert/strict";
import { test } from "node:test";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "jsonc-parser";
import { SETTINGS_NOTE_FILE } from "../../client/src/json/schemaNote";
import { EDITOR_SCHEMA_COMMENT, FS_SCHEMA_URLS, isFsSchemaLoadFailure, settingsTextWithoutOurEntries, updatedSchemaSettings } from "../../client/src/json/schemaSettings";
import { repoRoot } from "../support/paths";

const ours = FS_SCHEMA_URLS.map((url) => ({ url, schema: { $comment: EDITOR_SCHEMA_COMMENT } }));
const users = { fileMatch: ["/tsconfig.json"], url: "https://json.schemastore.org/tsconfig" };

test("the published 0.2 URL is among those registered", () => {
  assert.ok(FS_SCHEMA_URLS.includes("https://cpaikr.github.io/fs/schema/0.2/fs-document.schema.json"));
});

test("wanted: our entries are added after the user's, once; a second run changes nothing", () => {
  const next = updatedSchemaSettings([users], true);
  assert.deepEqual(next, [users, ...ours]);
  assert.equal(updatedSchemaSettings(next!, true), undefined);
});

test("not wanted: only our entries are removed", () => {
  assert.deepEqual(updatedSchemaSettings([users, ...ours], false), [users]);
  assert.equal(updatedSchemaSettings([users], false), undefined);
  assert.equal(updatedSchemaSettings([], false), undefined);
});

test("an entry the user wrote for an FS URL is kept, and ours is not added beside it", () => {
  const mine = { url: FS_SCHEMA_URLS[0], fileMatch: ["*.fs.json"] };
  assert.deepEqual(updatedSchemaSettings([mine], true), [mine, ...ours.slice(1)]);
  assert.deepEqual(updatedSchemaSettings([mine, ...ours.slice(1)], false), [mine]);
});

test("an entry like ours but changed by the user is theirs", () => {
  const edited = { url: FS_SCHEMA_URLS[0], schema: { $comment: EDITOR_SCHEMA_COMMENT, type: "object" } };
  assert.deepEqual(updatedSchemaSettings([edited], false), undefined);
});

test("junk in the setting is kept as it is", () => {
  const junk = [null, 3, "text", { url: 5 }];
  assert.deepEqual(updatedSchemaSettings(junk, true), [...junk, ...ours]);
});

/** A user settings file as VS Code writes it, with the user's comment and entries around ours. */
function settingsText(entries: unknown[]): string {
  const schemas = JSON.stringify(entries, null, 4).replace(/\n/g, "\n    ");
  return `{\n    // my own comment\n    "editor.fontSize": 15,\n    "json.schemas": ${schemas},\n    "files.autoSave": "off", // kept\n}\n`;
}

test("the settings text loses only our entries, the user's text and comments stay", () => {
  const next = settingsTextWithoutOurEntries(settingsText([users, ...ours]));
  assert.ok(next !== undefined);
  assert.match(next, /\/\/ my own comment/);
  assert.match(next, /"files\.autoSave": "off", \/\/ kept/);
  assert.doesNotMatch(next, new RegExp(EDITOR_SCHEMA_COMMENT.slice(0, 30)));
  const parsed = parse(next, [], { allowTrailingComma: true }) as Record<string, unknown>;
  assert.deepEqual(parsed["json.schemas"], [users]);
  assert.equal(parsed["editor.fontSize"], 15);
});

test("the settings text without any entry but ours loses the json.schemas key, as before we wrote it", () => {
  const next = settingsTextWithoutOurEntries(settingsText(ours));
  assert.ok(next !== undefined);
  assert.doesNotMatch(next, /json\.schemas/);
  assert.match(next, /"editor\.fontSize": 15/);
});

test("settings without our entries, or unreadable ones, are not rewritten", () => {
  assert.equal(settingsTextWithoutOurEntries(settingsText([users])), undefined);
  assert.equal(settingsTextWithoutOurEntries("{}"), undefined);
  assert.equal(settingsTextWithoutOurEntries('{"json.schemas": [ {"url": '), undefined);
  assert.equal(settingsTextWithoutOurEntries("[1, 2]"), undefined);
});

test("VS Code's JSON failing to load an FS schema URL is recognised, in any language; other schemas are not", () => {
  const url = FS_SCHEMA_URLS[0]!;
  assert.ok(isFsSchemaLoadFailure({ code: 768, message: `Unable to load schema from '${url}': getaddrinfo ENOTFOUND.` }));
  assert.ok(isFsSchemaLoadFailure({ code: { value: 768, target: {} }, message: `Schema konnte nicht von '${url}' geladen werden.` }));
  assert.ok(!isFsSchemaLoadFailure({ code: 768, message: "Unable to load schema from 'https://json.schemastore.org/tsconfig'." }));
  assert.ok(!isFsSchemaLoadFailure({ code: 513, message: `Unable to load schema from '${url}'.` }));
});

test("the uninstall hook (dist/uninstall.js) cleans each noted settings file and nothing else", () => {
  const dir = mkdtempSync(join(tmpdir(), "fs-uninstall-"));
  try {
    const extension = join(dir, "extension");
    const dist = join(extension, "dist");
    execFileSync("mkdir", ["-p", dist]);
    writeFileSync(join(dist, "uninstall.js"), readFileSync(join(repoRoot, "dist/uninstall.js")));
    const noted = join(dir, "settings.json");
    const other = join(dir, "other-settings.json");
    writeFileSync(noted, settingsText([users, ...ours]));
    writeFileSync(other, settingsText([users, ...ours]));
    writeFileSync(join(extension, SETTINGS_NOTE_FILE), JSON.stringify([noted, join(dir, "gone.json")]));
    // As VS Code runs it: `node <extension>/dist/uninstall.js --type=extension-post-uninstall`, from elsewhere.
    execFileSync(process.execPath, [join(dist, "uninstall.js"), "--type=extension-post-uninstall"], { cwd: tmpdir() });
    assert.equal(readFileSync(noted, "utf8"), settingsTextWithoutOurEntries(settingsText([users, ...ours])));
    assert.equal(readFileSync(other, "utf8"), settingsText([users, ...ours]), "a file not noted is not touched");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
