// The cold opens' control (test/e2e/bench/coldControl.ts, summary.ts): VS Code's own floor for a cold
// window's first code lens, an instant provider's lens in a window without FS Documents, read from
// the runner's marks and set beside our first lens in the per-shape table.

import assert from "node:assert/strict";
import { test } from "node:test";
import { FS_SCHEMA_URLS } from "../../client/src/json/schemaSettings";
import { coldControlSettings, controlMarkSamples } from "../e2e/bench/coldControl";
import { beyondFloor, shapeSummary } from "../e2e/bench/summary";
import { benchResult } from "../support/benchResult";

test("the control window's settings: VS Code's JSON given the FS schema URLs as FS Documents registers them, and the instant provider's file", () => {
  const settings = coldControlSettings({ "workbench.editorLargeFileConfirmation": 1024 }, "statements-typical-5mb.json");
  assert.equal(settings["workbench.editorLargeFileConfirmation"], 1024);
  assert.equal(settings["fsE2e.instantLens"], "statements-typical-5mb.json");
  const schemas = settings["json.schemas"] as { url: string; schema: unknown }[];
  assert.deepEqual(
    schemas.map(({ url }) => url),
    FS_SCHEMA_URLS,
  );
  // Inline: VS Code's JSON downloads nothing (offline, the download's failure would be a warning of its own).
  for (const { schema } of schemas) assert.equal(typeof schema, "object");
});

test("a control run's marks: the document's arrival and the instant provider's first request, ms from the Enter", () => {
  const enteredAt = 1_000_000;
  const samples = controlMarkSamples(
    {
      documents: [
        // An earlier window's open of the same document, before this Enter: not this run's.
        { uri: "file:///w/statements-long-failing-5mb.json", at: enteredAt - 5_000 },
        { uri: "file:///w/package.json", at: enteredAt + 900 },
        { uri: "file:///w/statements-long-failing-5mb.json", at: enteredAt + 3_112 },
      ],
      marks: [
        { name: "fsE2e/instantLens/provide", at: enteredAt + 3_530 },
        { name: "fsE2e/instantLens/provide", at: enteredAt + 9_000 },
        { name: "fs/codeLens/provide", at: enteredAt + 100 },
      ],
    },
    enteredAt,
    "statements-long-failing-5mb.json",
  );
  assert.deepEqual(
    [...samples],
    [
      ["coldControlMark:document", 3_112],
      ["coldControlMark:provide", 3_530],
    ],
  );
});

test("the per-shape table: the control's first lens under the cold rows, and our first lens beyond it in medians", () => {
  const table = shapeSummary(
    benchResult({
      shape: "typical",
      jsonParseMs: 17,
      samples: {
        coldOpenDiagnostics: [2011, 1893, 6308],
        coldOpenLenses: [4139, 3977, 7217],
        coldOpenText: [1861, 1503, 1960],
        coldControlLenses: [3100, 2900, 5600],
      },
    }),
  );
  const lines = table.split("\n");
  const text = lines.findIndex((line) => line.startsWith("| cold open → the document's text shown"));
  assert.equal(lines[text + 1], "| cold open → first lens of an instant provider, FS Documents not installed (VS Code's floor) | 3,100 [2,900–5,600] |  |  |");
  assert.equal(lines[text + 2], "| … our first code lens beyond that floor (medians) | 1,039 (4,139 − 3,100) |  |  |");
  // Without the control (--no-cold-control), neither row.
  assert.doesNotMatch(shapeSummary(benchResult({ shape: "typical", jsonParseMs: 17, samples: { coldOpenLenses: [4139] } })), /floor/);
});

test("our lens before the floor's shows as a negative share", () => {
  assert.deepEqual(beyondFloor([900, 1000], [1200]), ["… our first code lens beyond that floor (medians)", "−250 (950 − 1,200)"]);
});
