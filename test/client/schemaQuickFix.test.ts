// The quick fix on VS Code's JSON's "Unable to load schema from '…'" in an FS document
// (client/src/json/schemaQuickFix.ts): offered for that diagnostic only, in FS documents, while
// registering would change something; it runs the prompt's command and names the diagnostic it fixes.

import assert from "node:assert/strict";
import { test } from "node:test";
import type * as vscode from "vscode";
import { REGISTER_SCHEMA_URLS_COMMAND, SchemaQuickFixProvider, type SchemaQuickFixHost } from "../../client/src/json/schemaQuickFix";
import { FS_SCHEMA_URLS } from "../../client/src/json/schemaSettings";

const TITLE = "Register the FS schema URLs";
const fsDocument = { uri: "file:///report.json" } as unknown as vscode.TextDocument;
const otherDocument = { uri: "file:///tsconfig.json" } as unknown as vscode.TextDocument;
const range = {} as vscode.Range;

function diagnostic(code: unknown, message: string): vscode.Diagnostic {
  return { code, message, range, severity: 0 } as unknown as vscode.Diagnostic;
}

/** VS Code 1.100's JSON, offline: the schema-resolve code (0x300), the URL in the message. */
const fsFailure = diagnostic(768, `Unable to load schema from '${FS_SCHEMA_URLS[0]}': getaddrinfo ENOTFOUND cpaikr.github.io.`);
const otherFailure = diagnostic(768, "Unable to load schema from 'https://json.schemastore.org/tsconfig': getaddrinfo ENOTFOUND json.schemastore.org.");
const syntaxError = diagnostic(513, "Expected comma");

function provider(overrides: Partial<SchemaQuickFixHost> = {}): SchemaQuickFixProvider {
  return new SchemaQuickFixProvider({
    isFsDocument: (document) => document === fsDocument,
    canRegister: () => true,
    quickFix: (title) => ({ title, kind: "quickfix" }) as unknown as vscode.CodeAction,
    title: () => TITLE,
    ...overrides,
  });
}

function actions(fixes: SchemaQuickFixProvider, document: vscode.TextDocument, diagnostics: vscode.Diagnostic[]): vscode.CodeAction[] {
  return fixes.provideCodeActions(document, range, { diagnostics, only: undefined, triggerKind: 1 } as vscode.CodeActionContext);
}

test("on VS Code's JSON's failure to load the FS schema: one preferred quick fix that runs the prompt's command and fixes that diagnostic", () => {
  const found = actions(provider(), fsDocument, [syntaxError, fsFailure]);
  assert.equal(found.length, 1);
  const [action] = found;
  assert.equal(action!.title, TITLE);
  assert.equal(action!.kind as unknown, "quickfix");
  assert.deepEqual(action!.diagnostics, [fsFailure]);
  assert.deepEqual(action!.command, { command: REGISTER_SCHEMA_URLS_COMMAND, title: TITLE });
  assert.equal(action!.isPreferred, true);
});

test("the diagnostic's code as VS Code gives it with a link ({ value, target }) and in another display language", () => {
  const german = diagnostic({ value: 768, target: {} }, `Das Schema konnte nicht von '${FS_SCHEMA_URLS[1]}' geladen werden.`);
  assert.deepEqual(actions(provider(), fsDocument, [german])[0]?.diagnostics, [german]);
});

test("nothing for other diagnostics: another schema that could not be loaded, a syntax error, none", () => {
  assert.deepEqual(actions(provider(), fsDocument, [otherFailure, syntaxError]), []);
  assert.deepEqual(actions(provider(), fsDocument, []), []);
});

test("nothing outside FS documents, and nothing once registering would change nothing (already on, or fs.enable off)", () => {
  assert.deepEqual(actions(provider(), otherDocument, [fsFailure]), []);
  assert.deepEqual(actions(provider({ canRegister: () => false }), fsDocument, [fsFailure]), []);
});
