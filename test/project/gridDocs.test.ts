// The README and the walkthrough show editing in the table (issue 27), and say it as the grid does
// it: the keys that start, commit and cancel an edit, the paste, and the keyword that marks a value
// unavailable in English and in German (the l10n bundles' own words, so a changed keyword fails here).

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { repoRoot } from "../support/paths";

const read = (path: string): string => readFileSync(join(repoRoot, path), "utf8");
/** Text with its line breaks and indents as single spaces (the files are wrapped). */
const flat = (text: string): string => text.replace(/\s+/g, " ");
const json = <T>(path: string): T => JSON.parse(read(path)) as T;
const german = json<Record<string, string>>("l10n/bundle.l10n.de.json");

/** The README's "Edit in the table" item, up to the next item. */
function readmeItem(): string {
  const readme = read("README.md");
  const start = readme.indexOf("- **Edit in the table**");
  assert.ok(start >= 0, "the README has an 'Edit in the table' item");
  const end = readme.indexOf("\n- **", start + 1);
  return flat(readme.slice(start, end < 0 ? undefined : end));
}

/** The walkthrough step that opens the preview, in the manifest translation `nls`: its description and its page. */
function walkthroughStep(nls: string): { description: string; page: string } {
  const manifest = json<{ contributes: { walkthroughs: { steps: { id: string; description: string; media: { markdown?: string } }[] }[] } }>("package.json");
  const step = manifest.contributes.walkthroughs.flatMap((walkthrough) => walkthrough.steps).find((candidate) => candidate.id === "openPreview");
  assert.ok(step?.media.markdown !== undefined, "the walkthrough has the preview step, with a page");
  // VS Code replaces a %key% anywhere in the manifest, the page's path too (each language its page).
  const translated = (value: string): string => json<Record<string, string>>(nls)[value.replace(/^%|%$/g, "")] ?? value;
  return { description: translated(step.description), page: flat(read(translated(step.media.markdown))) };
}

test("the README's 'Edit in the table' names the keys, the paste, the unavailable keyword in both languages and the read-only cases", () => {
  const item = readmeItem();
  for (const words of [
    "Enter",
    "F2",
    "double-click",
    "Tab",
    "Escape",
    "Ctrl+Z",
    "Ctrl+Y",
    "Ctrl+Shift+C",
    "Paste a block",
    "Set to the children's sum",
    "left side of a Git diff",
  ]) {
    assert.ok(item.includes(words), `the README's item names ${words}`);
  }
  assert.ok(item.includes("`n/a`"), "the English keyword");
  assert.ok(german["n/a"] !== undefined && item.includes(`\`${german["n/a"]}\``), `the German keyword as the bundle has it (${german["n/a"]})`);
});

test("the walkthrough's preview step shows editing in the table, with the keys and the keyword the grid takes", () => {
  const { description, page } = walkthroughStep("package.nls.json");
  assert.match(description, /type into/i, "the step says the tables take typing");
  assert.match(page, /\*\*Edit in the table\.\*\*/);
  for (const words of ["Enter", "F2", "Escape", "Ctrl+Z", "Paste", "`n/a`"]) assert.ok(page.includes(words), `the walkthrough page names ${words}`);
  const de = walkthroughStep("package.nls.de.json");
  assert.match(de.page, /\*\*In der Tabelle bearbeiten\.\*\*/);
  for (const words of ["Eingabe", "F2", "Escape", "Strg+Z", "Fügen Sie", `\`${german["n/a"]}\``]) assert.ok(de.page.includes(words), `the German walkthrough page names ${words}`);
});
