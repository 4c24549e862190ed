// A CSV or TSV file as a Grid of one sheet of text cells (the layout reader parses the numbers, so
// they stay exact). Quoted fields (RFC 4180: "" for a quote, line breaks inside quotes), CRLF, LF
// or CR line ends, a UTF-8 or UTF-16 byte-order mark; without one, UTF-8, else Windows-1252 (what
// spreadsheets write for "CSV" on Windows), said in the report. The separator: a tab for .tsv;
// otherwise whichever of comma, semicolon (a decimal-comma locale's CSV) and tab splits the first
// lines most consistently.

import * as l10n from "@vscode/l10n";
import { setCell, type Grid, type GridSheet } from "./grid";
import type { ImportReport } from "./report";

// The WHATWG decoder, in Node and in browsers alike; shared/ is built without either's types.
declare const TextDecoder: new (label?: string, options?: { fatal?: boolean }) => { decode(input: Uint8Array): string };

/** Cells a delimited file may have: beyond this, memory, not layouts, would be the limit. */
export const MAX_DELIMITED_CELLS = 2_000_000;

export type Delimited = { ok: true; grid: Grid; separator: string } | { ok: false; error: string };

export function readDelimited(bytes: Uint8Array, name: string, report: ImportReport): Delimited {
  const text = decode(bytes, report);
  if (text === undefined) return { ok: false, error: l10n.t("is neither a workbook nor a text (CSV or TSV) file") };
  const separator = /\.tsv$/i.test(name) ? "\t" : chooseSeparator(text);
  const sheet: GridSheet = { name: name.replace(/^.*[\\/]/, ""), hidden: false, rows: new Map() };
  let cells = 0;
  let row = 1;
  let column = 1;
  let field = "";
  let quoted = false;
  let wasQuoted = false;
  const flush = () => {
    const value = wasQuoted ? field : field.trim();
    if (value !== "") {
      cells++;
      setCell(sheet, { row, column, value: { kind: "text", text: value } });
    }
    field = "";
    wasQuoted = false;
  };
  for (let at = 0; at < text.length; at++) {
    const char = text[at] as string;
    if (quoted) {
      if (char !== '"') field += char;
      else if (text[at + 1] === '"') {
        field += '"';
        at++;
      } else quoted = false;
      continue;
    }
    if (char === '"' && field.trim() === "") {
      quoted = true;
      wasQuoted = true;
      field = "";
    } else if (char === separator) {
      flush();
      column++;
    } else if (char === "\n" || char === "\r") {
      flush();
      if (char === "\r" && text[at + 1] === "\n") at++;
      row++;
      column = 1;
    } else field += char;
    if (cells > MAX_DELIMITED_CELLS)
      return { ok: false, error: l10n.t("has more than {0} filled cells; the import reads files of up to that many", MAX_DELIMITED_CELLS.toLocaleString("en")) };
  }
  flush();
  if (quoted) report.guesses.push({ what: "value", where: `${sheet.name}!${row}:${row}`, text: l10n.t("a quote is never closed; the rest of the file is its field") });
  return { ok: true, grid: { sheets: [sheet] }, separator };
}

function decode(bytes: Uint8Array, report: ImportReport): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder("utf-8").decode(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  // A NUL byte is no text's (an image, an archive, a binary format).
  if (bytes.includes(0)) return undefined;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    report.guesses.push({ what: "encoding", where: "", text: l10n.t("not UTF-8, so read as Windows-1252") });
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

function chooseSeparator(text: string): string {
  const lines = text.split(/\r\n|\n|\r/, 30).filter((line) => line.trim() !== "");
  let best = ",";
  let bestScore = 0;
  for (const separator of [",", ";", "\t"]) {
    const counts = lines.map((line) => fieldsOutsideQuotes(line, separator));
    const common = mode(counts);
    const score = common > 1 ? counts.filter((count) => count === common).length * Math.min(common, 4) : 0;
    if (score > bestScore) [best, bestScore] = [separator, score];
  }
  return best;
}

function fieldsOutsideQuotes(line: string, separator: string): number {
  let count = 1;
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (char === separator && !quoted) count++;
  }
  return count;
}

function mode(values: number[]): number {
  const counts = new Map<number, number>();
  let best = 0;
  let bestCount = 0;
  for (const value of values) {
    const count = (counts.get(value) ?? 0) + 1;
    counts.set(value, count);
    if (count > bestCount) [best, bestCount] = [value, count];
  }
  return best;
}
