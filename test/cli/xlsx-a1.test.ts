// A1 addresses (shared/src/xlsx/a1.ts), which the XLSX writer's SUM formulas and the import's
// formula reader and report share: the letters of known columns, and address → parse → the same
// row and column for every column a sheet can have.

import assert from "node:assert/strict";
import { test } from "node:test";
import { address, columnLetters, parseAddress } from "../../shared/src/xlsx/a1";

test("column letters at the edges of each length", () => {
  const known: [number, string][] = [
    [1, "A"],
    [26, "Z"],
    [27, "AA"],
    [52, "AZ"],
    [53, "BA"],
    [702, "ZZ"],
    [703, "AAA"],
    [16_384, "XFD"],
  ];
  for (const [column, letters] of known) assert.equal(columnLetters(column), letters, String(column));
});

test("every column of a sheet, and rows up to a sheet's last, read back as written", () => {
  for (let column = 1; column <= 16_384; column++) {
    const row = 1 + ((column * 7919) % 1_048_576);
    assert.deepEqual(parseAddress(address(row, column)), [row, column]);
    assert.deepEqual(parseAddress(`$${columnLetters(column).toLowerCase()}$${row}`), [row, column]);
  }
  for (const bad of ["", "A0", "5", "ABCD1", "A1:B2", "A12345678", "R1C1"]) assert.equal(parseAddress(bad), undefined, bad);
});
