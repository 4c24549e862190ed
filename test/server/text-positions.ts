// Test-side helpers to point at text: where a snippet is, and what a range covers. (Tests may
// search the text they wrote; the server never does.)

import type { Position, Range } from "vscode-languageserver-protocol/node";

/** The offset of the `nth` (0-based) occurrence of `needle`, failing loudly when there is none. */
export function offsetOf(text: string, needle: string, nth = 0): number {
  let offset = -1;
  for (let i = 0; i <= nth; i++) {
    offset = text.indexOf(needle, offset + 1);
    if (offset === -1) throw new Error(`occurrence ${nth} of ${JSON.stringify(needle)} not found`);
  }
  return offset;
}

export function positionAt(text: string, offset: number): Position {
  const before = text.slice(0, offset);
  const line = before.split("\n").length - 1;
  return { line, character: offset - (before.lastIndexOf("\n") + 1) };
}

/** The position `shift` characters into the `nth` occurrence of `needle`. */
export function positionOf(text: string, needle: string, nth = 0, shift = 1): Position {
  return positionAt(text, offsetOf(text, needle, nth) + shift);
}

export function offsetAt(text: string, position: Position): number {
  const lines = text.split("\n");
  let offset = 0;
  for (let line = 0; line < position.line; line++) offset += (lines[line]?.length ?? 0) + 1;
  return offset + position.character;
}

export function textAt(text: string, range: Range): string {
  return text.slice(offsetAt(text, range.start), offsetAt(text, range.end));
}

/** The 0-based line on which the `nth` occurrence of `needle` starts. */
export function lineOf(text: string, needle: string, nth = 0): number {
  return positionAt(text, offsetOf(text, needle, nth)).line;
}
