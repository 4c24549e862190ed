// Where UTF-8 decoding fails. TextDecoder's fatal mode says only *that* the bytes are invalid; this
// finds the first invalid byte (RFC 3629: no overlong forms, no encoded surrogates, nothing above
// U+10FFFF, no truncated sequence) so the error can name its offset and line.

/** Offset of the first byte that does not begin or continue a valid UTF-8 sequence; -1 if none. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  const n = bytes.length;
  while (i < n) {
    const b = bytes[i] as number;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let low = 0x80;
    let high = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) low = 0xa0; // overlong
      if (b === 0xed) high = 0x9f; // surrogates U+D800–U+DFFF
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) low = 0x90; // overlong
      if (b === 0xf4) high = 0x8f; // above U+10FFFF
    } else return i; // 0x80–0xc1 (continuation or overlong lead), 0xf5–0xff
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined) return i; // truncated at the end
      if (c < (k === 1 ? low : 0x80) || c > (k === 1 ? high : 0xbf)) return i;
    }
    i += need + 1;
  }
  return -1;
}

/** 1-based line of a byte offset (lines end at LF). */
export function lineOfByte(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (bytes[i] === 0x0a) line++;
  return line;
}
