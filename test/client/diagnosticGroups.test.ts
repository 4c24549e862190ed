// The extension keeps a document's diagnostics in one collection per run of items of a statement
// (client/src/server/diagnosticGroups.ts) and sets only the groups whose diagnostics changed, so a
// value edit sends VS Code the diagnostics near its item, not its statement's or the document's;
// together the groups always hold exactly the diagnostics last published.

import assert from "node:assert/strict";
import { test } from "node:test";
import type * as vscode from "vscode";
import { DiagnosticGroups, ITEMS_PER_GROUP, diagnosticGroup, mergeGroups, type DiagnosticSink } from "../../client/src/server/diagnosticGroups";

const uri = { toString: () => "file:///doc.json" } as vscode.Uri;

function diagnostic(path: string | undefined, line: number, message = `at ${line}`): vscode.Diagnostic {
  const position = { line, character: 2 };
  return {
    range: { start: position, end: { line, character: 5 } },
    message,
    severity: 1,
    code: "rollup-unsatisfied",
    source: "fs",
    ...(path === undefined ? {} : { data: { path } }),
  } as unknown as vscode.Diagnostic;
}

/** Fake collections that record every set and delete. */
function sinks(): { create: (name: string) => DiagnosticSink; calls: string[]; held: Map<string, readonly vscode.Diagnostic[]> } {
  const calls: string[] = [];
  const held = new Map<string, readonly vscode.Diagnostic[]>();
  const create = (name: string): DiagnosticSink =>
    ({
      set: (_: vscode.Uri, list: readonly vscode.Diagnostic[]) => {
        calls.push(`set ${name} ${list.length}`);
        held.set(name, list);
      },
      delete: () => {
        calls.push(`delete ${name}`);
        held.delete(name);
      },
      clear: () => held.delete(name),
      dispose: () => undefined,
    }) as unknown as DiagnosticSink;
  return { create, calls, held };
}

const union = (held: Map<string, readonly vscode.Diagnostic[]>) =>
  [...held.values()]
    .flat()
    .map((entry) => entry.message)
    .sort();

test("a diagnostic's group is its statement's run of items, from its data's path", () => {
  assert.equal(diagnosticGroup(diagnostic("/statements/12/items/3/values/fy", 1)), "12.0");
  assert.equal(diagnosticGroup(diagnostic(`/statements/12/items/${ITEMS_PER_GROUP - 1}`, 1)), "12.0");
  assert.equal(diagnosticGroup(diagnostic(`/statements/12/items/${ITEMS_PER_GROUP}/rollupTo`, 1)), "12.1");
  assert.equal(diagnosticGroup(diagnostic("/statements/12/items/4000/values/fy", 1)), `12.${Math.floor(4000 / ITEMS_PER_GROUP)}`);
  assert.equal(diagnosticGroup(diagnostic("/statements/12/periods/1", 1)), "12");
  assert.equal(diagnosticGroup(diagnostic("/statements/12/items", 1)), "12");
  assert.equal(diagnosticGroup(diagnostic("/statements/0", 1)), "0");
  assert.equal(diagnosticGroup(diagnostic("/units/0", 1)), "");
  assert.equal(diagnosticGroup(diagnostic(undefined, 1)), "");
});

