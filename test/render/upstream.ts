// Reads the reference project's public 0.2 suite (../shared/conformance/upstream-0.2 from the
// repository root). The bundled tests live in out/test/render, three levels below the root.

import { readFileSync } from "node:fs";
import { resolve } from "node:path";

const repositoryRoot = resolve(__dirname, "../../..");
const suite = resolve(repositoryRoot, "../shared/conformance/upstream-0.2");

export function upstreamJson(path: string): unknown {
  return JSON.parse(readFileSync(resolve(suite, path), "utf8")) as unknown;
}

/** Every object's members in reverse order: member order is never semantic (section 2.1). */
export function reverseMembers(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseMembers);
  if (typeof value !== "object" || value === null) return value;
  const reversed: Record<string, unknown> = {};
  for (const key of Object.keys(value).reverse()) {
    Object.defineProperty(reversed, key, {
      value: reverseMembers((value as Record<string, unknown>)[key]),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return reversed;
}

/** The opening tags of one element name, e.g. every `<td ...>` of a page. */
export function openingTags(html: string, name: string): string[] {
  return html.match(new RegExp(`<${name}(?=[\\s>])[^>]*>`, "g")) ?? [];
}

export function attributeOf(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match?.[1];
}
