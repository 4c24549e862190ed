// The text of the "FS: Show Snapshot Diff" view, from real engine diffs of the upstream example.

import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { analyze, diffSnapshot, recordSnapshot } from "../../shared/src/index";
import { snapshotDiffText } from "../../client/src/snapshot/diffText";
import { readText, upstreamRoot } from "../support/paths";

const TIMEOUT = { timeout: 10_000 };

function diffOf(value: unknown) {
  return diffSnapshot(value, analyze(value));
}

/** The example with a snapshot recorded by the engine, as a parsed value. */
function recorded(): { statements: { items: { id: string; values: Record<string, unknown> }[] }[] } {
  const text = readText(join(upstreamRoot, "examples", "manufacturing-group.json"));
  const recording = recordSnapshot(text, JSON.parse(text));
  assert.ok(recording);
  return JSON.parse(recording.text) as ReturnType<typeof recorded>;
}

test("no snapshot: the view says how to record one", TIMEOUT, () => {
  const value = JSON.parse(readText(join(upstreamRoot, "examples", "manufacturing-group.json"))) as unknown;
  const text = snapshotDiffText("manufacturing-group.json", diffOf(value), undefined);
  assert.match(text, /^# Validation snapshot diff: manufacturing-group\.json$/m);
  assert.match(text, /No validation snapshot is recorded/);
});

test("a matching snapshot lists the statuses and no changes", TIMEOUT, () => {
  const text = snapshotDiffText("g.json", diffOf(recorded()), undefined);
  assert.match(text, /\*\*Match\*\*/);
  assert.match(text, /^- Conformance: conforming$/m);
  assert.match(text, /^- Calculations: inconsistent$/m);
  assert.doesNotMatch(text, /^## /m);
  assert.match(text, /^Unchanged applications: (\d+) of \1\.$/m);
});

test("changed values show each application's outcome and numbers recorded → current", TIMEOUT, () => {
  const value = recorded();
  const items = value.statements[1]?.items ?? [];
  const set = (id: string, period: string, decimal: string) => {
    const item = items.find((candidate) => candidate.id === id);
    assert.ok(item, id);
    item.values[period] = decimal;
  };
  // Repairs the example's failing check (gross profit fy2025: 100 + -60 = 40, stated 41) and breaks
  // revenue fy2024 (50 + 31 = 81, stated 80).
  set("gross-profit", "fy2025", "40");
  set("service-revenue", "fy2024", "31");
  const text = snapshotDiffText("g.json", diffOf(value), undefined);
  assert.match(text, /\*\*Mismatch\*\*/);
  assert.match(text, /^- Calculations: inconsistent$/m);
  assert.match(text, /^## Changed: 2$/m);
  assert.match(text, /^- income-statement › gross-profit › fy2025: unsatisfied → satisfied\n {2}- actual 41 → 40, expected 40, difference 1 → 0, tolerance 0$/m);
  assert.match(text, /^- income-statement › revenue › fy2024: satisfied → unsatisfied\n {2}- actual 80, expected 80 → 81, difference 0 → -1, tolerance 0$/m);
});

test("a problem from the server is shown instead of a diff", TIMEOUT, () => {
  const text = snapshotDiffText("g.json", undefined, "The text is not valid JSON; fix the syntax errors first.");
  assert.match(text, /The text is not valid JSON/);
});
