// A localized message with placeholders, looked up and parsed once and then filled for many values:
// the preview's model gives every subtotal's cell a title made of one such message and four
// figures, and l10n.t looks the message up and formats it with a regular expression at each call
// (at 5 MB, a third of the model's build went to those titles).

/** A message's text as pieces: literal text, and the index of the argument that goes there. */
export type MessageTemplate = readonly (string | number)[];

/**
 * The pieces of `message(...marks)`, a l10n.t call of the message with its `count` arguments passed
 * through (`(...marks) => l10n.t("… {0} … {1}", ...marks)`, so that the message stays where the
 * strings' extraction finds it): each argument is given as a mark that no message contains, and
 * found again in the text l10n.t returns, wherever the translation put it (or left it out).
 */
export function messageTemplate(count: number, message: (...marks: string[]) => string): MessageTemplate {
  const marks = Array.from({ length: count }, (_, index) => `\u0000${index}\u0000`);
  const text = message(...marks);
  const pieces: (string | number)[] = [];
  let last = 0;
  for (const found of text.matchAll(/\u0000(\d+)\u0000/g)) {
    if (found.index > last) pieces.push(text.slice(last, found.index));
    pieces.push(Number(found[1]));
    last = found.index + found[0].length;
  }
  if (last < text.length) pieces.push(text.slice(last));
  return pieces;
}

/**
 * The message with `values` for its arguments, then `suffix`: what the l10n.t call with these
 * values returns, followed by `suffix`. Joined: one flat string (a concatenation would be a tree of
 * string pieces, which the server keeps in every title of a preview model).
 */
export function fillTemplate(template: MessageTemplate, values: readonly string[], suffix = ""): string {
  const parts = template.map((piece) => (typeof piece === "number" ? (values[piece] ?? "") : piece));
  parts.push(suffix);
  return parts.join("");
}
