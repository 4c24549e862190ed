// A nonce for a webview page's Content-Security-Policy, from Web Crypto, which the desktop's
// Node extension host and the web's worker extension host both have (node:crypto is Node only).

/** `bytes` random bytes from the platform's CSPRNG, base64-encoded. */
export function createNonce(bytes = 18): string {
  const random = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(random);
  let binary = "";
  for (const byte of random) binary += String.fromCharCode(byte);
  return btoa(binary);
}
