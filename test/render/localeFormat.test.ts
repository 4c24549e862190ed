// The display language's number and date conventions, applied to exact decimal strings.

import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { displayFormat, formatDecimal, NEUTRAL_FORMAT, numberSymbols } from "../../shared/src/render/localeFormat";
import { signedDecimal } from "../../shared/src/render/format";
import { differenceText } from "../../shared/src/compare/describe";

test("German: '.' groups and ',' is the decimal separator, on the exact digits", () => {
  const de = displayFormat("de");
  assert.equal(de.number("1234567.5"), "1.234.567,5");
  assert.equal(de.number("-1000"), "-1.000");
  assert.equal(de.number("0"), "0");
  assert.equal(de.number("-0.000000000000000000001"), "-0,000000000000000000001");
  // More than 15 significant digits: a JS number would round these.
  assert.equal(de.number("12345678901234567890.123456789012345"), "12.345.678.901.234.567.890,123456789012345");
  assert.equal(de.number("9007199254740993"), "9.007.199.254.740.993");
});

test("English keeps the neutral form; no locale is the neutral form", () => {
  assert.equal(displayFormat("en").number("-1234567.25"), "-1,234,567.25");
  assert.equal(NEUTRAL_FORMAT.number("-1234567.25"), "-1,234,567.25");
  assert.equal(NEUTRAL_FORMAT.date("2025-12-31"), "2025-12-31");
});

test("grouping sizes, minimum grouping, minus signs and digits come from the locale", () => {
  assert.equal(displayFormat("en-IN").number("1234567890.5"), "1,23,45,67,890.5");
  assert.equal(displayFormat("es").number("1234"), "1234");
  assert.equal(displayFormat("es").number("12345"), "12.345");
  // Swedish: a non-breaking space groups, and the minus is U+2212.
  const sv = numberSymbols("sv");
  assert.equal(formatDecimal("-1234.5", sv), `${sv.negativePrefix}1${sv.group}234${sv.decimal}5`);
  assert.equal(sv.negativePrefix, "\u2212");
  assert.equal(displayFormat("fr-CH").number("1234.5"), new Intl.NumberFormat("fr-CH").format(1234.5));
  assert.equal(displayFormat("ar-EG").number("-12.5"), new Intl.NumberFormat("ar-EG").format(-12.5));
});

test("for numbers a JS number holds exactly, the result is Intl.NumberFormat's", () => {
  const locales = ["de", "en", "fr", "de-CH", "es", "en-IN", "ja", "ko", "pt-BR", "it", "ar-EG", "hi"];
  fc.assert(
    // At most 15 significant digits, so that Number(decimal) is exact.
    fc.property(fc.constantFrom(...locales), fc.integer({ min: -9_999_999_999, max: 9_999_999_999 }), fc.integer({ min: 0, max: 9999 }), (locale, whole, cents) => {
      const fraction = String(cents).padStart(4, "0").replace(/0+$/, "");
      const decimal = fraction === "" ? String(whole) : `${whole}.${fraction}`;
      const expected = new Intl.NumberFormat(locale, { maximumFractionDigits: 20 }).format(Number(decimal));
      assert.equal(displayFormat(locale).number(decimal), expected);
    }),
  );
});

test("anything that is not a plain decimal is shown as it is; ids and bad locales are safe", () => {
  const de = displayFormat("de");
  for (const text of ["__proto__", "constructor", "1e5", "", "-", "1.", ".5", "12 345"]) assert.equal(de.number(text), text);
  assert.equal(displayFormat("not a locale!").number("1234.5"), "1,234.5");
  assert.equal(displayFormat("__proto__").number("1234.5"), "1,234.5");
});

test("dates follow the locale in UTC, whatever the time zone; non-dates stay as written", () => {
  assert.equal(displayFormat("de").date("2025-12-31"), "31.12.2025");
  assert.equal(displayFormat("en").date("2025-01-02"), "01/02/2025");
  // Years below 100 are not moved into the 1900s.
  assert.match(displayFormat("de").date("0099-03-01"), /^01\.03\.0*99$/);
  for (const text of ["2025-02-30", "2025-13-01", "31.12.2025", "__proto__"]) assert.equal(displayFormat("de").date(text), text);
});

test("a difference's minus is the one the locale writes any negative number with; only a positive difference gets a sign added", () => {
  for (const format of [NEUTRAL_FORMAT, displayFormat("en-US"), displayFormat("de"), displayFormat("sv")]) {
    assert.equal(signedDecimal("-17453.4", format.number), format.number("-17453.4"));
    assert.equal(signedDecimal("34906.8", format.number), `+${format.number("34906.8")}`);
  }
  // The changes view's text, old → new and the difference (with its relative change), in one sign.
  const change = { kind: "value-changed", difference: "-34906.8", relativePercent: "-200" } as Parameters<typeof differenceText>[0];
  assert.equal(differenceText(change), "-34,906.8 (-200%)");
  const sv = displayFormat("sv");
  assert.equal(differenceText(change, sv), `${sv.number("-34906.8")} (${sv.number("-200")}\u00a0%)`);
  assert.match(sv.number("-1"), /^\u2212/);
});

test("a percentage is written as the display language writes one: +4.17% in English, +4,17 % in German (a no-break space); the neutral form is English's (issue 30)", () => {
  assert.equal(NEUTRAL_FORMAT.percent("+4.17"), "+4.17%");
  assert.equal(displayFormat("en").percent("+4.17"), "+4.17%");
  const de = displayFormat("de");
  assert.equal(de.percent(de.number("4.17")), "4,17\u00a0%");
  const change = { kind: "value-changed", difference: "1500", relativePercent: "1.13" } as Parameters<typeof differenceText>[0];
  assert.equal(differenceText(change), "+1,500 (+1.13%)");
  assert.equal(differenceText(change, de), "+1.500 (+1,13\u00a0%)");
  // A locale that puts the sign first keeps it there; a bad locale gets the neutral form.
  assert.equal(displayFormat("tr").percent("12"), "%12");
  assert.equal(displayFormat("not a locale!").percent("12"), "12%");
});
