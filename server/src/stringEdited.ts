// A text that is its last good version with the content of one string value changed and nothing
// else: a label or a name being typed. Its JSON has the same shape as the good version's, every
// value is at the same pointer, and offsets map between the two texts. Requests answer from it
// while the typing goes on (fs/pointerAt, completion): before, each asked for the current version
// and so had every typed key's text analysed in full (a parse, the model and its validation: 100
// MB or more of garbage at 5 MB, docs/performance.md), while the typing's own analysis waits for
// its pause.

import { buildModel, type DocumentModel } from "../../shared/src/index";
import type { ParsedVersion } from "./analysis";
import { mappedPart, type TextPart } from "./mappedContext";
import { textDelta, toOlder, type TextDelta } from "./textDelta";

/** A quote, a backslash or a control character: typed into a string, they end it, escape or break it. */
const ENDS_OR_ESCAPES = /["\\\u0000-\u001f]/;

/** Where the edited string is, and what it holds now. */
interface EditedString {
  /** Its path in the document. */
  readonly path: readonly (string | number)[];
  /** Its content in the newer text (no escapes: the characters between its quotes). */
  readonly content: string;
}

export class OneStringEdited {
  private modelCache: DocumentModel | undefined;

  private constructor(
    /** The last good version. */
    readonly good: ParsedVersion,
    private readonly delta: TextDelta,
    /** The newer text's length. */
    private readonly length: number,
    private readonly edited: EditedString,
  ) {}

  /**
   * `text` as `good`'s text with one string value's content changed, when it is that: the changed
   * characters of both texts lie inside the quotes of one string token of `good` that is a value
   * (a member name is part of the pointers under it) and holds no escape, and the new characters
   * neither end the string nor escape or break it. Undefined otherwise, and for the same text.
   */
  static of(good: ParsedVersion, text: string): OneStringEdited | undefined {
    const delta = textDelta(good.text, text);
    const { prefix, suffix, shift } = delta;
    if (prefix === good.text.length && prefix === text.length) return undefined;
    const changedEnd = text.length - suffix;
    if (ENDS_OR_ESCAPES.test(text.slice(prefix, changedEnd))) return undefined;
    const found = good.locator.nodeAt(prefix);
    const node = found?.node;
    if (found === undefined || node?.type !== "string") return undefined;
    const isName = node.parent?.type === "property" && node.parent.children?.[0] === node;
    // Inside the quotes: after the opening one, up to the closing one.
    const inside = node.offset + 1 <= prefix && good.text.length - suffix <= node.offset + node.length - 1;
    if (isName || !inside || good.text.slice(node.offset, node.offset + node.length).includes("\\")) return undefined;
    // Neither text escapes anything in it: its value is the characters between its quotes.
    const content = text.slice(node.offset + 1, node.offset + node.length - 1 + shift);
    return new OneStringEdited(good, delta, text.length, { path: found.path, content });
  }

  /**
   * The offset in the good text whose innermost value is the one at `offset` of the newer text:
   * the same before the change, moved by the change's length after it, and in the changed string
   * for any offset among the changed characters.
   */
  toGood(offset: number): number {
    return toOlder(this.delta, this.length, offset) ?? this.delta.prefix;
  }

  /** The part of the newer text to read for the cursor at `offset` (completion), from the good version's index. */
  readingContext(offset: number): TextPart {
    return mappedPart((from, to) => this.good.locator.enclosing(from, to), this.good.text.length, this.delta, this.length, offset);
  }

  /**
   * The newer text's document model (ids, their labels and units), as an analysis of it would
   * build it: from the good version's value with the one string as it is now, the objects and
   * arrays on its path copied (the good version's value is not changed). Built on first use: 15–45
   * ms at 5 MB, where an analysis of the text parses and validates all of it.
   */
  get model(): DocumentModel {
    this.modelCache ??= buildModel(withValueAt(this.good.value, this.edited.path, this.edited.content));
    return this.modelCache;
  }
}

/** `value` with `replacement` at `path`: the containers on the path are copied, the rest shared. */
function withValueAt(value: unknown, path: readonly (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [segment, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(value) && typeof segment === "number") {
    const copy = value.slice();
    copy[segment] = withValueAt(value[segment], rest, replacement);
    return copy;
  }
  if (typeof value !== "object" || value === null) return value;
  // Own members as JSON.parse made them, in their order; a member named "__proto__" stays a member.
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(value));
  const key = String(segment);
  const member: unknown = Object.getOwnPropertyDescriptor(value, key)?.value;
  Object.defineProperty(copy, key, { value: withValueAt(member, rest, replacement), writable: true, enumerable: true, configurable: true });
  return copy;
}
