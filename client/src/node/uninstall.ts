// The uninstall hook (package.json `vscode:uninstall`): VS Code runs it with Node, without the
// extension API, once FS Documents is uninstalled and VS Code restarted. It removes the
// `json.schemas` entries the extension added from each user settings file it noted
// (client/src/json/schemaUrls.ts), leaving every other setting, comment and entry as it was.

import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { settingsTextWithoutOurEntries } from "../json/schemaSettings";
import { SETTINGS_NOTE_FILE } from "../json/schemaNote";

/** Cleans each noted settings file; returns the files changed. A file that is gone or unreadable is skipped. */
export function removeOurEntries(extensionFolder: string): string[] {
  let noted: unknown;
  try {
    noted = JSON.parse(readFileSync(join(extensionFolder, SETTINGS_NOTE_FILE), "utf8"));
  } catch {
    return [];
  }
  if (!Array.isArray(noted)) return [];
  const changed: string[] = [];
  for (const file of noted) {
    if (typeof file !== "string") continue;
    try {
      const next = settingsTextWithoutOurEntries(readFileSync(file, "utf8"));
      if (next === undefined) continue;
      writeFileSync(file, next);
      changed.push(file);
    } catch {
      // Not ours to fail on: the user's settings stay as they are.
    }
  }
  return changed;
}

if (require.main === module) {
  for (const file of removeOurEntries(join(__dirname, ".."))) console.log(`FS Documents: removed its json.schemas entries from ${file}`);
}
