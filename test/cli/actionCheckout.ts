// The action's repository as a runner checks it out (test/cli/action.test.ts): the files Git lists
// in the working tree, tracked and new, copied as regular files, and nothing else of the machine.
//
// A node_modules that is a symlink (a worktree sharing another's node_modules) is no directory to
// Git, so .gitignore's `node_modules/` did not ignore it and `git ls-files --others` listed it as a
// new file. Copied, it became a link from the action's checkout to that other node_modules, and the
// action's `npm ci`, which empties the node_modules it finds before installing, emptied the other
// one through the link (/work/main/node_modules, twice in one session, while the unit tests ran in
// a worktree linked to it). So a symlink is never copied, nor anything under a node_modules.

import { execFileSync } from "node:child_process";
import { copyFileSync, lstatSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";

/** Copies `repo`'s listed files into `into`; returns their paths. */
export function copyCheckout(repo: string, into: string): string[] {
  const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: repo, encoding: "utf8" }).split("\0").filter(Boolean);
  const copied: string[] = [];
  for (const file of listed) {
    if (file.split("/").includes("node_modules")) continue;
    // A deleted file is still listed (--cached); a symlink or anything but a file is not the repository's.
    if (lstatSync(join(repo, file), { throwIfNoEntry: false })?.isFile() !== true) continue;
    mkdirSync(dirname(join(into, file)), { recursive: true });
    copyFileSync(join(repo, file), join(into, file));
    copied.push(file);
  }
  return copied;
}
