import { test } from "node:test";
import assert from "node:assert/strict";
import { renderTsv } from "../../shared/src/render";
import { reverseMembers, upstreamJson } from "./upstream";

test("one TSV per statement for render-presentation.json, units on every row", () => {
  const outcome = renderTsv(upstreamJson("fixtures/valid/render-presentation.json"));
  assert.ok(outcome.ok);
  assert.deepEqual(outcome.files, [
    {
      statement: "ordered",
      text:
        "Item ID\tItem\tUnit\t2025-12-31\t2024-12-31\n" +
        "cash\tCash <available>\tUSD <millions> (USD, scale 6)\t0\t\n" +
        "inventory\tInventory\tUSD <millions> (USD, scale 6)\t-1.25\tunavailable\n",
    },
    {
      statement: "mixed-units",
      text: "Item ID\tItem\tUnit\t2025-12-31\n" + "amount\tAmount\tUSD <millions> (USD, scale 6)\t2.5\n" + "count\tCount\tShares & units (shares, scale 0)\t3\n",
    },
  ]);
});

test("tabs and line breaks in author text become spaces; values stay exact", () => {
  const outcome = renderTsv({
    units: [{ id: "u", label: "U\tnits", measure: "m\r\n", scale: -3 }],
    periods: [
      { id: "a", kind: "duration", start: "2025-01-01", end: "2025-12-31" },
      { id: "b", kind: "instant", date: "2025-12-31" },
    ],
    statements: [
      {
        id: "s",
        periods: ["a", "b"],
        items: [
          { id: "x", label: "Line\none", unit: "u", values: { a: "123456789012345678901234567890.5", b: 7 } },
          { label: "No id", unit: "u", values: { a: null, b: { unavailable: true } } },
        ],
      },
    ],
  });
  assert.ok(outcome.ok);
  assert.deepEqual(outcome.files, [
    {
      statement: "s",
      text:
        "Item ID\tItem\tUnit\t2025-01-01 – 2025-12-31\t2025-12-31\n" +
        "x\tLine one\tU nits (m  , scale -3)\t123456789012345678901234567890.5\tinvalid\n" +
        "\tNo id\tU nits (m  , scale -3)\t\tunavailable\n",
    },
  ]);
});

test("a statement can be selected, and output does not depend on member order", () => {
  const document = upstreamJson("examples/manufacturing-group.json");
  const one = renderTsv(document, { statement: "income-statement" });
  assert.ok(one.ok);
  assert.deepEqual(
    one.files.map((file) => file.statement),
    ["income-statement"],
  );
  const lines = one.files[0]?.text.split("\n") ?? [];
  assert.equal(lines[0], "Item ID\tItem\tUnit\t2025-01-01 – 2025-12-31\t2024-01-01 – 2024-12-31");
  assert.equal(lines[8], "basic-eps\tBasic EPS\tKRW per share (KRW/share, scale 0)\t1250\tunavailable");
  assert.equal(lines[9], "");
  assert.deepEqual(renderTsv(reverseMembers(document)), renderTsv(document));
});

test("a statement without an id is named by its position", () => {
  const outcome = renderTsv({ statements: [null, { periods: [], items: [] }] });
  assert.ok(outcome.ok);
  assert.deepEqual(outcome.files, [{ statement: "statement-2", text: "Item ID\tItem\tUnit\n" }]);
});
