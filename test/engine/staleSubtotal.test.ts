// "The subtotal was not updated": named first, and only on evidence that the children changed while
// the total did not (it is 0 while they are not; it added up at the value it states when the
// snapshot was recorded); set to the sum, the total holds.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  analyze,
  applyOffsetEdits,
  causeFixEdits,
  describeCause,
  parseJson,
  recordSnapshot,
  RollupExplainer,
  SourceLocator,
  type Cause,
  type FsDocument,
} from "../../shared/src/index";
import { heldInSnapshot } from "../../shared/src/rollup/heldTotals";
import { applicationKey } from "../../shared/src/model/keys";
import { textOf, type Row } from "./explainDocs";

function causesOf(text: string): { explainer: RollupExplainer; causes: readonly Cause[] } {
  const parsed = parseJson(text);
  assert.ok(parsed.ok);
  const analysis = analyze(parsed.value);
  assert.equal(analysis.result.conformance.status, "conforming", JSON.stringify(analysis.result.conformance.errors));
  const explainer = new RollupExplainer(analysis.document!, analysis.result.calculations.applications);
  const application = explainer.unsatisfied("is", "total", "fy2025");
  assert.ok(application !== undefined, "the total fails in fy2025");
  return { explainer, causes: explainer.causes(application) };
}

const template: Row[] = [
  { id: "cash", label: "Cash and cash equivalents", values: ["100", "0"], rollupTo: "total" },
  { id: "receivables", label: "Trade receivables", values: ["0", "0"], rollupTo: "total" },
  { id: "total", label: "Total assets", values: ["0", "0"] },
];
const periods = { periods: ["fy2025", "fy2024"] };

test("a total left at 0 while its children are not (a template filled in): not filled in, first, before 'does not belong'", () => {
  const text = textOf(template, periods);
  const { explainer, causes } = causesOf(text);
  assert.deepEqual(
    causes.map((cause) => cause.kind),
    // Not "other-periods": fy2024 holds only because nothing is filled in there yet.
    ["stale-subtotal", "extra-child"],
  );
  const first = causes[0]!;
  assert.equal(first.staleSince, "zero");
  assert.equal(describeCause(explainer, first), "Total assets was not filled in? It is 0 while its children add up to 100; set to their sum, the total holds.");
  const parsed = parseJson(text);
  assert.ok(parsed.ok);
  const edits = causeFixEdits(text, new SourceLocator(text), parsed.value as FsDocument, "is", first.fix!);
  const fixed = analyze(JSON.parse(applyOffsetEdits(text, edits!)));
  assert.equal(fixed.result.calculations.status, "consistent");
});

test("a total that added up at its stated value when the snapshot was recorded, its children changed since: not updated, first", () => {
  const consistent = textOf(
    [
      { id: "cash", label: "Cash", values: ["100"], rollupTo: "total" },
      { id: "receivables", label: "Receivables", values: ["40"], rollupTo: "total" },
      { id: "total", label: "Total assets", values: ["140"] },
    ],
    {},
  );
  const recorded = recordSnapshot(consistent, JSON.parse(consistent))!.text;
  const edited = recorded.replace('"fy2025": "40"', '"fy2025": "65"');
  const { explainer, causes } = causesOf(edited);
  assert.equal(causes[0]?.kind, "stale-subtotal");
  assert.equal(causes[0]?.staleSince, "snapshot");
  assert.equal(
    describeCause(explainer, causes[0]!),
    "Total assets was not updated? It added up at 140 when the snapshot was recorded, and its children changed since; set to their sum (165), the total holds.",
  );
  // The total was changed too since the snapshot (to 150): no evidence that it was left as it was.
  assert.ok(!causesOf(edited.replace('"fy2025": "140"', '"fy2025": "150"')).causes.some((cause) => cause.kind === "stale-subtotal"));
  // Without a snapshot, a nonzero total that does not add up is no evidence either.
  assert.ok(!causesOf(consistent.replace('"fy2025": "40"', '"fy2025": "65"')).causes.some((cause) => cause.kind === "stale-subtotal"));
});

test("heldInSnapshot: only satisfied applications, by key; none without a snapshot", () => {
  assert.equal(heldInSnapshot(undefined).size, 0);
  const held = heldInSnapshot({
    conformance: "conforming",
    calculations: "inconsistent",
    applications: [
      { key: { statement: "s", parent: "a", period: "p" }, status: "satisfied", actual: "1.5", expected: "1.5", difference: "0", tolerance: "0" },
      { key: { statement: "s", parent: "b", period: "p" }, status: "unsatisfied", actual: "1", expected: "2", difference: "-1", tolerance: "0" },
    ],
  });
  assert.deepEqual([...held], [[applicationKey("s", "a", "p"), "1.5"]]);
});
