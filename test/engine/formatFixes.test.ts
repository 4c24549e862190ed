// The format fixes (shared/src/fix/formatFixes.ts), the one implementation behind the editor's quick
// fixes, source.fixAll.fs and `fsdoc fix`: each fix, applied to the text, removes its problem and
// leaves a document that validates; only those that cannot change an amount are "safe".
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { analyze, applyOffsetEdits, buildModel, fixAll, formatFixesFor, parseJson, SourceLocator, type Fix, type Issue } from "../../shared/src/index";
import { readText, upstream01Root, upstreamRoot } from "../support/paths";
import { textOf } from "./explainDocs";

const upstreamInvalid = join(upstreamRoot, "fixtures", "invalid");

interface Checked {
  text: string;
  issues: Issue[];
}

function check(text: string): Checked {
  const parsed = parseJson(text);
  assert.ok(parsed.ok, "the text is JSON");
  return { text, issues: analyze(parsed.value).issues };
}

/** The fixes the engine offers for the first issue with `code` in `text`. */
function fixesFor(text: string, code: string): { issue: Issue; fixes: Fix[] } {
  const parsed = parseJson(text);
  assert.ok(parsed.ok);
  const issue = analyze(parsed.value).issues.find((candidate) => candidate.code === code);
  assert.ok(issue !== undefined, `a ${code} issue`);
  const source = { text, locator: new SourceLocator(text, parsed.value), model: buildModel(parsed.value) };
  return { issue, fixes: formatFixesFor(source, { code: issue.code, path: issue.path, params: issue.params }) };
}

function applied(text: string, fix: Fix): Checked {
  return check(applyOffsetEdits(text, fix.edits));
}

const codes = (checked: Checked): string[] => checked.issues.map((issue) => issue.code);

test("a JSON number and a non-canonical decimal string become the canonical string of their digits; safe", () => {
  const base = textOf([{ id: "a", values: ["1"] }]);
  for (const [written, canonical] of [
    ["12345678901234567890.10", '"12345678901234567890.1"'],
    ['"1.50"', '"1.5"'],
    ['"1e3"', '"1000"'],
  ] as const) {
    const text = base.replace('"fy2025": "1"', `"fy2025": ${written}`);
    const { fixes } = fixesFor(text, written.startsWith('"') ? "invalid-value" : "decimal-string-required");
    assert.equal(fixes.length, 1, written);
    assert.equal(fixes[0]!.safe, true);
    const after = applied(text, fixes[0]!);
    assert.deepEqual(codes(after), [], written);
    assert.match(after.text, new RegExp(`"fy2025": ${canonical.replace(/\./g, "\\.")}`));
  }
});

test("a default tolerance written as a number becomes its decimal string; a negative one gets no fix", () => {
  const text = textOf([{ id: "a", values: ["1"] }], { tolerance: "0.5" }).replace('"defaultTolerance": "0.5"', '"defaultTolerance": 0.50');
  const { fixes } = fixesFor(text, "invalid-tolerance");
  assert.equal(fixes.length, 1);
  const after = applied(text, fixes[0]!);
  assert.deepEqual(codes(after), []);
  assert.match(after.text, /"defaultTolerance": "0\.5"/);
  const negative = textOf([{ id: "a", values: ["1"] }], { tolerance: "0.5" }).replace('"defaultTolerance": "0.5"', '"defaultTolerance": "-0.5"');
  assert.deepEqual(fixesFor(negative, "invalid-tolerance").fixes, []);
});

test("missing period keys: every period of the statement is added, also those the bounded error does not list", () => {
  const periods = Array.from({ length: 14 }, (_, index) => `p${String(index).padStart(2, "0")}`);
  const full = textOf([{ id: "a", values: periods.map(() => "1") }], { periods });
  // Item a keeps only its first period: 13 are missing, more than the error names.
  const document = JSON.parse(full) as { statements: { items: { values: Record<string, string> }[] }[] };
  document.statements[0]!.items[0]!.values = { p00: "1" };
  const text = `${JSON.stringify(document, null, 2)}\n`;
  const { issue, fixes } = fixesFor(text, "map-key-mismatch");
  assert.ok(Array.isArray(issue.params?.missing) && issue.params.missing.length < 13, "the error lists only some of the missing keys");
  const [add, ...others] = fixes;
  assert.equal(others.length, 0);
  assert.equal(add!.title, "Add missing periods as null");
  assert.equal(add!.safe, false, "adding null cells declares data missing: never unasked");
  const after = applied(text, add!);
  assert.deepEqual(codes(after), []);
  assert.deepEqual(Object.keys((JSON.parse(after.text) as typeof document).statements[0]!.items[0]!.values), periods, "in the statement's period order");
});

test("extra keys are removed, and with both missing and extra keys the combined fix conforms", () => {
  const extra = readText(join(upstreamInvalid, "extra-value-key.json"));
  const remove = fixesFor(extra, "map-key-mismatch").fixes.find((fix) => fix.title === "Remove keys not in the statement's periods");
  assert.ok(remove !== undefined);
  assert.deepEqual(codes(applied(extra, remove)), []);

  const missing = readText(join(upstreamInvalid, "missing-value-key.json"));
  const both = missing.replace('"values": {\n            "fy2025": "1"\n          }', '"values": { "fy2O24": "2", "fy2025": "1" }');
  const { fixes } = fixesFor(both, "map-key-mismatch");
  assert.deepEqual(fixes.map((fix) => fix.title).sort(), [
    "Add missing periods as null",
    "Add missing periods as null and remove keys not in the statement's periods",
    "Remove keys not in the statement's periods",
  ]);
  const combined = fixes.find((fix) => fix.title.includes(" and "))!;
  const after = applied(both, combined);
  assert.deepEqual(codes(after), []);
  assert.match(after.text, /"values": \{ "fy2025": "1", "fy2024": null \}/, "a one-line object stays on one line");
});

test("0.1 → 0.2 migration and grouping removal conform after one fix; neither is safe", () => {
  const legacy = readText(join(upstream01Root, "examples", "minimal.json"));
  const [migrate] = fixesFor(legacy, "invalid-value").fixes;
  assert.equal(migrate?.title, "Migrate to FS 0.2 (remove groupings)");
  assert.equal(migrate.safe, false);
  assert.deepEqual(codes(applied(legacy, migrate)), []);
  for (const name of ["removed-grouping-columns.json", "removed-item-groupings.json"]) {
    const text = readText(join(upstreamInvalid, name));
    const [remove] = fixesFor(text, "unknown-property").fixes;
    assert.equal(remove?.title, "Remove groupings", name);
    assert.deepEqual(codes(applied(text, remove)), [], name);
  }
});

test("fixAll (source.fixAll.fs, fsdoc fix) applies exactly the safe fixes the editor offers", () => {
  const base = textOf([{ id: "a", values: ["1", "2"] }], { periods: ["fy2025", "fy2024"] });
  const text = base.replace('"fy2025": "1"', '"fy2025": 1.0').replace('"fy2024": "2"', '"fy2024": "2.00"');
  const outcome = fixAll(text);
  assert.equal(outcome.text, base);
  assert.deepEqual(outcome.applied.map((fix) => fix.title).sort(), ['Write as the decimal string "1"', 'Write the canonical decimal "2"']);
  // A missing key is fixable in the editor but not safe: fixAll leaves it.
  const missing = readText(join(upstreamInvalid, "missing-value-key.json"));
  assert.deepEqual(fixAll(missing).applied, []);
});
