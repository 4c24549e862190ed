// The grid's read-only rule (client/src/preview/readOnlyRule.ts): an untrusted workspace first, then
// a Git version of a file, then anything the grid cannot write (a scheme the language server does
// not hold, a read-only file system, a file marked read-only); everything else is editable.

import assert from "node:assert/strict";
import { test } from "node:test";
import { readOnlyKind, type DocumentFacts } from "../../client/src/preview/readOnlyRule";

const file: DocumentFacts = { trusted: true, scheme: "file", served: true, writable: true, markedReadOnly: false };

test("a file in a trusted workspace is editable, also an untitled document and a virtual workspace's file", () => {
  assert.equal(readOnlyKind(file), undefined);
  assert.equal(readOnlyKind({ ...file, scheme: "untitled", writable: undefined }), undefined);
  assert.equal(readOnlyKind({ ...file, scheme: "vscode-vfs" }), undefined);
});

test("an untrusted workspace makes every document read-only, whatever else holds", () => {
  for (const facts of [file, { ...file, scheme: "git", served: false, writable: false }, { ...file, markedReadOnly: true }]) {
    assert.equal(readOnlyKind({ ...facts, trusted: false }), "untrusted");
  }
});

test("the left side of a Git diff (git:) is a version from Git, even before its file system is known", () => {
  assert.equal(readOnlyKind({ ...file, scheme: "git", served: false, writable: false }), "git");
  assert.equal(readOnlyKind({ ...file, scheme: "git", served: false, writable: undefined }), "git");
});

test("a scheme the server does not hold, a read-only file system, a file under files.readonlyInclude: cannot be changed here", () => {
  assert.equal(readOnlyKind({ ...file, scheme: "gitlens", served: false, writable: undefined }), "unwritable");
  assert.equal(readOnlyKind({ ...file, scheme: "ssh-ro", writable: false }), "unwritable");
  assert.equal(readOnlyKind({ ...file, markedReadOnly: true }), "unwritable");
});
