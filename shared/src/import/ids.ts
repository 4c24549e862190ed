// Identifiers made from labels, deterministically and valid per the contract
// (^[A-Za-z][A-Za-z0-9._-]*$): "Cost of sales" → "cost-of-sales", "1. Umsatzerlöse" →
// "umsatzerlose", the second "Total" → "total-2".

export function slug(label: string, fallback: string): string {
  const ascii = label
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ß/g, "ss")
    .toLowerCase();
  const words = ascii.match(/[a-z0-9]+/g) ?? [];
  let text = words.join("-").slice(0, 48).replace(/-+$/, "");
  text = text.replace(/^[^a-z]+/, "");
  return text === "" ? fallback : text;
}

/** Unique ids within one scope, in the order asked. */
export class IdPool {
  private readonly used = new Set<string>();

  take(label: string, fallback: string): string {
    const base = slug(label, fallback);
    let id = base;
    for (let n = 2; this.used.has(id); n++) id = `${base}-${n}`;
    this.used.add(id);
    return id;
  }
}
