// VS Code's JSON extension downloads the schema a document names in `$schema`. FS documents name
// the published URL, so offline (or behind a proxy) an FS document shows a warning in the status bar
// (its tooltip: "Unable to resolve schema") and "Unable to load schema from …" in the Problems panel.
//
// The JSON language service looks a `$schema` URI up among the schemas already registered before it
// downloads anything, and only a `json.schemas` entry with both `url` and an inline `schema`
// registers that URI with content of our choosing. Nothing an extension contributes can do it:
// `contributes.jsonValidation` maps file patterns to a URL whose content is still downloaded (http
// and https are fetched by the JSON client itself, with no hook), the JSON extension reads
// `json.schemas` from user and workspace settings only (not from contributed defaults), and the
// `vscode://schemas…` documents it reads belong to VS Code's core (docs/design.md, "VS Code's JSON
// beside FS Documents").
//
// So registering the URLs means writing the user's settings, which the extension does only when the
// user asks for it: `fs.json.mapSchemaUrls` is off until turned on, and the first time VS Code's JSON
// fails to load the FS schema (the false warning appears), one prompt offers to turn it on (again
// in the next window if it was left unanswered), and a quick fix on VS Code's JSON's diagnostic
// does what the prompt's button does (schemaQuickFix.ts). While it is on, the three entries are kept in the
// user's `json.schemas`; turning it (or `fs.enable`) off removes them, and so does the uninstall
// hook (client/src/node/uninstall.ts), which reads the
// settings files noted here (this module only writes through the settings API). An entry the user
// wrote for the same URL is left alone. Entries an earlier version wrote unasked are removed when
// this version first activates with the setting off.
//
// The inline schema constrains and describes nothing: the FS language server reports every problem
// and provides hover and completion, so anything the built-in JSON derived from a schema would
// repeat it.

import * as vscode from "vscode";
import { SETTINGS_NOTE_FILE } from "./schemaNote";
import { REGISTER_SCHEMA_URLS_COMMAND, SchemaQuickFixProvider } from "./schemaQuickFix";
import { isFsSchemaLoadFailure, updatedSchemaSettings } from "./schemaSettings";
/** Set once the prompt was shown on this machine (synchronized), whatever the answer. */
const OFFERED_KEY = "fs.json.mapSchemaUrls.offered";

/** FS Documents on, and whether `fs.json.mapSchemaUrls` is. */
function schemaSettings(): { enabled: boolean; mapped: boolean } {
  const fs = vscode.workspace.getConfiguration("fs");
  return { enabled: fs.get<boolean>("enable", true), mapped: fs.get<boolean>("json.mapSchemaUrls", false) };
}

/** The URLs are to be registered: FS Documents on and the setting on. */
function wanted(): boolean {
  const { enabled, mapped } = schemaSettings();
  return enabled && mapped;
}

/** Turning the setting on would register the URLs (what the prompt and the quick fix offer): FS Documents on and the setting off. */
function canRegister(): boolean {
  const { enabled, mapped } = schemaSettings();
  return enabled && !mapped;
}

/**
 * The user settings file of this profile, where the settings API writes Global values: the
 * extension's global storage is `<User or profile folder>/globalStorage/<id>` on a local disk.
 */
function userSettingsFile(context: vscode.ExtensionContext): string | undefined {
  const storage = context.globalStorageUri;
  if (storage.scheme !== "file" && storage.scheme !== "vscode-userdata") return undefined;
  return vscode.Uri.joinPath(storage, "..", "..", "settings.json").with({ scheme: "file" }).fsPath;
}

/** Notes the settings file for the uninstall hook; a read-only extension folder only loses that clean-up. */
async function noteSettingsFile(context: vscode.ExtensionContext): Promise<void> {
  const file = userSettingsFile(context);
  if (file === undefined || context.extensionUri.scheme !== "file") return;
  const note = vscode.Uri.joinPath(context.extensionUri, SETTINGS_NOTE_FILE);
  let noted: unknown = [];
  try {
    noted = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(note)));
  } catch {
    // Not noted yet.
  }
  const files = Array.isArray(noted) ? noted.filter((entry): entry is string => typeof entry === "string") : [];
  if (files.includes(file)) return;
  await vscode.workspace.fs.writeFile(note, new TextEncoder().encode(`${JSON.stringify([...files, file])}\n`));
}

