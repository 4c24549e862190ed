// Packages the extension into a .vsix: a production build, then vsce. Both run in a staging copy
// under .cache/ holding only what the extension is built from, so that packaging never rewrites
// dist/ or out/test/ while tests run from them (the end-to-end tests package from inside a test
// run), and the build there has nothing else (CLI, benchmarks, tests) to bundle.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { run } from "./code-server.mjs";

const root = new URL("../..", import.meta.url).pathname;
const quiet = () => {};

/** What the build and the package are made from: a change to any of these makes a .vsix stale. */
const INPUTS = [
  "package.json",
  "package.nls.json",
  "package.nls.de.json",
  "l10n",
  ".vscodeignore",
  "README.md",
  "LICENSE",
  "CHANGELOG.md",
  "tsconfig.base.json",
  "client",
  "server",
  "shared",
  "protocol",
  "webview",
  "media",
  "schema",
  "snippets",
  "fixtures/examples",
  "docs/images",
  "scripts/build.mjs",
  "scripts/lib/package.mjs",
  "scripts/lib/web-bundles.mjs",
];

export function packageVersion() {
  return JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version;
}

export function defaultVsixPath() {
  return join(root, `fs-documents-${packageVersion()}.vsix`);
}

/**
 * vsce rewrites README links to absolute URLs of a GitHub or GitLab repository, and refuses to
 * package without one. Elsewhere links stay relative: the README's image is packaged, so the
 * Extensions view still shows it.
 */
function linkOptions() {
  const { repository } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  const url = typeof repository === "string" ? repository : (repository?.url ?? "");
  return /github\.com|gitlab\.com/.test(url) ? [] : ["--no-rewrite-relative-links"];
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

/** True when `vsix` exists and is newer than everything it is made from. */
export function isFresh(vsix) {
  if (!existsSync(vsix)) return false;
  const built = statSync(vsix).mtimeMs;
  return INPUTS.every((input) => newestMtime(join(root, input)) <= built);
}

function stage(dir) {
  mkdirSync(join(dir, "scripts"), { recursive: true });
  for (const input of INPUTS) {
    if (input.startsWith("scripts/") || !existsSync(join(root, input))) continue;
    cpSync(join(root, input), join(dir, input), { recursive: true });
  }
  // package.json's `files` lists the npm package's contents (the CLI and the language server);
  // the .vsix's are .vscodeignore's, and vsce refuses a package that has both.
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  delete manifest.files;
  writeFileSync(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  cpSync(join(root, "scripts/build.mjs"), join(dir, "scripts/build.mjs"));
  mkdirSync(join(dir, "scripts/lib"), { recursive: true });
  cpSync(join(root, "scripts/lib/web-bundles.mjs"), join(dir, "scripts/lib/web-bundles.mjs"));
  // esbuild resolves packages upwards from each source file; the project's own modules serve.
  symlinkSync(join(root, "node_modules"), join(dir, "node_modules"));
}

/**
 * Builds for production and packages; resolves with the .vsix path. With `reuse`, an existing
 * .vsix newer than all its inputs is returned as it is.
 */
export async function packageExtension({ out = defaultVsixPath(), reuse = false, log = quiet } = {}) {
  if (reuse && isFresh(out)) {
    log(`reusing ${out} (newer than its sources)`);
    return out;
  }
  const started = Date.now();
  mkdirSync(join(root, ".cache"), { recursive: true });
  // A folder of its own, so that two packaging runs (npm run package during a test run) never mix.
  const dir = mkdtempSync(join(root, ".cache/package-stage-"));
  try {
    stage(dir);
    log("production build (node scripts/build.mjs --production)");
    await run(process.execPath, ["scripts/build.mjs", "--production"], { cwd: dir, timeoutMs: 120_000 });
    for (const bundle of ["extension.js", "uninstall.js", "server.js", "exceljs.js", "webview.js", "web/extension.js", "web/server.js"]) {
      if (!existsSync(join(dir, "dist", bundle))) throw new Error(`The production build did not produce dist/${bundle}; is its source missing?`);
    }
    log("vsce package");
    const vsce = join(root, "node_modules/@vscode/vsce/vsce");
    // Written in the staging folder and renamed, so that a reader never sees half a file.
    const partial = join(dir, "package.vsix");
    await run(process.execPath, [vsce, "package", "--no-dependencies", ...linkOptions(), "--out", partial], { cwd: dir, timeoutMs: 120_000 });
    renameSync(partial, out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  log(`packaged ${out} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return out;
}
