// The likely causes of an unsatisfied rollup: each on its own small document, its wording, and
// its fix applied as a text edit, after which the rollup holds.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  analyze,
  applyOffsetEdits,
  causeFixEdits,
  describeCause,
  explainerFor,
  parseJson,
  rollupCauseLines,
  RollupExplainer,
  setSubtotalFix,
  SourceLocator,
  transpositions,
  type Cause,
  type CauseKind,
  type FsDocument,
  type NumericApplication,
} from "../../shared/src/index";
import { textOf, type Options, type Row } from "./explainDocs";

interface Explained {
  text: string;
  explainer: RollupExplainer;
  application: NumericApplication;
  causes: readonly Cause[];
}

function explain(rows: readonly Row[], options: Options = {}, parent = "total", period = options.periods?.[0] ?? "fy2025"): Explained {
  const text = textOf(rows, options);
  const parsed = parseJson(text);
  assert.ok(parsed.ok);
  const analysis = analyze(parsed.value);
  assert.equal(analysis.result.conformance.status, "conforming", JSON.stringify(analysis.result.conformance.errors));
  const explainer = new RollupExplainer(analysis.document!, analysis.result.calculations.applications);
  const application = explainer.application("is", parent, period);
  assert.ok(application?.status === "unsatisfied", `the ${parent} rollup fails in ${period}`);
  return { text, explainer, application, causes: explainer.causes(application) };
}

/** Applies a cause's fix (or any CauseFix) to the text and returns the application afterwards. */
function applyFix(explained: Explained, fix = explained.causes[0]?.fix): { text: string; status: string } {
  assert.ok(fix !== undefined, "a fix");
  const parsed = parseJson(explained.text);
  assert.ok(parsed.ok);
  const edits = causeFixEdits(explained.text, new SourceLocator(explained.text), parsed.value as FsDocument, "is", fix);
  assert.ok(edits !== undefined && edits.length > 0, "edits for the fix");
  const text = applyOffsetEdits(explained.text, edits);
  const after = parseJson(text);
  assert.ok(after.ok, "the fixed text is JSON");
  const analysis = analyze(after.value);
  assert.equal(analysis.result.conformance.status, "conforming", JSON.stringify(analysis.result.conformance.errors));
  const { key } = explained.application;
  const application = analysis.result.calculations.applications.find(
    (candidate) => candidate.key.statement === key.statement && candidate.key.parent === key.parent && candidate.key.period === key.period,
  );
  return { text, status: application?.status ?? "none" };
}

const kinds = (causes: readonly Cause[]): CauseKind[] => causes.map((cause) => cause.kind);

test("a child with the wrong sign: named with its label and grouped amount, and negating it makes the total hold", () => {
  const explained = explain([
    { id: "revenue", label: "Revenue", values: ["5000"], rollupTo: "total" },
    { id: "cos", label: "Cost of sales", values: ["1240"], rollupTo: "total" },
    { id: "total", label: "Gross profit", values: ["3760"] },
  ]);
  assert.deepEqual(kinds(explained.causes).slice(0, 1), ["child-sign"]);
  assert.equal(explained.causes[0]!.item, "cos");
  assert.equal(describeCause(explained.explainer, explained.causes[0]!), "Cost of sales (1,240) has the wrong sign? With it negated the total holds.");
  const fixed = applyFix(explained);
  assert.equal(fixed.status, "satisfied");
  assert.match(fixed.text, /"fy2025": "-1240"/);
});

test("the parent with the wrong sign", () => {
  const explained = explain([
    { id: "a", values: ["-300"], rollupTo: "total" },
    { id: "b", values: ["-260"], rollupTo: "total" },
    { id: "total", label: "Net loss", values: ["560"] },
  ]);
  const cause = explained.causes.find((candidate) => candidate.kind === "parent-sign");
  assert.ok(cause !== undefined, kinds(explained.causes).join());
  assert.equal(describeCause(explained.explainer, cause), "Net loss (560) has the wrong sign? Negated, it equals the sum of its children.");
  assert.equal(applyFix(explained, cause.fix).status, "satisfied");
});

test("a child that does not belong, or is counted twice: removing its rollupTo makes the total hold", () => {
  const explained = explain([
    { id: "a", values: ["700"], rollupTo: "total" },
    { id: "b", values: ["300"], rollupTo: "total" },
    { id: "other", label: "Other income", values: ["45"], rollupTo: "total" },
    { id: "total", label: "Total", values: ["1000"] },
  ]);
  const cause = explained.causes.find((candidate) => candidate.kind === "extra-child");
  assert.ok(cause !== undefined && cause.item === "other", kinds(explained.causes).join());
  assert.equal(describeCause(explained.explainer, cause), "Other income (45) does not belong in Total, or is counted twice? Without it the total holds.");
  const fixed = applyFix(explained, cause.fix);
  assert.equal(fixed.status, "satisfied");
  assert.equal(JSON.parse(fixed.text).statements[0].items[2].rollupTo, undefined);
});

