// The part of a text to read around an offset (completion's cursor, service/cursor.ts), found in
// the index of an older version of it that parsed: the last good version, while the text is broken
// or a label is being typed. The two texts differ only between their common prefix and suffix
// (textDelta.ts), so a container of the older text that lies wholly before or after the change is
// the same container, moved by the change's length when after it; one around the change holds it.

import { toOlder, type TextDelta } from "./textDelta";

/** A part of a text that reads alone: `start` to `end`, the value at `path`. */
export interface TextPart {
  start: number;
  end: number;
  path: readonly (string | number)[];
}

/**
 * The part of the newer text (`length` characters) to read for the cursor at `offset`: the deepest
 * container of the older text (of `oldLength` characters, `enclosing` its index) that holds the
 * offset and everything the text changed since, at its offsets in the newer text; the whole text
 * when there is no index (a small text) or no container holds both.
 */
export function mappedPart(enclosing: (from: number, to: number) => TextPart | undefined, oldLength: number, delta: TextDelta, length: number, offset: number): TextPart {
  const { prefix, suffix, shift } = delta;
  // The changed characters of the older text are prefix … changedEnd.
  const changedEnd = oldLength - suffix;
  const at = toOlder(delta, length, offset);
  if (at !== undefined) {
    // The cursor's own container, when the change lies wholly before or after it, reads as it was.
    const own = enclosing(at, at);
    if (own !== undefined && own.end <= prefix) return own;
    if (own !== undefined && own.start >= changedEnd) return { start: own.start + shift, end: own.end + shift, path: own.path };
  }
  const found = enclosing(Math.min(at ?? prefix, prefix), Math.max(at ?? changedEnd, changedEnd));
  // Its opening bracket lies before the change, its closing one after it.
  return found === undefined ? { start: 0, end: length, path: [] } : { start: found.start, end: found.end + shift, path: found.path };
}
