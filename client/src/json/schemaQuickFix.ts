// Offline, VS Code's JSON underlines an FS document's `$schema` in red ("Unable to load schema from
// 'https://cpaikr.github.io/…': getaddrinfo ENOTFOUND"). The prompt that offers to register the FS
// schema URLs (schemaUrls.ts) goes to the notification centre after 15 s, and a newcomer looks at
// the squiggle instead: this quick fix is there, in the squiggle's hover ("Quick Fix…") and on
// Ctrl+. on its line, and answers the prompt as its button does (the same command).
//
// No vscode import at run time (the action is made by the host), so that the rule is tested
// without an editor.

import type * as vscode from "vscode";
import { isFsSchemaLoadFailure } from "./schemaSettings";

/** The quick fix's command, the prompt's "Register Schema URLs" (registered by schemaUrls.ts; not in the palette). */
export const REGISTER_SCHEMA_URLS_COMMAND = "fs.json.registerSchemaUrls";

/** What the provider asks of the extension. */
export interface SchemaQuickFixHost {
  /** The document is an FS document (detection.ts). */
  isFsDocument(document: vscode.TextDocument): boolean;
  /** Turning fs.json.mapSchemaUrls on would register the URLs: fs.enable is on and the setting off. */
  canRegister(): boolean;
  /** A new quick fix (`new vscode.CodeAction(title, vscode.CodeActionKind.QuickFix)`). */
  quickFix(title: string): vscode.CodeAction;
  /** The action's title, in the display language. */
  title(): string;
}

/** Offers the registration on VS Code's JSON's failure to load an FS schema URL, and on nothing else. */
export class SchemaQuickFixProvider implements vscode.CodeActionProvider {
  constructor(private readonly host: SchemaQuickFixHost) {}

  provideCodeActions(document: vscode.TextDocument, _range: vscode.Range | vscode.Selection, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const failures = context.diagnostics.filter(isFsSchemaLoadFailure);
    if (failures.length === 0 || !this.host.canRegister() || !this.host.isFsDocument(document)) return [];
    const title = this.host.title();
    const action = this.host.quickFix(title);
    action.diagnostics = failures;
    action.command = { command: REGISTER_SCHEMA_URLS_COMMAND, title };
    // The one fix for the squiggle: Shift+Alt+. (auto fix) applies it, and the light bulb says so.
    action.isPreferred = true;
    return [action];
  }
}
