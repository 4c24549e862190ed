// The lint rule fs-l10n/no-bare-ui-string (scripts/lib/eslint-l10n.mjs), run through ESLint's API
// with the project's own eslint.config.mjs: it flags each kind of text shown to people that is
// written as a bare literal, accepts the same places given l10n.t, leaves text that is not words
// alone, and applies to the extension, the server, the preview and the engine, not to the CLI.

import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { ESLint } from "eslint";
import { repoRoot } from "../support/paths";

const RULE = "fs-l10n/no-bare-ui-string";
const eslint = new ESLint({ cwd: repoRoot });

/** The lines (1-based) of `code` that the rule flags, as if the code were the file at `path`. */
async function flaggedLines(code: string, path: string): Promise<number[]> {
  const [result] = await eslint.lintText(code, { filePath: join(repoRoot, path) });
  assert.ok(result !== undefined);
  const fatal = result.messages.filter((message) => message.fatal === true);
  assert.deepEqual(fatal, [], "the sample parses");
  return result.messages.filter((message) => message.ruleId === RULE).map((message) => message.line);
}

/** Each line is one use; `TEXT` is replaced by a bare literal or by an l10n.t call. */
const USES = [
  "vscode.window.showInformationMessage(TEXT);",
  "vscode.window.showWarningMessage(vscode.l10n.t('Replace it?'), TEXT);",
  "void vscode.window.setStatusBarMessage(TEXT, 4000);",
  "vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: TEXT }, work);",
  "vscode.window.showQuickPick([{ label: TEXT, value: 1 }], { placeHolder: vscode.l10n.t('Choose') });",
  "vscode.window.showQuickPick(items, { title: TEXT });",
  "vscode.window.showInputBox({ prompt: TEXT });",
  "vscode.window.showSaveDialog({ saveLabel: TEXT });",
  "const tree = new vscode.TreeItem(TEXT);",
  "item.tooltip = TEXT;",
  "status.text = TEXT;",
  "item.description = TEXT;",
  "lens.command = { title: TEXT, command: 'fs.openPreview' };",
  "const action = new vscode.CodeAction(TEXT, vscode.CodeActionKind.QuickFix);",
  "const markdown = new vscode.MarkdownString(TEXT);",
  "markdown.appendMarkdown(TEXT);",
  "const diagnostic = Diagnostic.create(range, TEXT);",
  "const problem = { range, severity: 1, message: TEXT };",
  "const fix = CodeAction.create(TEXT, edit, kind);",
  "element.textContent = TEXT;",
  "button.title = TEXT;",
  "button.setAttribute('aria-label', TEXT);",
  "cell.append(srOnly(doc, TEXT));",
];

const sample = (text: (index: number) => string): string => ["import * as vscode from 'vscode';", ...USES.map((use, index) => use.replace("TEXT", text(index)))].join("\n");

test("a bare literal, template or conditional in each place shown to people is flagged", async () => {
  const kinds = [(i: number) => `"Done ${i}"`, (i: number) => `\`Exported \${name} ${i}\``, (i: number) => `ok ? "Satisfied ${i}" : vscode.l10n.t("Not satisfied")`];
  for (const kind of kinds) {
    const lines = await flaggedLines(sample(kind), "client/src/sample.ts");
    assert.deepEqual(
      lines,
      USES.map((_, index) => index + 2),
      `every use flagged once, for ${kind(0)}`,
    );
  }
});

test("the same places given l10n.t, or text that is not words, pass", async () => {
  assert.deepEqual(
    await flaggedLines(
      sample((i) => `vscode.l10n.t("Done {0}", ${i})`),
      "client/src/sample.ts",
    ),
    [],
  );
  assert.deepEqual(
    await flaggedLines(
      sample((i) => `l10n.t("Exported {0}", name${i})`),
      "server/src/service/sample.ts",
    ),
    [],
  );
  assert.deepEqual(
    await flaggedLines(
      sample(() => `"×"`),
      "webview/src/sample.ts",
    ),
    [],
    "a symbol",
  );
  assert.deepEqual(
    await flaggedLines(
      sample(() => "`${label} · ${value}`"),
      "webview/src/sample.ts",
    ),
    [],
    "values joined",
  );
  assert.deepEqual(
    await flaggedLines(
      sample(() => `"$(check) "`),
      "client/src/sample.ts",
    ),
    [],
    "a codicon",
  );
  assert.deepEqual(
    await flaggedLines(
      sample(() => "document.label"),
      "shared/src/sample.ts",
    ),
    [],
    "the document's own text",
  );
});

test("the rule covers the extension, the server, the preview and the engine, and not the CLI (which stays English)", async () => {
  const bad = 'vscode.window.showErrorMessage("Export failed");';
  for (const path of ["client/src/a.ts", "server/src/service/a.ts", "webview/src/a.ts", "shared/src/fix/a.ts"]) {
    assert.deepEqual(await flaggedLines(bad, path), [1], path);
  }
  assert.deepEqual(await flaggedLines(bad, "cli/src/a.ts"), []);
});