test("a child missing: an item that rolls up nowhere, or elsewhere, holding the difference; rolling it up here makes the total hold", () => {
  const nowhere = explain([
    { id: "a", values: ["700"], rollupTo: "total" },
    { id: "interest", label: "Interest", values: ["45"] },
    { id: "ratio", label: "Margin", values: ["45"], unit: "pct" },
    { id: "total", label: "Total", values: ["745"] },
  ]);
  const missing = nowhere.causes.filter((candidate) => candidate.kind === "missing-child");
  assert.deepEqual(
    missing.map((cause) => cause.item),
    ["interest"],
    "an item of another unit is no candidate",
  );
  assert.equal(describeCause(nowhere.explainer, missing[0]!), "Interest (45) is missing from Total? It rolls up nowhere now; rolled up here, the total holds.");
  const fixed = applyFix(nowhere, missing[0]!.fix);
  assert.equal(fixed.status, "satisfied");
  assert.equal(JSON.parse(fixed.text).statements[0].items[1].rollupTo, "total");

  const elsewhere = explain([
    { id: "a", values: ["700"], rollupTo: "total" },
    { id: "interest", label: "Interest", values: ["45"], rollupTo: "finance" },
    { id: "fees", values: ["5"], rollupTo: "finance" },
    { id: "finance", label: "Finance costs", values: ["50"] },
    { id: "total", label: "Total", values: ["745"] },
  ]);
  const moved = elsewhere.causes.find((candidate) => candidate.kind === "missing-child");
  assert.ok(moved !== undefined);
  assert.equal(moved.rollsUpTo, "finance");
  assert.match(describeCause(elsewhere.explainer, moved), /It rolls up to Finance costs now/);
  assert.equal(applyFix(elsewhere, moved.fix).status, "satisfied");
});

test("an ancestor of the subtotal is never offered as its missing child (that would be a cycle)", () => {
  const explained = explain(
    [
      { id: "a", values: ["10"], rollupTo: "total" },
      { id: "total", values: ["15"], rollupTo: "grand" },
      { id: "b", values: ["-10"], rollupTo: "grand" },
      { id: "grand", values: ["5"] },
    ],
    {},
  );
  assert.ok(!explained.causes.some((cause) => cause.kind === "missing-child" && cause.item === "grand"));
});

test("two adjacent digits transposed, in a child or in the parent", () => {
  const child = explain([
    { id: "a", label: "Revenue", values: ["1324"], rollupTo: "total" },
    { id: "b", values: ["100"], rollupTo: "total" },
    { id: "total", values: ["1334"] },
  ]);
  const swap = child.causes.find((cause) => cause.kind === "transposition" && cause.item === "a");
  assert.ok(swap !== undefined, kinds(child.causes).join());
  assert.equal(describeCause(child.explainer, swap), "Two digits of Revenue (1,324) transposed? As 1,234 the total holds.");
  assert.equal(applyFix(child, swap.fix).status, "satisfied");

  const parent = explain([
    { id: "a", values: ["12.5"], rollupTo: "total" },
    { id: "b", values: ["0.25"], rollupTo: "total" },
    { id: "total", values: ["21.75"] },
  ]);
  const parentSwap = parent.causes.find((cause) => cause.kind === "transposition" && cause.item === "total");
  assert.ok(parentSwap !== undefined, kinds(parent.causes).join());
  assert.deepEqual(parentSwap.fix, { kind: "set-value", item: "total", period: "fy2025", value: "12.75" });
  assert.equal(applyFix(parent, parentSwap.fix).status, "satisfied");
});

test("transpositions keep values canonical: no leading zero, no trailing fraction zero, no swap across the point", () => {
  assert.deepEqual(transpositions("1023"), ["1203", "1032"]);
  assert.deepEqual(transpositions("-10.05"), ["-10.5", "-10.005"]);
  assert.deepEqual(transpositions("0.12"), ["0.21", "0.102"]);
  assert.deepEqual(transpositions("7"), []);
});

