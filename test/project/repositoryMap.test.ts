// The README's repository map is true: it names every top-level folder the repository tracks
// (dot-folders aside), and every folder it names exists.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { repoRoot } from "../support/paths";

const readme = readFileSync(join(repoRoot, "README.md"), "utf8");
const section = readme.slice(readme.indexOf("## The repository"));
/** The first cell of each row of the map's table, e.g. `shared/src/`. */
const mapped = [...section.matchAll(/^\| `([^`]+\/)` +\|/gm)].map((match) => match[1]!);

test("the map names every top-level folder in the repository", () => {
  const tracked = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { cwd: repoRoot, encoding: "utf8" })
    .split("\n")
    .filter((path) => path.includes("/") && !path.startsWith("."))
    .map((path) => path.slice(0, path.indexOf("/") + 1));
  const folders = [...new Set(tracked)].filter((folder) => existsSync(join(repoRoot, folder)));
  assert.ok(folders.length > 5, folders.join(" "));
  assert.deepEqual(
    folders.filter((folder) => !mapped.some((entry) => entry.startsWith(folder))),
    [],
    "folders the README's map leaves out",
  );
});

test("every folder the map names exists", () => {
  assert.ok(mapped.length > 0, "the map's table is found");
  for (const folder of mapped) assert.ok(existsSync(join(repoRoot, folder)) && statSync(join(repoRoot, folder)).isDirectory(), `${folder} is not a folder`);
});
