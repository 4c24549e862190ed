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
    throw new OperationalError(`cannot read ${spec} from Git: ${gitShowProblem(spec, message) ?? (message || `git show exited with ${run.status}`)}`);
  }
  return decodeInput(spec, run.stdout);
}

/**
 * What to do about `git show REV:path`'s failure, said for the cases a newcomer meets (a file just
 * made, not yet committed; a repository with no commit), from git's first line without "fatal: ";
 * undefined for any other failure, which is then quoted as git said it.
 */
export function gitShowProblem(spec: string, gitMessage: string): string | undefined {
  const [, revision = "", path = ""] = REVISION_PATH.exec(spec) ?? [];
  const either = `commit it first (git add ${path} && git commit), or compare two files (fsdoc compare OLD.json NEW.json)`;
  if (/exists on disk, but not in the index$/.test(gitMessage)) return `${path} is not staged (":${path}" is its staged version): git add it first, or compare the file itself`;
  if (/exists on disk, but not in '/.test(gitMessage)) {
    // Only of HEAD is "not committed yet" the likely reason: a file committed since an older
    // revision (HEAD~1 right after its first commit) is not in that revision either.
    if (revision === "HEAD") return `${path} is not in HEAD, only on disk: a new file is in HEAD once it is committed; ${either}`;
    return `${path} is not in ${revision}, only on disk: it was committed after ${revision}, or not yet; compare with a revision that has it (git log -- ${path} lists them), or compare two files (fsdoc compare OLD.json NEW.json)`;
  }
  if (revision === "HEAD" && /^(invalid object name|bad revision) 'HEAD'/.test(gitMessage)) return `the repository has no commit yet, so there is no HEAD:${path}; ${either}`;
  return undefined;
}
