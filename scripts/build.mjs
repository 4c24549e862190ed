// Bundles every runnable piece with esbuild. Type checking is `tsc -b` (npm run typecheck);
// esbuild only strips types, which keeps a rebuild well under a second.
import { build } from "esbuild";
import { chmodSync, existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative } from "node:path";
import { readFileSync } from "node:fs";
import { oneCopyPlugin, webBundles } from "./lib/web-bundles.mjs";

const root = new URL("..", import.meta.url).pathname;
// npm pack and npm publish run the `prepare` script, and what they pack is what others install
// (package.json `files`): the production build, minified and without source maps. npm names the
// command it runs in npm_command; `npm install` and `npm ci` (prepare too) keep the development build.
const production = process.argv.includes("--production") || ["pack", "publish"].includes(process.env.npm_command ?? "");
const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));

/** Every `*.test.ts` below test/, so that a new test file needs no registration. */
function testEntries(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "fixtures" ? [] : testEntries(path);
    return name.endsWith(".test.ts") ? [path] : [];
  });
}

const node = {
  platform: "node",
  target: "node20",
  format: "cjs",
  bundle: true,
  mainFields: ["module", "main"],
  sourcemap: !production,
  logLevel: "warning",
  define: { FSDOC_VERSION: JSON.stringify(version) },
};

/**
 * The language server loads the XLSX writer (exceljs, most of a megabyte minified) only for "FS:
 * Export XLSX", so it is a bundle of its own beside server.js, required on first use: the server
 * does not parse it at every start.
 */
const exceljsBeside = {
  name: "exceljs-beside",
  setup(build) {
    build.onResolve({ filter: /^exceljs$/ }, () => ({ path: "./exceljs.js", external: true }));
  },
};

const bundles = [
  // fdir (under tinyglobby) is ESM that reads import.meta.url, which a CommonJS bundle must supply.
  {
    ...node,
    entryPoints: { cli: "cli/src/main.ts" },
    outdir: "dist",
    define: { ...node.define, "import.meta.url": "__fsdocModuleUrl" },
    banner: { js: '#!/usr/bin/env node\nconst __fsdocModuleUrl = require("url").pathToFileURL(__filename).href;' },
  },
  { ...node, entryPoints: { "bench-engine": "scripts/bench/engine.ts" }, outdir: "dist" },
  // npm run bench:compare: fsdoc compare's engine on two large documents.
  { ...node, entryPoints: { "bench-compare": "scripts/bench/compare.ts" }, outdir: "dist" },
  // npm run bench:editor: the engine and the e2e harness in one process that drives code-server.
  { ...node, entryPoints: { "bench-editor": "test/e2e/bench/main.ts" }, outdir: "out/bench", packages: "external" },
  // docs/performance.md's per-shape tables from a saved bench:editor run.
  { ...node, entryPoints: { "bench-editor-summary": "test/e2e/bench/summaryCli.ts" }, outdir: "out/bench", packages: "external" },
  // npm run bench:grid: a grid commit → paint, the page in Chromium and the language service in process.
  { ...node, entryPoints: { "bench-grid": "test/webview/bench/gridCommit.ts" }, outdir: "out/bench", packages: "external" },
  // The preview page's own part of a new preview's first paint (docs/performance.md).
  { ...node, entryPoints: { "bench-first-paint": "test/webview/bench/firstPaint.ts" }, outdir: "out/bench", packages: "external" },
  // The fuzz run (npm run fuzz) and the large-document generator, run from out/fuzz/.
  { ...node, entryPoints: { fuzz: "test/fuzz/main.ts", shapes: "test/fuzz/shapes-main.ts" }, outdir: "out/fuzz", packages: "external" },
  { ...node, entryPoints: { server: "server/src/main.ts" }, outdir: "dist", banner: { js: "#!/usr/bin/env node" }, plugins: [exceljsBeside] },
  { ...node, entryPoints: { exceljs: relative(root, createRequire(import.meta.url).resolve("exceljs")) }, outdir: "dist" },
  // The desktop extension (package.json `main`); the web one and the webview are web bundles.
  { ...node, entryPoints: { extension: "client/src/node/main.ts" }, outdir: "dist", external: ["vscode"], plugins: [oneCopyPlugin] },
  // package.json `vscode:uninstall`: removes the json.schemas entries the extension added.
  { ...node, entryPoints: { uninstall: "client/src/node/uninstall.ts" }, outdir: "dist" },
  ...Object.values(webBundles(production)),
].filter((options) => Object.values(options.entryPoints).every((entry) => existsSync(join(root, entry))));

const tests = testEntries(join(root, "test"));

rmSync(join(root, "out/test"), { recursive: true, force: true });
await Promise.all([
  ...bundles.map((options) => build({ ...options, absWorkingDir: root, minify: production })),
  tests.length === 0
    ? Promise.resolve()
    : build({
        ...node,
        absWorkingDir: root,
        entryPoints: tests.map((path) => relative(root, path)),
        outbase: "test",
        outdir: "out/test",
        packages: "external",
      }),
]);
// The executables (package.json `bin`) also run straight from dist/, as an editor's server command
// (`dist/server.js --stdio`) or `./dist/cli.js`, not only through npm's bin links, which set the bit.
for (const bin of ["dist/cli.js", "dist/server.js"]) if (existsSync(join(root, bin))) chmodSync(join(root, bin), 0o755);
