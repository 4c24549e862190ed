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
    throw new OperationalError(`cannot read ${spec} from Git: ${gitShowProblem(spec, message, commitsBefore) ?? (message || `git show exited with ${run.status}`)}`);
  }
  return decodeInput(spec, run.stdout);
}

/** How many commits `revision` has before it along its first parents; undefined when Git does not know it as a commit. */
function commitsBefore(revision: string): number | undefined {
  const run = spawnSync("git", ["rev-list", "--count", "--first-parent", `${revision}^{commit}`, "--"], { encoding: "utf8", windowsHide: true });
  const count = Number(String(run.stdout).trim());
  return run.status === 0 && Number.isSafeInteger(count) && count > 0 ? count - 1 : undefined;
}

/** "HEAD~2" → ["HEAD", "~2"]: a revision named by going back from another (~N, ^, ^N). */
const ANCESTOR = /^(.+?)((?:[~^]\d*)+)$/;

/**
 * What to do about `git show REV:path`'s failure, said for the cases a newcomer meets (a file just
 * made, not yet committed; a repository with no commit; HEAD~1 in a repository of one commit; a
 * name Git does not know), from git's first line without "fatal: "; undefined for any other
 * failure, which is then quoted as git said it. `history` counts a revision's commits before it.
 */
export function gitShowProblem(spec: string, gitMessage: string, history: (revision: string) => number | undefined = () => undefined): string | undefined {
  const [, revision = "", path = ""] = REVISION_PATH.exec(spec) ?? [];
  const either = `commit it first (git add ${path} && git commit), or compare two files (fsdoc compare OLD.json NEW.json)`;
  if (/exists on disk, but not in the index$/.test(gitMessage)) return `${path} is not staged (":${path}" is its staged version): git add it first, or compare the file itself`;
  if (/exists on disk, but not in '/.test(gitMessage)) {
    // Only of HEAD is "not committed yet" the likely reason: a file committed since an older
    // revision (HEAD~1 right after its first commit) is not in that revision either.
    if (revision === "HEAD") return `${path} is not in HEAD, only on disk: a new file is in HEAD once it is committed; ${either}`;
    return `${path} is not in ${revision}, only on disk: it was committed after ${revision}, or not yet; compare with a revision that has it (git log -- ${path} lists them), or compare two files (fsdoc compare OLD.json NEW.json)`;
  }
  if (!/^(invalid object name|bad revision) '/.test(gitMessage)) return undefined;
  if (revision === "HEAD") return `the repository has no commit yet, so there is no HEAD:${path}; ${either}`;
  const [, base = "", steps = ""] = ANCESTOR.exec(revision) ?? [];
  const before = base === "" ? undefined : history(base);
  if (before === undefined)
    return `the repository has no revision ${base || revision} (no branch, tag or commit of that name; git log --oneline lists the commits, git branch the branches)`;
  const back = generations(steps);
  if (back === undefined || back <= before) return undefined;
  const files = `compare with ${base}:${path}, or compare two files (fsdoc compare OLD.json NEW.json)`;
  if (before === 0) return `the repository has no commit before ${base}, so there is no ${revision}: ${base} is the first commit; ${files}`;
  return `the repository has no ${revision}: ${base} has only ${before === 1 ? "1 commit" : `${before} commits`} before it (git log --oneline --first-parent ${base} lists them); ${files}`;
}

/** How far back "~2^" goes along first parents (~N: N, ~ and ^: 1, ^0: 0); undefined for ^2 and up, another parent. */
function generations(steps: string): number | undefined {
  let total = 0;
  for (const [, step, digits] of steps.matchAll(/([~^])(\d*)/g)) {
    const n = digits === "" || digits === undefined ? 1 : Number(digits);
    if (step === "^" && n > 1) return undefined;
    total += n;
  }
  return total;
}
