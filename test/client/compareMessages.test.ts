// The changes view's messages are checked on arrival (protocol/webview.ts): a view's patch passes
// only with a numeric base version and well-formed preview ops.

import { test } from "node:test";
import assert from "node:assert/strict";
import { isCompareViewToExtension, isExtensionToCompareView, type CompareModelMessage } from "../../protocol/webview";

const message: CompareModelMessage = {
  type: "compareModel",
  sequence: 2,
  uri: "file:///new.json",
  version: 2,
  title: "HEAD → new.json",
  summary: "1 change: 1 value changed",
  problem: undefined,
  wire: undefined,
  patch: {
    baseVersion: 1,
    ops: [{ op: "cells", statement: 0, row: 1, cells: [{ column: 0, cell: { pointer: "/statements/0/items/1/values/p", kind: "value", value: "95", title: "", flag: "" } }] }],
  },
  marks: { counts: { total: 1, values: 1, added: 0, removed: 0, moved: 0, fails: 0, unchecked: 0, better: 0, other: 0 }, lines: [], rows: [], cells: [] },
  numberFormat: "full",
};

test("a changes view's patch passes with a base version and preview ops, and not otherwise", () => {
  assert.equal(isExtensionToCompareView(message), true);
  assert.equal(isExtensionToCompareView({ ...message, patch: undefined }), true);
  assert.equal(isExtensionToCompareView({ ...message, patch: { baseVersion: "1", ops: [] } }), false);
  assert.equal(isExtensionToCompareView({ ...message, patch: { baseVersion: 1, ops: [{ op: "cells", statement: 0, row: -1, cells: [] }] } }), false);
  assert.equal(isExtensionToCompareView({ ...message, patch: { baseVersion: 1, ops: [{ op: "drop" }] } }), false);
  assert.equal(isExtensionToCompareView({ ...message, patch: { baseVersion: 1 } }), false);
});

test("the changes view's page may say it got or lost the keyboard (the stale-focus guard), and nothing else of that kind", () => {
  assert.ok(isCompareViewToExtension({ type: "pageFocus", focused: true }));
  assert.ok(isCompareViewToExtension({ type: "pageFocus", focused: false }));
  assert.ok(!isCompareViewToExtension({ type: "pageFocus", focused: "yes" }));
  assert.ok(!isCompareViewToExtension({ type: "pageFocus" }));
  assert.ok(isCompareViewToExtension({ type: "reveal", pointer: "/statements/0", focus: true }));
  assert.ok(!isCompareViewToExtension({ type: "edit" }));
});