test("only the groups whose diagnostics changed are set; the union is what was published", () => {
  const { create, calls, held } = sinks();
  const groups = new DiagnosticGroups("fsdoc", create);
  const far = ITEMS_PER_GROUP * 40;
  const first = [
    diagnostic("/statements/0/items/1", 10),
    diagnostic("/statements/1/items/2", 20),
    diagnostic("/statements/1/items/5", 25),
    diagnostic(`/statements/1/items/${far}/values/fy`, 900),
    diagnostic(undefined, 0, "syntax"),
  ];
  groups.set(uri, first);
  assert.deepEqual(calls.sort(), ["set fsdoc 1", "set fsdoc.0.0 1", "set fsdoc.1.0 2", "set fsdoc.1.40 1"]);
  calls.length = 0;
  // A value edit in statement 1: its diagnostic's message changes; the same statement's far rows,
  // statement 0 and the rest stand.
  const second = [first[0]!, diagnostic("/statements/1/items/2", 20, "now off by 2"), first[2]!, first[3]!, first[4]!];
  groups.set(
    uri,
    second.map((entry) => ({ ...entry })),
  );
  assert.deepEqual(calls, ["set fsdoc.1.0 2"]);
  assert.deepEqual(union(held), second.map((entry) => entry.message).sort());
  calls.length = 0;
  // The same diagnostics again (new objects): nothing is set.
  groups.set(
    uri,
    second.map((entry) => ({ ...entry })),
  );
  assert.deepEqual(calls, []);
  // A statement's diagnostics gone: its group is deleted; all gone: every group is.
  groups.set(uri, [first[0]!, first[4]!]);
  assert.deepEqual(calls.sort(), ["delete fsdoc.1.0", "delete fsdoc.1.40"]);
  groups.set(uri, []);
  assert.deepEqual(union(held), []);
});

test("mergeGroups: a delta replaces its groups and leaves the others; a whole update replaces everything", () => {
  const held = new Map([
    ["0.0", ["a"]],
    ["0.1", ["b"]],
    ["", ["c"]],
  ]);
  const delta = mergeGroups(held, {
    whole: false,
    groups: new Map([
      ["0.1", ["b2", "b3"]],
      ["", []],
      ["2.0", ["d"]],
    ]),
  });
  assert.deepEqual([...delta.held].sort(), [
    ["0.0", ["a"]],
    ["0.1", ["b2", "b3"]],
    ["2.0", ["d"]],
  ]);
  assert.deepEqual([...delta.changed].sort(), [
    ["", []],
    ["0.1", ["b2", "b3"]],
    ["2.0", ["d"]],
  ]);
  assert.deepEqual([...held.keys()], ["0.0", "0.1", ""], "what was held is not changed in place");

  const whole = mergeGroups(delta.held, { whole: true, groups: new Map([["0.1", ["b2"]]]) });
  assert.deepEqual([...whole.held], [["0.1", ["b2"]]]);
  assert.deepEqual([...whole.changed].sort(), [
    ["0.0", []],
    ["0.1", ["b2"]],
    ["2.0", []],
  ]);
  assert.deepEqual([...mergeGroups(undefined, { whole: false, groups: new Map([["1", ["x"]]]) }).held], [["1", ["x"]]]);
  assert.equal(mergeGroups(whole.held, { whole: true, groups: new Map() }).held.size, 0, "an empty whole update clears the document");
});

test("setGroups sets the groups given, deletes those emptied, and leaves the rest; a later whole set compares with them", () => {
  const { create, calls, held } = sinks();
  const groups = new DiagnosticGroups("fsdoc", create);
  const a = diagnostic("/statements/0/items/1", 1, "a");
  const b = diagnostic(`/statements/0/items/${ITEMS_PER_GROUP}`, 2, "b");
  groups.set(uri, [a, b]);
  calls.length = 0;
  const b2 = diagnostic(`/statements/0/items/${ITEMS_PER_GROUP}`, 2, "b2");
  groups.setGroups(uri, new Map([["0.1", [b2]]]));
  assert.deepEqual(calls, ["set fsdoc.0.1 1"]);
  assert.deepEqual(union(held), ["a", "b2"]);
  calls.length = 0;
  // The same diagnostics again (the filter left the change out): nothing set.
  groups.setGroups(uri, new Map([["0.1", [{ ...b2 }]]]));
  assert.deepEqual(calls, []);
  groups.setGroups(uri, new Map([["0.0", []]]));
  assert.deepEqual(calls, ["delete fsdoc.0.0"]);
  assert.deepEqual(union(held), ["b2"]);
  calls.length = 0;
  // A whole set after deltas: compared with what the deltas set, so only what differs is set.
  groups.set(uri, [a, b2]);
  assert.deepEqual(calls, ["set fsdoc.0.0 1"]);
  groups.setGroups(uri, new Map([["9", []]]));
  assert.deepEqual(calls, ["set fsdoc.0.0 1"], "emptying a group that holds nothing does nothing");
});
