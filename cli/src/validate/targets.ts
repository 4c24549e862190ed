// Command-line arguments → the files to validate, in a stable order: the arguments' order, and
// within a folder or a glob pattern the found paths sorted by code point. A file named on the
// command line is validated whatever it contains (unless --detect); a file found in a folder or by a pattern is
// validated only when it is an FS document (a *.fs.json name, or the shared detection of
// shared/src/detect.ts). Folders are walked recursively, skipping node_modules and dot-folders.
// Node 20 has no fs.glob, so patterns go through tinyglobby (fdir + picomatch).

import { readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { globSync, isDynamicPattern } from "tinyglobby";
import type { CheckTask } from "./check";
import { reason } from "../io";

export interface TargetGroup {
  /** The argument as written. */
  argument: string;
  kind: "file" | "folder" | "pattern";
  tasks: CheckTask[];
  /** Why a folder or pattern yields nothing, when it cannot be read. */
  problem: string | undefined;
}

const SKIPPED_FOLDERS = new Set(["node_modules"]);

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** `detect`: a named file too is validated only when it is an FS document (--detect, for hooks given every staged JSON file). */
export function expandArguments(args: readonly string[], detect = false): TargetGroup[] {
  const seen = new Set<string>();
  const take = (path: string, display: string, explicit: boolean, tasks: CheckTask[]) => {
    const key = path === "-" ? "-" : resolve(path);
    if (seen.has(key)) return;
    seen.add(key);
    tasks.push({ path, display, explicit });
  };
  return args.map((argument) => {
    const tasks: CheckTask[] = [];
    if (argument === "-") {
      take("-", "<stdin>", true, tasks);
      return { argument, kind: "file", tasks, problem: undefined };
    }
    let isFolder = false;
    let exists = false;
    try {
      const stats = statSync(argument);
      exists = true;
      isFolder = stats.isDirectory();
    } catch {
      // not a path: a pattern, or a file that the read will report as missing
    }
    if (isFolder) {
      let problem: string | undefined;
      const found: string[] = [];
      try {
        walk(argument, found);
      } catch (error) {
        problem = `cannot read folder ${argument}: ${reason(error)}`;
      }
      for (const path of found.sort(byCodePoint)) take(path, path, false, tasks);
      return { argument, kind: "folder", tasks, problem };
    }
    if (!exists && isDynamicPattern(argument)) {
      const found = globSync(argument, { onlyFiles: true, dot: false, ignore: ["**/node_modules/**"], expandDirectories: false });
      for (const path of found.sort(byCodePoint)) take(path, path, false, tasks);
      return { argument, kind: "pattern", tasks, problem: undefined };
    }
    take(argument, argument, !detect, tasks);
    return { argument, kind: "file", tasks, problem: undefined };
  });
}

function walk(folder: string, found: string[]): void {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.name.startsWith(".") || SKIPPED_FOLDERS.has(entry.name)) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) walk(path, found);
    else if (entry.isFile() && entry.name.toLowerCase().endsWith(".json")) found.push(path);
  }
}
