// The action test's checkout (actionCheckout.ts) of a working tree whose node_modules is a symlink
// to another's, as a worktree sharing one has it: only the repository's files are copied, so the
// action's `npm ci` in that checkout can no longer empty the other node_modules through a link.
// Scratch folders only: the "other" node_modules is one this test makes.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { repoRoot } from "../support/paths";
import { copyCheckout } from "./actionCheckout";

const scratch = mkdtempSync(join(tmpdir(), "fsdoc-action-checkout-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** A Git working tree with this repository's .gitignore, a tracked and a new file, and node_modules linked to another folder's. */
function linkedWorktree(name: string): { repo: string; shared: string } {
  const repo = join(scratch, name, "repo");
  const shared = join(scratch, name, "shared", "node_modules");
  mkdirSync(join(shared, "some-package"), { recursive: true });
  writeFileSync(join(shared, "some-package", "index.js"), "module.exports = 1;\n");
  mkdirSync(join(repo, "scripts"), { recursive: true });
  execFileSync("git", ["init", "--quiet"], { cwd: repo });
  copyFileSync(join(repoRoot, ".gitignore"), join(repo, ".gitignore"));
  writeFileSync(join(repo, "package.json"), "{}\n");
  writeFileSync(join(repo, "scripts", "build.mjs"), "\n");
  execFileSync("git", ["add", "package.json"], { cwd: repo });
  symlinkSync(shared, join(repo, "node_modules"));
  symlinkSync(join(repo, "package.json"), join(repo, "linked.json"));
  return { repo, shared };
}

/** Every path below `dir` that is a symlink. */
function symlinksIn(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((path) => lstatSync(join(dir, path)).isSymbolicLink());
}

test("the checkout holds the working tree's files, and neither its symlinked node_modules nor any other symlink", () => {
  const { repo, shared } = linkedWorktree("copy");
  const checkout = join(scratch, "copy", "checkout");
  const copied = copyCheckout(repo, checkout);
  assert.deepEqual(copied.sort(), [".gitignore", "package.json", "scripts/build.mjs"]);
  assert.equal(existsSync(join(checkout, "node_modules")), false);
  assert.deepEqual(symlinksIn(checkout), []);
  // What `npm ci` does first in the checkout (npm's ci command: each entry of node_modules removed) reaches nothing of the other tree.
  const modules = join(checkout, "node_modules");
  for (const entry of existsSync(modules) ? readdirSync(modules) : []) rmSync(join(modules, entry), { recursive: true, force: true });
  assert.deepEqual(readdirSync(shared), ["some-package"]);
});

test("the repository's .gitignore ignores node_modules also where it is a symlink (Git lists it as a new file otherwise)", () => {
  const { repo } = linkedWorktree("ignore");
  const listed = execFileSync("git", ["ls-files", "--others", "--exclude-standard"], { cwd: repo, encoding: "utf8" }).split("\n").filter(Boolean);
  assert.deepEqual(listed.sort(), [".gitignore", "linked.json", "scripts/build.mjs"]);
});
