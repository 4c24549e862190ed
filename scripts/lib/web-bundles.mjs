// The bundles that run on the web (vscode.dev, github.dev, code-server's web-worker extension
// host): the extension's browser entry, the language server's Worker and the preview page. One
// definition, used by scripts/build.mjs and by the test that proves they import no Node built-in
// (test/build/webBundles.test.ts).

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

/**
 * The XLSX writer (exceljs, ~2 MB) stays out of the web language server: "FS: Export XLSX" is
 * hidden where the extension runs in a web extension host (package.json: `fs.nodeExtensionHost`,
 * set by the Node entry only), and should it be called anyway the import fails
 * with this message, which the export reports.
 */
export const noXlsxOnTheWebPlugin = {
  name: "no-xlsx-on-the-web",
  setup(build) {
    build.onResolve({ filter: /^exceljs$/ }, () => ({ path: "exceljs", namespace: "no-xlsx-on-the-web" }));
    build.onLoad({ filter: /.*/, namespace: "no-xlsx-on-the-web" }, () => ({
      contents: 'throw new Error("XLSX export is not available on the web; use fsdoc render --format xlsx.");',
      loader: "js",
    }));
  },
};

export const browserBase = {
  platform: "browser",
  target: "chrome120",
  bundle: true,
  logLevel: "warning",
  plugins: [oneCopyPlugin],
};

/** esbuild options of each web bundle, by name; `production` minifies and drops source maps. */
export function webBundles(production) {
  const common = { ...browserBase, sourcemap: !production, minify: production };
  return {
    // The extension in the web-worker extension host: CommonJS, as that host loads it.
    "web-extension": { ...common, format: "cjs", entryPoints: { extension: "client/src/browser/main.ts" }, outdir: "dist/web", external: ["vscode"] },
    // The language server, started as a Worker by the web extension.
    "web-server": { ...common, plugins: [...common.plugins, noXlsxOnTheWebPlugin], format: "iife", entryPoints: { server: "server/src/browserMain.ts" }, outdir: "dist/web" },
    // The preview page (the same file on the desktop).
    webview: { ...common, format: "iife", entryPoints: { webview: "webview/src/main.ts" }, outdir: "dist" },
  };
}
