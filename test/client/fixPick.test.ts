// The walkthrough's fix question: its placeholder is the failing subtotal's message, short enough
// for one line (client/src/commands/fixPick.ts).

import assert from "node:assert/strict";
import { test } from "node:test";
import { shortRollupMessage } from "../../client/src/commands/fixPick";

test("the placeholder drops the message's closing difference and tolerance, in English and German", () => {
  assert.equal(
    shortRollupMessage("Operating profit fy2025: 18,111 stated, children sum to 18,110 (difference 1, tolerance 0.5)."),
    "Operating profit fy2025: 18,111 stated, children sum to 18,110",
  );
  assert.equal(
    shortRollupMessage("Operating profit fy2025: 18.111 angegeben, die Unterpositionen ergeben 18.110 (Differenz 1, Toleranz 0,5)."),
    "Operating profit fy2025: 18.111 angegeben, die Unterpositionen ergeben 18.110",
  );
});

test("a label's own parentheses stay, and a message without the closing pair is kept whole", () => {
  assert.equal(shortRollupMessage("Revenue (net) fy2025: 10 stated, children sum to 9 (difference 1, tolerance 0)."), "Revenue (net) fy2025: 10 stated, children sum to 9");
  assert.equal(shortRollupMessage("Total fy2025 cannot be checked: Cash fy2025 has no value (null)."), "Total fy2025 cannot be checked: Cash fy2025 has no value (null).");
});
