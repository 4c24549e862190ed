// A text that is its last good version with the content of one string value changed and nothing
// else: a label or a name being typed. Its JSON has the same shape as the good version's, every
// value is at the same pointer, and offsets map between the two texts. Requests that need only
// where things are (fs/pointerAt) answer from it while the typing goes on: before, each asked for
// the current version and so had every typed key's text analysed in full (a parse, the model and
// its validation: 100 MB or more of garbage at 5 MB, docs/performance.md), while the typing's own
// analysis waits for its pause.

import type { ParsedVersion } from "./analysis";
import { textDelta, type TextDelta } from "./textDelta";

/** A quote, a backslash or a control character: typed into a string, they end it, escape or break it. */
const ENDS_OR_ESCAPES = /["\\\u0000-\u001f]/;

export class OneStringEdited {
  private constructor(
    /** The last good version. */
    readonly good: ParsedVersion,
    private readonly delta: TextDelta,
    /** Where the changed characters end in the newer text. */
    private readonly changedEnd: number,
  ) {}

  /**
   * `text` as `good`'s text with one string value's content changed, when it is that: the changed
   * characters of both texts lie inside the quotes of one string token of `good` that is a value
   * (a member name is part of the pointers under it) and holds no escape, and the new characters
   * neither end the string nor escape or break it. Undefined otherwise, and for the same text.
   */
  static of(good: ParsedVersion, text: string): OneStringEdited | undefined {
    const delta = textDelta(good.text, text);
    const { prefix, suffix } = delta;
    if (prefix === good.text.length && prefix === text.length) return undefined;
    const changedEnd = text.length - suffix;
    if (ENDS_OR_ESCAPES.test(text.slice(prefix, changedEnd))) return undefined;
    const found = good.locator.nodeAt(prefix);
    const node = found?.node;
    if (node?.type !== "string") return undefined;
    const isName = node.parent?.type === "property" && node.parent.children?.[0] === node;
    // Inside the quotes: after the opening one, up to the closing one.
    const inside = node.offset + 1 <= prefix && good.text.length - suffix <= node.offset + node.length - 1;
    if (isName || !inside || good.text.slice(node.offset, node.offset + node.length).includes("\\")) return undefined;
    return new OneStringEdited(good, delta, changedEnd);
  }

  /**
   * The offset in the good text whose innermost value is the one at `offset` of the newer text:
   * the same before the change, moved by the change's length after it, and in the changed string
   * for any offset among the changed characters.
   */
  toGood(offset: number): number {
    const { prefix, shift } = this.delta;
    if (offset < prefix) return offset;
    if (offset >= this.changedEnd) return offset - shift;
    return prefix;
  }
}
