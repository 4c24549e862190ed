// A stretch of source text, in UTF-16 offsets of the text that was parsed.

export interface SourceRange {
  offset: number;
  length: number;
}
