// How wide a value column may be, and how a number too long for it is shown (issue 30).
//
// The rule: a period column is as wide as its widest text, but never wider than the room beside the
// labels (a third of the view, at least their longest word) and the unit column (--fs-cap,
// media/preview.css), so the first period opens beside the labels. Narrower than its widest text, a
// number's fraction is cut with "…" (never its integer part, so its magnitude always reads right);
// the column never gets narrower than what keeps each number's integer part, its decimal point and
// first fraction digit whole (`keepPx`, measured in the bold font), however long: a number is
// always on one line (one broken at a group separator read as two numbers, newcomer finding 2).
// The number's whole text stays in the cell (screen readers read it), and in its tooltip whenever
// the column may cut it.
//
// Full widths are in ch, as the table's other columns are, so drawing rows never reflows the table:
// a number's is its text measured in the bold font (a subtotal's; bold digits are wider than the
// regular 1ch), at least its length. The text is cut by CSS (text-overflow), so a resize needs no
// new text. Values stay strings throughout.

/**
 * A column's (or a cell's) widths, padding excluded: `full` (ch) shows every text whole; the larger
 * of `keep` (ch) and `keepPx` (measured) is the least that cuts no integer part.
 */
export interface Widths {
  keep: number;
  keepPx: number;
  full: number;
}

/** A cell's horizontal padding (preview.css: 10px each side), in ch. */
export const PADDING_CH = 3;
/** A flag's room ("≠", its 4px margin), in ch, and in px where a width is measured (preview.css, .fs-flag). */
export const FLAG_CH = 2;
export const FLAG_PX = 18;
/** A cell's horizontal padding in px (preview.css: 10px each side), for measured widths. */
const PADDING_PX = 20;
/** The least width, in ch, of a relative change in the changes view, which wraps at its group separators (compare.ts). */
export const WRAPPED = 8;

const DECIMAL_SHAPE = /^(-?)([0-9]+)(?:\.([0-9]+))?$/;

export const NO_WIDTH: Widths = { keep: 0, keepPx: 0, full: 0 };

export function widest(a: Widths, b: Widths): Widths {
  return { keep: Math.max(a.keep, b.keep), keepPx: Math.max(a.keepPx, b.keepPx), full: Math.max(a.full, b.full) };
}

/** Text that is shown whole or cut from its end without care (a heading's parts, an invalid value): `keep` is `full`. */
export function textWidths(length: number): Widths {
  return { keep: length, keepPx: 0, full: length };
}

/** A number's widths, and whether a narrow column cuts its fraction. */
export interface NumberWidths extends Widths {
  cuts: boolean;
}

/** How text is measured in the table's font: `bold` in a subtotal's weight, in px; `ch`, the regular weight's "0" (CSS's 1ch), in px. */
export interface TextMeasure {
  bold(text: string): number;
  ch: number;
}

/**
 * The widths of a decimal shown by `number` (the display language's grouping): each depends only on
 * the decimal's shape (sign, integer and fraction digits), so a shape is formatted and measured once
 * per `cache`. Measured with zeros, whose width is a tabular digit's.
 */
export function decimalWidths(decimal: string, number: (decimal: string) => string, measure: TextMeasure, cache: Map<string, NumberWidths>): NumberWidths {
  const shape = DECIMAL_SHAPE.exec(decimal);
  if (shape === null) {
    const length = number(decimal).length;
    return { ...textWidths(length), cuts: false };
  }
  const [, sign = "", whole = "", fraction = ""] = shape;
  const key = `${sign}${whole.length}.${fraction.length}`;
  let widths = cache.get(key);
  if (widths === undefined) {
    const zeros = `${sign}${"0".repeat(whole.length)}`;
    const text = number(fraction === "" ? zeros : `${zeros}.${"0".repeat(fraction.length)}`);
    const full = Math.max(text.length, Math.ceil(measure.bold(text) / measure.ch));
    // What is never cut: the whole number when its fraction has one or two digits (cutting them
    // saves no room), else the integer part, the point, one digit and the "…".
    const kept = fraction.length <= 2 ? text : `${number(`${zeros}.0`)}\u2026`;
    widths = { keep: 0, keepPx: Math.ceil(measure.bold(kept)) + 1, full, cuts: fraction.length > 2 };
    cache.set(key, widths);
  }
  return widths;
}

/**
 * A period column's CSS width: its widest text, at most the room beside the labels (--fs-cap), at
 * least what keeps its numbers' integer parts whole.
 */
export function columnWidth(widths: Widths): string {
  const full = widths.full + PADDING_CH;
  if (widths.keep >= widths.full) return `${full}ch`;
  return `clamp(${leastWidth(widths)}, var(--fs-cap), ${full}ch)`;
}

/** The least width of a column, padding included. */
export function leastWidth(widths: Widths): string {
  const keep = `${widths.keep + PADDING_CH}ch`;
  return widths.keepPx === 0 ? keep : `max(${keep}, ${widths.keepPx + PADDING_PX}px)`;
}

/**
 * The number of a value cell (or a changes view's old value or difference): the whole text on one
 * line, in a span the column's width cuts at its end with "…" (preview.css, .fs-number); its own
 * width is min(`room`, its text), so what follows it (a flag, an arrow, a relative change) stays
 * beside it.
 */
export function numberElement(document: Document, text: string, widths: NumberWidths, room = "100%"): HTMLSpanElement {
  const span = document.createElement("span");
  span.className = "fs-number";
  span.textContent = text;
  // A character more than the text: the estimate in ch must never cut a whole number.
  span.style.width = `min(${room}, ${widths.full + 1}ch)`;
  return span;
}

/**
 * `text` (a relative change in the changes view, not a value) in a span with a line break
 * opportunity after each group separator (any character but a digit or a sign), shown whole.
 */
export function breakableElement(document: Document, text: string, className: string): HTMLSpanElement {
  const span = document.createElement("span");
  span.className = className;
  let start = 0;
  for (let index = 0; index < text.length - 1; index += 1) {
    if (/[\p{Nd}+\-\u2212]/u.test(text.charAt(index))) continue;
    span.append(text.slice(start, index + 1), document.createElement("wbr"));
    start = index + 1;
  }
  span.append(text.slice(start));
  return span;
}
