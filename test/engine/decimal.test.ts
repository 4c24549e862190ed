import { test } from "node:test";
import assert from "node:assert/strict";
import Decimal from "decimal.js";
import fc from "fast-check";
import { absAtMost, canonicalDecimal, isDecimal, isNonnegativeDecimal, subtractDecimals, sumDecimals } from "../../shared/src/index";
import { canonicalDecimalArbitrary } from "./arbitraries";

// decimal.js is the independent oracle: configured so that nothing is ever rounded.
const Exact = Decimal.clone({ precision: 1e9, toExpPos: 9e15, toExpNeg: -9e15 });
const oracle = (value: Decimal): string => {
  const text = value.toFixed();
  return text === "-0" ? "0" : text;
};

test("the decimal grammar accepts canonical strings only", () => {
  for (const good of ["0", "1", "-1", "10", "0.5", "-0.5", "123.456", "1000000000000000000000000000001"]) assert.ok(isDecimal(good), good);
  for (const bad of ["", "-0", "00", "01", "1.0", "1.", ".5", "+1", "1e3", " 1", "1 ", "0x10", "-", "--1", "1.50", "-0.0"]) assert.ok(!isDecimal(bad), bad);
  assert.ok(!isDecimal(1));
  assert.ok(isNonnegativeDecimal("0.1") && !isNonnegativeDecimal("-0.1"));
});

test("canonicalDecimal rewrites numeric literals exactly, without JS numbers", () => {
  const cases: [string, string | undefined][] = [
    ["1.50", "1.5"],
    ["01", "1"],
    ["+1", "1"],
    ["1e3", "1000"],
    ["-0", "0"],
    ["-0.0", "0"],
    ["1.2e-3", "0.0012"],
    ["12345678901234567890.12345678901234567890", "12345678901234567890.1234567890123456789"],
    [".5", "0.5"],
    ["5.", "5"],
    ["abc", undefined],
    ["", undefined],
    ["1e99999", undefined],
    ["-", undefined],
  ];
  for (const [input, expected] of cases) assert.equal(canonicalDecimal(input), expected, input);
});

test("a thousand-digit sum is exact", () => {
  const big = "9".repeat(1000) + "." + "9".repeat(500);
  const one = "0." + "0".repeat(499) + "1";
  assert.equal(sumDecimals([big, one]), "1" + "0".repeat(1000));
  assert.equal(subtractDecimals("1" + "0".repeat(1000), big), one);
});

test("sums, differences and tolerance comparisons agree with decimal.js on random long decimals", () => {
  fc.assert(
    fc.property(fc.array(canonicalDecimalArbitrary, { minLength: 1, maxLength: 12 }), canonicalDecimalArbitrary, (values, other) => {
      const expected = oracle(values.reduce((total, value) => total.plus(value), new Exact(0)));
      const total = sumDecimals(values);
      assert.equal(total, expected);
      assert.ok(isDecimal(total));
      const difference = subtractDecimals(other, total);
      assert.equal(difference, oracle(new Exact(other).minus(total)));
      const tolerance = other.startsWith("-") ? other.slice(1) : other;
      assert.equal(absAtMost(difference, tolerance), new Exact(difference).abs().lte(tolerance));
    }),
    { numRuns: 500 },
  );
});
