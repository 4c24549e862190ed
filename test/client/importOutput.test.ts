// FS: Import Spreadsheet…'s output channel (client/src/commands/importOutput.ts), with the language
// service's own answers: each import's block names its file once, on its first line (the channel
// showed the file's URI and then the report's own title naming it again), and the error message's
// reason names it once too.

import assert from "node:assert/strict";
import { test } from "node:test";
import { bytesToBase64 } from "../../protocol/base64";
import * as service from "../../server/src/service/index";
import { importOutput } from "../../client/src/commands/importOutput";

const base64 = (text: string) => bytesToBase64(new TextEncoder().encode(text));
const mentions = (text: string, name: string) => text.split(name).length - 1;
/** Lines that name the file itself, not one of its cells ("income.csv!B2"). */
const titles = (text: string, name: string) => text.split("\n").filter((line) => line.split(name).some((after, index) => index > 0 && !after.startsWith("!")));

test("an import's block: the report headed once by the file, the verdict, then a blank line", async () => {
  const result = await service.importFile({ name: "income.csv", base64: base64("Income statement (EUR thousands)\n,2025\nRevenue,100\nCosts,(40)\nProfit,60\n") });
  const { block, failure } = importOutput(result);
  assert.equal(failure, undefined);
  assert.match(block, /^income\.csv: read as CSV\n/);
  assert.deepEqual(titles(block, "income.csv"), ["income.csv: read as CSV"], block);
  assert.match(block, /the document conforms; rollups: 0 satisfied/);
  assert.ok(block.endsWith("\n\n") && !block.endsWith("\n\n\n"), JSON.stringify(block.slice(-10)));
});

test("a refused file: the reason, naming the file once, in the block and for the error message", async () => {
  const result = await service.importFile({ name: "empty.csv", base64: "" });
  const { block, failure } = importOutput(result);
  assert.equal(failure, result.problem);
  assert.equal(mentions(failure ?? "", "empty.csv"), 1, failure);
  assert.equal(block, `${failure}\n\n`);
});
