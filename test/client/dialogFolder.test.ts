// The folder a file dialog opens in: a file's own folder, the workspace's for a document without
// one (untitled: the dialog failed with "File system provider for untitled:. is not available").

import assert from "node:assert/strict";
import { test } from "node:test";
import type * as vscode from "vscode";
import { dialogFolder } from "../../client/src/util/dialogFolder";

/** Enough of vscode.Uri for the rule: a scheme, a path, and `with`. */
function uri(scheme: string, path: string): vscode.Uri {
  const made = {
    scheme,
    path,
    query: "q",
    fragment: "f",
    with: (change: { path?: string; query?: string; fragment?: string }) => ({ ...made, ...change }),
  };
  return made as unknown as vscode.Uri;
}

const workspace = uri("file", "/work/space");

test("a file's dialog opens in its own folder, without the file's query", () => {
  const folder = dialogFolder(uri("file", "/work/space/reports/northwind.json"), workspace);
  assert.equal(folder?.scheme, "file");
  assert.equal(folder?.path, "/work/space/reports");
  assert.equal(folder?.query, "");
  assert.equal(dialogFolder(uri("vscode-remote", "/northwind.json"), workspace)?.path, "/");
});

test("an untitled document's dialog, or a Git revision's, opens in the workspace's folder (or VS Code's choice without one)", () => {
  assert.equal(dialogFolder(uri("untitled", "Untitled-1"), workspace), workspace);
  assert.equal(dialogFolder(uri("git", "/work/space/northwind.json"), workspace), workspace);
  assert.equal(dialogFolder(uri("untitled", "Untitled-1"), undefined), undefined);
});
