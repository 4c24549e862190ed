// Binary content over the JSON-RPC connection (an exported workbook): base64, with the globals
// Node and browsers both have (btoa/atob), so neither side needs Buffer.

// Both are globals in Node ≥ 16 and in browsers and workers; protocol/ is compiled without either's types.
declare function btoa(data: string): string;
declare function atob(data: string): string;

/** Bytes per String.fromCharCode call: well under any engine's argument limit. */
const CHUNK = 0x8000;

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let at = 0; at < bytes.length; at += CHUNK) binary += String.fromCharCode(...bytes.subarray(at, at + CHUNK));
  return btoa(binary);
}

export function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let at = 0; at < binary.length; at++) bytes[at] = binary.charCodeAt(at);
  return bytes;
}
