// `npm install` on a fresh clone must leave package-lock.json untouched. npm rewrites the lock's root
// entry whenever it disagrees with package.json (it did: the lock lacked `license`, `bin` and
// `engines`, and pinned `@types/vscode` differently), so the two are compared here field by field,
// the way npm writes them.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { repoRoot } from "../support/paths";

type Manifest = Record<string, unknown>;

const read = (name: string): Manifest => JSON.parse(readFileSync(join(repoRoot, name), "utf8")) as Manifest;

/** The members of package.json that npm copies into the lock's root entry. */
const ROOT_FIELDS = ["name", "version", "license", "bin", "engines", "dependencies", "devDependencies", "optionalDependencies", "peerDependencies", "workspaces"];

test("package-lock.json's root entry says what package.json says", () => {
  const manifest = read("package.json");
  const lock = read("package-lock.json") as { name?: unknown; version?: unknown; lockfileVersion?: unknown; packages?: Record<string, Manifest> };
  assert.equal(lock.lockfileVersion, 3);
  assert.equal(lock.name, manifest.name);
  assert.equal(lock.version, manifest.version);
  const root = lock.packages?.[""];
  assert.ok(root !== undefined, "the lock has no root entry");
  for (const field of ROOT_FIELDS) {
    assert.deepEqual(root[field], manifest[field], `package-lock.json's root "${field}" differs from package.json's; run npm install --package-lock-only`);
  }
});

test("every dependency of package.json is locked at a version its range allows", () => {
  const manifest = read("package.json") as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
  const lock = read("package-lock.json") as { packages: Record<string, { version?: string }> };
  for (const [name, range] of Object.entries({ ...manifest.dependencies, ...manifest.devDependencies })) {
    const locked = lock.packages[`node_modules/${name}`]?.version;
    assert.ok(locked !== undefined, `${name} is not in package-lock.json`);
    // An exact pin must be locked exactly; ^ ranges at least at their floor's major version.
    if (/^\d/.test(range)) assert.equal(locked, range, `${name} is pinned to ${range} but locked at ${locked}`);
    else if (range.startsWith("^")) assert.equal(locked.split(".")[0], range.slice(1).split(".")[0], `${name}@${locked} is outside ${range}`);
  }
});
