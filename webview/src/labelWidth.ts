// The label column's least width: room for its longest word at that word's indent, so a label
// wraps only between words (preview.css, .fs-colw-item; a word longer than the column's most, 40em,
// still breaks). Measured with a canvas in the table's font, which costs no layout of the page.

import type { PreviewRow } from "../../shared/src/render/previewModel";

/** The indent preview.css gives a label cell at each depth: 16px + (1.3 + depth) em, depth at most 6; 10px at the right. */
const INDENT_PX = 16;
const INDENT_EM = 1.3;
const MAX_DEPTH = 6;
const RIGHT_PX = 10;
/** At most this many words are measured: the longest by a rough estimate (em per character). */
const MEASURED = 400;
const EM_PER_CHAR = 0.6;
/** Whole labels measured for the column that shows them on one line: the longest by that estimate. */
const WHOLE_MEASURED = 40;

interface Candidate {
  word: string;
  depth: number;
  bold: boolean;
  estimate: number;
}

/** The longest part of `text` a line cannot break inside: a word, or a part of a hyphenated one up to its hyphen ("non-"). */
export function longestWord(text: string): string {
  let best = "";
  for (const word of text.split(/\s+|(?<=-)/)) if (word.length > best.length) best = word;
  return best;
}

/** A label's first word (a hyphen ends a word too), by which sharingFirstWord groups labels. */
export function firstWord(label: string): string {
  return label.trim().split(/\s+|(?<=-)/)[0] ?? "";
}

/**
 * The rows whose label starts with the same word as another row's label of the statement. A label
 * shows at most two lines; the column is as wide as its longest word, so the first line always
 * shows a label's first word whole, but the ellipsis may cut the second ("Average employe…"). Labels
 * that share their first word could then read the same, so these are shown whole (preview.css,
 * .fs-item-label-whole).
 */
export function sharingFirstWord(rows: readonly PreviewRow[]): Set<number> {
  const byWord = new Map<string, number[]>();
  rows.forEach((row, index) => {
    const word = firstWord(row.label);
    if (word === "") return;
    const found = byWord.get(word);
    if (found === undefined) byWord.set(word, [index]);
    else found.push(index);
  });
  const shared = new Set<number>();
  for (const indices of byWord.values()) if (indices.length > 1) for (const index of indices) shared.add(index);
  return shared;
}

export class LabelWidths {
  private context: CanvasRenderingContext2D | null | undefined;

  constructor(
    private readonly document: Document,
    /** An element in the tables' font (the page's scroll container). */
    private readonly fontSource: HTMLElement,
  ) {}

  /** The least width of the label column, in px, for these rows; 0 when they have no label. */
  leastWidth(rows: readonly PreviewRow[]): number {
    const style = this.document.defaultView?.getComputedStyle(this.fontSource);
    const em = Number.parseFloat(style?.fontSize ?? "") || 13;
    const candidates: Candidate[] = [];
    let most = 0;
    for (const row of rows) {
      const word = longestWord(row.label);
      if (word === "") continue;
      const depth = Math.min(row.depth, MAX_DEPTH);
      const estimate = (word.length * EM_PER_CHAR + depth) * em;
      if (estimate < most / 2) continue;
      most = Math.max(most, estimate);
      candidates.push({ word, depth, bold: row.subtotal, estimate });
    }
    const measured = candidates
      .filter((candidate) => candidate.estimate >= most / 2)
      .sort((a, b) => b.estimate - a.estimate)
      .slice(0, MEASURED);
    let widest = 0;
    for (const candidate of measured) {
      const indent = INDENT_PX + (INDENT_EM + candidate.depth) * em;
      widest = Math.max(widest, indent + this.textWidth(candidate.word, candidate.bold, style, em) + RIGHT_PX);
    }
    return Math.ceil(widest);
  }

  /**
   * The width of the label column that shows every label of these rows whole on one line, in px
   * (--fs-label-want, preview.css): the longest label at its indent, by a rough estimate, measured.
   */
  wholeWidth(rows: readonly PreviewRow[]): number {
    const style = this.document.defaultView?.getComputedStyle(this.fontSource);
    const em = Number.parseFloat(style?.fontSize ?? "") || 13;
    const candidates: Candidate[] = [];
    for (const row of rows) {
      const label = row.label.trim();
      if (label === "") continue;
      const depth = Math.min(row.depth, MAX_DEPTH);
      candidates.push({ word: label, depth, bold: row.subtotal, estimate: (label.length * EM_PER_CHAR + depth) * em });
    }
    candidates.sort((a, b) => b.estimate - a.estimate);
    let widest = 0;
    for (const candidate of candidates.slice(0, WHOLE_MEASURED)) {
      const indent = INDENT_PX + (INDENT_EM + candidate.depth) * em;
      widest = Math.max(widest, indent + this.textWidth(candidate.word, candidate.bold, style, em) + RIGHT_PX);
    }
    return Math.ceil(widest);
  }

  /** The width of `text` in the tables' font, in px (bold: a subtotal's weight). */
  textWidthPx(text: string, bold: boolean): number {
    const style = this.document.defaultView?.getComputedStyle(this.fontSource);
    return this.textWidth(text, bold, style, Number.parseFloat(style?.fontSize ?? "") || 13);
  }

  /** The width of CSS's 1ch in the tables' (regular) font, in px: its "0"'s. */
  chPx(): number {
    const style = this.document.defaultView?.getComputedStyle(this.fontSource);
    // textWidth adds a pixel for rounding; ten zeros spread it.
    return (this.textWidth("0000000000", false, style, Number.parseFloat(style?.fontSize ?? "") || 13) - 1) / 10;
  }

  private textWidth(text: string, bold: boolean, style: CSSStyleDeclaration | undefined, em: number): number {
    this.context ??= this.document.createElement("canvas").getContext("2d");
    if (this.context === null || style === undefined) return text.length * em * (bold ? 0.7 : 0.65);
    this.context.font = `${bold ? 600 : style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    // A pixel more for the rounding of the text's advance in layout.
    return this.context.measureText(text).width + 1;
  }
}
