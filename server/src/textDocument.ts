// An open document's text and its line index, as vscode-languageserver-textdocument keeps them (the
// same positions, offsets and incremental updates: lines end at "\n", "\r\n" or "\r"; a position
// past a line's end is clamped before its line break; test/server/textDocument.test.ts compares the
// two on random texts and edits), except that the line index of a text without "\r" is found with
// indexOf, not one character at a time: the first position asked of a 5 MB document (its first
// diagnostics) cost 40–50 ms of the open there, a fifth of that here; and the index is a
// Uint32Array, 4 bytes a line where an array of numbers takes 8 and more (grown by push): 0.7 MB of
// the 1.4 MB a 5 MB document's index kept (docs/performance.md).

import type { Position, Range, TextDocument, TextDocumentContentChangeEvent } from "vscode-languageserver-textdocument";

const LF = 0x0a;
const CR = 0x0d;

export class OpenDocument implements TextDocument {
  private content: string;
  /** A Uint32Array; an array of numbers only after a change whose range ends past the last line (libraryReplacedLines). */
  private lineOffsets: Uint32Array | number[] | undefined;
  private currentVersion: number;

  private constructor(
    readonly uri: string,
    readonly languageId: string,
    version: number,
    content: string,
  ) {
    this.currentVersion = version;
    this.content = content;
  }

  static create(uri: string, languageId: string, version: number, content: string): OpenDocument {
    return new OpenDocument(uri, languageId, version, content);
  }

  get version(): number {
    return this.currentVersion;
  }

  get lineCount(): number {
    return this.offsets().length;
  }

  getText(range?: Range): string {
    if (range === undefined) return this.content;
    return this.content.substring(this.offsetAt(range.start), this.offsetAt(range.end));
  }

  /** Applies the changes in order (ranged or whole-text, as the client sends them). */
  update(changes: readonly TextDocumentContentChangeEvent[], version: number): void {
    for (const change of changes) {
      if (isRanged(change)) {
        const range = wellFormed(change.range);
        const startOffset = this.offsetAt(range.start);
        const endOffset = this.offsetAt(range.end);
        this.content = this.content.substring(0, startOffset) + change.text + this.content.substring(endOffset, this.content.length);
        const startLine = Math.max(range.start.line, 0);
        const endLine = Math.max(range.end.line, 0);
        const added = lineStarts(change.text, false, startOffset);
        const index = this.offsets();
        const offsets =
          index instanceof Uint32Array && endLine < index.length ? replacedLines(index, startLine, endLine, added) : libraryReplacedLines(index, startLine, endLine, added);
        this.lineOffsets = offsets;
        const diff = change.text.length - (endOffset - startOffset);
        if (diff !== 0) for (let i = startLine + 1 + added.length; i < offsets.length; i++) offsets[i] = (offsets[i] as number) + diff;
      } else if (isWhole(change)) {
        this.content = change.text;
        this.lineOffsets = undefined;
      } else {
        throw new Error("Unknown change event received");
      }
    }
    this.currentVersion = version;
  }

  positionAt(offset: number): Position {
    offset = Math.max(Math.min(offset, this.content.length), 0);
    const offsets = this.offsets();
    let low = 0;
    let high = offsets.length;
    if (high === 0) return { line: 0, character: offset };
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      if ((offsets[middle] as number) > offset) high = middle;
      else low = middle + 1;
    }
    // low is the first line that starts after the offset
    const line = low - 1;
    const start = offsets[line] as number;
    return { line, character: this.beforeLineBreak(offset, start) - start };
  }

  offsetAt(position: Position): number {
    const offsets = this.offsets();
    if (position.line >= offsets.length) return this.content.length;
    if (position.line < 0) return 0;
    const start = offsets[position.line] as number;
    if (position.character <= 0) return start;
    const next = position.line + 1 < offsets.length ? (offsets[position.line + 1] as number) : this.content.length;
    return this.beforeLineBreak(Math.min(start + position.character, next), start);
  }

  private beforeLineBreak(offset: number, lineStart: number): number {
    while (offset > lineStart && isLineBreak(this.content.charCodeAt(offset - 1))) offset--;
    return offset;
  }

  private offsets(): Uint32Array | number[] {
    this.lineOffsets ??= Uint32Array.from(lineStarts(this.content, true));
    return this.lineOffsets;
  }
}

/** `offsets` with lines startLine + 1 … endLine replaced by `added` (endLine is a line of `offsets`). */
function replacedLines(offsets: Uint32Array, startLine: number, endLine: number, added: readonly number[]): Uint32Array {
  if (endLine - startLine === added.length) {
    offsets.set(added, startLine + 1);
    return offsets;
  }
  // Lines added or removed: the index is copied around them (a typed array has a fixed length).
  const next = new Uint32Array(offsets.length - (endLine - startLine) + added.length);
  next.set(offsets.subarray(0, startLine + 1));
  next.set(added, startLine + 1);
  next.set(offsets.subarray(endLine + 1), startLine + 1 + added.length);
  return next;
}

/**
 * The library's own arithmetic, on an array of numbers, for a range that ends past the last line
 * (VS Code never sends one; the library then writes past the end of its array, and this answers as
 * it does).
 */
function libraryReplacedLines(index: Uint32Array | number[], startLine: number, endLine: number, added: number[]): number[] {
  const offsets = index instanceof Uint32Array ? Array.from(index) : index;
  if (endLine - startLine === added.length) {
    for (let i = 0; i < added.length; i++) offsets[i + startLine + 1] = added[i] as number;
    return offsets;
  }
  if (added.length < 10_000) {
    offsets.splice(startLine + 1, endLine - startLine, ...added);
    return offsets;
  }
  return offsets.slice(0, startLine + 1).concat(added, offsets.slice(endLine + 1));
}

/** Where each line of `text` starts (`textOffset` added), the first too when `atLineStart`. */
function lineStarts(text: string, atLineStart: boolean, textOffset = 0): number[] {
  const starts = atLineStart ? [textOffset] : [];
  if (!text.includes("\r")) {
    // Only "\n" ends lines: the engine's indexOf finds them far faster than a loop over every character.
    for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) starts.push(textOffset + at + 1);
    return starts;
  }
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (!isLineBreak(code)) continue;
    if (code === CR && i + 1 < text.length && text.charCodeAt(i + 1) === LF) i++;
    starts.push(textOffset + i + 1);
  }
  return starts;
}

function isLineBreak(code: number): boolean {
  return code === CR || code === LF;
}

function wellFormed(range: Range): Range {
  const { start, end } = range;
  return start.line > end.line || (start.line === end.line && start.character > end.character) ? { start: end, end: start } : range;
}

function isRanged(change: TextDocumentContentChangeEvent): change is { range: Range; rangeLength?: number; text: string } {
  const candidate = change as { range?: Range; rangeLength?: unknown; text?: unknown };
  return (
    candidate !== undefined &&
    candidate !== null &&
    typeof candidate.text === "string" &&
    candidate.range !== undefined &&
    (candidate.rangeLength === undefined || typeof candidate.rangeLength === "number")
  );
}

function isWhole(change: TextDocumentContentChangeEvent): change is { text: string } {
  const candidate = change as { range?: Range; rangeLength?: unknown; text?: unknown };
  return candidate !== undefined && candidate !== null && typeof candidate.text === "string" && candidate.range === undefined && candidate.rangeLength === undefined;
}
