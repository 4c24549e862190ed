// The words of the language status item and the preview header (client/src/status/describe.ts):
// not satisfied, not evaluated (and why) and satisfied are kept apart, the UI says "rollup checks",
// never "applications", and the summary stays short enough for the status item.

import assert from "node:assert/strict";
import { test } from "node:test";
import { describeStatus } from "../../client/src/status/describe";
import type { DocumentStatus } from "../../protocol/lsp";

const base: DocumentStatus = {
  uri: "file:///a.json",
  version: 1,
  conformance: "conforming",
  calculations: "consistent",
  errorCount: 0,
  failingApplications: 0,
  notEvaluated: { missingValue: 0, unavailableValue: 0 },
  applications: 38,
};

test("1 not satisfied and 2 not evaluated are told apart, with the reason", () => {
  const description = describeStatus({ ...base, calculations: "inconsistent", failingApplications: 3, notEvaluated: { missingValue: 1, unavailableValue: 1 } });
  assert.equal(description.summary, "rollups: 1 not satisfied · 2 not evaluated");
  assert.equal(description.detail, "Conforming. 35 of 38 rollup checks satisfied; not evaluated: 1 missing value, 1 unavailable value.");
  assert.equal(description.severity, "warning");
});

test("only not-evaluated, or only not-satisfied, says only that", () => {
  assert.equal(
    describeStatus({ ...base, calculations: "inconsistent", failingApplications: 2, notEvaluated: { missingValue: 2, unavailableValue: 0 } }).summary,
    "rollups: 2 not evaluated",
  );
  const one = describeStatus({ ...base, calculations: "inconsistent", failingApplications: 1, applications: 1 });
  assert.equal(one.summary, "rollups: 1 not satisfied");
  assert.equal(one.detail, "Conforming. 0 of 1 rollup check satisfied.");
});

test("consistent, nonconforming, syntax errors and no rollups", () => {
  assert.deepEqual(describeStatus(base), { summary: "conforming · rollups add up", detail: "Conforming. 38 rollup checks, all satisfied.", severity: "ok" });
  assert.equal(describeStatus({ ...base, conformance: "nonconforming", calculations: "not-run", errorCount: 2 }).summary, "nonconforming · 2 errors");
  assert.equal(describeStatus({ ...base, conformance: "syntax-error", calculations: "not-run", errorCount: 1 }).summary, "syntax error");
  assert.equal(describeStatus({ ...base, calculations: "not-defined", applications: 0 }).summary, "conforming · no rollups");
});

test("no text says applications, and every summary fits the status item", () => {
  const statuses: DocumentStatus[] = [
    base,
    { ...base, calculations: "inconsistent", failingApplications: 1234, notEvaluated: { missingValue: 600, unavailableValue: 34 }, applications: 99999 },
    { ...base, conformance: "nonconforming", calculations: "not-run", errorCount: 1000 },
    { ...base, conformance: "syntax-error", calculations: "not-run", errorCount: 3 },
  ];
  for (const status of statuses) {
    const { summary, detail } = describeStatus(status);
    assert.doesNotMatch(`${summary} ${detail}`, /application/i);
    assert.ok(`FS: ${summary}`.length <= 52, `too long for the status item: ${summary}`);
    assert.ok(detail.length <= 110, `too long for the status hover: ${detail}`);
  }
});
