// While the open text is broken, features answer from the last good text. An edit changes one
// stretch of text; what lies before it (the common prefix) and after it (the common suffix) is the
// same in both, so offsets there translate by a constant, and everything else has no counterpart.

import type { GoodAnalysis } from "../analysis";

interface Delta {
  version: number;
  /** Characters equal at the start of both texts. */
  prefix: number;
  /** Characters equal at the end of both texts, not overlapping the prefix. */
  suffix: number;
  /** Length of the open text minus length of the good text. */
  shift: number;
}

const deltas = new WeakMap<GoodAnalysis, Delta>();

function deltaOf(good: GoodAnalysis, openText: string, version: number): Delta {
  const cached = deltas.get(good);
  if (cached !== undefined && cached.version === version) return cached;
  const old = good.text;
  const limit = Math.min(old.length, openText.length);
  let prefix = 0;
  while (prefix < limit && old.charCodeAt(prefix) === openText.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (suffix < limit - prefix && old.charCodeAt(old.length - 1 - suffix) === openText.charCodeAt(openText.length - 1 - suffix)) suffix++;
  const delta = { version, prefix, suffix, shift: openText.length - old.length };
  deltas.set(good, delta);
  return delta;
}

export interface OffsetMap {
  /** The good text's offset for an offset of the open text, when that text is unchanged there. */
  toGood(offset: number): number | undefined;
  /** The open text's range for a good-text range that lies wholly in unchanged text. */
  toOpen(offset: number, length: number): { offset: number; length: number } | undefined;
}

export function offsetMap(good: GoodAnalysis, openText: string, version: number): OffsetMap {
  const { prefix, suffix, shift } = deltaOf(good, openText, version);
  const oldSuffixStart = good.text.length - suffix;
  return {
    toGood(offset) {
      if (offset < prefix) return offset;
      if (offset >= openText.length - suffix) return offset - shift;
      return undefined;
    },
    toOpen(offset, length) {
      if (offset + length <= prefix) return { offset, length };
      if (offset >= oldSuffixStart) return { offset: offset + shift, length };
      return undefined;
    },
  };
}
