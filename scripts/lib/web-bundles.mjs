// The bundles that run on the web (vscode.dev, github.dev, code-server's web-worker extension
// host): the extension's browser entry with the language server's Worker script inside it, and the
// preview pages. One definition, used by scripts/build.mjs and by the test that proves they import
// no Node built-in (test/project/webBundles.test.ts).

import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/**
 * Packages that ship both an ESM and a CommonJS build, imported one way by our code and required
 * the other way by a library (minimatch: by shared/src/detect.ts and by vscode-languageclient).
 * esbuild would bundle both builds; this resolves every import of them as a require, so that one
 * copy is bundled. The test of the web bundles fails on any such second copy.
 */
const DUAL_PACKAGES = /^(minimatch|brace-expansion|balanced-match)$/;

export const oneCopyPlugin = {
  name: "one-copy-of-dual-packages",
  setup(build) {
    build.onResolve({ filter: DUAL_PACKAGES }, (args) => {
      if (args.kind === "require-call" || args.pluginData === "one-copy") return undefined;
      return build.resolve(args.path, { kind: "require-call", resolveDir: args.resolveDir, importer: args.importer, pluginData: "one-copy" });
    });
  },
};

/** The specifier under which the web extension imports exceljs's browser build as text. */
export const EMBEDDED_XLSX = "fs-web-xlsx-source";

/** The global through which the web extension tells its server Worker where exceljs's script is. */
export const XLSX_SCRIPT_URL_GLOBAL = "FS_XLSX_SCRIPT_URL";

/**
 * exceljs (~950 KB minified) reads and writes workbooks for "FS: Import Spreadsheet…" and "FS:
 * Export XLSX". The web server's Worker does not carry it: it would be compiled at every start for
 * a command few starts use. The web extension embeds exceljs's own browser build as text
 * (xlsxScriptPlugin), makes a blob URL of it when it starts the Worker, and puts that URL in the
 * Worker's global XLSX_SCRIPT_URL_GLOBAL; the server's `import("exceljs")` resolves to this module,
 * which loads the script from that URL with importScripts on first use.
 */
export const xlsxOnDemandPlugin = {
  name: "xlsx-on-demand",
  setup(build) {
    build.onResolve({ filter: /^exceljs$/ }, () => ({ path: "exceljs", namespace: "xlsx-on-demand" }));
    build.onLoad({ filter: /.*/, namespace: "xlsx-on-demand" }, () => ({
      contents: `const url = self.${XLSX_SCRIPT_URL_GLOBAL};
if (typeof url !== "string") throw new Error("the workbook library is not available in this host");
importScripts(url);
module.exports = self.ExcelJS;
`,
      loader: "js",
    }));
  },
};

/**
 * Embeds exceljs's browser build (its package's "browser" file) as text, for xlsxOnDemandPlugin, and
 * the name of the global that carries its URL (`SCRIPT_URL_GLOBAL`), so that the Worker's starter
 * (client/src/browser/serverWorker.ts) and xlsxOnDemandPlugin take the name from one place.
 */
export const xlsxScriptPlugin = {
  name: "embedded-xlsx-script",
  setup(build) {
    build.onResolve({ filter: new RegExp(`^${EMBEDDED_XLSX}$`) }, () => ({ path: "exceljs.min.js", namespace: "embedded-xlsx-script" }));
    build.onLoad({ filter: /.*/, namespace: "embedded-xlsx-script" }, async () => {
      const path = join(dirname(createRequire(import.meta.url).resolve("exceljs/package.json")), "dist/exceljs.min.js");
      const script = await readFile(path, "utf8");
      return {
        contents: `export default ${JSON.stringify(script)};\nexport const SCRIPT_URL_GLOBAL = ${JSON.stringify(XLSX_SCRIPT_URL_GLOBAL)};\n`,
        loader: "js",
        watchFiles: [path],
      };
    });
  },
};

export const browserBase = {
  platform: "browser",
  target: "chrome120",
  bundle: true,
  logLevel: "warning",
  plugins: [oneCopyPlugin],
};

/** The specifier under which the web extension imports the language server's Worker script as text. */
export const EMBEDDED_SERVER = "fs-web-server-source";

/**
 * The language server's Worker script goes inside the web extension's bundle, as a string that
 * client/src/browser/serverWorker.ts starts from a blob URL. A script beside it would have to be
 * read through workspace.fs first (code-server refuses a Worker from an extension file's URL), and
 * in code-server's web-worker host that read, remote file system round trips through the workbench,
 * cost 1-2.5 s of every cold start; the extension's own bundle arrives with its activation.
 */
export function embeddedServerPlugin(serverOptions) {
  return {
    name: "embedded-web-server",
    setup(build) {
      build.onResolve({ filter: new RegExp(`^${EMBEDDED_SERVER}$`) }, () => ({ path: "server.js", namespace: "embedded-web-server" }));
      build.onLoad({ filter: /.*/, namespace: "embedded-web-server" }, async () => {
        const result = await build.esbuild.build({ ...serverOptions, absWorkingDir: build.initialOptions.absWorkingDir, write: false, metafile: true });
        const script = result.outputFiles.find((file) => file.path.endsWith(".js"));
        return { contents: script.text, loader: "text", watchFiles: Object.keys(result.metafile.inputs) };
      });
    },
  };
}

/** esbuild options of the language server's Worker script (embedded in the web extension, not a file of its own). */
export function webServerBundle(production) {
  return {
    ...browserBase,
    plugins: [...browserBase.plugins, xlsxOnDemandPlugin],
    // Inline in a development build: the script has no file of its own for a map to sit beside.
    sourcemap: production ? false : "inline",
    minify: production,
    format: "iife",
    entryPoints: ["server/src/browserMain.ts"],
    // Never written: the name its text is built under (embeddedServerPlugin, the test).
    outfile: "dist/web/server.js",
  };
}

/** esbuild options of each web bundle that is a file, by name; `production` minifies and drops source maps. */
export function webBundles(production) {
  const common = { ...browserBase, sourcemap: !production, minify: production };
  return {
    // The extension in the web-worker extension host: CommonJS, as that host loads it, with the
    // language server's Worker script inside it.
    "web-extension": {
      ...common,
      plugins: [...common.plugins, embeddedServerPlugin(webServerBundle(production)), xlsxScriptPlugin],
      format: "cjs",
      entryPoints: { extension: "client/src/browser/main.ts" },
      outdir: "dist/web",
      external: ["vscode"],
    },
    // The preview page (the same file on the desktop).
    webview: { ...common, format: "iife", entryPoints: { webview: "webview/src/main.ts" }, outdir: "dist" },
    // The changes view's page (FS: Compare with…), drawn with the preview's table renderer.
    compare: { ...common, format: "iife", entryPoints: { compare: "webview/src/compare.ts" }, outdir: "dist" },
  };
}
