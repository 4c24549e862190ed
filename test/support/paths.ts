import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";

/** The repository root, whether a test runs from out/test or from the source tree. */
export const repoRoot = findRoot(__dirname);
export const upstreamRoot = join(repoRoot, "..", "shared", "conformance", "upstream-0.2");
export const upstream01Root = join(repoRoot, "..", "shared", "conformance", "upstream-0.1");
export const fixturesRoot = join(repoRoot, "fixtures");

function findRoot(start: string): string {
  let dir = start;
  for (let i = 0; i < 8; i++) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: string };
      if (manifest.name === "fs-documents") return dir;
    } catch {
      // not here; keep climbing
    }
    dir = resolve(dir, "..");
  }
  throw new Error(`repository root not found above ${start}`);
}

export function readText(path: string): string {
  return readFileSync(path, "utf8");
}

export function readJson<T = unknown>(path: string): T {
  return JSON.parse(readText(path)) as T;
}
