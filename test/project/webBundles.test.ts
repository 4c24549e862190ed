// The web bundles (the extension's browser entry, the language server's Worker, the preview page)
// run where Node does not: they must import no Node built-in, and carry no second copy of a library.
// Built here with the same options as scripts/build.mjs (scripts/lib/web-bundles.mjs), from
// esbuild's metafile; and the manifest and .vscodeignore must ship them.

import assert from "node:assert/strict";
import { builtinModules, createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, it } from "node:test";
import type { BuildOptions, Metafile } from "esbuild";
import { repoRoot } from "../support/paths";

interface WebBundlesLib {
  webBundles(production: boolean): Record<string, BuildOptions>;
  webServerBundle(production: boolean): BuildOptions;
  EMBEDDED_SERVER: string;
  EMBEDDED_XLSX: string;
  XLSX_SCRIPT_URL_GLOBAL: string;
  xlsxScriptPlugin: NonNullable<BuildOptions["plugins"]>[number];
}

const NODE_BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

/** An input or import that is (or stands in for) a Node built-in. */
export function nodeBuiltinsIn(metafile: Metafile): string[] {
  const found = new Set<string>();
  for (const [path, input] of Object.entries(metafile.inputs)) {
    const stripped = path.replace(/^\(disabled\):/, "");
    if (path.startsWith("node:") || NODE_BUILTINS.has(stripped) || NODE_BUILTINS.has(stripped.split("/")[0]!)) found.add(path);
    for (const imported of input.imports) {
      if (imported.path.startsWith("node:") || NODE_BUILTINS.has(imported.path) || NODE_BUILTINS.has(imported.path.split("/")[0]!)) found.add(`${path} imports ${imported.path}`);
    }
  }
  return [...found];
}

/**
 * Libraries bundled twice: one package from two folders (two versions), or both of a package's
 * builds (an ESM and a CommonJS copy of the same file, imported one way and required the other).
 */
export function secondCopiesIn(metafile: Metafile): string[] {
  const folders = new Map<string, Set<string>>();
  const files = new Map<string, Set<string>>();
  for (const path of Object.keys(metafile.inputs)) {
    const match = /^(.*node_modules\/((?:@[^/]+\/)?[^/]+))\/(.*)$/.exec(path);
    if (match === null) continue;
    const [, folder, name, file] = match as unknown as [string, string, string, string];
    if (!folders.has(name)) folders.set(name, new Set());
    folders.get(name)!.add(folder);
    const build = `${name}/${file.replace(/(^|\/)(esm|es|cjs|commonjs|module|umd|lib\/esm|lib\/umd|mjs)(?=\/)/, "$1*")}`;
    if (!files.has(build)) files.set(build, new Set());
    files.get(build)!.add(path);
  }
  return [
    ...[...folders].filter(([, where]) => where.size > 1).map(([name, where]) => `${name} from ${[...where].join(" and ")}`),
    ...[...files].filter(([, paths]) => paths.size > 1).map(([file, paths]) => `${file}: ${[...paths].join(" and ")}`),
  ];
}

async function buildWithMetafile(options: BuildOptions): Promise<Metafile> {
  const { build } = await import("esbuild");
  const result = await build({ ...options, absWorkingDir: repoRoot, write: false, metafile: true, sourcemap: false, logLevel: "silent" });
  return result.metafile;
}

