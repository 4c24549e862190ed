// fast-check generators for FS data: canonical decimals of any length, and documents.
import fc from "fast-check";

const digits = (min: number, max: number) => fc.array(fc.constantFrom(..."0123456789"), { minLength: min, maxLength: max }).map((chars) => chars.join(""));

/** Canonical decimal strings, from "0" to values with hundreds of digits. */
export const canonicalDecimalArbitrary: fc.Arbitrary<string> = fc
  .tuple(fc.boolean(), fc.constantFrom(..."123456789"), digits(0, 120), digits(0, 60), fc.constantFrom(..."123456789"), fc.nat(4))
  .map(([negative, lead, rest, fraction, last, shape]) => {
    if (shape === 0) return "0";
    const integer = shape === 1 ? "0" : lead + rest;
    const text = shape >= 3 ? `${integer}.${fraction}${last}` : integer === "0" ? `0.${fraction}${last}` : integer;
    return negative ? `-${text}` : text;
  });

export const identifierArbitrary: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("constructor", "toString", "hasOwnProperty", "valueOf", "isPrototypeOf", "a", "b.c", "x-1", "Y_2"),
  fc.tuple(fc.constantFrom(..."abcXYZ"), fc.array(fc.constantFrom(..."az09._-"), { maxLength: 6 })).map(([head, tail]) => head + tail.join("")),
);
