// A client that takes diagnostics by group (fs/diagnosticGroups, VS Code's) is sent only the groups
// that changed since the last publication of the document (server/src/lsp/diagnosticDeltas.ts),
// whole when the server holds nothing of what it sent; merged in order by the client's rule
// (mergeGroups, client/src/server/diagnosticGroups.ts), they are every publication whole.

import assert from "node:assert/strict";
import { test } from "node:test";
import type { Diagnostic } from "vscode-languageserver-protocol";
import { DiagnosticDeltas } from "../../server/src/lsp/diagnosticDeltas";
import { mergeGroups } from "../../client/src/server/diagnosticGroups";
import { ITEMS_PER_GROUP, type DiagnosticGroupsParams } from "../../protocol/lsp";

const URI = "file:///doc.json";

function diagnostic(path: string | undefined, message: string, related?: string): Diagnostic {
  return {
    range: { start: { line: 1, character: 2 }, end: { line: 1, character: 5 } },
    message,
    severity: 2,
    code: "rollup-unsatisfied",
    source: "fs",
    ...(related === undefined
      ? {}
      : { relatedInformation: [{ location: { uri: URI, range: { start: { line: 3, character: 0 }, end: { line: 3, character: 1 } } }, message: related }] }),
    ...(path === undefined ? {} : { data: { path } }),
  };
}

const item = (statement: number, index: number) => `/statements/${statement}/items/${index}/values/fy`;
const groupsOf = (params: DiagnosticGroupsParams) => params.groups.map(({ group, diagnostics }) => `${group}:${diagnostics.map((entry) => entry.message).join("+")}`);

test("the first publication is whole; then only the groups that changed, and [] for a group that has none any more", () => {
  const deltas = new DiagnosticDeltas();
  const a = diagnostic(item(0, 1), "a");
  const b = diagnostic(item(0, ITEMS_PER_GROUP + 1), "b");
  const c = diagnostic("/units/0", "c");
  const first = deltas.next(URI, 1, [a, b, c]);
  assert.equal(first.whole, true);
  assert.equal(first.version, 1);
  assert.deepEqual(groupsOf(first), ["0.0:a", "0.1:b", ":c"]);

  const same = deltas.next(URI, 2, [a, b, c]);
  assert.deepEqual({ whole: same.whole, groups: groupsOf(same) }, { whole: false, groups: [] }, "nothing changed: no group");

  const changed = deltas.next(URI, 3, [a, diagnostic(item(0, ITEMS_PER_GROUP + 1), "b2"), c]);
  assert.deepEqual({ whole: changed.whole, groups: groupsOf(changed) }, { whole: false, groups: ["0.1:b2"] });

  const gone = deltas.next(URI, 4, [diagnostic(item(0, ITEMS_PER_GROUP + 1), "b2"), c]);
  assert.deepEqual(groupsOf(gone), ["0.0:"], "group 0.0 has none any more");
});

test("related information, order and every field count: a group whose text differs in any way is sent", () => {
  const deltas = new DiagnosticDeltas();
  const a = diagnostic(item(1, 0), "a");
  const b = diagnostic(item(1, 2), "b");
  deltas.next(URI, 1, [a, b]);
  assert.deepEqual(groupsOf(deltas.next(URI, 1, [a, diagnostic(item(1, 2), "b", "Likely cause: …")])), ["1.0:a+b"], "the second step of a draft's open: related information");
  assert.deepEqual(groupsOf(deltas.next(URI, 2, [diagnostic(item(1, 2), "b", "Likely cause: …"), a])), ["1.0:b+a"], "the same diagnostics in another order");
  assert.deepEqual(groupsOf(deltas.next(URI, 3, [{ ...diagnostic(item(1, 2), "b", "Likely cause: …"), severity: 1 }, a])), ["1.0:b+a"], "another severity (a setting changed)");
});

test("whole again: when asked, after an empty publication, for a file not kept, and after forget", () => {
  const deltas = new DiagnosticDeltas();
  const a = diagnostic(item(0, 1), "a");
  deltas.next(URI, 1, [a]);
  const again = deltas.next(URI, 1, [a], { whole: true });
  assert.deepEqual({ whole: again.whole, groups: groupsOf(again) }, { whole: true, groups: ["0.0:a"] }, "the same analysis published again (a text that does not parse, now open)");

  const emptied = deltas.next(URI, 2, []);
  assert.deepEqual({ whole: emptied.whole, groups: groupsOf(emptied) }, { whole: false, groups: ["0.0:"] });
  assert.equal(deltas.next(URI, 3, [a]).whole, true, "after an empty publication nothing is held");

  const closed = "file:///closed.json";
  assert.equal(deltas.next(closed, undefined, [a], { keep: false }).whole, true);
  assert.equal(deltas.next(closed, undefined, [a], { keep: false }).whole, true, "a file that is not open: nothing kept, whole each time");

  deltas.forget(URI);
  const withdrawn = deltas.next(URI, undefined, [], { whole: true, keep: false });
  assert.deepEqual({ whole: withdrawn.whole, groups: groupsOf(withdrawn) }, { whole: true, groups: [] }, "withdrawn: an empty whole publication");
  assert.equal(deltas.next(URI, 1, [a]).whole, true, "reopened: whole");
  assert.equal("version" in deltas.next(closed, undefined, [], { keep: false }), false, "no version when the publication has none");
});

test("merged in order by the client, the deltas are every publication (random publications of a long statement)", () => {
  // A small deterministic generator (mulberry32): the same publications every run.
  let seed = 7;
  const random = (n: number) => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
  const deltas = new DiagnosticDeltas();
  let held: ReadonlyMap<string, readonly Diagnostic[]> | undefined;
  let sentDiagnostics = 0;
  let wholeDiagnostics = 0;
  // Each version changes a few of the document's diagnostics (a value edit), now and then all of them.
  let list: Diagnostic[] = [];
  const someDiagnostic = () => diagnostic(random(10) === 0 ? "/units/0" : item(random(3), random(600)), `m${random(3)}`, random(2) === 0 ? `r${random(2)}` : undefined);
  for (let version = 1; version <= 300; version++) {
    if (random(30) === 0) list = random(3) === 0 ? [] : Array.from({ length: 20 + random(30) }, someDiagnostic);
    else
      for (let change = random(4); change > 0; change--) {
        const at = random(list.length + 1);
        if (random(3) === 0) list.splice(at, 1);
        else list.splice(at, random(2), someDiagnostic());
      }
    // Now and then what a server does besides: the same analysis again whole, a document withdrawn.
    const params = random(25) === 0 ? deltas.next(URI, version, list, { whole: true }) : deltas.next(URI, version, list);
    sentDiagnostics += params.groups.reduce((sum, { diagnostics }) => sum + diagnostics.length, 0);
    wholeDiagnostics += list.length;
    held = mergeGroups(held, { whole: params.whole, groups: new Map(params.groups.map(({ group, diagnostics }) => [group, diagnostics])) }).held;
    const sorted = (entries: readonly Diagnostic[]) => entries.map((entry) => JSON.stringify(entry)).sort();
    assert.deepEqual(sorted([...held.values()].flat()), sorted(list), `version ${version}`);
    if (random(60) === 0) {
      deltas.forget(URI);
      held = mergeGroups(held, { whole: true, groups: new Map() }).held;
      assert.equal(held.size, 0);
    }
  }
  assert.ok(sentDiagnostics < wholeDiagnostics, `${sentDiagnostics} diagnostics sent against ${wholeDiagnostics} in whole publications`);
});
