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

interface Generator {
  SHAPE_NAMES: string[];
  generateWithStats(options: { targetBytes: number; seed: number; shape?: string }): GeneratedDocument;
}

const generator = async () => (await import(pathToFileURL(join(repoRoot, "scripts/bench/generate.mjs")).href)) as Generator;

/** `shape`: one of documentShapes(), or several joined by "+" ("long+failing"). */
export async function generateDocument(sizeMb: number, shape = "typical"): Promise<GeneratedDocument> {
  return (await generator()).generateWithStats({ targetBytes: Math.round(sizeMb * MB), seed: 1, shape });
}

/** The family's shapes: typical (today's), failing, long, wide, deep. */
export async function documentShapes(): Promise<string[]> {
  return (await generator()).SHAPE_NAMES;
}
