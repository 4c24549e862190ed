// VS Code's JSON reports syntax problems of every json/jsonc document; while it validates an FS
// document, our `invalid-json`, `duplicate-member` and `trailing-content` are dropped in VS Code
// (client/src/server/builtInJsonOverlap.ts), and every other diagnostic is kept: `nesting-too-deep`
// (the built-in JSON has no limit), our comment problem in jsonc (jsonc accepts comments), and all
// of ours when the built-in JSON does not validate or the document is not open.

import assert from "node:assert/strict";
import { test } from "node:test";
import type * as vscode from "vscode";
import { coveredByBuiltInJson, withoutBuiltInJsonOverlap, type FilteredDocument } from "../../client/src/server/builtInJsonOverlap";

const TEXT = '{\n  // a comment\n  "a": 1,,\n}';

function document(languageId: string, text = TEXT): FilteredDocument {
  const lines = text.split("\n");
  return {
    languageId,
    getText: (range?: vscode.Range) => {
      if (range === undefined) return text;
      const offset = (position: vscode.Position) => lines.slice(0, position.line).reduce((sum, line) => sum + line.length + 1, 0) + position.character;
      return text.slice(offset(range.start), offset(range.end));
    },
  } as FilteredDocument;
}

function diagnostic(code: string | { value: string; target: unknown } | undefined, line: number, character: number, message = String(code)): vscode.Diagnostic {
  return {
    range: { start: { line, character }, end: { line, character: character + 2 } },
    message,
    severity: 0,
    source: "fs",
    ...(code === undefined ? {} : { code }),
  } as unknown as vscode.Diagnostic;
}

const syntax = diagnostic("invalid-json", 2, 9, "Expected a value");
const comment = diagnostic("invalid-json", 1, 2, "Comments are not allowed");
const duplicate = diagnostic({ value: "duplicate-member", target: "https://example.org" }, 2, 2);
const trailing = diagnostic("trailing-content", 3, 0);
const deep = diagnostic("nesting-too-deep", 2, 2);
const rollup = diagnostic("rollup-unsatisfied", 2, 2);
const plain = diagnostic(undefined, 2, 2, "no code");
const all = [syntax, comment, duplicate, trailing, deep, rollup, plain];
const messages = (list: readonly vscode.Diagnostic[]) => list.map((entry) => entry.message);

test("json: the syntax problems the built-in JSON shows are dropped, everything else kept", () => {
  assert.deepEqual(messages(withoutBuiltInJsonOverlap(document("json"), true, all)), messages([deep, rollup, plain]));
  assert.equal(coveredByBuiltInJson(document("json"), duplicate), true, "a code with a target (codeDescription) is read by its value");
  assert.equal(coveredByBuiltInJson(document("json"), deep), false);
});

test("jsonc: our comment problem stays (jsonc accepts comments; an FS document does not)", () => {
  assert.deepEqual(messages(withoutBuiltInJsonOverlap(document("jsonc"), true, all)), messages([comment, deep, rollup, plain]));
});

test("all of ours are kept when the built-in JSON does not validate, the document is not open, or it is another language", () => {
  assert.deepEqual(messages(withoutBuiltInJsonOverlap(document("json"), false, all)), messages(all), "json.validate.enable off, or the JSON extension disabled");
  assert.deepEqual(messages(withoutBuiltInJsonOverlap(undefined, true, all)), messages(all), "not open (read ahead): the built-in JSON shows nothing of it");
  assert.deepEqual(messages(withoutBuiltInJsonOverlap(document("plaintext"), true, all)), messages(all));
});

test("a list with nothing to drop is handed on as it is", () => {
  const list = [rollup, deep];
  assert.equal(withoutBuiltInJsonOverlap(document("json"), true, list), list);
});
