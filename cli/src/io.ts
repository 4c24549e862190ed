// Reading inputs and writing outputs without ever losing data: writes go to a temporary file in
// the target's folder and are renamed into place, so the target is either old or new, never half.

import { randomBytes } from "node:crypto";
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";

export class OperationalError extends Error {}

export interface Input {
  name: string;
  text: string;
}

export function readInput(name: string): Input {
  let text: string;
  try {
    text = name === "-" ? readFileSync(0, "utf8") : readFileSync(name, "utf8");
  } catch (error) {
    throw new OperationalError(`cannot read ${name === "-" ? "standard input" : name}: ${reason(error)}`);
  }
  // Editors on Windows often save a byte-order mark; it is not part of the JSON text.
  return { name: name === "-" ? "<stdin>" : name, text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
}

export function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

export function writeFileSafely(path: string, content: string, options: { overwrite: boolean }): void {
  if (!options.overwrite && exists(path)) {
    throw new OperationalError(`${path} already exists; pass --force to overwrite it`);
  }
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    const fd = openSync(temporary, "wx");
    try {
      writeSync(fd, content);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw new OperationalError(`cannot write ${path}: ${reason(error)}`);
  }
}

export function reason(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === "ENOENT" ? "no such file or directory" : code === "EACCES" ? "permission denied" : code === "EISDIR" ? "it is a directory" : error.message;
  }
  return String(error);
}

export function printJson(value: unknown): void {
  process.stdout.write(JSON.stringify(value, null, 2) + "\n");
}
