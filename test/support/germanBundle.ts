// The German translation bundle, as VS Code hands it to the extension, and a way to run code with a
// bundle configured and always put back afterwards (l10n's configuration is global to the process).
import { join } from "node:path";
import * as l10n from "@vscode/l10n";
import { readJson, repoRoot } from "./paths";

export type Bundle = Record<string, string>;

export function germanBundle(): Bundle {
  return readJson<Bundle>(join(repoRoot, "l10n", "bundle.l10n.de.json"));
}

/** Runs `run` with `bundle` as the display language's strings, then returns to none (English). */
export async function withBundle<T>(bundle: Bundle, run: () => T | Promise<T>): Promise<T> {
  l10n.config({ contents: bundle });
  try {
    return await run();
  } finally {
    l10n.config({ contents: {} });
  }
}