test("one value in the wrong scale, with the unit's scale in words", () => {
  const explained = explain([
    { id: "a", label: "Revenue", values: ["1240"], rollupTo: "total" },
    { id: "b", values: ["60000"], rollupTo: "total" },
    { id: "total", values: ["1300000"] },
  ]);
  const scale = explained.causes.find((cause) => cause.kind === "scale" && cause.item === "a");
  assert.ok(scale !== undefined, kinds(explained.causes).join());
  assert.equal(describeCause(explained.explainer, scale), "Revenue (1,240) is 1,000 times too small (the unit is in thousands)? As 1,240,000 the total holds.");
  assert.equal(applyFix(explained, scale.fix).status, "satisfied");

  const tooLarge = explain([
    { id: "a", values: ["1.5"], rollupTo: "total" },
    { id: "b", values: ["2500"], rollupTo: "total" },
    { id: "total", values: ["4"] },
  ]);
  const down = tooLarge.causes.find((cause) => cause.kind === "scale" && cause.item === "b");
  assert.ok(down !== undefined && down.power === -3, kinds(tooLarge.causes).join());
  assert.equal(applyFix(tooLarge, down.fix).status, "satisfied");
});

test("rounding: the bound is half a unit of each value's last digit, and the tolerance that would accept it is suggested", () => {
  const explained = explain([
    { id: "a", values: ["33.3"], rollupTo: "total" },
    { id: "b", values: ["33.3"], rollupTo: "total" },
    { id: "c", values: ["33.3"], rollupTo: "total" },
    { id: "total", values: ["100"] },
  ]);
  // Three children at tenths (0.05 each) and a parent in whole units (0.5): up to 0.65; d = 0.1.
  const rounding = explained.causes.find((cause) => cause.kind === "rounding");
  assert.ok(rounding !== undefined, kinds(explained.causes).join());
  assert.equal(rounding.roundingBound, "0.65");
  assert.equal(rounding.suggestedTolerance, "0.1");
  assert.match(describeCause(explained.explainer, rounding), /up to 0\.65 together.*a tolerance of 0\.1 would accept it/);
  const fixedTolerance = explain(
    [
      { id: "a", values: ["33.3"], rollupTo: "total" },
      { id: "total", values: ["100"] },
    ],
    {},
  );
  assert.ok(!fixedTolerance.causes.some((cause) => cause.kind === "rounding"), "66.7 off is far beyond rounding");
});

test("the same subtotal holds in its other periods", () => {
  const explained = explain(
    [
      { id: "a", values: ["10", "20", "30"], rollupTo: "total" },
      { id: "b", values: ["5", "5", "5"], rollupTo: "total" },
      { id: "total", label: "Total", values: ["16", "25", "35"] },
    ],
    { periods: ["fy2025", "fy2024", "fy2023"] },
  );
  const other = explained.causes.find((cause) => cause.kind === "other-periods");
  assert.ok(other !== undefined);
  assert.deepEqual(other.holdsIn, ["fy2024", "fy2023"]);
  assert.equal(describeCause(explained.explainer, other), "Total holds in fy2024 and fy2023, which points at a typing error in fy2025.");
});

test("a period where the subtotal and its children are all 0 is not named as one where it holds", () => {
  // A new document's template: every value "0"; the user typed one period's child only.
  const explained = explain(
    [
      { id: "a", values: ["120", "0", "30"], rollupTo: "total" },
      { id: "b", values: ["0", "0", "5"], rollupTo: "total" },
      { id: "total", label: "Total", values: ["0", "0", "35"] },
    ],
    { periods: ["fy2025", "fy2024", "fy2023"] },
  );
  const other = explained.causes.find((cause) => cause.kind === "other-periods");
  assert.ok(other !== undefined, kinds(explained.causes).join());
  assert.deepEqual(other.holdsIn, ["fy2023"]);
  const onlyEmpty = explain(
    [
      { id: "a", values: ["120", "0"], rollupTo: "total" },
      { id: "total", values: ["0", "0"] },
    ],
    { periods: ["fy2025", "fy2024"] },
  );
  assert.ok(!onlyEmpty.causes.some((cause) => cause.kind === "other-periods"), kinds(onlyEmpty.causes).join());
});

test("causes are ranked most specific first, and the CLI lines follow that order", () => {
  // 1,240 negated fits (sign), and so does a digit swap in the parent? Build one where several fit.
  const explained = explain([
    { id: "a", values: ["100"], rollupTo: "total" },
    { id: "b", values: ["50"], rollupTo: "total" },
    { id: "total", values: ["50"] },
  ]);
  // d = -100: b negated (d + 100 = 0) and a removed (d + 100 = 0) both fit.
  const order = kinds(explained.causes);
  assert.ok(order.indexOf("child-sign") < order.indexOf("extra-child"), order.join());
  assert.deepEqual(
    rollupCauseLines(explained.explainer, explained.application),
    explained.causes.map((cause) => describeCause(explained.explainer, cause)),
  );
  assert.deepEqual(rollupCauseLines(explained.explainer, { ...explained.application, status: "satisfied" }), []);
  // The CLI's entry point: an explainer from the analysis alone.
  const parsed = parseJson(explained.text);
  assert.ok(parsed.ok);
  const analysis = analyze(parsed.value);
  const fromAnalysis = explainerFor(analysis);
  assert.ok(fromAnalysis !== undefined);
  assert.deepEqual(rollupCauseLines(fromAnalysis, explained.application), rollupCauseLines(explained.explainer, explained.application));
  assert.equal(explainerFor(analyze({})), undefined);
});

