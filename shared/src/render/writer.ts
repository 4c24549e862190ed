// Output sinks for the renderers. Every renderer writes through `raw` (markup it wrote itself)
// and `text` (author text, escaped for HTML by the HTML writers). Rendering runs twice when a
// bound applies: first into a counter, so that an over-long page is refused with its real size
// without ever being built, then into a collector.

export interface Writer {
  raw(markup: string): void;
  text(authorText: string): void;
}

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

const NEEDS_ESCAPE = /[&<>"']/g;

/** Escapes the five characters that matter in element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(NEEDS_ESCAPE, (character) => HTML_ESCAPES[character] ?? character);
}

/** The UTF-8 length of a string (a lone surrogate counts as U+FFFD, 3 bytes, as encoders write it). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i += 1;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** Extra bytes escaping adds: &amp; and &#39; add 4, &lt; and &gt; add 3, &quot; adds 5. */
function escapeGrowth(text: string): number {
  let growth = 0;
  for (let i = 0; i < text.length; i++) {
    switch (text.charCodeAt(i)) {
      case 0x26:
      case 0x27:
        growth += 4;
        break;
      case 0x3c:
      case 0x3e:
        growth += 3;
        break;
      case 0x22:
        growth += 5;
        break;
    }
  }
  return growth;
}

export class HtmlCollector implements Writer {
  private readonly chunks: string[] = [];
  raw(markup: string): void {
    this.chunks.push(markup);
  }
  text(authorText: string): void {
    this.chunks.push(escapeHtml(authorText));
  }
  toString(): string {
    return this.chunks.join("");
  }
}

/**
 * Counts the UTF-8 bytes a collector would produce. Counting stops once past `stopAfter`, so
 * measuring a hostile document (a long label repeated on every row) costs at most that much work;
 * `exact` then says the count is only a lower bound.
 */
export class ByteCounter implements Writer {
  bytes = 0;
  constructor(
    private readonly escapesHtml: boolean,
    private readonly stopAfter: number,
  ) {}
  get exact(): boolean {
    return this.bytes <= this.stopAfter;
  }
  raw(markup: string): void {
    if (this.exact) this.bytes += utf8Length(markup);
  }
  text(authorText: string): void {
    if (this.exact) this.bytes += utf8Length(authorText) + (this.escapesHtml ? escapeGrowth(authorText) : 0);
  }
}

const FIELD_BREAKS = /[\t\n\r]/g;

/** Collects plain text; author text has its tabs and line breaks replaced by spaces (TSV fields). */
export class FieldCollector implements Writer {
  private readonly chunks: string[] = [];
  raw(text: string): void {
    this.chunks.push(text);
  }
  text(authorText: string): void {
    this.chunks.push(authorText.replace(FIELD_BREAKS, " "));
  }
  toString(): string {
    return this.chunks.join("");
  }
}
