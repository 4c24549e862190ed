// A1 cell addresses, as spreadsheets write them ("D5", "$AB$12"): the one notation the XLSX writer
// (sheet.ts, its SUM formulas) and the import (its formulas and its report's cell names) share.

/** 1 → "A", 26 → "Z", 27 → "AA", 16384 → "XFD". */
export function columnLetters(column: number): string {
  let letters = "";
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** 1-based row and column → "D5". */
export function address(row: number, column: number): string {
  return `${columnLetters(column)}${row}`;
}

/** "D5" (or "$D$5") → [5, 4]; undefined for anything else. */
export function parseAddress(ref: string): [number, number] | undefined {
  const match = /^\$?([A-Za-z]{1,3})\$?([1-9][0-9]{0,6})$/.exec(ref.trim());
  if (match === null) return undefined;
  let column = 0;
  for (const letter of (match[1] as string).toUpperCase()) column = column * 26 + (letter.charCodeAt(0) - 64);
  return [Number(match[2]), column];
}
