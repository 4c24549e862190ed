// The generated FS documents of scripts/bench/generate.mjs (seeded, so every run edits the same text),
// for the editor benchmark and the large-document end-to-end test.

import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { repoRoot } from "../../support/paths";

export const MB = 1_000_000;

export interface GeneratedDocument {
  text: string;
  stats: Record<string, number>;
}

export async function generateDocument(sizeMb: number): Promise<GeneratedDocument> {
  const generator = (await import(pathToFileURL(join(repoRoot, "scripts/bench/generate.mjs")).href)) as {
    generateWithStats(options: { targetBytes: number; seed: number }): GeneratedDocument;
  };
  return generator.generateWithStats({ targetBytes: Math.round(sizeMb * MB), seed: 1 });
}
