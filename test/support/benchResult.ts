// An editor bench result (test/e2e/bench/report.ts's SizeResult) for the tests of its report and
// tables: a 5 MB document with no samples and nothing measured, each test giving what it reads.

import type { SizeResult } from "../e2e/bench/report";

export function benchResult(overrides: Partial<SizeResult> = {}): SizeResult {
  const probe = { maxLagMs: 0, stalls: 0 };
  return {
    sizeMb: 5,
    shape: "typical",
    bytes: 5_000_000,
    stats: {},
    jsonParseMs: 20,
    runs: 5,
    samples: {},
    languageServer: undefined,
    extensionHost: { idle: probe, afterOpens: probe, afterEdits: probe },
    maxHostLagMs: 0,
    rendererLongTasks: [],
    previewLongTasks: [],
    cpu: { openAndPreview: {}, editsAndTyping: {} },
    trace: undefined,
    withoutExtension: false,
    ...overrides,
  };
}
