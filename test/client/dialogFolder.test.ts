// The folder a file dialog opens in, and the file a save dialog suggests: a file's own folder, the
// workspace's for a document without one (untitled: the dialog failed with "File system provider
// for untitled:. is not available"), and for a Git revision (the left side of a diff) its file's
// folder in the working tree.

import assert from "node:assert/strict";
import { test } from "node:test";
import type * as vscode from "vscode";
import { dialogFolder, suggestedFile } from "../../client/src/util/dialogFolder";

interface Parts {
  scheme: string;
  path: string;
  query: string;
  fragment: string;
}

/** Enough of vscode.Uri for the rule: its parts, and `with`. */
function uri(scheme: string, path: string, query = "q"): vscode.Uri {
  const made = (parts: Parts): vscode.Uri => ({ ...parts, with: (change: Partial<Parts>) => made({ ...parts, ...change }) }) as unknown as vscode.Uri;
  return made({ scheme, path, query, fragment: "f" });
}

const parts = (value: vscode.Uri | undefined) => value && { scheme: value.scheme, path: value.path, query: value.query, fragment: value.fragment };

const workspace = uri("file", "/work/space");

test("a file's dialog opens in its own folder, without the file's query", () => {
  assert.deepEqual(parts(dialogFolder(uri("file", "/work/space/reports/northwind.json"), workspace)), { scheme: "file", path: "/work/space/reports", query: "", fragment: "" });
  assert.equal(dialogFolder(uri("vscode-remote", "/northwind.json"), workspace)?.path, "/");
});

test("an untitled document's dialog opens in the workspace's folder (or VS Code's choice without one)", () => {
  assert.equal(dialogFolder(uri("untitled", "Untitled-1"), workspace), workspace);
  assert.equal(dialogFolder(uri("untitled", "Untitled-1"), undefined), undefined);
  assert.equal(dialogFolder(uri("vscode-userdata", "/User/settings.json"), workspace), workspace);
});

test("a Git revision's dialog (a diff's left side) opens in its file's folder of the working tree, not at the workspace's top", () => {
  // The git extension's URI of northwind.json at HEAD: the file's path, the revision in the query.
  const revision = uri("git", "/work/space/reports/northwind.json", JSON.stringify({ path: "/work/space/reports/northwind.json", ref: "HEAD" }));
  assert.deepEqual(parts(dialogFolder(revision, workspace)), { scheme: "file", path: "/work/space/reports", query: "", fragment: "" });
});

test("a save dialog suggests the file beside the document, in the same folder as the folder dialog", () => {
  assert.deepEqual(parts(suggestedFile(uri("file", "/work/space/reports/northwind.json"), workspace, "northwind.html")), {
    scheme: "file",
    path: "/work/space/reports/northwind.html",
    query: "",
    fragment: "",
  });
  const revision = uri("git", "/work/space/reports/northwind.json", JSON.stringify({ path: "/work/space/reports/northwind.json", ref: "~" }));
  assert.deepEqual(parts(suggestedFile(revision, workspace, "northwind.xlsx")), { scheme: "file", path: "/work/space/reports/northwind.xlsx", query: "", fragment: "" });
  assert.equal(suggestedFile(uri("untitled", "Untitled-1"), workspace, "statements.html")?.path, "/work/space/statements.html");
  assert.equal(suggestedFile(uri("untitled", "Untitled-1"), undefined, "statements.html"), undefined);
  assert.equal(suggestedFile(uri("vscode-remote", "/northwind.json"), workspace, "northwind.html")?.path, "/northwind.html");
});
