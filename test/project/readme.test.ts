// The README's command-line examples run as written from a clone: every .json file an `fsdoc`
// line reads exists in the repository, or an earlier `fsdoc init` line of the README creates it.

import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { repoRoot } from "../support/paths";

/** The words of a shell line before its comment and any redirection of standard output. */
function words(line: string): string[] {
  const command = line.replace(/\s#.*$/, "").split(">")[0] ?? "";
  return [...command.matchAll(/"[^"]*"|\S+/g)].map((match) => match[0]);
}

/** Whether `pattern` (a path, or a path whose last part has one *) names at least one file. */
function names(pattern: string): boolean {
  if (!pattern.includes("*")) return existsSync(join(repoRoot, pattern));
  const folder = join(repoRoot, dirname(pattern));
  const [prefix, suffix] = pattern.slice(dirname(pattern).length + 1).split("*") as [string, string];
  return existsSync(folder) && readdirSync(folder).some((name) => name.startsWith(prefix) && name.endsWith(suffix));
}

test("every file the README's fsdoc examples read exists, or an earlier fsdoc init creates it", () => {
  const lines = readFileSync(join(repoRoot, "README.md"), "utf8")
    .split("\n")
    .filter((line) => /^(npx )?fsdoc /.test(line.trim()));
  assert.ok(lines.length >= 5, "the README shows fsdoc examples");
  const created = new Set<string>();
  const missing: string[] = [];
  for (const line of lines) {
    const [, subcommand, ...rest] = words(line.trim().replace(/^npx /, ""));
    // A Git revision's path (fsdoc compare HEAD:doc.json) names the file in the clone.
    const files = rest.filter((word, index) => word.endsWith(".json") && !["--output", "-o"].includes(rest[index - 1] ?? "")).map((word) => word.replace(/^[^:]*:(?:\.\/)?/, ""));
    if (subcommand === "init") {
      for (const file of files) created.add(file);
      continue;
    }
    for (const file of files) if (!created.has(file) && !names(file)) missing.push(`${file} in: ${line.trim()}`);
  }
  assert.deepEqual(missing, []);
});
