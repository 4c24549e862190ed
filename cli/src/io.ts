// Reading inputs and writing outputs without ever losing data.
//   - Input is decoded as strict UTF-8 (JSON text is UTF-8, RFC 8259): an invalid byte is an error
//     that names its offset and line, never a silent U+FFFD. A byte-order mark is remembered, so
//     that `record` writes it back.
//   - Files are written with write-file-atomic: a temporary file beside the target, fsync, rename.
//     It keeps an existing file's mode and owner and, through a symlink, replaces the link's target
//     (as editors do), not the link. Only regular files are ever replaced: a FIFO, a device or a
//     folder at the target is refused.
//   - Standard output is written with completion callbacks, so a failed write (disk full) is one
//     operational error and a closed pipe (`fsdoc … | head`) ends quietly, before any message
//     claims success.

import { readFileSync, statSync } from "node:fs";
import writeFileAtomic from "write-file-atomic";
import { containerPathAt } from "../../shared/src/report/index";
import type { FileError } from "../../shared/src/report/index";
import { firstInvalidUtf8, lineOfByte } from "./utf8";

export class OperationalError extends Error {}

/** A file that cannot be validated, as data (FileError), with a message for people. */
export class InputError extends OperationalError {
  constructor(readonly error: FileError) {
    super(error.message);
  }
}

/** Standard output was closed by its reader: stop quietly. */
export class ClosedOutput extends Error {}

export interface Input {
  name: string;
  text: string;
  /** The file began with a UTF-8 byte-order mark (not part of `text`). */
  bom: boolean;
}

const BOM = "\uFEFF";

export function readInput(name: string): Input {
  let bytes: Buffer;
  const display = name === "-" ? "<stdin>" : name;
  try {
    bytes = name === "-" ? readFileSync(0) : readFileSync(name);
  } catch (error) {
    throw new InputError({ code: "cannot-read", path: "", message: `cannot read ${name === "-" ? "standard input" : name}: ${reason(error)}` });
  }
  return decodeInput(display, bytes);
}

export function decodeInput(name: string, bytes: Uint8Array): Input {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    const offset = firstInvalidUtf8(bytes);
    const at = offset === -1 ? bytes.length : offset;
    const line = lineOfByte(bytes, at);
    // The valid prefix decodes exactly, so its length is the UTF-16 offset of the bad byte.
    const before = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes.subarray(0, at));
    const lineStart = before.lastIndexOf("\n") + 1;
    const column = before.length - lineStart + 1;
    const what = `byte 0x${(bytes[at] ?? 0).toString(16).padStart(2, "0")} at byte offset ${at} (line ${line}, column ${column})`;
    const error = new InputError({ code: "invalid-utf8", path: containerPathAt(before, before.length), message: `Not valid UTF-8: ${what}.`, line, column, byteOffset: at });
    error.message = `${name} is not valid UTF-8 text: ${what}`;
    throw error;
  }
  const bom = text.startsWith(BOM);
  return { name, text: bom ? text.slice(1) : text, bom };
}

/** The text as it goes back to disk: with the byte-order mark the input had. */
export function withBom(input: Input, text: string): string {
  return input.bom ? BOM + text : text;
}

/** What is at `path`: nothing, a regular file (through symlinks) or something else. */
function targetKind(path: string): "none" | "file" | "other" {
  try {
    return statSync(path).isFile() ? "file" : "other";
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "none";
    throw new OperationalError(`cannot write ${path}: ${reason(error)}`);
  }
}

export function writeFileSafely(path: string, content: string | Uint8Array, options: { overwrite: boolean }): void {
  const kind = targetKind(path);
  if (kind === "other") throw new OperationalError(`cannot write ${path}: it is not a regular file (a folder, FIFO, socket or device), so fsdoc will not replace it`);
  if (kind === "file" && !options.overwrite) throw new OperationalError(`${path} already exists; pass --force to overwrite it`);
  try {
    writeFileAtomic.sync(path, typeof content === "string" ? content : Buffer.from(content.buffer, content.byteOffset, content.byteLength), { fsync: true });
  } catch (error) {
    throw new OperationalError(`cannot write ${path}: ${reason(error)}`);
  }
}

export function reason(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    const known: Record<string, string> = {
      ENOENT: "no such file or directory",
      EACCES: "permission denied",
      EPERM: "operation not permitted",
      EISDIR: "it is a directory",
      ENOSPC: "no space left on device",
      EROFS: "read-only file system",
      EPIPE: "the reader closed the pipe",
    };
    return (code !== undefined && known[code]) || error.message;
  }
  return String(error);
}

// Errors surface through write callbacks; this listener keeps them from also being an unhandled
// 'error' event with a stack trace.
process.stdout.on("error", () => {});

/** Writes to standard output and resolves once the bytes are handed over. */
export function writeStdout(text: string | Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    process.stdout.write(text, (error) => {
      if (error === undefined || error === null) resolve();
      else if ((error as NodeJS.ErrnoException).code === "EPIPE") reject(new ClosedOutput());
      else reject(new OperationalError(`cannot write to standard output: ${reason(error)}`));
    });
  });
}

export function printJson(value: unknown): Promise<void> {
  return writeStdout(JSON.stringify(value, null, 2) + "\n");
}
