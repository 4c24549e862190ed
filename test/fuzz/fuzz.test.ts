// A short fuzz run with a fixed seed as part of `npm test` (`npm run fuzz` runs 10,000+ cases and
// also measures linearity): no finding over a few hundred cases, some through the built CLI and
// the language server.

import { test } from "node:test";
import assert from "node:assert/strict";
import { runFuzz } from "./run";

test("a short fuzz run (seed 20261123): no exception, invariants hold, CLI and server agree", async () => {
  const report = await runFuzz({ seed: 20261123, cases: 400, cliCases: 12, serverCases: 60 });
  assert.equal(report.cases, 400);
  assert.ok(report.cliCases > 0 && report.serverCases > 0);
  for (const category of ["mutation", "grammar", "encoding"]) assert.ok((report.byCategory[category] ?? 0) > 0, `no ${category} case`);
  assert.deepEqual(report.findings, []);
});
