// The preview's patch base (service/preview.ts, PreviewBases) keeps the model a preview holds, not
// the version it came from: that version's text, parse and caches (30–40 MB at 5 MB) stayed alive
// while the next version was analysed in full, its diagnostics built and its model made, until the
// preview's update was answered (issue 25: the server's peak while a label is typed).

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { DocumentAnalysis, type ParsedVersion } from "../../server/src/analysis";
import { OpenDocument } from "../../server/src/textDocument";
import { PreviewBases } from "../../server/src/service/preview";
import { diffPreviewWires } from "../../shared/src/render/previewPatch";
import type { PreviewWire } from "../../shared/src/render/previewWire";
import { repoRoot } from "../support/paths";

const uri = "file:///retention/northwind-group.json";
const text = readFileSync(join(repoRoot, "fixtures/examples/northwind-group.json"), "utf8");

function parsedVersion(version: number, source: string): ParsedVersion {
  const parsed = DocumentAnalysis.of(OpenDocument.create(uri, "json", version, source), undefined).parsed;
  assert.ok(parsed, "the text parses");
  return parsed;
}

test("the preview's base keeps the model it answered with, not its version: the version is collectable, the patch the same", async () => {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  const bases = new PreviewBases();
  const { first, firstWire } = ((): { first: WeakRef<ParsedVersion>; firstWire: PreviewWire } => {
    const version = parsedVersion(1, text);
    const answer = bases.answer(version, undefined);
    assert.equal(answer.kind, "model");
    return { first: new WeakRef(version), firstWire: version.previewWire };
  })();
  // A WeakRef's target is kept until the job that made it ends.
  await new Promise((resolve) => setTimeout(resolve, 0));
  gc();
  assert.equal(first.deref(), undefined, "version 1 (its text, parse and caches) is no longer held by the preview's base");
  assert.equal(bases.versionOf(uri), 1);
  // A label renamed: not a value edit, a version analysed in full.
  const label = /"label": "([^"]+)"/.exec(text);
  assert.ok(label);
  const second = parsedVersion(2, text.replace(label[0], `"label": "${label[1]} restated"`));
  const answer = bases.answer(second, 1);
  assert.equal(answer.kind, "patch");
  assert.ok(answer.kind === "patch" && answer.ops.length > 0, "the renamed row is patched");
  assert.deepEqual(answer.kind === "patch" ? answer.ops : undefined, diffPreviewWires(firstWire, second.previewWire));
  assert.equal(bases.versionOf(uri), 2);
});
