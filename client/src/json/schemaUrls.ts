// VS Code's JSON extension downloads the schema a document names in `$schema`. FS documents name
// the published URL, so offline (or behind a proxy) every FS document showed "Unable to resolve
// schema" in the status bar and "Unable to load schema from …" in the Problems panel.
//
// The JSON language service looks a `$schema` URI up among the schemas already registered before it
// downloads anything, and a `json.schemas` entry with both `url` and an inline `schema` registers
// exactly that URI with that content. `contributes.jsonValidation` cannot do it (it maps file
// patterns, not `$schema` URIs, and its content is fetched from the URL), and the JSON extension
// reads `json.schemas` from user and workspace settings only (not from contributed defaults), so
// the extension keeps its entries in the user's settings: added while FS validation is on, removed
// when it is turned off. An entry the user wrote for the same URL is left alone.
//
// The entries must be in place before the JSON extension first validates an FS document: once it
// has failed to load a schema for a document, its status-bar warning stays until that document is
// closed. So the extension also activates on start-up (package.json, onStartupFinished) to write
// them; after that they persist, and only a document opened within moments of installing could
// still meet the download.
//
// The inline schema constrains and describes nothing: the FS language server reports every problem
// and provides hover and completion, so anything the built-in JSON derived from a schema would
// repeat it (docs/design.md, "VS Code's JSON beside FS Documents").

import * as vscode from "vscode";
import { updatedSchemaSettings } from "./schemaSettings";

function wanted(): boolean {
  const fs = vscode.workspace.getConfiguration("fs");
  return fs.get<boolean>("enable", true) && fs.get<boolean>("json.mapSchemaUrls", true);
}

async function synchronize(): Promise<void> {
  const json = vscode.workspace.getConfiguration("json");
  const current = json.inspect<unknown[]>("schemas")?.globalValue;
  const next = updatedSchemaSettings(Array.isArray(current) ? current : [], wanted());
  if (next === undefined) return;
  await json.update("schemas", next.length === 0 ? undefined : next, vscode.ConfigurationTarget.Global);
}

/** Keeps the user's `json.schemas` in step with the FS settings, now and on every change. */
export function mapSchemaUrls(): vscode.Disposable {
  const run = () => void synchronize().catch((error: unknown) => console.warn(`FS: could not update json.schemas: ${error instanceof Error ? error.message : String(error)}`));
  run();
  return vscode.workspace.onDidChangeConfiguration((event) => {
    if (event.affectsConfiguration("fs.enable") || event.affectsConfiguration("fs.json.mapSchemaUrls") || event.affectsConfiguration("json.schemas")) run();
  });
}
