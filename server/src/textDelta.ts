// Where two versions of a text differ: the characters both start with (the common prefix) and end
// with (the common suffix). Offsets in either part translate between the texts by a constant.

export interface TextDelta {
  /** Characters at the start that both texts share. */
  readonly prefix: number;
  /** Characters at the end that both share, not overlapping the prefix in either text. */
  readonly suffix: number;
  /** The newer text's length minus the older's. */
  readonly shift: number;
}

/** The delta from `old` to `open`. A linear scan of the two (a few milliseconds at 5 MB). */
export function textDelta(old: string, open: string): TextDelta {
  const limit = Math.min(old.length, open.length);
  let prefix = 0;
  while (prefix < limit && old.charCodeAt(prefix) === open.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (suffix < limit - prefix && old.charCodeAt(old.length - 1 - suffix) === open.charCodeAt(open.length - 1 - suffix)) suffix++;
  return { prefix, suffix, shift: open.length - old.length };
}

/**
 * The older text's offset for `offset` of the newer text (`length` characters), where it lies in the
 * common prefix or suffix; undefined among the changed characters, which have no counterpart.
 */
export function toOlder({ prefix, suffix, shift }: TextDelta, length: number, offset: number): number | undefined {
  if (offset < prefix) return offset;
  if (offset >= length - suffix) return offset - shift;
  return undefined;
}
