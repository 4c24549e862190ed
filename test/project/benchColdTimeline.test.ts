// --timeline on the editor benchmark's cold opens (test/e2e/bench/coldTimeline.ts): the extension
// host's marks and the client's trace as ms from each run's Enter, so that the cold first lens's
// time can be split by part.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { coldMarkSamples, tracedSamples } from "../e2e/bench/coldTimeline";

describe("the cold open's timeline", () => {
  it("gives the extension host's marks and the document's arrival as ms from the Enter, VS Code's JSON's apart", () => {
    const enteredAt = 1_000_000;
    const samples = coldMarkSamples(
      {
        documents: [
          { uri: "file:///work/settings.json", at: enteredAt + 100 },
          { uri: "file:///work/statements-long-failing-5mb.json", at: enteredAt + 2_600 },
        ],
        marks: [
          { name: "fs/codeLens/answered", at: enteredAt + 3_400 },
          { name: "fs/codeLens/provide", at: enteredAt + 2_900 },
          { name: "code/extHost/didActivateExtension/fs-documents.fs-documents", at: enteredAt + 700 },
          { name: "code/extHost/didActivateExtension/vscode.json-language-features", at: enteredAt + 900 },
          // The window's own start, before the Enter: not a part of this open.
          { name: "code/extHost/didActivateExtension/vscode.git", at: enteredAt - 5_000 },
        ],
      },
      enteredAt,
      "statements-long-failing-5mb.json",
    );
    assert.deepEqual(Object.fromEntries(samples), {
      "coldMark:document": 2_600,
      "coldMark:code/extHost/didActivateExtension": 700,
      "coldMark:json:code/extHost/didActivateExtension": 900,
      "coldMark:fs/codeLens/provide": 2_900,
      "coldMark:fs/codeLens/answered": 3_400,
    });
  });

  it("takes each run's first traced message after its Enter and before the next run's", () => {
    const at = (time: string) => Date.parse(`2026-11-29T${time}`);
    const messages = [
      { at: at("01:00:00.900"), line: "01:00:00.900 Sending notification textDocument/didOpen" },
      { at: at("01:00:02.500"), line: "01:00:02.500 Sending notification textDocument/didOpen" },
      { at: at("01:00:02.700"), line: "01:00:02.700 Sending request fs/codeLenses" },
      { at: at("01:00:03.100"), line: "01:00:03.100 Received response fs/codeLenses in 400ms" },
      { at: at("01:00:03.300"), line: "01:00:03.300 Sending request fs/codeLenses" },
      { at: at("01:00:12.000"), line: "01:00:12.000 Sending notification textDocument/didOpen" },
    ];
    const samples = tracedSamples(messages, [at("01:00:01.000"), at("01:00:10.000")]);
    assert.deepEqual(samples.get("coldTrace:didOpen"), [1_500, 2_000]);
    assert.deepEqual(samples.get("coldTrace:codeLenses"), [1_700]);
    assert.deepEqual(samples.get("coldTrace:codeLensesAnswered"), [2_100]);
  });
});
