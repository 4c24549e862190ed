// Shared by the fsdoc tests: running the built binary, scratch folders and small documents.
import { spawnSync, type SpawnSyncOptions } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repoRoot } from "../support/paths";

export const cliPath = join(repoRoot, "dist/cli.js");

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function fsdoc(args: string[], options: { input?: string | Buffer; cwd?: string } = {}): Run {
  const spawnOptions: SpawnSyncOptions = { input: options.input, cwd: options.cwd, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 };
  const run = spawnSync(process.execPath, [cliPath, ...args], spawnOptions);
  return { code: run.status, stdout: String(run.stdout), stderr: String(run.stderr) };
}

export const scratch = () => mkdtempSync(join(tmpdir(), "fsdoc-test-"));

export interface ItemSpec {
  id: string;
  label?: string;
  values: Record<string, string | null | { unavailable: true }>;
  rollupTo?: string;
  unit?: string;
}

/** A conforming FS document with one unit (or the given ones), the given periods and items. */
export function documentText(items: ItemSpec[], options: { periods?: string[]; scale?: number; measure?: string; statementLabel?: string } = {}): string {
  const periods = options.periods ?? ["fy2025"];
  return JSON.stringify(
    {
      formatVersion: "0.2",
      entity: { name: "Test Ltd" },
      scope: { label: "Company" },
      units: [{ id: "u", label: "Units", measure: options.measure ?? "USD", scale: options.scale ?? 0 }],
      periods: periods.map((id, index) => ({ id, kind: "instant", date: `${2020 + index}-12-31` })),
      statements: [
        {
          id: "s",
          label: options.statementLabel ?? "Statement",
          periods,
          items: items.map((item) => ({
            id: item.id,
            label: item.label ?? item.id,
            unit: item.unit ?? "u",
            values: item.values,
            ...(item.rollupTo ? { rollupTo: item.rollupTo } : {}),
          })),
        },
      ],
    },
    null,
    2,
  );
}
