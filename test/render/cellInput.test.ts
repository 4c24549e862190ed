// The grid's input parser: what a user types, read exactly in the display language's conventions.

import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { parseCellInput, MAX_INPUT_LENGTH } from "../../shared/src/render/cellInput";
import { formatDecimal, NEUTRAL_SYMBOLS, numberSymbols } from "../../shared/src/render/localeFormat";
import { cellDisplayText, compactDecimal } from "../../shared/src/render/previewModel";

const en = numberSymbols("en");
const de = numberSymbols("de");

function value(text: string, symbols = en): string | undefined {
  const parsed = parseCellInput(text, symbols);
  return parsed.kind === "value" ? parsed.decimal : undefined;
}

function errorCode(text: string, symbols = en): string | undefined {
  const parsed = parseCellInput(text, symbols);
  return parsed.kind === "error" ? parsed.code : undefined;
}

test("English: ',' groups and '.' is the decimal separator; the result is canonical", () => {
  assert.equal(value("1,234,567.5"), "1234567.5");
  assert.equal(value("1234567.5"), "1234567.5");
  assert.equal(value("1,234"), "1234");
  assert.equal(value("0.50"), "0.5");
  assert.equal(value("007"), "7");
  assert.equal(value(".5"), "0.5");
  assert.equal(value("5."), "5");
  assert.equal(value("0"), "0");
  assert.equal(value("-0"), "0");
  assert.equal(value("-0.000"), "0");
  // More digits than a JS number holds: read exactly.
  assert.equal(value("12,345,678,901,234,567,890.123456789012345678"), "12345678901234567890.123456789012345678");
  assert.equal(value("9007199254740993"), "9007199254740993");
});

test("German: '.' groups and ',' is the decimal separator", () => {
  assert.equal(value("1.234.567,5", de), "1234567.5");
  assert.equal(value("1234567,5", de), "1234567.5");
  assert.equal(value("-1.000", de), "-1000");
  assert.equal(value("0,25", de), "0.25");
  // The other language's habit is not silently misread.
  assert.equal(errorCode("1,234,567.5", de), "misplaced-separator");
  assert.equal(errorCode("1.5", de), "misplaced-separator");
  assert.equal(errorCode("1.234.567,5", en), "misplaced-separator");
  assert.equal(errorCode("1,5", en), "misplaced-separator");
});

test("minus signs and parentheses make a negative; both at once is an error", () => {
  assert.equal(value("-1,234"), "-1234");
  assert.equal(value("\u22121,234"), "-1234");
  assert.equal(value("(1,234)"), "-1234");
  assert.equal(value("( 1,234.50 )"), "-1234.5");
  assert.equal(value("(1.234,5)", de), "-1234.5");
  assert.equal(value("+12"), "12");
  assert.equal(value("(0)"), "0");
  assert.equal(errorCode("(-5)"), "two-signs");
  assert.equal(errorCode("--5"), "not-a-number");
  assert.equal(errorCode("(5"), "not-a-number");
  // A locale whose own minus is U+2212 with bidi marks (Swedish) and Arabic digits.
  const sv = numberSymbols("sv");
  assert.equal(value(formatDecimal("-1234.5", sv), sv), "-1234.5");
  assert.equal(value("-1 234,5", sv), "-1234.5");
  const ar = numberSymbols("ar-EG");
  assert.equal(value(formatDecimal("-12.5", ar), ar), "-12.5");
});

test("surrounding spaces are ignored; empty is missing; the keyword is unavailable", () => {
  assert.equal(value("  42 \t"), "42");
  assert.deepEqual(parseCellInput("", en), { kind: "missing" });
  assert.deepEqual(parseCellInput("   ", en), { kind: "missing" });
  assert.deepEqual(parseCellInput("n/a", en), { kind: "unavailable" });
  assert.deepEqual(parseCellInput(" N/A ", de), { kind: "unavailable" });
});

test("scale: the value is typed as the table shows it, also in the compact format", () => {
  // A unit with scale 3 shows its stored values (thousands): "1,500" stores "1500".
  assert.equal(value("1,500"), "1500");
  // The compact format shows "1.5M" for 1500000: typed so, it stores exactly that.
  assert.equal(compactDecimal("1500000"), "1.5M");
  assert.equal(value("1.5M"), "1500000");
  assert.equal(value("1.5 m"), "1500000");
  assert.equal(value("-2.25K"), "-2250");
  assert.equal(value("(3B)"), "-3000000000");
  assert.equal(value("0.000001T"), "1000000");
  assert.equal(value("1,5M", de), "1500000");
  assert.equal(value("999.5"), "999.5");
});

test("anything else is an error with a message, and nothing is guessed", () => {
  for (const text of ["abc", "1e3", "12abc", "1..2", "1,,234", "$5", "½", "Infinity", "NaN", "0x10", "-", "()"]) {
    const parsed = parseCellInput(text, en);
    assert.equal(parsed.kind, "error", text);
    if (parsed.kind === "error") assert.ok(parsed.message.length > 10, text);
  }
  assert.equal(errorCode("1".repeat(MAX_INPUT_LENGTH + 1)), "too-long");
  assert.equal(value("1".repeat(MAX_INPUT_LENGTH)), "1".repeat(MAX_INPUT_LENGTH));
});

test("property: the preview's format, parsed back, is the same exact decimal (up to 40 digits)", () => {
  const locales = [undefined, "en", "de", "fr", "de-CH", "sv", "en-IN", "es", "ar-EG", "hi", "pt-BR", "it"];
  const decimal = fc
    .tuple(fc.boolean(), fc.stringMatching(/^[0-9]{1,40}$/), fc.nat({ max: 40 }))
    .map(([negative, digits, point]) => {
      const at = Math.min(point, digits.length);
      const whole = digits.slice(0, digits.length - at) || "0";
      const fraction = digits.slice(digits.length - at);
      return `${negative ? "-" : ""}${whole}${fraction === "" ? "" : `.${fraction}`}`;
    })
    .map((text) => {
      // Canonical: no leading integer zeros, no trailing fraction zeros, no negative zero.
      const [sign, body] = text.startsWith("-") ? ["-", text.slice(1)] : ["", text];
      let [whole = "0", fraction = ""] = body.split(".");
      whole = whole.replace(/^0+(?=\d)/, "");
      fraction = fraction.replace(/0+$/, "");
      const magnitude = fraction === "" ? whole : `${whole}.${fraction}`;
      return magnitude === "0" ? "0" : `${sign}${magnitude}`;
    });
  fc.assert(
    fc.property(decimal, fc.constantFrom(...locales), (stored, locale) => {
      const symbols = locale === undefined ? NEUTRAL_SYMBOLS : numberSymbols(locale);
      const shown = cellDisplayText({ pointer: "", kind: "value", value: stored, title: "", flag: "" }, "full", (d) => formatDecimal(d, symbols));
      assert.deepEqual(parseCellInput(shown, symbols), { kind: "value", decimal: stored }, `${locale}: ${shown}`);
    }),
    { numRuns: 2000 },
  );
});
