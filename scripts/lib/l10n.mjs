// The strings the extension and the server show, as @vscode/l10n-dev extracts them from every
// vscode.l10n.t / l10n.t call: `npm run l10n` writes them to l10n/bundle.l10n.json, and
// test/project/l10n.test.ts fails when the file and the code disagree.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join } from "node:path";
import { getL10nJson } from "@vscode/l10n-dev";

/** Where localizable strings live (the webview is given the bundle by the extension; the CLI stays English). */
export const L10N_SOURCES = ["client/src", "server/src", "shared/src", "protocol", "webview/src"];

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith(".ts") && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** The bundle the code calls for: message (or message/comment) → English text, sorted by key. */
export async function extractBundle(root) {
  const files = L10N_SOURCES.flatMap((dir) => sourceFiles(join(root, dir))).sort();
  const bundle = await getL10nJson(files.map((path) => ({ contents: readFileSync(path, "utf8"), extension: extname(path) })));
  return Object.fromEntries(
    Object.keys(bundle)
      .sort()
      .map((key) => [key, bundle[key]]),
  );
}
