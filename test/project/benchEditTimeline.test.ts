// --timeline on the editor benchmark's edits at new places (test/e2e/bench/editTimeline.ts): each
// edit split by part, from the bench's clock (key, problem and preview seen) and the language
// client's message trace in the extension host.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { editSplitSamples, editSplits, formatEditSplits } from "../e2e/bench/editTimeline";

const at = (time: string) => Date.parse(`2026-11-29T${time}`);
const message = (time: string, text: string) => ({ at: at(time), line: `${time} ${text}` });

describe("the edits at new places by part", () => {
  const messages = [
    // The jump's requests before the key: not a part of the edit.
    message("07:18:01.291", "Sending request fs/pointerAt"),
    message("07:18:01.380", "Sending request textDocument/inlayHint"),
    message("07:18:01.618", "Sending notification textDocument/didChange"),
    message("07:18:01.942", "Received notification fs/previewUpdate"),
    message("07:18:02.012", "Received notification fs/diagnosticGroups"),
    // The undo's didChange and answers, before the next key: not the next edit's.
    message("07:18:02.608", "Sending notification textDocument/didChange"),
    message("07:18:02.700", "Received notification fs/diagnosticGroups"),
    message("07:18:04.700", "Sending notification textDocument/didChange"),
    message("07:18:04.790", "Received notification fs/diagnosticGroups"),
  ];
  const edits = [
    { key: at("07:18:01.405"), problem: at("07:18:02.271"), preview: at("07:18:02.364") },
    { key: at("07:18:04.537"), problem: at("07:18:05.253"), preview: at("07:18:05.251") },
  ];

  it("takes each edit's first didChange after its key, and the answers after that didChange", () => {
    assert.deepEqual(editSplits(messages, edits), [
      { keyToDidChange: 213, toPreviewUpdate: 324, toDiagnosticGroups: 394, previewUpdateToShown: 422, diagnosticGroupsToShown: 259 },
      // No patch in the trace for the second: its parts through the patch are not given.
      { keyToDidChange: 163, toPreviewUpdate: undefined, toDiagnosticGroups: 90, previewUpdateToShown: undefined, diagnosticGroupsToShown: 463 },
    ]);
  });

  it("gives no split to an edit whose didChange is not in the trace", () => {
    assert.deepEqual(editSplits(messages.slice(0, 2), edits.slice(0, 1)), [undefined]);
  });

  it("gives the parts as samples and one line per edit with the medians", () => {
    const splits = editSplits(messages, edits);
    assert.deepEqual(editSplitSamples(splits).get("newPlaceSplit:diagnosticGroupsToShown"), [259, 463]);
    assert.deepEqual(editSplitSamples(splits).get("newPlaceSplit:toPreviewUpdate"), [324]);
    const text = formatEditSplits(splits);
    assert.match(text, /new place 1: key → didChange 213, → patch 324 \/ groups 394, → preview shown 422 \/ problem shown 259 ms/);
    assert.match(text, /medians, ms: keyToDidChange 188, toPreviewUpdate 324, toDiagnosticGroups 242, previewUpdateToShown 422, diagnosticGroupsToShown 361/);
  });
});
