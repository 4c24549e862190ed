// Whether an `npm start` is already serving VS Code from this checkout's profile. Two code-servers on
// one user-data folder would each write the workbench's state and unsaved editors over the other's,
// and the second would have to take another port, where the browser shows none of the user's work
// (it keeps it per address). So a second `npm start` points at the first instead of starting.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { portIsFree } from "./ports.mjs";

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, another user's.
    return error?.code === "EPERM";
  }
}

/**
 * The running start recorded in `file` ({pid, port, url}), when its process is alive and its port
 * is held; undefined otherwise (none, or left behind by a start that was killed).
 */
export async function runningStart(file) {
  let recorded;
  try {
    recorded = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
  const { pid, port, url } = recorded ?? {};
  if (!Number.isInteger(pid) || !Number.isInteger(port) || typeof url !== "string") return undefined;
  if (pid === process.pid || !isAlive(pid) || (await portIsFree(port))) return undefined;
  return { pid, port, url };
}

/** Records this process as the running start; `forget` removes the record when it is still ours. */
export function recordRunningStart(file, { port, url }) {
  writeFileSync(file, `${JSON.stringify({ pid: process.pid, port, url })}\n`);
  return function forget() {
    try {
      if (JSON.parse(readFileSync(file, "utf8")).pid === process.pid) rmSync(file, { force: true });
    } catch {
      // Gone already, or not ours to remove.
    }
  };
}