async function synchronize(context: vscode.ExtensionContext): Promise<void> {
  const json = vscode.workspace.getConfiguration("json");
  const current = json.inspect<unknown[]>("schemas")?.globalValue;
  const want = wanted();
  const next = updatedSchemaSettings(Array.isArray(current) ? current : [], want);
  if (want) await noteSettingsFile(context).catch(() => undefined);
  if (next === undefined) return;
  await json.update("schemas", next.length === 0 ? undefined : next, vscode.ConfigurationTarget.Global);
  // VS Code's JSON keeps a document's "Unable to resolve schema" until it validates it again on request.
  if (want) await vscode.commands.executeCommand("_json.retryResolveSchema").then(undefined, () => undefined);
}

/**
 * One prompt per machine until it is answered, the first time VS Code's JSON fails to load the FS
 * schema while the setting is off. VS Code hides an information toast with a button after 15 s
 * (it is not sticky) into the notification centre, where a newcomer rarely looks: a prompt left
 * there unanswered is offered again in the next window, as a toast.
 */
function offerOnFalseWarning(context: vscode.ExtensionContext): vscode.Disposable {
  let asking = false;
  const listener = vscode.languages.onDidChangeDiagnostics(({ uris }) => {
    if (asking || !canRegister() || context.globalState.get<boolean>(OFFERED_KEY, false)) return;
    if (!uris.some((uri) => vscode.languages.getDiagnostics(uri).some(isFsSchemaLoadFailure))) return;
    asking = true;
    void ask(context).finally(() => (asking = false));
  });
  context.globalState.setKeysForSync([OFFERED_KEY]);
  return listener;
}

async function ask(context: vscode.ExtensionContext): Promise<void> {
  const register = vscode.l10n.t("Register Schema URLs");
  // The words VS Code 1.100's JSON shows (its Problems entry: "Unable to load schema from '<url>': <why>.").
  const answer = await vscode.window.showInformationMessage(
    vscode.l10n.t(
      'VS Code\'s JSON could not download the FS schema (offline or behind a proxy) and shows "Unable to load schema from …". FS Documents checks FS documents itself. Register the FS schema URLs in your user setting json.schemas, so that nothing needs downloading? Turning fs.json.mapSchemaUrls off, or uninstalling FS Documents, removes them.',
    ),
    register,
  );
  // Answered: a button, or closed. (A prompt still in the notification centre when the window goes never resolves.)
  await answered(context, answer === register);
}

/**
 * The prompt's answer, from its buttons or from the quick fix (which answers it too: the prompt is
 * not offered again after the user registered the URLs there). Turning the setting on registers
 * the URLs (synchronize, on the configuration change).
 */
async function answered(context: vscode.ExtensionContext, register: boolean): Promise<void> {
  await context.globalState.update(OFFERED_KEY, true);
  if (register) await vscode.workspace.getConfiguration("fs").update("json.mapSchemaUrls", true, vscode.ConfigurationTarget.Global);
}

/** The quick fix on VS Code's JSON's false "Unable to load schema from …" in an FS document, and its command. */
function offerQuickFix(context: vscode.ExtensionContext, isFsDocument: (document: vscode.TextDocument) => boolean): vscode.Disposable {
  const provider = new SchemaQuickFixProvider({
    isFsDocument,
    canRegister,
    quickFix: (title) => new vscode.CodeAction(title, vscode.CodeActionKind.QuickFix),
    title: () => vscode.l10n.t("Register the FS schema URLs: nothing to download, FS Documents checks this document"),
  });
  return vscode.Disposable.from(
    vscode.commands.registerCommand(REGISTER_SCHEMA_URLS_COMMAND, () => answered(context, true)),
    vscode.languages.registerCodeActionsProvider([{ language: "json" }, { language: "jsonc" }], provider, { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] }),
  );
}

/**
 * Keeps the user's `json.schemas` in step with the FS settings, now and on every change, offers the
 * setting once, and as a quick fix wherever VS Code's JSON reports the FS schema it could not load.
 */
export function mapSchemaUrls(context: vscode.ExtensionContext, isFsDocument: (document: vscode.TextDocument) => boolean): vscode.Disposable {
  const run = () =>
    void synchronize(context).catch((error: unknown) => console.warn(`FS: could not update json.schemas: ${error instanceof Error ? error.message : String(error)}`));
  run();
  return vscode.Disposable.from(
    offerOnFalseWarning(context),
    offerQuickFix(context, isFsDocument),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration("fs.enable") || event.affectsConfiguration("fs.json.mapSchemaUrls") || event.affectsConfiguration("json.schemas")) run();
    }),
  );
}
