import { test } from "node:test";
import assert from "node:assert/strict";
import { analyze, diffSnapshot, parseJson, recordSnapshot } from "../../shared/src/index";
import { join } from "node:path";
import { readText, upstreamRoot } from "../support/paths";

const source = readText(join(upstreamRoot, "fixtures/valid/snapshot-mismatch-source.json"));

function recordAndCheck(text: string): string {
  const parsed = parseJson(text);
  assert.ok(parsed.ok);
  const recording = recordSnapshot(text, parsed.value)!;
  const again = parseJson(recording.text);
  assert.ok(again.ok);
  assert.equal(diffSnapshot(again.value, analyze(again.value)).status, "match");
  return recording.text;
}

test("recording keeps tabs, CRLF line ends and the text around the snapshot as they were", () => {
  const withoutSnapshot = JSON.stringify({ ...(JSON.parse(source) as object), validationSnapshot: undefined }, null, "\t").replace(/\n/g, "\r\n");
  const recorded = recordAndCheck(withoutSnapshot);
  assert.ok(recorded.startsWith(withoutSnapshot.slice(0, withoutSnapshot.lastIndexOf("\r\n}"))), "everything before the new member is untouched");
  assert.match(recorded, /\r\n\t"validationSnapshot": \{\r\n\t\t"conformance": "conforming"/);
  assert.ok(!/[^\r]\n/.test(recorded), "only CRLF line ends");
});

test("recording replaces an existing snapshot in place and is idempotent", () => {
  const once = recordAndCheck(source);
  const before = source.slice(0, source.indexOf('"validationSnapshot"'));
  assert.ok(once.startsWith(before));
  assert.equal(recordAndCheck(once), once);
});

test("an invalid old snapshot does not count against the document being recorded", () => {
  const text = readText(join(upstreamRoot, "fixtures/invalid/contradictory-snapshot-application.json"));
  const parsed = parseJson(text);
  assert.ok(parsed.ok);
  assert.equal(analyze(parsed.value).result.conformance.status, "nonconforming");
  const recording = recordSnapshot(text, parsed.value)!;
  assert.deepEqual(recording.snapshot, { conformance: "conforming", calculations: "not-defined", applications: [] });
  assert.equal(recordSnapshot("[1]", [1]), undefined);
});
