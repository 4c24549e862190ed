// The extension checks every message the preview page posts (protocol/webview.ts,
// isWebviewToExtension) and drops what does not pass: each kind the page sends must pass, with its
// fields, and a malformed one must not (a grid write whose message was dropped wrote nothing).

import assert from "node:assert/strict";
import { test } from "node:test";
import { isWebviewToExtension, MAX_GRID_WRITES, type WebviewToExtension } from "../../protocol/webview";

const URI = "file:///work/a.json";

test("every message the page posts passes the extension's check", () => {
  const messages: WebviewToExtension[] = [
    { type: "ready" },
    { type: "pressed" },
    { type: "reveal", pointer: "/statements/0/items/1/values/fy2025", focus: false },
    { type: "reveal", pointer: "", focus: true },
    { type: "scrolled", pointer: "/statements/1" },
    { type: "resync", uri: URI },
    { type: "painted", uri: URI },
    { type: "explain", uri: URI, version: 3, pointer: "/statements/0/items/2/values/fy2025" },
    {
      type: "edit",
      uri: URI,
      id: 1,
      writes: [
        { pointer: "/statements/0/items/1/values/fy2025", content: { kind: "value", decimal: "-1234.5" } },
        { pointer: "/statements/0/items/1/label", content: { kind: "text", text: 'a "quoted" label' } },
        { pointer: "/statements/0/items/2/values/fy2025", content: { kind: "missing" } },
        { pointer: "/statements/0/items/3/values/fy2025", content: { kind: "unavailable" } },
        { pointer: "/statements/0/items/4/values/fy2025", content: { kind: "children-sum" } },
      ],
    },
    { type: "undo", uri: URI, redo: false },
    { type: "undo", uri: URI, redo: true },
    { type: "pageFocus", focused: true },
    { type: "pageFocus", focused: false },
  ];
  for (const message of messages) assert.equal(isWebviewToExtension(message), true, JSON.stringify(message));
});

test("malformed messages are dropped", () => {
  const write = { pointer: "/statements/0/items/1/values/fy2025", content: { kind: "value", decimal: "1" } };
  const malformed: unknown[] = [
    null,
    "edit",
    { type: "unknown" },
    { type: "reveal", pointer: "/x" },
    { type: "reveal", pointer: 1, focus: true },
    { type: "painted" },
    { type: "painted", uri: 1 },
    { type: "edit", uri: URI, writes: [write] },
    { type: "edit", uri: URI, id: 1, writes: [] },
    { type: "edit", uri: URI, id: 1, writes: [{ pointer: "/x", content: { kind: "value" } }] },
    { type: "edit", uri: URI, id: 1, writes: [{ pointer: "/x", content: { kind: "script" } }] },
    { type: "edit", uri: URI, id: 1, writes: Array.from({ length: MAX_GRID_WRITES + 1 }, () => write) },
    { type: "undo", uri: URI },
    { type: "undo", redo: true },
    { type: "pageFocus" },
    { type: "pageFocus", focused: "yes" },
  ];
  for (const message of malformed) assert.equal(isWebviewToExtension(message), false, JSON.stringify(message)?.slice(0, 120));
});
