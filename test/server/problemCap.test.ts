// The problem cap (setting fs.validation.maxProblems) is one rule: the structural issues count
// first, then each rollup check that is not satisfied (a subtotal that does not add up, or one that
// cannot be checked). The diagnostics shown, the failing subtotals
// explained ahead a step at a time (relateStep) and the count that decides whether the first
// publication goes out without related information (failingToRelate) all follow it, so that what
// is explained ahead is exactly what is shown.

import { test } from "node:test";
import assert from "node:assert/strict";
import { diagnostics, failingToRelate, relateStep } from "../../server/src/service/diagnostics";
import { readSettings } from "../../server/src/settings";
import { draft } from "./drafts";
import { createService } from "./service";

for (const maxProblems of [1, 3, 5, 8, 40]) {
  test(`maxProblems ${maxProblems}: the subtotals explained ahead are those shown, and counted as such`, () => {
    const settings = readSettings({ validation: { maxProblems } });
    const service = createService({ validation: { maxProblems } });
    const uri = `file:///problem-cap/${maxProblems}.json`;
    service.open(uri, draft(12, 0, { uncheckable: true }));
    const analysis = service.analysis(uri)!;
    // What a fresh version shows: the cap's first problems, each failing subtotal with its causes.
    const fresh = service.open(`file:///problem-cap/${maxProblems}-fresh.json`, draft(12, 0, { uncheckable: true })).diagnostics;
    const shownFailing = fresh.filter((diagnostic) => diagnostic.code === "rollup-unsatisfied");
    assert.equal(fresh.filter((diagnostic) => diagnostic.code !== "problems-capped").length, Math.min(maxProblems, 12));
    assert.equal(shownFailing.length, Math.ceil(Math.min(maxProblems, 12) / 2), "every other check shown cannot be checked");

    // The version the store analysed has had its diagnostics built whole already: start afresh.
    const good = analysis.parsed!;
    good.rollupDiagnostics = undefined;
    const explained = (): number => good.rollupDiagnostics?.byPosition.size ?? 0;
    assert.equal(failingToRelate(analysis, settings), shownFailing.length, "the failing subtotals within the cap, after the structural issues");
    let steps = 0;
    while (relateStep(analysis, settings, 1)) steps++;
    assert.equal(explained(), shownFailing.length, "relateStep explains the failing subtotals shown, no more");
    assert.equal(failingToRelate(analysis, settings), 0, "nothing is left to explain");
    assert.equal(steps, Math.max(0, shownFailing.length - 1));
    // Built ahead or not, the diagnostics are the same.
    assert.deepEqual(diagnostics(analysis, settings), JSON.parse(JSON.stringify(fresh).replaceAll(`${maxProblems}-fresh.json`, `${maxProblems}.json`)));
  });
}

test("structural issues over the cap: the first ones shown, and a notice with the total", () => {
  const service = createService({ validation: { maxProblems: 2 } });
  const shown = service.open("file:///problem-cap/structural.json", draft(3, 0, { extra: { draftNote: "x", reviewer: "y", tags: [] } })).diagnostics;
  assert.deepEqual(
    shown.map((diagnostic) => diagnostic.code),
    ["unknown-property", "unknown-property", "problems-capped"],
  );
  assert.match(shown[2]!.message as string, /first 2 of 3 problems/);
});
