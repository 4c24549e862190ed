// Expands a snippet (TextMate syntax, as VS Code reads it) the way the editor does when the user
// accepts every placeholder's default: `${n:default}` becomes its default, `$n`/`${n}` mirror the
// default of the placeholder n, `$0` disappears, and `\$`, `\}`, `\\` are literal.

export interface Expansion {
  text: string;
  /** Tab stop numbers in the order they appear (mirrors included, $0 excluded). */
  tabStops: number[];
}

const TOKEN = /\\([$}\\])|\$\{(\d+):((?:\\.|[^\\}])*)\}|\$\{(\d+)\}|\$(\d+)/g;

export function expandSnippet(snippet: string): Expansion {
  const defaults = new Map<number, string>();
  for (const match of snippet.matchAll(TOKEN)) {
    if (match[2] !== undefined) defaults.set(Number(match[2]), (match[3] ?? "").replace(/\\([$}\\])/g, "$1"));
  }
  const tabStops: number[] = [];
  const rest = snippet.replace(
    TOKEN,
    (_whole, escaped: string | undefined, numbered: string | undefined, _default: string | undefined, braced: string | undefined, bare: string | undefined) => {
      if (escaped !== undefined) return escaped;
      const stop = Number(numbered ?? braced ?? bare);
      if (stop === 0) return "";
      tabStops.push(stop);
      return defaults.get(stop) ?? "";
    },
  );
  return { text: rest, tabStops };
}
