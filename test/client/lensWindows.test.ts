// Which lines' code lenses the extension asks for (client/src/server/lensWindows.ts): the lines an
// editor shows with a margin of twice its height (at least 60 lines) on each side, inside the
// document, merged where they meet; and when a view has left them.

import assert from "node:assert/strict";
import { test } from "node:test";
import { covers, lensWindows, shownWindows } from "../../client/src/server/lensWindows";
import { MAX_LENS_WINDOWS } from "../../protocol/lsp";

test("a view gets a margin of twice its height, at least 60 lines, inside the document", () => {
  assert.deepEqual(lensWindows([{ start: 1000, end: 1049 }], 100_000), [{ start: 900, end: 1149 }]);
  assert.deepEqual(lensWindows([{ start: 1000, end: 1009 }], 100_000), [{ start: 940, end: 1069 }]);
  assert.deepEqual(lensWindows([{ start: 10, end: 49 }], 100), [{ start: 0, end: 99 }]);
  assert.deepEqual(lensWindows([{ start: 0, end: 0 }], 1), [{ start: 0, end: 0 }]);
});

test("views of the same document (folded ranges, split editors) are merged where their windows meet", () => {
  assert.deepEqual(
    lensWindows(
      [
        { start: 5000, end: 5040 },
        { start: 100, end: 120 },
        { start: 180, end: 200 },
      ],
      100_000,
    ),
    [
      { start: 40, end: 260 },
      { start: 4918, end: 5122 },
    ],
  );
});

test("more windows than the protocol reads become one over them all", () => {
  const views = Array.from({ length: MAX_LENS_WINDOWS + 1 }, (_, index) => ({ start: index * 1000, end: index * 1000 + 10 }));
  const windows = lensWindows(views, 1_000_000);
  assert.equal(windows.length, 1);
  assert.deepEqual(windows[0], { start: 0, end: MAX_LENS_WINDOWS * 1000 + 10 + 60 });
});

test("a view is covered while it lies inside one window, and not once it leaves it", () => {
  const windows = lensWindows([{ start: 1000, end: 1049 }], 100_000);
  assert.equal(covers(windows, [{ start: 1000, end: 1049 }]), true);
  assert.equal(covers(windows, [{ start: 900, end: 949 }]), true);
  assert.equal(covers(windows, [{ start: 1100, end: 1149 }]), true);
  assert.equal(covers(windows, [{ start: 1101, end: 1150 }]), false);
  assert.equal(covers(windows, [{ start: 899, end: 948 }]), false);
  assert.equal(
    covers(windows, [
      { start: 1000, end: 1049 },
      { start: 50_000, end: 50_049 },
    ]),
    false,
    "every view must be covered",
  );
});

test("the lines shown, whose lenses come resolved: the views themselves, merged where they meet, within the protocol's bound", () => {
  assert.deepEqual(shownWindows([{ start: 1000, end: 1049 }]), [{ start: 1000, end: 1049 }]);
  assert.deepEqual(
    shownWindows([
      { start: 5000, end: 5040 },
      { start: 100, end: 120 },
      { start: 121, end: 140 },
    ]),
    [
      { start: 100, end: 140 },
      { start: 5000, end: 5040 },
    ],
  );
  const many = Array.from({ length: MAX_LENS_WINDOWS + 1 }, (_, index) => ({ start: index * 100, end: index * 100 + 10 }));
  assert.deepEqual(shownWindows(many), [{ start: 0, end: MAX_LENS_WINDOWS * 100 + 10 }]);
});
