// A long value in a narrow preview (issue 30; newcomer finding 2): at 360, 526 and 601 px, in every
// example and in generated documents of wide tables and very long values (in bold subtotals too), each table opens on its first period beside the
// labels, leaves no wide strip empty beside its "next column" button, and shows every number whole
// or visibly cut in its fraction only ("411,872,306.52…"), on one line, with the whole value in the
// cell's tooltip and its text (what a screen reader reads).

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { modelMessageFor, send, settleFrames, usePreviewHost } from "./page";
import { documents, EMPTY_PX, numbersNotWhole, opening, scrollers } from "./tables";

const TIMEOUT = { timeout: 120_000 };
/** The documents whose integer parts are 26 to 31 digits long. */
const LABELS_MAY_SCROLL = new Set(["generated long values", "generated long subtotals"]);

for (const width of [360, 526, 601]) {
  describe(`a long value in the preview at ${width} px`, () => {
    const preview = usePreviewHost();
    for (const [name, fsDocument] of documents()) {
      test(`${name}: each table opens on its first period beside the labels, with no wide empty strip, and every number whole or cut in its fraction only`, TIMEOUT, async () => {
        const p = await preview.open({ width, height: 700 });
        await send(p, modelMessageFor(fsDocument, 1));
        await p.waitForSelector("table.fs-table");
        const count = await scrollers(p);
        for (let table = 0; table < count; table++) {
          await p.evaluate((index) => {
            const content = document.querySelector("#fs-preview-content") as HTMLElement;
            const section = document.querySelectorAll("section.fs-statement")[index] as HTMLElement;
            content.scrollTop += section.getBoundingClientRect().top - content.getBoundingClientRect().top;
          }, table);
          await settleFrames(p);
          if (process.env.FS_SCREENSHOT_DIR !== undefined) await p.screenshot({ path: `${process.env.FS_SCREENSHOT_DIR}/long-${width}-${name.replace(/\W+/g, "-")}-${table}.png` });
          const seen = await opening(p, table);
          assert.deepEqual(await numbersNotWhole(p, table), [], `table ${table} shows a number in part`);
          // An integer part of 26 digits or more, kept whole on one line, may be wider than the room
          // beside the labels' least width below 600 px: then the labels scroll away with the columns.
          if (seen.labelsScroll && width < 600 && LABELS_MAY_SCROLL.has(name)) continue;
          assert.equal(seen.labelsScroll, false, `table ${table}: the labels stay (no column is wider than the room beside them)`);
          assert.ok(seen.cells > 1, `table ${table} has its heading and values in view`);
          assert.deepEqual(seen.hidden, [], `table ${table} opens without its first period's numbers beside the labels`);
          if (seen.scrolls) assert.ok(seen.empty <= EMPTY_PX, `table ${table} leaves ${Math.round(seen.empty)} px empty beside its "next column" button`);
        }
      });
    }
  });
}
