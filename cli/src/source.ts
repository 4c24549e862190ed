// Where a document comes from: a file, standard input (-), or a Git revision and path
// (REV:path, read with `git show`), so that a version in Git compares without a temporary file.
// An existing file of the given name always wins over the Git reading.

import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { decodeInput, OperationalError, readInput, type Input } from "./io";

/** "HEAD:doc.json", "main~1:docs/fy.json", ":doc.json" (the staged version). */
const REVISION_PATH = /^([^:]*):(.+)$/;

export function isRevisionPath(spec: string): boolean {
  return spec !== "-" && REVISION_PATH.test(spec) && !existsSync(spec);
}

export function readSource(spec: string): Input {
  return isRevisionPath(spec) ? readFromGit(spec) : readInput(spec);
}

function readFromGit(spec: string): Input {
  // --no-textconv: a diff driver configured for FS documents (docs/git.md) must not turn the blob into its cell lines.
  const run = spawnSync("git", ["show", "--no-textconv", spec], { maxBuffer: 1024 * 1024 * 1024, windowsHide: true });
  if (run.error !== undefined) {
    const missing = (run.error as NodeJS.ErrnoException).code === "ENOENT";
    throw new OperationalError(`cannot read ${spec} from Git: ${missing ? "git is not installed (or not on PATH)" : run.error.message}`);
  }
  if (run.status !== 0) {
    const message =
      String(run.stderr)
        .trim()
        .split("\n")[0]
        ?.replace(/^fatal: /, "") ?? "";
    throw new OperationalError(`cannot read ${spec} from Git: ${message || `git show exited with ${run.status}`}`);
  }
  return decodeInput(spec, run.stdout);
}
