// Localization is complete and consistent: every string the code passes to l10n.t is in
// l10n/bundle.l10n.json (npm run l10n writes it) and nothing stale is; each translation has exactly
// the bundle's keys with the same placeholders; package.json's %keys% are all in package.nls.json,
// and each package.nls.<language>.json has exactly its keys.

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { extractBundle } from "../../scripts/lib/l10n.mjs";
import { repoRoot } from "../support/paths";

type Bundle = Record<string, string | { message: string; comment: string[] }>;

const readJson = (path: string): Bundle => JSON.parse(readFileSync(join(repoRoot, path), "utf8")) as Bundle;
const text = (value: Bundle[string] | undefined): string => (typeof value === "string" ? value : (value?.message ?? ""));
const placeholders = (message: string): string[] => [...new Set([...message.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!))].sort();
/** Translation files beside `base`: l10n/bundle.l10n.de.json for l10n/bundle.l10n.json. */
const translationsOf = (dir: string, prefix: string): string[] =>
  readdirSync(join(repoRoot, dir))
    .filter((name) => name.startsWith(`${prefix}.`) && name.endsWith(".json") && name !== `${prefix}.json`)
    .map((name) => (dir === "." ? name : `${dir}/${name}`));

function sameKeys(actual: Bundle, expected: Bundle, name: string): void {
  const missing = Object.keys(expected).filter((key) => !Object.hasOwn(actual, key));
  const extra = Object.keys(actual).filter((key) => !Object.hasOwn(expected, key));
  assert.deepEqual({ missing, extra }, { missing: [], extra: [] }, `${name} differs from its source`);
}

test("l10n/bundle.l10n.json holds exactly the strings the code localizes (run `npm run l10n` to update it)", async () => {
  const extracted = await extractBundle(repoRoot);
  assert.ok(Object.keys(extracted).length > 100, "the extraction found the code's strings");
  const bundle = readJson("l10n/bundle.l10n.json");
  sameKeys(bundle, extracted, "l10n/bundle.l10n.json");
  for (const key of Object.keys(extracted)) assert.equal(text(bundle[key]), text(extracted[key]), key);
});

test("each runtime translation has every string, with the same placeholders", () => {
  const bundle = readJson("l10n/bundle.l10n.json");
  const translations = translationsOf("l10n", "bundle.l10n");
  assert.ok(translations.includes("l10n/bundle.l10n.de.json"));
  for (const path of translations) {
    const translation = readJson(path);
    sameKeys(translation, bundle, path);
    for (const key of Object.keys(bundle)) {
      const translated = text(translation[key]);
      assert.notEqual(translated.trim(), "", `${path}: ${key} is empty`);
      assert.deepEqual(placeholders(translated), placeholders(text(bundle[key])), `${path}: placeholders of ${JSON.stringify(key)}`);
    }
  }
});

test("package.json's %keys% are in package.nls.json, and each manifest translation has exactly its keys", () => {
  const manifest = readFileSync(join(repoRoot, "package.json"), "utf8");
  const used = new Set([...manifest.matchAll(/"%([^"%]+)%"/g)].map((match) => match[1]!));
  const nls = readJson("package.nls.json");
  assert.deepEqual(
    [...used].filter((key) => !Object.hasOwn(nls, key)),
    [],
    "keys package.json uses but package.nls.json lacks",
  );
  assert.deepEqual(
    Object.keys(nls).filter((key) => !used.has(key)),
    [],
    "package.nls.json keys nothing uses",
  );
  const translations = translationsOf(".", "package.nls");
  assert.ok(translations.includes("package.nls.de.json"));
  for (const path of translations) {
    const translation = readJson(path);
    sameKeys(translation, nls, path);
    for (const key of Object.keys(nls)) {
      // A walkthrough button's command link must survive translation.
      const links = (message: string): string[] => [...message.matchAll(/\(command:[\w.]+\)/g)].map((match) => match[0]);
      assert.deepEqual(links(text(translation[key])), links(text(nls[key])), `${path}: command links of ${key}`);
    }
  }
});
