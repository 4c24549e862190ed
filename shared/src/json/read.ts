// Lenient readers over an unchecked JSON value. The validator, the renderer, the id model and the
// editor features all read documents that may not conform, so every member is read through these: own properties only (an id such as
// "__proto__" or "constructor" is data, never a prototype lookup) and a wrong type reads as absent.

export type JsonRecord = { readonly [key: string]: unknown };

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function member(value: unknown, key: string): unknown {
  return isRecord(value) && Object.hasOwn(value, key) ? value[key] : undefined;
}

export function stringMember(value: unknown, key: string): string | undefined {
  const found = member(value, key);
  return typeof found === "string" ? found : undefined;
}

/** A nonempty string member: the contract's labels, names and measures are never empty. */
export function textMember(value: unknown, key: string): string | undefined {
  const found = stringMember(value, key);
  return found === undefined || found === "" ? undefined : found;
}

export function arrayMember(value: unknown, key: string): readonly unknown[] {
  const found = member(value, key);
  return Array.isArray(found) ? found : [];
}

/** The cell stored at statements[s].items[i].values[period]; undefined when there is none. */
export function storedCell(document: unknown, statementIndex: number, itemIndex: number, period: string): unknown {
  const statement = arrayMember(document, "statements")[statementIndex];
  const item = arrayMember(statement, "items")[itemIndex];
  return member(member(item, "values"), period);
}
