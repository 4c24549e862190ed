// Draws media/icon.png (128×128 RGBA): a ledger sheet — a table with a header band and a total
// rule — on a rounded tile, in two colours. Supersampled shapes give smooth edges without any
// image library. Run: node scripts/make-icon.mjs
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { deflateSync } from "node:zlib";

const SIZE = 128;
const SAMPLES = 4; // per axis: 16 samples a pixel
const TILE = [0x1d, 0x5c, 0x8a]; // deep blue
const SHEET = [0xf4, 0xf7, 0xfa]; // near white

/** Is the point inside a rectangle with rounded corners? */
function inRoundRect(x, y, left, top, right, bottom, radius) {
  if (x < left || x > right || y < top || y > bottom) return false;
  const cx = Math.min(Math.max(x, left + radius), right - radius);
  const cy = Math.min(Math.max(y, top + radius), bottom - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

const inRect = (x, y, left, top, right, bottom) => x >= left && x <= right && y >= top && y <= bottom;

/** The colour at a point, or undefined for transparent: later shapes paint over earlier ones. */
function colourAt(x, y) {
  if (!inRoundRect(x, y, 4, 4, 124, 124, 22)) return undefined;
  if (!inRoundRect(x, y, 24, 22, 104, 106, 6)) return TILE;
  // Inside the sheet: a header band, a column rule, row rules and a double total rule, in tile colour.
  const lines = [
    [24, 22, 104, 40], // header band
    [56, 40, 59, 106], // label | amounts
    [30, 52, 98, 54.5],
    [30, 64, 98, 66.5],
    [30, 76, 98, 78.5],
    [62, 88, 98, 90.5], // total: double rule under the amounts
    [62, 94, 98, 96.5],
  ];
  return lines.some(([l, t, r, b]) => inRect(x, y, l, t, r, b)) ? TILE : SHEET;
}

function pixels() {
  const rows = Buffer.alloc(SIZE * (1 + SIZE * 4));
  for (let y = 0; y < SIZE; y++) {
    const row = y * (1 + SIZE * 4);
    rows[row] = 0; // filter: none
    for (let x = 0; x < SIZE; x++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const colour = colourAt(x + (sx + 0.5) / SAMPLES, y + (sy + 0.5) / SAMPLES);
          if (colour === undefined) continue;
          sum[0] += colour[0];
          sum[1] += colour[1];
          sum[2] += colour[2];
          sum[3] += 1;
        }
      }
      const at = row + 1 + x * 4;
      const covered = sum[3];
      // Colour averaged over covered samples only (straight alpha), coverage as alpha.
      for (let channel = 0; channel < 3; channel++) rows[at + channel] = covered === 0 ? 0 : Math.round(sum[channel] / covered);
      rows[at + 3] = Math.round((covered / (SAMPLES * SAMPLES)) * 255);
    }
  }
  return rows;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer) {
  let crc = 0xffffffff;
  for (const byte of buffer) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header[8] = 8; // bit depth
header[9] = 6; // RGBA
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk("IHDR", header),
  chunk("IDAT", deflateSync(pixels(), { level: 9 })),
  chunk("IEND", Buffer.alloc(0)),
]);

const root = new URL("..", import.meta.url).pathname;
mkdirSync(join(root, "media"), { recursive: true });
writeFileSync(join(root, "media/icon.png"), png);
console.log(`media/icon.png: ${SIZE}×${SIZE}, ${png.length} bytes`);