test("set the subtotal to the sum of its children, always available, makes the total hold", () => {
  const explained = explain([
    { id: "a", values: ["123.45"], rollupTo: "total" },
    { id: "b", values: ["-0.05"], rollupTo: "total" },
    { id: "total", values: ["7"] },
  ]);
  assert.equal(applyFix(explained, setSubtotalFix(explained.application)).status, "satisfied");
});

// Property tests: random satisfied rollups, perturbed in one known way.
const amount = fc.tuple(fc.integer({ min: 1, max: 999_999 }), fc.nat(2), fc.boolean()).map(([digits, decimals, negative]) => {
  const text = String(digits).padStart(decimals + 1, "0");
  const whole = decimals === 0 ? text : `${text.slice(0, -decimals) || "0"}.${text.slice(-decimals)}`;
  const canonical = whole.includes(".") ? whole.replace(/0+$/, "").replace(/\.$/, "") : whole;
  return canonical === "0" ? "1" : negative ? `-${canonical}` : canonical;
});

function sumOf(values: readonly string[]): string {
  const parsed = parseJson(
    JSON.stringify(JSON.parse(textOf([...values.map((value, index) => ({ id: `c${index}`, values: [value], rollupTo: "total" })), { id: "total", values: ["0"] }]))),
  );
  assert.ok(parsed.ok);
  const application = analyze(parsed.value).result.calculations.applications[0];
  assert.ok(application !== undefined && application.status !== "error");
  return application.expected;
}

type Perturbation =
  | { kind: "child-sign" | "extra-child" | "missing-child" | "scale" | "transposition"; index: number; extra: string; power: number }
  | { kind: "parent-sign"; index: number; extra: string; power: number };

test("property: on a satisfied rollup perturbed in one known way, the true cause is among those found, and every fix offered makes the rollup hold", () => {
  fc.assert(
    fc.property(
      fc.array(amount, { minLength: 1, maxLength: 4 }),
      fc.record({
        kind: fc.constantFrom("child-sign", "parent-sign", "extra-child", "missing-child", "scale", "transposition"),
        index: fc.nat(),
        extra: amount,
        power: fc.integer({ min: 1, max: 3 }),
      }) as fc.Arbitrary<Perturbation>,
      (children, perturbation) => {
        const rows: Row[] = children.map((value, index) => ({ id: `c${index}`, values: [value], rollupTo: "total" }));
        const total = sumOf(children);
        const parentRow: Row = { id: "total", values: [total] };
        const k = perturbation.index % rows.length;
        const target = rows[k]!;
        let expectedItem = target.id;
        switch (perturbation.kind) {
          case "child-sign":
            target.values = [target.values[0]!.startsWith("-") ? target.values[0]!.slice(1) : `-${target.values[0]}`];
            break;
          case "parent-sign":
            fc.pre(total !== "0");
            parentRow.values = [total.startsWith("-") ? total.slice(1) : `-${total}`];
            expectedItem = "total";
            break;
          case "extra-child":
            rows.push({ id: "extra", values: [perturbation.extra], rollupTo: "total" });
            expectedItem = "extra";
            break;
          case "missing-child":
            fc.pre(rows.length > 1);
            delete target.rollupTo;
            break;
          case "scale":
            target.values = [`${target.values[0]}${"0".repeat(perturbation.power)}`.replace(/^(-?[0-9]*\.[0-9]*?)0+$/, "$1").replace(/\.$/, "")];
            fc.pre(!target.values[0]!.includes("."));
            break;
          case "transposition": {
            const swaps = transpositions(target.values[0]!);
            fc.pre(swaps.length > 0);
            target.values = [swaps[perturbation.extra.length % swaps.length]!];
            break;
          }
        }
        const explained = explain([...rows, parentRow]);
        assert.ok(
          explained.causes.some((cause) => cause.kind === perturbation.kind && cause.item === expectedItem),
          `${perturbation.kind} of ${expectedItem} among ${JSON.stringify(explained.causes.map((cause) => [cause.kind, cause.item]))}`,
        );
        for (const cause of explained.causes) {
          if (cause.fix !== undefined) assert.equal(applyFix(explained, cause.fix).status, "satisfied", `${cause.kind} ${cause.item}`);
        }
      },
    ),
    { numRuns: 300 },
  );
});
