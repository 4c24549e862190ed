// The import's exact number reading: text numbers in either locale parse to the decimal written,
// never through a double (a property over generated decimals with grouping, parentheses and minus
// signs), the locale is detected only from numbers that read one way, and number cells give the
// shortest decimal that reads back as the same double.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { detectLocale, doubleToDecimal, parseNumberText, significantDigits } from "../../shared/src/import/numbers";

function grouped(whole: string, separator: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

test("a text number in either locale is exactly the decimal written", () => {
  const decimal = fc.tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.option(fc.stringMatching(/^[0-9]{1,25}$/), { nil: undefined }));
  fc.assert(
    fc.property(
      decimal,
      fc.constantFrom("point", "comma"),
      fc.constantFrom("minus", "parentheses", "unicode"),
      fc.boolean(),
      ([negative, whole, fraction], locale, style, group) => {
        const [groupSeparator, point] = locale === "point" ? [",", "."] : [".", ","];
        const wholeText = group ? grouped(whole.toString(), groupSeparator) : whole.toString();
        const body = fraction === undefined ? wholeText : `${wholeText}${point}${fraction}`;
        const text = !negative ? body : style === "minus" ? `-${body}` : style === "unicode" ? `\u2212${body}` : `(${body})`;
        const exact = `${whole}${fraction === undefined ? "" : `.${fraction}`}`.replace(/(\.\d*?)0+$/, "$1").replace(/\.$/, "");
        const expected = exact === "0" ? "0" : negative ? `-${exact}` : exact;
        assert.equal(parseNumberText(text, locale), expected, text);
      },
    ),
  );
});

test("text that is no plain number is not one", () => {
  for (const text of ["", "-", "—", "n/a", "12%", "1,23", "1.2.3", "--1", "(-1)", "1e5", "12 apples", "(1,234"]) assert.equal(parseNumberText(text, "point"), undefined, text);
  assert.equal(parseNumberText("1 234,5", "comma"), "1234.5");
  assert.equal(parseNumberText("1'234.5", "point"), "1234.5");
});

test("the locale is detected from the numbers that read only one way", () => {
  assert.equal(detectLocale(["1,234", "1.234,5"]), "comma");
  assert.equal(detectLocale(["1,234", "12.5", "7"]), "point");
  assert.equal(detectLocale(["1,234", "1.234"]), undefined);
  assert.equal(detectLocale(["Revenue"]), undefined);
});

test("a number cell is the shortest decimal that reads back as the same double", () => {
  fc.assert(
    fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
      const decimal = doubleToDecimal(value) as string;
      assert.equal(Number(decimal), value === 0 ? 0 : value);
      assert.ok(significantDigits(decimal) <= 17);
    }),
  );
  assert.equal(doubleToDecimal(0.1 + 0.2), "0.30000000000000004");
  assert.equal(doubleToDecimal(1e21), "1000000000000000000000");
  assert.equal(doubleToDecimal(Number.POSITIVE_INFINITY), undefined);
  assert.equal(significantDigits("-0.00012300"), 3);
});
