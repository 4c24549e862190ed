// decimal.js is the tests' independent oracle for exact sums, never part of what ships: it is a dev
// dependency, no runtime source imports it, and no bundle the extension or the CLI runs contains it.

import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { readJson, repoRoot } from "../support/paths";

interface Manifest {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|js|mjs|cjs)$/.test(name) ? [path] : [];
  });
}

test("decimal.js is a dev dependency only", () => {
  const manifest = readJson<Manifest>(join(repoRoot, "package.json"));
  assert.equal(manifest.dependencies?.["decimal.js"], undefined);
  assert.ok(manifest.devDependencies?.["decimal.js"] !== undefined, "the tests' oracle must stay a dev dependency");
});

test("no runtime source imports decimal.js", () => {
  const runtime = ["shared", "server", "client", "cli"].flatMap((folder) => sourceFiles(join(repoRoot, folder, "src")));
  assert.ok(runtime.length > 20, "the runtime sources were found");
  const importing = runtime.filter((path) => /["']decimal\.js["']/.test(readFileSync(path, "utf8")));
  assert.deepEqual(importing, []);
});

test("the built bundles do not contain decimal.js", () => {
  // The bundles exist after `npm run build`, which `npm test` runs first.
  for (const bundle of ["extension.js", "server.js", "webview.js", "cli.js"]) {
    const path = join(repoRoot, "dist", bundle);
    assert.ok(existsSync(path), `${bundle} is built`);
    // decimal.js's error prefix appears in every build of the library.
    assert.ok(!readFileSync(path, "utf8").includes("[DecimalError]"), `${bundle} bundles decimal.js`);
  }
});
