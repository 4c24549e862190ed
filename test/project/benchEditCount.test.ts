// The editor benchmark's number of edits at new places (test/e2e/bench/editCount.ts): `--edits N`,
// else as many as the runs and at least five.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { newPlaceEditCount } from "../e2e/bench/editCount";

describe("the editor benchmark's edits at new places", () => {
  it("makes --edits N edits when given, whatever the runs", () => {
    assert.equal(newPlaceEditCount(["--sizes", "5", "--edits", "20", "--runs", "5"], 5), 20);
    assert.equal(newPlaceEditCount(["--edits", "2"], 9), 2);
  });

  it("makes as many as the runs, at least five, without --edits", () => {
    assert.equal(newPlaceEditCount(["--runs", "3"], 3), 5);
    assert.equal(newPlaceEditCount(["--runs", "8"], 8), 8);
  });

  it("refuses a count that is not a whole number of at least one", () => {
    for (const bad of [["--edits"], ["--edits", "0"], ["--edits", "2.5"], ["--edits", "many"]]) assert.throws(() => newPlaceEditCount(bad, 5), /--edits/);
  });
});
