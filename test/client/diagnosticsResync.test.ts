// VS Code's client takes fs/diagnosticGroups in order (client/src/server/diagnosticsResync.ts). One
// it cannot convert or apply leaves its document stale: the client asks the server for the document
// whole again (fs/diagnosticsResync) and logs the failure, once until a whole publication is taken.

import assert from "node:assert/strict";
import { test } from "node:test";
import type { DiagnosticGroupsParams } from "../../protocol/lsp";
import type { GroupsUpdate } from "../../client/src/server/diagnosticGroups";
import { GroupPublications, type Taking } from "../../client/src/server/diagnosticsResync";

const A = "file:///a.json";
const B = "file:///b.json";

function publication(uri: string, whole: boolean, message: string): DiagnosticGroupsParams {
  return { uri, whole, groups: [{ group: "0", diagnostics: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, message }] }] };
}

function harness() {
  const asked: string[] = [];
  const logs: string[] = [];
  const applied: string[] = [];
  const publications = new GroupPublications<string>({ resync: (uri) => asked.push(uri), log: (message) => logs.push(message) });
  /** Converts each diagnostic to its message, after `delay` ms; a message "bad" fails. */
  const taking = (uri: string, delay = 0, failApply = false): Taking<string> => ({
    convert: async (list) => {
      await new Promise((resolve) => setTimeout(resolve, delay));
      if (list.some(({ message }) => message === "bad")) throw new Error("cannot convert");
      return list.map(({ message }) => String(message));
    },
    apply: (update: GroupsUpdate<string>) => {
      if (failApply) throw new Error("cannot apply");
      applied.push(`${uri} ${update.whole ? "whole" : "delta"} ${[...update.groups.values()].flat().join(",")}`);
    },
  });
  return { publications, taking, asked, logs, applied };
}

test("a publication that cannot be converted asks the server for its document whole, once, and logs it", async () => {
  const { publications, taking, asked, logs, applied } = harness();
  await publications.received(publication(A, true, "a1"), taking(A));
  await publications.received(publication(A, false, "bad"), taking(A));
  assert.deepEqual(asked, [A]);
  assert.equal(logs.length, 1);
  assert.match(logs[0]!, /file:\/\/\/a\.json.*cannot convert/);
  // Another failure before the whole publication is taken: nothing more asked or logged.
  await publications.received(publication(A, false, "bad"), taking(A));
  assert.deepEqual(asked, [A]);
  assert.equal(logs.length, 1);
  // A delta still applies; the whole publication answers the resync; a later failure asks again.
  await publications.received(publication(A, false, "a2"), taking(A));
  await publications.received(publication(A, true, "a3"), taking(A));
  await publications.received(publication(A, false, "bad"), taking(A));
  assert.deepEqual(asked, [A, A]);
  assert.equal(logs.length, 2);
  assert.deepEqual(applied, [`${A} whole a1`, `${A} delta a2`, `${A} whole a3`]);
});

test("one that cannot be applied is answered the same way; other documents are not asked for", async () => {
  const { publications, taking, asked, applied } = harness();
  await publications.received(publication(B, true, "b1"), taking(B, 0, true));
  await publications.received(publication(A, true, "a1"), taking(A));
  assert.deepEqual(asked, [B]);
  assert.deepEqual(applied, [`${A} whole a1`]);
});

test("publications are applied in the order they came, though a later one converts first", async () => {
  const { publications, taking, applied, asked } = harness();
  const first = publications.received(publication(A, true, "a1"), taking(A, 30));
  const second = publications.received(publication(A, false, "a2"), taking(A, 0));
  await Promise.all([first, second]);
  assert.deepEqual(applied, [`${A} whole a1`, `${A} delta a2`]);
  assert.deepEqual(asked, []);
});

test("after the server stopped, a publication still converting is dropped and a failure asks nothing", async () => {
  const { publications, taking, applied, asked, logs } = harness();
  const converting = publications.received(publication(A, true, "a1"), taking(A, 20));
  const failing = publications.received(publication(A, false, "bad"), taking(A, 20));
  publications.clear();
  await Promise.all([converting, failing]);
  assert.deepEqual(applied, []);
  assert.deepEqual(asked, []);
  assert.deepEqual(logs, []);
  // The next server's publications are taken, and a failure asks it.
  await publications.received(publication(A, false, "bad"), taking(A));
  assert.deepEqual(asked, [A]);
});