describe("web bundles", async () => {
  const { webBundles, webServerBundle, EMBEDDED_SERVER, EMBEDDED_XLSX, XLSX_SCRIPT_URL_GLOBAL, xlsxScriptPlugin } = (await import(
    pathToFileURL(join(repoRoot, "scripts/lib/web-bundles.mjs")).href
  )) as WebBundlesLib;
  const bundles = webBundles(true);

  it("are the extension's browser entry (with the server's Worker inside), the preview page and the changes view's page", () => {
    assert.deepEqual(Object.keys(bundles).sort(), ["compare", "web-extension", "webview"]);
  });

  it("the extension's browser entry carries the language server's Worker script, built from server/src/browserMain.ts", async () => {
    const { build } = await import("esbuild");
    const [extension, server] = await Promise.all([
      build({ ...bundles["web-extension"], absWorkingDir: repoRoot, write: false, metafile: true, sourcemap: false, logLevel: "silent" }),
      build({ ...webServerBundle(true), absWorkingDir: repoRoot, write: false, logLevel: "silent" }),
    ]);
    const serverText = server.outputFiles.find((file) => file.path.endsWith("server.js"))!.text;
    assert.ok(serverText.length > 100_000, `the server script is ${serverText.length} characters`);
    const embedded = Object.entries(extension.metafile.inputs).filter(([path]) => path.startsWith("embedded-web-server:"));
    assert.equal(embedded.length, 1, "the extension bundle does not embed the server script");
    assert.equal(embedded[0]![1].bytes, Buffer.byteLength(serverText), "the embedded script is not the server's build");
    const extensionText = extension.outputFiles.find((file) => file.path.endsWith("extension.js"))!.text;
    assert.ok(!extensionText.includes(EMBEDDED_SERVER), "the import of the embedded script was not resolved");
  });

  it("the workbook library rides beside the server's Worker script, not in it: embedded whole as text, loaded on first use", async () => {
    const extension = await buildWithMetafile(bundles["web-extension"]!);
    const server = await buildWithMetafile(webServerBundle(true));
    const library = join(dirname(createRequire(join(repoRoot, "package.json")).resolve("exceljs/package.json")), "dist/exceljs.min.js");
    const embedded = Object.entries(extension.inputs).filter(([path]) => path.startsWith("embedded-xlsx-script:"));
    assert.equal(embedded.length, 1, "the extension bundle does not embed the workbook library");
    // What the extension imports from the embedded module: exceljs's browser build, whole, and the
    // name of the Worker's global that carries its URL (the same name xlsxOnDemandPlugin reads).
    const { build } = await import("esbuild");
    const probe = await build({
      stdin: { contents: `export { default as script, SCRIPT_URL_GLOBAL } from ${JSON.stringify(EMBEDDED_XLSX)};`, resolveDir: repoRoot },
      bundle: true,
      format: "cjs",
      platform: "neutral",
      write: false,
      logLevel: "silent",
      plugins: [xlsxScriptPlugin],
    });
    const module: { exports: { script?: unknown; SCRIPT_URL_GLOBAL?: unknown } } = { exports: {} };
    new Function("module", "exports", probe.outputFiles[0]!.text)(module, module.exports);
    const { exports } = module;
    assert.equal(exports.script, readFileSync(library, "utf8"), "the embedded library is not exceljs's browser build");
    assert.equal(exports.SCRIPT_URL_GLOBAL, XLSX_SCRIPT_URL_GLOBAL, "the Worker's starter and the on-demand loader name different globals");
    assert.deepEqual(
      Object.keys(server.inputs).filter((path) => path.includes("node_modules/exceljs")),
      [],
      "the server's Worker script compiles the workbook library at every start",
    );
    assert.ok(Object.keys(server.inputs).includes("xlsx-on-demand:exceljs"), "the server's import of exceljs does not load it on demand");
    assert.ok(!Object.keys(extension.inputs).some((path) => path.includes(EMBEDDED_XLSX)), "the import of the embedded library was not resolved");
  });

  for (const [name, options] of Object.entries({ ...bundles, "web-server": webServerBundle(true) })) {
    it(`${name} is built for the browser and imports no Node built-in, and no library twice`, async () => {
      assert.equal(options.platform, "browser");
      const metafile = await buildWithMetafile(options);
      assert.ok(Object.keys(metafile.inputs).length > 0);
      assert.deepEqual(nodeBuiltinsIn(metafile), [], `${name} imports Node built-ins`);
      assert.deepEqual(secondCopiesIn(metafile), [], `${name} bundles a library twice`);
    });
  }

  it("the checks find a Node built-in and a second copy (they can fail)", async () => {
    const metafile = await buildWithMetafile({
      stdin: { contents: 'import { join } from "node:path"; import * as a from "minimatch"; const b = require("minimatch"); console.log(join, a, b);', resolveDir: repoRoot },
      bundle: true,
      platform: "browser",
      format: "cjs",
      external: ["node:*"],
    });
    assert.ok(nodeBuiltinsIn(metafile).some((found) => found.includes("node:path")));
    assert.ok(secondCopiesIn(metafile).some((found) => found.startsWith("minimatch/")));
  });

  it("the manifest names both entries and the package carries the web bundles", () => {
    const manifest = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { main?: string; browser?: string };
    assert.equal(manifest.main, "./dist/extension.js");
    assert.equal(manifest.browser, "./dist/web/extension.js");
    assert.equal(bundles["web-extension"]!.outdir, "dist/web");
    const ignore = readFileSync(join(repoRoot, ".vscodeignore"), "utf8").split("\n");
    for (const line of ["!dist/extension.js", "!dist/server.js", "!dist/webview.js", "!dist/compare.js", "!dist/web/extension.js"]) {
      assert.ok(ignore.includes(line), `.vscodeignore lacks ${line}`);
    }
  });
});
