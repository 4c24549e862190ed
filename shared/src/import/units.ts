// Units and scale from phrases in titles and headers: "(EUR thousands)", "in thousands of euros",
// "€m", "TEUR", "EUR '000", "USD millions", "in Mio. EUR". The measure is an ISO currency code when
// one is named (a symbol or a currency word maps to its code); the scale is 3, 6 or 9.

export interface UnitPhrase {
  measure?: string | undefined;
  scale?: number | undefined;
}

const CODES = [
  "EUR",
  "USD",
  "GBP",
  "CHF",
  "JPY",
  "CNY",
  "SEK",
  "NOK",
  "DKK",
  "PLN",
  "CZK",
  "HUF",
  "CAD",
  "AUD",
  "NZD",
  "INR",
  "BRL",
  "ZAR",
  "HKD",
  "SGD",
  "MXN",
  "KRW",
  "TRY",
  "RUB",
];
const SYMBOLS: Record<string, string> = { "€": "EUR", $: "USD", "£": "GBP", "¥": "JPY", "₹": "INR", "Fr.": "CHF" };
const WORDS: [RegExp, string][] = [
  [/\beuros?\b/i, "EUR"],
  [/\b(?:us )?dollars?\b/i, "USD"],
  [/\bpounds?(?: sterling)?\b|\bsterling\b/i, "GBP"],
  [/\bswiss francs?\b|\bfranken\b/i, "CHF"],
  [/\byen\b/i, "JPY"],
];
const SCALE_WORDS: [RegExp, number][] = [
  [/\bthousands?\b|\btausend\b|'000\b|\b000s\b|\btsd\.?/i, 3],
  [/\bmillions?\b|\bmio\.?|\bmn\b/i, 6],
  [/\bbillions?\b|\bbn\b|\bmrd\.?/i, 9],
];

export function readUnitPhrase(text: string): UnitPhrase {
  const phrase: UnitPhrase = {};
  // "TEUR", "kEUR", "MEUR", "EURk", "EURm", "EUR m", "EUR '000": a code with a scale letter.
  const code = new RegExp(`(?<![A-Za-z])([TkKM]?)(${CODES.join("|")})(?:\\s?(k|m|mn|bn|'000))?(?![A-Za-z])`).exec(text);
  if (code !== null) {
    phrase.measure = code[2];
    const letter = code[1] || code[3] || "";
    const scale = { T: 3, k: 3, K: 3, M: 6, m: 6, mn: 6, bn: 9, "'000": 3 }[letter];
    if (scale !== undefined) phrase.scale = scale;
  } else {
    // "€m", "€k", "£000", "$'000", "€ million".
    const symbol = /(€|\$|£|¥|₹)\s?('000|000|k|m|mn|bn)?(?![A-Za-z])/.exec(text);
    if (symbol !== null) {
      phrase.measure = SYMBOLS[symbol[1] as string];
      const scale = { "'000": 3, "000": 3, k: 3, m: 6, mn: 6, bn: 9 }[symbol[2] ?? ""];
      if (scale !== undefined) phrase.scale = scale;
    } else {
      for (const [pattern, measure] of WORDS) {
        if (pattern.test(text)) {
          phrase.measure = measure;
          break;
        }
      }
    }
  }
  if (phrase.scale === undefined) {
    for (const [pattern, scale] of SCALE_WORDS) {
      if (pattern.test(text)) {
        phrase.scale = scale;
        break;
      }
    }
  }
  return phrase;
}

/** The unit's id and label: "eur-thousands", "EUR thousands". */
export function unitNames(measure: string, scale: number): { id: string; label: string } {
  const word = { 0: "", 3: "thousands", 6: "millions", 9: "billions" }[scale] ?? `e${scale}`;
  const base =
    measure
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, "-")
      .replace(/^[^a-z]+/, "") || "unit";
  return { id: word === "" ? base : `${base}-${word}`, label: word === "" ? measure : word.startsWith("e") ? `${measure} × 10^${scale}` : `${measure} ${word}` };
}
