// JSON text in ASCII only: every character above U+007F written as a \uXXXX escape, which any JSON
// reader turns back into the same character. V8 stores a string in one byte a character only when
// all of its characters fit; one non-ASCII character (a "≠" in a cell's title) makes a large text
// two bytes a character, and so does every copy made of it (the JSON-RPC message that carries it
// as a string, with its quotes escaped). Kept ASCII, the preview's model text of a 5 MB document
// and its message take half the memory, and the message is encoded as UTF-8 by a plain copy.

const NON_ASCII = /[\u0080-\uffff]/;
const NON_ASCII_ALL = /[\u0080-\uffff]/g;

const escape = (char: string): string => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;

// Standard in Node and browsers alike; shared/ is typed without either's library.
declare const TextEncoder: new () => { encode(input: string): Uint8Array };
declare const TextDecoder: new () => { decode(input: Uint8Array): string };

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** JSON.stringify(value), with every non-ASCII character escaped (surrogate pairs as two escapes). */
export function asciiJson(value: unknown): string {
  const text = JSON.stringify(value);
  if (!NON_ASCII.test(text)) return text;
  const escaped = text.replace(NON_ASCII_ALL, escape);
  // replace() keeps its subject's two bytes a character; the same ASCII text decoded from bytes is one.
  return decoder.decode(encoder.encode(escaped));
}
