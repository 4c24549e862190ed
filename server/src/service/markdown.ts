// Author text inside hover Markdown. Labels, ids and measures are data: a `*`, `|`, `<` or
// backtick in them must show as itself, never format, link, open HTML or break a table.

// Characters with inline meaning anywhere in a line (emphasis, code, links, GFM tables and
// strikethrough, HTML, entities). `(`, `!` and `{` mean nothing once `[` is escaped; block markers
// (`#`, `-`, `+`, `1.`) only matter at the start of a line: see `escapeText`.
const INLINE_SPECIAL = /[\\`*_[\]|<>~&]/g;
const LINE_BREAKS = /[\r\n\u2028\u2029]+/g;

/** Author text as literal Markdown on one line; `|` is escaped too, so it is safe in table cells. */
export function escapeText(text: string): string {
  return text
    .replace(LINE_BREAKS, " ")
    .replace(INLINE_SPECIAL, "\\$&")
    .replace(/^([-+=#])/, "\\$1")
    .replace(/^(\d+)([.)])/, "$1\\$2");
}

/** Author text as an inline code span, whatever backticks it holds. */
export function codeSpan(text: string, inTable = false): string {
  const flat = text.replace(LINE_BREAKS, " ");
  let longest = 0;
  for (const run of flat.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const fence = "`".repeat(longest + 1);
  const padded = flat.startsWith("`") || flat.endsWith("`") || flat === "" ? ` ${flat} ` : flat;
  const span = `${fence}${padded}${fence}`;
  // GFM splits table cells at `|` even inside code spans; there `\|` stands for the character.
  return inTable ? span.replace(/\|/g, "\\|") : span;
}

export function bold(text: string): string {
  const trimmed = text.trim();
  return trimmed === "" ? codeSpan(text) : `**${escapeText(trimmed)}**`;
}

export function tableRow(cells: readonly string[]): string {
  return `| ${cells.join(" | ")} |`;
}
